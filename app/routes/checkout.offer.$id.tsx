// /checkout/offer/{id}: the checkout of an accepted offer. The order at the agreed amount exists since the
// offer was accepted; here its buyer confirms where it ships, sees the fees and buyer protection, and pays by bank
// transfer like every other order. Unpaid 48 hours after the acceptance, the order is cancelled and the item returns.
import { getFormProps } from "@conform-to/react";
import { Button, Stack, Text } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { BankTransferInstructions } from "~/components/orders/BankTransferInstructions.tsx";
import { CheckoutLayout } from "~/components/orders/CheckoutLayout.tsx";
import { ShippingAddressFields, useShippingAddressForm } from "~/components/orders/ShippingAddressFields.tsx";
import { FormErrors } from "~/components/forms/index.ts";
import { EmailConfirmationNotice } from "~/components/EmailConfirmationBanner.tsx";
import { useOnlineOnlySubmit } from "~/components/pwa/use-online-only.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { formatDateTime } from "~/lib/dates.ts";
import { OFFER_MESSAGES, OFFER_ORDER_PAYMENT_HOURS } from "~/lib/offers.ts";
import { checkoutAction } from "~/web/checkout-action.server.ts";
import { parseRouteId } from "~/web/route-params.server.ts";
import { requireConfirmedUser, requireUser } from "~/web/auth.server.ts";
import { confirmOfferCheckout, paymentAccount, getOfferCheckout } from "~/services/orders/index.server.ts";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `Checkout: ${loaded.item.title} — Tradebench` : "Checkout — Tradebench" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const offerId = parseRouteId(params.id, OFFER_MESSAGES.offerOrderNotFound);
  // Only the buyer of an accepted offer has an order here; for anyone else there is nothing.
  const checkout = await getOfferCheckout(getDb(), offerId, user.id);
  if (!checkout) throw data({ message: OFFER_MESSAGES.offerOrderNotFound }, { status: 404 });
  if (checkout.status !== "pending") throw redirect(`/orders/${checkout.orderId}`);
  return { ...checkout, escrowAccount: await paymentAccount(getDb()) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireConfirmedUser(request);
  const offerId = parseRouteId(params.id, OFFER_MESSAGES.offerOrderNotFound);
  return checkoutAction(request, (shipping) => confirmOfferCheckout(getDb(), { offerId, buyerId: user.id, shipping }), { notFound: "page" });
}

export default function OfferCheckoutPage() {
  const { item, shipping, reference, checkedOutAt, escrowAccount: account, orderId, payBy } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useShippingAddressForm("offer-checkout", actionData?.result, shipping);
  const formProps = getFormProps(form);
  // Purchases need a connection: refused at once offline.
  const onlineOnly = useOnlineOnlySubmit(formProps.onSubmit);

  return (
    <CheckoutLayout
      title="Your offer was accepted"
      intro={`Confirm where it ships, then pay by bank transfer quoting your payment reference within ${OFFER_ORDER_PAYMENT_HOURS} hours.`}
      item={item}
      priceLabel="Agreed price, you pay"
      payment={<BankTransferInstructions reference={reference} amountCents={item.priceCents} currency={item.currency} account={account} orderId={orderId} />}
    >
      <Form method="post" {...formProps} onSubmit={onlineOnly.onSubmit}>
        <Stack gap="6">
          <Text color="fg.muted">If it is still unpaid at {formatDateTime(payBy)}, the order is cancelled and the item goes back on sale.</Text>
          <FormErrors id={form.errorId} errors={form.errors} />
          {onlineOnly.refused ? <FormErrors errors={[onlineOnly.refused]} /> : null}
          <EmailConfirmationNotice />
          <ShippingAddressFields fields={fields} />
          <Button type="submit" colorPalette="blue" size="lg" alignSelf="start" disabled={busy} loading={busy} loadingText="Saving...">
            {checkedOutAt ? "Update shipping address" : "Confirm shipping address"}
          </Button>
        </Stack>
      </Form>
    </CheckoutLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
