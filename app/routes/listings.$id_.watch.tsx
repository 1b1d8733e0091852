// POST /listings/{id}/watch: the watch toggle. Works as a plain form (redirects back) and through fetchers.
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db.server.ts";
import { parseForm } from "~/web/form-data.server.ts";
import { WatchToggleSchema } from "~/schemas/watchlist.ts";
import { safeRedirect } from "~/schemas/fields.ts";
import { getOptionalUser } from "~/web/auth.server.ts";
import { routeIdOf } from "~/web/route-params.server.ts";
import { unwatchListing, WATCH_MESSAGES, watchListing } from "~/services/watchlist/index.server.ts";
import { DomainError } from "~/services/domain-error.ts";
import { refusalsAnswered, throwRefusal } from "~/web/domain-answer.server.ts";
import { loginUrl } from "~/lib/http.ts";
import { resourceHandler } from "~/web/resource-route.server.ts";

async function watchPage() {
  throwRefusal(new DomainError("not_found", "Not found"));
}

/** The toggle's answer to a refusal: not watching, the message, the refusal's status. */
async function toggleWatch({ request, params }: ActionFunctionArgs) {
  const { fields: form } = await parseForm(request, WatchToggleSchema);
  const returnTo = safeRedirect(form.get("returnTo"), `/listings/${params.id}`);
  const user = await getOptionalUser(request);
  if (!user) throw redirect(loginUrl(returnTo));
  return refusalsAnswered(
    async () => {
      const listingId = routeIdOf(params.id);
      if (listingId === null) throw new DomainError("not_found", WATCH_MESSAGES.notFound);
      const watching = form.get("intent") === "watch";
      if (watching) await watchListing(getDb(), user.id, listingId);
      else await unwatchListing(getDb(), user.id, listingId);
      // Without JavaScript the browser follows the redirect back to where the toggle was.
      if (form.get("js") !== "1") throw redirect(returnTo);
      return { watching, error: null };
    },
    { as: (refusal) => ({ watching: false, error: refusal.message }) },
  );
}

export const loader = resourceHandler(watchPage);
export const action = resourceHandler(toggleWatch);
