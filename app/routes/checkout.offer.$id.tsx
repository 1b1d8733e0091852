// /checkout/offer/{id}: the checkout of an accepted offer. The order at the agreed amount exists since the
// offer was accepted; here its buyer confirms where it ships, sees the fees and buyer protection, and pays by bank
// transfer like every other order. Unpaid 48 hours after the acceptance, the order is cancelled and the item returns.
import { Text } from "@chakra-ui/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { OrderCheckoutPage } from "~/components/checkout/OrderCheckoutPage.tsx";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { formatDateTime } from "~/lib/dates.ts";
import { OFFER_MESSAGES, OFFER_ORDER_PAYMENT_HOURS } from "~/lib/offers.ts";
import { checkoutRouteAction, orderCheckoutLoader } from "~/web/checkout-action.server.ts";
import { confirmOfferCheckout, getOfferCheckout } from "~/services/orders/index.server.ts";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `Checkout: ${loaded.item.title} — Tradebench` : "Checkout — Tradebench" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  // Only the buyer of an accepted offer has an order here; for anyone else there is nothing.
  return orderCheckoutLoader({ request, rawId: params.id, notFoundMessage: OFFER_MESSAGES.offerOrderNotFound }, getOfferCheckout);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return checkoutRouteAction(
    { request, rawId: params.id, notFoundMessage: OFFER_MESSAGES.offerOrderNotFound },
    (db, { id, buyerId, shipping }) => confirmOfferCheckout(db, { offerId: id, buyerId, shipping }),
    { notFound: "page" },
  );
}

export default function OfferCheckoutPage() {
  const checkout = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <OrderCheckoutPage
      checkout={checkout}
      lastResult={actionData?.result}
      formId="offer-checkout"
      title="Your offer was accepted"
      intro={`Confirm where it ships, then pay by bank transfer quoting your payment reference within ${OFFER_ORDER_PAYMENT_HOURS} hours.`}
      priceLabel="Agreed price, you pay"
      lead={<Text color="fg.muted">If it is still unpaid at {formatDateTime(checkout.payBy)}, the order is cancelled and the item goes back on sale.</Text>}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
