// /checkout/listing/{id}: Buy Now. The order summary, the shipping address (from the profile, editable), the fee
// schedule and buyer protection in plain words, payment by bank transfer; "Place order" buys atomically.
import { Text } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BuyNowUnavailable } from "~/components/checkout/BuyNowUnavailable.tsx";
import { CheckoutShippingForm } from "~/components/checkout/CheckoutShippingForm.tsx";
import { BankTransferPreview } from "~/components/orders/BankTransferInstructions.tsx";
import { CheckoutLayout } from "~/components/orders/CheckoutLayout.tsx";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { checkoutRouteAction } from "~/web/checkout-action.server.ts";
import { formatExactPrice } from "~/lib/money.ts";
import { ORDER_MESSAGES } from "~/lib/orders.ts";
import { parseRouteId } from "~/web/route-params.server.ts";
import { requireUser } from "~/web/auth.server.ts";
import { buyNow, getBuyNowCheckout } from "~/services/orders/index.server.ts";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `Checkout: ${loaded.item.title} — Tradebench` : "Checkout — Tradebench" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const listingId = parseRouteId(params.id, ORDER_MESSAGES.listingNotFound);
  const checkout = await getBuyNowCheckout(getDb(), listingId, user.id);
  if (!checkout) throw data({ message: ORDER_MESSAGES.listingNotFound }, { status: 404 });
  // Back at checkout after buying it: the order is where things happen now.
  if (checkout.ownOrderId !== null) throw redirect(`/orders/${checkout.ownOrderId}`);
  return checkout;
}

export async function action({ request, params }: ActionFunctionArgs) {
  return checkoutRouteAction(
    { request, rawId: params.id, notFoundMessage: ORDER_MESSAGES.listingNotFound },
    (db, { id, buyerId, shipping }) => buyNow(db, { listingId: id, buyerId, shipping }),
    { notFound: "form" },
  );
}

export default function BuyNowCheckoutPage() {
  const { item, problem, auctionId, shipping } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <CheckoutLayout title="Checkout" item={item} priceLabel="You pay" payment={<BankTransferPreview />}>
      {problem ? (
        <BuyNowUnavailable problem={problem} listingId={item.listingId} auctionId={auctionId} />
      ) : (
        <CheckoutShippingForm
          formId="checkout"
          lastResult={actionData?.result}
          shipping={shipping}
          submitLabel="Place order"
          loadingText="Placing order..."
          beforeSubmit={
            <Text>
              By placing the order you agree to pay {formatExactPrice(item.priceCents, item.currency)} by bank transfer. You will see the payment reference and
              bank details on the next page.
            </Text>
          }
        />
      )}
    </CheckoutLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
