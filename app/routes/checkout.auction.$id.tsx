// /checkout/auction/{id}: the winning bidder's checkout. The order exists since the auction ended; here the winner
// confirms where it ships, sees the fees and buyer protection, and goes on to pay by bank transfer.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Button, Card, Container, Grid, GridItem, Heading, Stack, Text } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { BankTransferInstructions } from "~/components/orders/BankTransferInstructions.tsx";
import { BuyerProtectionNotice } from "~/components/orders/BuyerProtectionNotice.tsx";
import { OrderItemSummary } from "~/components/orders/OrderItemSummary.tsx";
import { ShippingAddressFields } from "~/components/orders/ShippingAddressFields.tsx";
import { FormErrors } from "~/components/forms.tsx";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { readForm } from "~/lib/form-data.server.ts";
import { ORDER_MESSAGES } from "~/lib/orders.ts";
import { parseId, ShippingAddressSchema } from "~/schemas/order.ts";
import { requireUser } from "~/services/auth.server.ts";
import { CheckoutError, confirmAuctionCheckout, getAuctionCheckout } from "~/services/checkout.server.ts";
import { escrowAccount } from "~/services/orders.server.ts";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `Checkout: ${loaded.item.title} — Tradebench` : "Checkout — Tradebench" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const auctionId = parseId(params.id);
  // Only the winner has an order for this auction; for anyone else there is nothing here.
  const checkout = auctionId === null ? null : await getAuctionCheckout(getDb(), auctionId, user.id);
  if (!checkout) throw data({ message: ORDER_MESSAGES.orderNotFound }, { status: 404 });
  if (checkout.status !== "pending") throw redirect(`/orders/${checkout.orderId}`);
  return { ...checkout, escrowAccount: escrowAccount() };
}

const STATUS_OF: Record<CheckoutError["kind"], number> = { not_found: 404, forbidden: 403, conflict: 409 };

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const auctionId = parseId(params.id);
  if (auctionId === null) throw data({ message: ORDER_MESSAGES.orderNotFound }, { status: 404 });
  const submission = parseWithZod(form, { schema: ShippingAddressSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  let orderId: number;
  try {
    ({ orderId } = await confirmAuctionCheckout(getDb(), { auctionId, buyerId: user.id, shipping: submission.value }));
  } catch (error) {
    if (error instanceof CheckoutError) {
      if (error.kind === "not_found") throw data({ message: error.message }, { status: 404 });
      return data({ result: submission.reply({ formErrors: [error.message] }) }, { status: STATUS_OF[error.kind] });
    }
    throw error;
  }
  throw redirect(`/orders/${orderId}?placed=1`);
}

export default function AuctionCheckoutPage() {
  const { item, shipping, reference, checkedOutAt, escrowAccount: account } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "auction-checkout",
    lastResult: actionData?.result,
    defaultValue: shipping,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ShippingAddressSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  return (
    <Container maxW="6xl" py={{ base: "6", md: "10" }}>
      <Heading as="h1" size="2xl" mb="2">
        You won this auction
      </Heading>
      <Text color="fg.muted" mb="6">
        Confirm where it ships, then pay by bank transfer quoting your payment reference.
      </Text>
      <Grid templateColumns={{ base: "1fr", lg: "minmax(0, 3fr) minmax(0, 2fr)" }} gap="8">
        <GridItem>
          <Stack gap="6">
            <Card.Root as="section" aria-labelledby="summary-heading">
              <Card.Body gap="4">
                <Heading as="h2" size="md" id="summary-heading">
                  Order summary
                </Heading>
                <OrderItemSummary item={item} priceLabel="Winning bid, you pay" />
              </Card.Body>
            </Card.Root>
            <Form method="post" {...getFormProps(form)}>
              <Stack gap="6">
                <FormErrors id={form.errorId} errors={form.errors} />
                <ShippingAddressFields fields={fields} />
                <Button type="submit" colorPalette="blue" size="lg" alignSelf="start" disabled={busy} loading={busy} loadingText="Saving...">
                  {checkedOutAt ? "Update shipping address" : "Confirm shipping address"}
                </Button>
              </Stack>
            </Form>
          </Stack>
        </GridItem>
        <GridItem>
          <Stack gap="6">
            <BankTransferInstructions reference={reference} amountCents={item.priceCents} currency={item.currency} account={account} />
            <BuyerProtectionNotice saleType={item.saleType} />
          </Stack>
        </GridItem>
      </Grid>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
