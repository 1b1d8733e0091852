// POST /listings/{id}/watch: the watch toggle. Works as a plain form (redirects back) and through fetchers.
import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db.server.ts";
import { readForm } from "~/web/form-data.server.ts";
import { safeRedirect } from "~/schemas/fields.ts";
import { getOptionalUser } from "~/web/auth.server.ts";
import { routeIdOf } from "~/web/route-params.server.ts";
import { ListingNotWatchableError, unwatchListing, watchListing } from "~/services/watchlist/watchlist.server.ts";
import { loginUrl } from "~/lib/http.ts";

export const WATCH_MESSAGES = {
  notFound: "Listing not found",
} as const;

export async function loader() {
  throw data({ message: "Not found" }, { status: 404 });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const form = await readForm(request);
  const returnTo = safeRedirect(form.get("returnTo"), `/listings/${params.id}`);
  const user = await getOptionalUser(request);
  if (!user) throw redirect(loginUrl(returnTo));
  const listingId = routeIdOf(params.id);
  if (listingId === null) {
    return data({ watching: false, error: WATCH_MESSAGES.notFound }, { status: 404 });
  }
  const watching = form.get("intent") === "watch";
  try {
    if (watching) await watchListing(getDb(), user.id, listingId);
    else await unwatchListing(getDb(), user.id, listingId);
  } catch (error) {
    if (error instanceof ListingNotWatchableError) {
      return data({ watching: false, error: WATCH_MESSAGES.notFound }, { status: 404 });
    }
    throw error;
  }
  // Without JavaScript the browser follows the redirect back to where the toggle was.
  if (form.get("js") !== "1") throw redirect(returnTo);
  return { watching, error: null };
}
