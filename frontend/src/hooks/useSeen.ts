import { useEffect, useRef, useState } from "react";

/**
 * Whether the element has come into view (its top 80 px above the bottom of the screen, where the tab bar is), and
 * stays true from then on: a part below the fold loads its code and data when the merchant scrolls to it, not during
 * the first load. Without IntersectionObserver (old browsers, tests) it is seen at once.
 */
export function useSeen<T extends Element>() {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return undefined;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setSeen(true), {
      rootMargin: "0px 0px -80px 0px",
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);
  return [ref, seen] as const;
}
