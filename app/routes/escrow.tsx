// /escrow: the escrow desk. Billing and administrators confirm bank transfers that arrived (the order is then paid
// and its funds held in escrow); referees and administrators open the disputes waiting for a decision.
import { Alert, Box, Button, Container, Heading, Link, Stack, Table, Text } from "@chakra-ui/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { formatExactPrice } from "~/lib/money.ts";
import { DISPUTE_RESOLVER_ROLES, ESCROW_DESK_ROLES, formatOrderDate, isOrderAction, ORDER_ACTION_DONE, PAYMENT_CONFIRMER_ROLES } from "~/lib/orders.ts";
import { requireRole } from "~/services/auth.server.ts";
import { escrowDesk, type EscrowDeskItem } from "~/services/orders.server.ts";

export const meta: MetaFunction = () => [{ title: "Escrow desk — Tradebench" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRole(request, ESCROW_DESK_ROLES);
  const payments = PAYMENT_CONFIRMER_ROLES.includes(user.role);
  const disputes = DISPUTE_RESOLVER_ROLES.includes(user.role);
  const desk = await escrowDesk(getDb(), { payments, disputes });
  const done = new URL(request.url).searchParams.get("done");
  return { payments, disputes, ...desk, done: isOrderAction(done) ? ORDER_ACTION_DONE[done] : null };
}

function OrderLink({ order }: { order: EscrowDeskItem }) {
  return (
    <Link asChild fontFamily="mono" fontWeight="semibold" color="blue.fg">
      <RemixLink to={`/orders/${order.id}`} aria-label={`Order ${order.reference}: ${order.title}`}>
        {order.reference}
      </RemixLink>
    </Link>
  );
}

export default function EscrowDeskPage() {
  const { payments, disputes, awaitingPayment, openDisputes, done } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Container maxW="7xl" py={{ base: "6", md: "10" }}>
      <Stack gap="8">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            Escrow desk
          </Heading>
          <Text color="fg.muted">Orders waiting for Tradebench, oldest first.</Text>
        </Stack>
        {done ? (
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Title>{done}</Alert.Title>
          </Alert.Root>
        ) : null}

        {payments ? (
          <Box as="section" aria-labelledby="payments-heading">
            <Heading as="h2" size="lg" id="payments-heading" mb="1">
              Awaiting payment ({awaitingPayment.length})
            </Heading>
            <Text color="fg.muted" mb="3">
              Confirm an order once its bank transfer, quoting the order&apos;s reference, has arrived in the escrow account.
            </Text>
            {awaitingPayment.length === 0 ? (
              <Text>No orders are waiting for a payment.</Text>
            ) : (
              <Table.ScrollArea borderWidth="1px" rounded="md">
                <Table.Root size="sm">
                  <Table.Caption srOnly>Orders awaiting payment</Table.Caption>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>Reference</Table.ColumnHeader>
                      <Table.ColumnHeader>Item</Table.ColumnHeader>
                      <Table.ColumnHeader>Buyer</Table.ColumnHeader>
                      <Table.ColumnHeader>Seller</Table.ColumnHeader>
                      <Table.ColumnHeader>Ordered</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                      <Table.ColumnHeader>
                        <Box srOnly>Action</Box>
                      </Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {awaitingPayment.map((order) => (
                      <Table.Row key={order.id}>
                        <Table.Cell>
                          <OrderLink order={order} />
                        </Table.Cell>
                        <Table.Cell maxW="xs">
                          <Text lineClamp={2}>{order.title}</Text>
                        </Table.Cell>
                        <Table.Cell>{order.buyerName}</Table.Cell>
                        <Table.Cell>{order.sellerName}</Table.Cell>
                        <Table.Cell whiteSpace="nowrap">
                          <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
                        </Table.Cell>
                        <Table.Cell textAlign="end" whiteSpace="nowrap">
                          {formatExactPrice(order.amountCents, order.currency)}
                        </Table.Cell>
                        <Table.Cell>
                          <Form method="post" action={`/orders/${order.id}`}>
                            <input type="hidden" name="intent" value="confirm_payment" />
                            <input type="hidden" name="returnTo" value="/escrow" />
                            <Button type="submit" size="sm" colorPalette="blue" disabled={busy} aria-label={`Confirm payment received for order ${order.reference}`}>
                              Confirm payment
                            </Button>
                          </Form>
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            )}
          </Box>
        ) : null}

        {disputes ? (
          <Box as="section" aria-labelledby="disputes-heading">
            <Heading as="h2" size="lg" id="disputes-heading" mb="1">
              Open disputes ({openDisputes.length})
            </Heading>
            <Text color="fg.muted" mb="3">
              Open an order to read both sides and refund the buyer or release the payment to the seller.
            </Text>
            {openDisputes.length === 0 ? (
              <Text>No disputes are open.</Text>
            ) : (
              <Table.ScrollArea borderWidth="1px" rounded="md">
                <Table.Root size="sm">
                  <Table.Caption srOnly>Open disputes</Table.Caption>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>Reference</Table.ColumnHeader>
                      <Table.ColumnHeader>Item</Table.ColumnHeader>
                      <Table.ColumnHeader>Buyer</Table.ColumnHeader>
                      <Table.ColumnHeader>Seller</Table.ColumnHeader>
                      <Table.ColumnHeader>Opened</Table.ColumnHeader>
                      <Table.ColumnHeader>Reason</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {openDisputes.map((order) => (
                      <Table.Row key={order.id}>
                        <Table.Cell>
                          <OrderLink order={order} />
                        </Table.Cell>
                        <Table.Cell maxW="xs">
                          <Text lineClamp={2}>{order.title}</Text>
                        </Table.Cell>
                        <Table.Cell>{order.buyerName}</Table.Cell>
                        <Table.Cell>{order.sellerName}</Table.Cell>
                        <Table.Cell whiteSpace="nowrap">
                          <time dateTime={order.since}>{formatOrderDate(order.since)}</time>
                        </Table.Cell>
                        <Table.Cell maxW="sm">
                          <Text lineClamp={2}>{order.disputeReason}</Text>
                        </Table.Cell>
                        <Table.Cell textAlign="end" whiteSpace="nowrap">
                          {formatExactPrice(order.amountCents, order.currency)}
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            )}
          </Box>
        ) : null}
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
