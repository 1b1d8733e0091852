// Tells an action the form was sent by JavaScript, so it may answer with data instead of a redirect.
import { useHydrated } from "../use-hydrated.ts";

export function JsMarker() {
  const hydrated = useHydrated();
  return hydrated ? <input type="hidden" name="js" value="1" /> : null;
}
