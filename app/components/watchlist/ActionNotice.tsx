// The page-level answer to a form that changes the list itself (remove, rename, delete): success announced as a
// status, failure as an alert. Notes, alerts and Execute answer inside their own item.
import { FormErrors, FormSuccess } from "~/components/forms/index.ts";
import type { WatchlistActionResult } from "~/lib/watchlist-views.ts";

const PAGE_LEVEL = new Set(["remove", "rename", "delete", null]);

export function ActionNotice({ result }: { result: WatchlistActionResult | undefined }) {
  if (!result || !PAGE_LEVEL.has(result.intent)) return null;
  // A rename refused for its name is shown at the name field.
  if (result.fieldError) return null;
  if (result.error) return <FormErrors errors={[result.error]} />;
  return result.message ? <FormSuccess>{result.message}</FormSuccess> : null;
}
