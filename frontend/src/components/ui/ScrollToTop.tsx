import { lazy, Suspense, useEffect, useState } from "react";

const OFFSET = 20;

// Loaded the first time it shows, so the first load of every page goes without it.
const ScrollToTopBubble = lazy(() => import(/* webpackChunkName: "scroll-to-top" */ "./ScrollToTopBubble"));

/**
 * Appears once the page is scrolled past 20 px, on pages at least two windows long (on a shorter page the top is
 * one swipe away and the bubble would only cover the last items); scrolls smoothly back to the top.
 */
export function ScrollToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () =>
      setVisible(window.scrollY > OFFSET && document.documentElement.scrollHeight >= 2 * window.innerHeight);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  if (!visible) return null;
  return (
    <Suspense fallback={null}>
      <ScrollToTopBubble />
    </Suspense>
  );
}
