// /checkout/listing/{id}: Buy Now. The order summary, the shipping address (from the profile, editable), the fee
// schedule and buyer protection in plain words, payment by bank transfer; "Place order" buys atomically.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Alert, Button, Card, Container, Grid, GridItem, Heading, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { BankTransferPreview } from "~/components/orders/BankTransferInstructions.tsx";
import { BuyerProtectionNotice } from "~/components/orders/BuyerProtectionNotice.tsx";
import { OrderItemSummary } from "~/components/orders/OrderItemSummary.tsx";
import { ShippingAddressFields } from "~/components/orders/ShippingAddressFields.tsx";
import { FormErrors } from "~/components/forms.tsx";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { readForm } from "~/lib/form-data.server.ts";
import { formatExactPrice } from "~/lib/money.ts";
import { ORDER_MESSAGES } from "~/lib/orders.ts";
import { parseId, ShippingAddressSchema } from "~/schemas/order.ts";
import { requireUser } from "~/services/auth.server.ts";
import { buyNow, CheckoutError, getBuyNowCheckout } from "~/services/checkout.server.ts";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `Checkout: ${loaded.item.title} — Tradebench` : "Checkout — Tradebench" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const listingId = parseId(params.id);
  if (listingId === null) throw data({ message: ORDER_MESSAGES.listingNotFound }, { status: 404 });
  const checkout = await getBuyNowCheckout(getDb(), listingId, user.id);
  if (!checkout) throw data({ message: ORDER_MESSAGES.listingNotFound }, { status: 404 });
  // Back at checkout after buying it: the order is where things happen now.
  if (checkout.ownOrderId !== null) throw redirect(`/orders/${checkout.ownOrderId}`);
  return checkout;
}

const STATUS_OF: Record<CheckoutError["kind"], number> = { not_found: 404, forbidden: 403, conflict: 409 };

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const listingId = parseId(params.id);
  if (listingId === null) throw data({ message: ORDER_MESSAGES.listingNotFound }, { status: 404 });
  const submission = parseWithZod(form, { schema: ShippingAddressSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  let orderId: number;
  try {
    ({ orderId } = await buyNow(getDb(), { listingId, buyerId: user.id, shipping: submission.value }));
  } catch (error) {
    if (error instanceof CheckoutError) {
      return data({ result: submission.reply({ formErrors: [error.message] }) }, { status: STATUS_OF[error.kind] });
    }
    throw error;
  }
  throw redirect(`/orders/${orderId}?placed=1`);
}

export default function BuyNowCheckoutPage() {
  const { item, problem, auctionId, shipping } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "checkout",
    lastResult: actionData?.result,
    defaultValue: shipping,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ShippingAddressSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  return (
    <Container maxW="6xl" py={{ base: "6", md: "10" }}>
      <Heading as="h1" size="2xl" mb="6">
        Checkout
      </Heading>
      <Grid templateColumns={{ base: "1fr", lg: "minmax(0, 3fr) minmax(0, 2fr)" }} gap="8">
        <GridItem>
          <Stack gap="6">
            <Card.Root as="section" aria-labelledby="summary-heading">
              <Card.Body gap="4">
                <Heading as="h2" size="md" id="summary-heading">
                  Order summary
                </Heading>
                <OrderItemSummary item={item} priceLabel="You pay" />
              </Card.Body>
            </Card.Root>

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
              <Form method="post" {...getFormProps(form)}>
                <Stack gap="6">
                  <FormErrors id={form.errorId} errors={form.errors} />
                  <ShippingAddressFields fields={fields} />
                  <Stack gap="2">
                    <Text>
                      By placing the order you agree to pay {formatExactPrice(item.priceCents, item.currency)} by bank transfer. You will see the
                      payment reference and bank details on the next page.
                    </Text>
                    <Button type="submit" colorPalette="blue" size="lg" alignSelf="start" disabled={busy} loading={busy} loadingText="Placing order...">
                      Place order
                    </Button>
                  </Stack>
                </Stack>
              </Form>
            )}
          </Stack>
        </GridItem>
        <GridItem>
          <Stack gap="6">
            <BankTransferPreview />
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
