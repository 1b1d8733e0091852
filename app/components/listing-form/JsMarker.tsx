// Tells an action the form was sent by JavaScript, so it may answer with data instead of a redirect.
import { useEffect, useState } from "react";

export function JsMarker() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? <input type="hidden" name="js" value="1" /> : null;
}
