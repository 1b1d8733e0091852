// The action of both checkout pages: the shipping address is checked with the form's schema and handed to the
// purchase; success goes to the new order's page, a refused purchase is shown beside the form with a 4xx.
import { data, redirect } from "@remix-run/node";
import { ShippingAddressSchema, type ShippingAddress } from "~/schemas/order.ts";
import { formReply, refusalsAnswered } from "./domain-answer.server.ts";
import { parseForm } from "./form-data.server.ts";

export interface CheckoutActionOptions {
  /** Where a "not found" refusal goes: the page's 404 (nothing here for this viewer), or beside the form. */
  notFound: "page" | "form";
}

export async function checkoutAction(
  request: Request,
  purchase: (shipping: ShippingAddress) => Promise<{ orderId: number }>,
  { notFound }: CheckoutActionOptions,
) {
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
