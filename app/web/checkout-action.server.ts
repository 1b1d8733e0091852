// The action of both checkout pages: the shipping address is checked with the form's schema and handed to the
// purchase; success goes to the new order's page, a refused purchase is shown beside the form with a 4xx.
import { data, redirect } from "@remix-run/node";
import { ShippingAddressSchema, type ShippingAddress } from "~/schemas/order.ts";
import { isDomainError } from "~/services/domain-error.ts";
import { refusalReply, throwRefusal } from "./domain-answer.server.ts";
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
  let orderId: number;
  try {
    ({ orderId } = await purchase(submission.value));
  } catch (error) {
    if (!isDomainError(error) || (error.kind === "not_found" && notFound === "page")) throwRefusal(error);
    const refusal = refusalReply(submission, error);
    return data({ result: refusal.result }, refusal.init);
  }
  throw redirect(`/orders/${orderId}?placed=1`);
}
