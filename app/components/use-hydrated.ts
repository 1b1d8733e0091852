// Whether React has hydrated the page in this browser: false on the server and during hydration (so both render the
// same markup), true from the first effect on. Controls that work only with JavaScript appear once it is true; the
// server's markup is what a browser without JavaScript keeps.
import { useEffect, useState } from "react";

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
