// /saved-searches (docs/product/platform.md#routes link target; the buyer dashboard's "View All"): the saved searches live on /watchlist's
// Saved Searches tab, so this address sends the member there (visitors sign in first, as /watchlist asks).
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { WATCHLIST_TABS } from "~/lib/watchlist-messages.ts";
import { requireUser } from "~/web/auth.server.ts";
import { onlyGet } from "~/web/resource-route.server.ts";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  throw redirect(`/watchlist?tab=${WATCHLIST_TABS.savedSearches}`);
}

export const action = onlyGet;
