// The current time for relative times ("5 minutes ago"): the server's time while hydrating (so both render the same
// text), then the browser's, ticking every minute.
import { useEffect, useState } from "react";

export function useNow(serverNow: string, intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.parse(serverNow));
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [serverNow, intervalMs]);
  return now;
}
