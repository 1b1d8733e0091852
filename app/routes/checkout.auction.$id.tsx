// /checkout/auction/{id}: the winning bidder's checkout. The order exists since the auction ended; here the winner
// confirms where it ships, sees the fees and buyer protection, and goes on to pay by bank transfer.
import { getFormProps } from "@conform-to/react";
import { Button, Stack } from "@chakra-ui/react";
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
import { checkoutAction } from "~/web/checkout-action.server.ts";
import { ORDER_MESSAGES } from "~/lib/orders.ts";
import { parseRouteId } from "~/web/route-params.server.ts";
import { requireConfirmedUser, requireUser } from "~/web/auth.server.ts";
import { confirmAuctionCheckout, getAuctionCheckout, paymentAccount } from "~/services/orders/index.server.ts";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `Checkout: ${loaded.item.title} — Tradebench` : "Checkout — Tradebench" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const auctionId = parseRouteId(params.id, ORDER_MESSAGES.orderNotFound);
  // Only the winner has an order for this auction; for anyone else there is nothing here.
  const checkout = await getAuctionCheckout(getDb(), auctionId, user.id);
  if (!checkout) throw data({ message: ORDER_MESSAGES.orderNotFound }, { status: 404 });
  if (checkout.status !== "pending") throw redirect(`/orders/${checkout.orderId}`);
  return { ...checkout, escrowAccount: await paymentAccount(getDb()) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireConfirmedUser(request);
  const auctionId = parseRouteId(params.id, ORDER_MESSAGES.orderNotFound);
  return checkoutAction(request, (shipping) => confirmAuctionCheckout(getDb(), { auctionId, buyerId: user.id, shipping }), { notFound: "page" });
}

export default function AuctionCheckoutPage() {
  const { item, shipping, reference, checkedOutAt, escrowAccount: account, orderId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useShippingAddressForm("auction-checkout", actionData?.result, shipping);
  const formProps = getFormProps(form);
  // Purchases need a connection: refused at once offline.
  const onlineOnly = useOnlineOnlySubmit(formProps.onSubmit);

  return (
    <CheckoutLayout
      title="You won this auction"
      intro="Confirm where it ships, then pay by bank transfer quoting your payment reference."
      item={item}
      priceLabel="Winning bid, you pay"
      payment={<BankTransferInstructions reference={reference} amountCents={item.priceCents} currency={item.currency} account={account} orderId={orderId} />}
    >
      <Form method="post" {...formProps} onSubmit={onlineOnly.onSubmit}>
        <Stack gap="6">
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
