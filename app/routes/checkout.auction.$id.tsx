// /checkout/auction/{id}: the winning bidder's checkout. The order exists since the auction ended; here the winner
// confirms where it ships, sees the fees and buyer protection, and goes on to pay by bank transfer.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { OrderCheckoutPage } from "~/components/checkout/OrderCheckoutPage.tsx";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { checkoutRouteAction, orderCheckoutLoader } from "~/web/checkout-action.server.ts";
import { ORDER_MESSAGES } from "~/lib/orders.ts";
import { confirmAuctionCheckout, getAuctionCheckout } from "~/services/orders/index.server.ts";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `Checkout: ${loaded.item.title} — Tradebench` : "Checkout — Tradebench" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  // Only the winner has an order for this auction; for anyone else there is nothing here.
  return orderCheckoutLoader({ request, rawId: params.id, notFoundMessage: ORDER_MESSAGES.orderNotFound }, getAuctionCheckout);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return checkoutRouteAction(
    { request, rawId: params.id, notFoundMessage: ORDER_MESSAGES.orderNotFound },
    (db, { id, buyerId, shipping }) => confirmAuctionCheckout(db, { auctionId: id, buyerId, shipping }),
    { notFound: "page" },
  );
}

export default function AuctionCheckoutPage() {
  const checkout = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <OrderCheckoutPage
      checkout={checkout}
      lastResult={actionData?.result}
      formId="auction-checkout"
      title="You won this auction"
      intro="Confirm where it ships, then pay by bank transfer quoting your payment reference."
      priceLabel="Winning bid, you pay"
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
