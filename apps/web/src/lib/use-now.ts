import { useEffect, useState } from "react";

/** The current time in ms, re-read every second while `ticking`, so a "(N s so far)" line advances between polls. */
export function useNow(ticking: boolean): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}
