// The action of both checkout pages: the shipping address is checked with the form's schema and handed to the
// purchase; success goes to the new order's page, a refused purchase is shown beside the form with a 4xx.
import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import { ShippingAddressSchema, type ShippingAddress } from "~/schemas/order.ts";
import { CheckoutError } from "~/services/orders/checkout.server.ts";

const STATUS_OF: Record<CheckoutError["kind"], number> = { not_found: 404, forbidden: 403, conflict: 409 };

export interface CheckoutActionOptions {
  /** Where a "not found" refusal goes: the page's 404 (nothing here for this viewer), or beside the form. */
  notFound: "page" | "form";
}

export async function checkoutAction(
  form: FormData,
  purchase: (shipping: ShippingAddress) => Promise<{ orderId: number }>,
  { notFound }: CheckoutActionOptions,
) {
  const submission = parseWithZod(form, { schema: ShippingAddressSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  let orderId: number;
  try {
    ({ orderId } = await purchase(submission.value));
  } catch (error) {
    if (error instanceof CheckoutError) {
      if (error.kind === "not_found" && notFound === "page") throw data({ message: error.message }, { status: 404 });
      return data({ result: submission.reply({ formErrors: [error.message] }) }, { status: STATUS_OF[error.kind] });
    }
    throw error;
  }
  throw redirect(`/orders/${orderId}?placed=1`);
}
