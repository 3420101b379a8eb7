import { useEffect, useState } from "react";

/** `value`, once it has stopped changing for `delay` ms (the fee preview asks the server after typing pauses). */
export function useDebounced<T>(value: T, delay = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
