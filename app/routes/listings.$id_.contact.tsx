// POST /listings/{id}/contact: Contact Seller. Opens (or continues) the signed-in buyer's conversation with the
// listing's seller about it and goes to it on /messages. Visitors sign in first and come back to the listing.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db.server.ts";
import { parseForm } from "~/web/form-data.server.ts";
import { ContactSellerSchema } from "~/schemas/message.ts";
import { conversationUrl, MESSAGE_TEXT } from "~/lib/messages.ts";
import { safeRedirect } from "~/schemas/fields.ts";
import { parseRouteId } from "~/web/route-params.server.ts";
import { getOptionalUser, requireConfirmedUser } from "~/web/auth.server.ts";
import { openConversation } from "~/services/messaging/index.server.ts";
import { refusalsAnswered } from "~/web/domain-answer.server.ts";
import { loginUrl } from "~/lib/http.ts";
import { resourceHandler } from "~/web/resource-route.server.ts";

/** A stray GET (e.g. a reload after signing in) goes to the listing itself. */
async function listingPage({ params }: LoaderFunctionArgs) {
  const id = parseRouteId(params.id, MESSAGE_TEXT.listingNotFound);
  throw redirect(`/listings/${id}`);
}

async function contactSeller({ request, params }: ActionFunctionArgs) {
  const { fields: form } = await parseForm(request, ContactSellerSchema);
  const id = parseRouteId(params.id, MESSAGE_TEXT.listingNotFound);
  // The lot page sends its own address, so a visitor comes back to the page they were on.
  const returnTo = safeRedirect(form.get("returnTo"), `/listings/${id}`);
  const user = await getOptionalUser(request);
  if (!user) throw redirect(loginUrl(returnTo));
  // Messages wait for a confirmed e-mail address (docs/decisions/0028).
  await requireConfirmedUser(request);
  const { conversationId } = await refusalsAnswered(() => openConversation(getDb(), user.id, id), { as: "document" });
  throw redirect(conversationUrl(conversationId));
}

export const loader = resourceHandler(listingPage);
export const action = resourceHandler(contactSeller);
