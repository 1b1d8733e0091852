// The server half of the three checkout pages (Buy Now, the auction winner's, the accepted offer's). The loader of an
// order that already exists shows it to its buyer only (a 404 for anyone else) and sends a paid or closed order to its
// page; the action checks the shipping address with the form's schema and hands it to the purchase: success goes to
// the order's page, a refused purchase is shown beside the form with a 4xx.
import { data, redirect } from "@remix-run/node";
import type { Kysely } from "kysely";
import { getDb } from "~/db.server.ts";
import type { Database } from "#db/schema.ts";
import type { EscrowAccount } from "~/lib/orders.ts";
import { ShippingAddressSchema, type ShippingAddress } from "~/schemas/order.ts";
import { paymentAccount } from "~/services/orders/index.server.ts";
import { requireConfirmedUser, requireUser } from "./auth.server.ts";
import { formReply, refusalsAnswered } from "./domain-answer.server.ts";
import { parseForm } from "./form-data.server.ts";
import { parseRouteId } from "./route-params.server.ts";

export interface CheckoutActionOptions {
  /** Where a "not found" refusal goes: the page's 404 (nothing here for this viewer), or beside the form. */
  notFound: "page" | "form";
}

async function checkoutAction(request: Request, purchase: (shipping: ShippingAddress) => Promise<{ orderId: number }>, { notFound }: CheckoutActionOptions) {
  const { submission } = await parseForm(request, ShippingAddressSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const shipping = submission.value;
  return refusalsAnswered(
    async () => {
      const { orderId } = await purchase(shipping);
      throw redirect(`/orders/${orderId}?placed=1`);
    },
    { as: (refusal) => ({ result: formReply(submission, refusal) }), page: notFound === "page" ? ["not_found"] : [] },
  );
}

/** What a checkout route names: its id in the address, and the message when that id is nothing this viewer may buy. */
export interface CheckoutRoute {
  request: Request;
  rawId: string | undefined;
  notFoundMessage: string;
}

/**
 * The action of a checkout route: a signed-in buyer with a confirmed e-mail, the route's id, and the purchase made
 * with the address the form sent (see checkoutAction).
 */
export async function checkoutRouteAction(
  { request, rawId, notFoundMessage }: CheckoutRoute,
  purchase: (db: Kysely<Database>, request: { id: number; buyerId: string; shipping: ShippingAddress }) => Promise<{ orderId: number }>,
  options: CheckoutActionOptions,
) {
  const user = await requireConfirmedUser(request);
  const id = parseRouteId(rawId, notFoundMessage);
  return checkoutAction(request, (shipping) => purchase(getDb(), { id, buyerId: user.id, shipping }), options);
}

/**
 * The loader of an existing order's checkout: only its buyer finds it (`find` answers null for anyone else, a 404);
 * once it is no longer pending, the order's own page is where things happen.
 */
export async function orderCheckoutLoader<Checkout extends { status: string; orderId: number }>(
  { request, rawId, notFoundMessage }: CheckoutRoute,
  find: (db: Kysely<Database>, id: number, viewerId: string) => Promise<Checkout | null>,
): Promise<Checkout & { escrowAccount: EscrowAccount | null }> {
  const user = await requireUser(request);
  const id = parseRouteId(rawId, notFoundMessage);
  const checkout = await find(getDb(), id, user.id);
  if (!checkout) throw data({ message: notFoundMessage }, { status: 404 });
  if (checkout.status !== "pending") throw redirect(`/orders/${checkout.orderId}`);
  return { ...checkout, escrowAccount: await paymentAccount(getDb()) };
}
