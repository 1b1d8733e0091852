// /checkout/listing/{id}: Buy Now. The order summary, the shipping address (from the profile, editable), the fee
// schedule and buyer protection in plain words, payment by bank transfer; "Place order" buys atomically.
import { getFormProps } from "@conform-to/react";
import { Alert, Button, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { BankTransferPreview } from "~/components/orders/BankTransferInstructions.tsx";
import { CheckoutLayout } from "~/components/orders/CheckoutLayout.tsx";
import { ShippingAddressFields, useShippingAddressForm } from "~/components/orders/ShippingAddressFields.tsx";
import { FormErrors } from "~/components/forms/index.ts";
import { EmailConfirmationNotice } from "~/components/EmailConfirmationBanner.tsx";
import { useOnlineOnlySubmit } from "~/components/pwa/use-online-only.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { checkoutAction } from "~/web/checkout-action.server.ts";
import { formatExactPrice } from "~/lib/money.ts";
import { ORDER_MESSAGES } from "~/lib/orders.ts";
import { parseRouteId } from "~/web/route-params.server.ts";
import { requireConfirmedUser, requireUser } from "~/web/auth.server.ts";
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
  const user = await requireConfirmedUser(request);
  const listingId = parseRouteId(params.id, ORDER_MESSAGES.listingNotFound);
  return checkoutAction(request, (shipping) => buyNow(getDb(), { listingId, buyerId: user.id, shipping }), { notFound: "form" });
}

export default function BuyNowCheckoutPage() {
  const { item, problem, auctionId, shipping } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useShippingAddressForm("checkout", actionData?.result, shipping);
  const formProps = getFormProps(form);
  // Purchases need a connection: refused at once offline.
  const onlineOnly = useOnlineOnlySubmit(formProps.onSubmit);

  return (
    <CheckoutLayout title="Checkout" item={item} priceLabel="You pay" payment={<BankTransferPreview />}>
      {problem ? (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{problem}</Alert.Title>
            <Alert.Description>
              <HStack gap="4" mt="2" wrap="wrap">
                <Link asChild fontWeight="semibold">
                  <RemixLink to={`/listings/${item.listingId}`}>Back to the listing</RemixLink>
                </Link>
                {auctionId !== null ? (
                  <Link asChild fontWeight="semibold">
                    <RemixLink to={`/auctions/${auctionId}`}>Go to the auction</RemixLink>
                  </Link>
                ) : null}
                <Link asChild fontWeight="semibold">
                  <RemixLink to="/listings">Browse equipment</RemixLink>
                </Link>
              </HStack>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <Form method="post" {...formProps} onSubmit={onlineOnly.onSubmit}>
          <Stack gap="6">
            <FormErrors id={form.errorId} errors={form.errors} />
            {onlineOnly.refused ? <FormErrors errors={[onlineOnly.refused]} /> : null}
            <EmailConfirmationNotice />
            <ShippingAddressFields fields={fields} />
            <Stack gap="2">
              <Text>
                By placing the order you agree to pay {formatExactPrice(item.priceCents, item.currency)} by bank transfer. You will see the payment reference
                and bank details on the next page.
              </Text>
              <Button type="submit" colorPalette="blue" size="lg" alignSelf="start" disabled={busy} loading={busy} loadingText="Placing order...">
                Place order
              </Button>
            </Stack>
          </Stack>
        </Form>
      )}
    </CheckoutLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
