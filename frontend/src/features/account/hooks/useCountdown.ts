import { useCallback, useEffect, useState } from "react";

/** Seconds left before a one-time code may be requested again; `start()` begins a new countdown. */
export function useCountdown(seconds: number) {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);
  const start = useCallback(() => setLeft(seconds), [seconds]);
  return { left, running: left > 0, start };
}
