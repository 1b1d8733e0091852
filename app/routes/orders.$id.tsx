// /orders/{id}: one order for its buyer, its seller and escrow staff (everyone else gets 404): the item, where it
// stands, how to pay while it awaits payment, shipping, the timeline, and the forms of the transitions the viewer may
// make. Each form posts here and works without JavaScript.
import { Box, Button, Card, Container, DataList, Grid, GridItem, Heading, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { BankTransferInstructions } from "~/components/orders/BankTransferInstructions.tsx";
import { isOrderFormField, OrderActionForms, ORDER_FORM_FIELDS, type OrderActionResult, type OrderFormField } from "~/components/orders/OrderActionForms.tsx";
import { OrderItemCard } from "~/components/orders/OrderItemSummary.tsx";
import { OrderStatusBadge } from "~/components/orders/OrderStatusBadge.tsx";
import { OrderTimeline } from "~/components/orders/OrderTimeline.tsx";
import { FormSuccess } from "~/components/forms/index.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { formatRate, SELLER_RESPONSE_BUSINESS_DAYS, sellerProceeds } from "~/lib/fees.ts";
import { parseForm } from "~/web/form-data.server.ts";
import { formatExactPrice } from "~/lib/money.ts";
import { formatOrderTime, isOrderAction, ORDER_ACTION_DONE, ORDER_MESSAGES, ORDER_STATUS_EXPLAINED } from "~/lib/orders.ts";
import { safeRedirect } from "~/schemas/fields.ts";
import { OrderActionSchema } from "~/schemas/order.ts";
import { parseRouteId } from "~/web/route-params.server.ts";
import { requireSecondFactorWhereRequired, requireUser } from "~/web/auth.server.ts";
import { transitionOrder, paymentAccount, getOrderForViewer, disputeThread } from "~/services/orders/index.server.ts";
import { DISPUTE_FILE_ACCEPT, DISPUTE_MESSAGES, DISPUTE_SIDE_LABELS, MAX_DISPUTE_FILE_MB, MAX_DISPUTE_FILES } from "~/lib/disputes.ts";
import { DomainError } from "~/services/domain-error.ts";
import { ratingSummary, reviewEligibility } from "~/services/reviews/index.server.ts";
import { SellerRating } from "~/components/reviews/SellerRating.tsx";
import { refusalsAnswered, throwRefusal } from "~/web/domain-answer.server.ts";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `Order ${loaded.order.reference} — Tradebench` : "Order not found — Tradebench" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const orderId = parseRouteId(params.id, ORDER_MESSAGES.orderNotFound);
  const view = await getOrderForViewer(getDb(), orderId, { id: user.id, role: user.role });
  if (!view) throwRefusal(new DomainError("not_found", ORDER_MESSAGES.orderNotFound));
  const url = new URL(request.url);
  const done = url.searchParams.get("done");
  return {
    ...view,
    escrowAccount: await paymentAccount(getDb()),
    placed: url.searchParams.get("placed") === "1" && view.viewerIs === "buyer",
    done: isOrderAction(done) ? ORDER_ACTION_DONE[done] : null,
    // "Leave a review": the buyer or the seller of a completed order, once, within the review window.
    reviewDue: (await reviewEligibility(getDb(), orderId, user.id)).canReview,
    // The seller's rating from buyers' reviews, beside their name.
    sellerRating: await ratingSummary(getDb(), view.order.sellerId, "seller"),
    // The dispute's two-sided thread: every viewer of the order sees both sides and the evidence.
    dispute: view.order.disputeReason ? await disputeThread(getDb(), orderId) : null,
    disputeDone: done === "dispute_message" ? DISPUTE_MESSAGES.posted : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  // Escrow decisions (confirming a payment, releasing or refunding) need the staff's second factor.
  await requireSecondFactorWhereRequired(request, user);
  const { submission, fields: form } = await parseForm(request, OrderActionSchema);
  const orderId = parseRouteId(params.id, ORDER_MESSAGES.orderNotFound);
  const intent = form.get("intent");
  if (submission.status !== "success") {
    const fieldErrors: Partial<Record<OrderFormField, string>> = {};
    for (const field of ORDER_FORM_FIELDS) {
      const message = submission.error?.[field]?.[0];
      if (message) fieldErrors[field] = message;
    }
    const result: OrderActionResult = isOrderAction(intent)
      ? { intent, fieldErrors }
      : { intent: null, formError: "Please choose what to do with this order." };
    return data(result, { status: 400 });
  }
  const input = submission.value;
  return refusalsAnswered(
    async () => {
      await transitionOrder(getDb(), {
        orderId,
        actor: { id: user.id, role: user.role },
        action: input.intent,
        carrier: "carrier" in input ? input.carrier : undefined,
        trackingNumber: "trackingNumber" in input ? input.trackingNumber : undefined,
        reason: "reason" in input ? input.reason : undefined,
        note: "note" in input ? input.note : undefined,
        payment: input.intent === "confirm_payment" ? { receivedCents: input.amountReceived, valueDate: input.valueDate } : undefined,
        refundCents: input.intent === "refund" ? input.refundAmount : undefined,
      });
      const target = new URL(safeRedirect(form.get("returnTo"), `/orders/${orderId}`), "http://localhost");
      target.searchParams.set("done", input.intent);
      throw redirect(`${target.pathname}${target.search}`);
    },
    {
      as: (refusal): OrderActionResult => {
        const field = refusal.field;
        return isOrderFormField(field)
          ? { intent: input.intent, fieldErrors: { [field]: refusal.message } }
          : { intent: input.intent, formError: refusal.message };
      },
      page: ["not_found"],
    },
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue overflowWrap="anywhere">{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

export default function OrderPage() {
  const {
    order,
    actions,
    viewerIs,
    inspectionEndsAt,
    placed,
    done,
    reviewDue,
    sellerRating,
    escrowAccount: account,
    dispute,
    disputeDone,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const shipping = order.shipping;
  const addressLines = [
    shipping.name,
    shipping.company,
    shipping.address,
    [shipping.city, shipping.state, shipping.zip].filter(Boolean).join(", "),
    shipping.country,
    shipping.phone ? `Phone ${shipping.phone}` : "",
  ].filter(Boolean);
  const showsFee = viewerIs !== "buyer";

  return (
    <Container maxW="6xl" py={{ base: "6", md: "10" }}>
      <Stack gap="6">
        <Stack gap="2">
          <HStack gap="3" wrap="wrap" align="center">
            <Heading as="h1" size="2xl">
              Order{" "}
              <Box as="span" fontFamily="mono">
                {order.reference}
              </Box>
            </Heading>
            <Box data-testid="order-status">
              <OrderStatusBadge status={order.status} size="lg" />
            </Box>
          </HStack>
          <Text color="fg.muted">
            Placed <time dateTime={order.createdAt}>{formatOrderTime(order.createdAt)}</time> · Buyer{" "}
            <Link asChild color="blue.fg">
              <RemixLink to={`/user/${order.buyerId}`}>{order.buyerName}</RemixLink>
            </Link>{" "}
            · Seller{" "}
            <Link asChild color="blue.fg">
              <RemixLink to={`/user/${order.sellerId}`}>{order.sellerName}</RemixLink>
            </Link>{" "}
            <SellerRating average={sellerRating.average} count={sellerRating.count} />
          </Text>
        </Stack>

        {placed && order.status === "pending" ? (
          <FormSuccess>Your order is placed. Pay by bank transfer quoting the payment reference below.</FormSuccess>
        ) : null}
        {done ? <FormSuccess>{done}</FormSuccess> : null}
        {disputeDone ? <FormSuccess>{disputeDone}</FormSuccess> : null}

        <Grid templateColumns={{ base: "1fr", lg: "minmax(0, 3fr) minmax(0, 2fr)" }} gap="8">
          <GridItem>
            <Stack gap="6">
              <OrderItemCard
                heading="Item"
                headingId="item-heading"
                item={{
                  listingId: order.listingId,
                  title: order.title,
                  imageUrl: order.imageUrl,
                  sellerName: order.sellerName,
                  saleType: order.saleType,
                  priceCents: order.amountCents,
                  currency: order.currency,
                }}
              />

              <Box as="section" aria-labelledby="state-heading" borderWidth="1px" rounded="md" p="4">
                <Heading as="h2" size="md" id="state-heading" mb="1">
                  Where it stands
                </Heading>
                <Text>{ORDER_STATUS_EXPLAINED[order.status]}</Text>
                {order.status === "delivered" && inspectionEndsAt ? (
                  <Text mt="2">
                    The inspection period ends <time dateTime={inspectionEndsAt}>{formatOrderTime(inspectionEndsAt)}</time>. Without a dispute by then, the
                    order completes and the payment is released to the seller.
                  </Text>
                ) : null}
              </Box>

              {reviewDue ? (
                <Button asChild colorPalette="blue" alignSelf="start">
                  <RemixLink to={`/orders/${order.id}/review`}>Leave a review</RemixLink>
                </Button>
              ) : null}

              <OrderActionForms
                order={{ id: order.id, reference: order.reference, amountCents: order.amountCents, currency: order.currency, auctionId: order.auctionId }}
                actions={actions}
                result={actionData}
              />

              <OrderTimeline entries={order.timeline} />
            </Stack>
          </GridItem>

          <GridItem>
            <Stack gap="6">
              {order.status === "pending" && viewerIs !== "seller" ? (
                <BankTransferInstructions
                  reference={order.reference}
                  amountCents={order.amountCents}
                  currency={order.currency}
                  account={account}
                  orderId={order.id}
                />
              ) : null}

              <Card.Root as="section" aria-labelledby="amounts-heading" variant="outline">
                <Card.Body gap="3">
                  <Heading as="h2" size="md" id="amounts-heading">
                    Amounts
                  </Heading>
                  <DataList.Root orientation="horizontal" gap="2">
                    <Row label={viewerIs === "buyer" ? "You pay" : "Price"}>{formatExactPrice(order.amountCents, order.currency)}</Row>
                    {showsFee ? (
                      <>
                        <Row label={`Seller's success fee (${formatRate(order.feeRateBp)})`}>{formatExactPrice(order.feeCents, order.currency)}</Row>
                        <Row label={viewerIs === "seller" ? "You receive" : "Seller receives"}>
                          {formatExactPrice(sellerProceeds(order.amountCents, order.feeCents), order.currency)}
                        </Row>
                      </>
                    ) : null}
                    <Row label="Payment reference">
                      <Box as="span" fontFamily="mono">
                        {order.reference}
                      </Box>
                    </Row>
                  </DataList.Root>
                </Card.Body>
              </Card.Root>

              <Card.Root as="section" aria-labelledby="shipping-heading" variant="outline">
                <Card.Body gap="3">
                  <Heading as="h2" size="md" id="shipping-heading">
                    Shipping
                  </Heading>
                  {addressLines.length > 0 ? (
                    <Box as="address" fontStyle="normal">
                      {addressLines.map((line) => (
                        <Text key={line}>{line}</Text>
                      ))}
                    </Box>
                  ) : (
                    <Text color="fg.muted">No shipping address yet.</Text>
                  )}
                  {order.carrier || order.trackingNumber ? (
                    <DataList.Root orientation="horizontal" gap="2">
                      <Row label="Carrier">{order.carrier}</Row>
                      <Row label="Tracking number">
                        <Box as="span" fontFamily="mono">
                          {order.trackingNumber}
                        </Box>
                      </Row>
                    </DataList.Root>
                  ) : null}
                </Card.Body>
              </Card.Root>

              {order.disputeReason ? (
                <Card.Root as="section" aria-labelledby="dispute-heading" variant="outline">
                  <Card.Body gap="2">
                    <Heading as="h2" size="md" id="dispute-heading">
                      Dispute
                    </Heading>
                    <Text whiteSpace="pre-wrap">{order.disputeReason}</Text>
                    {dispute?.answerDueAt && order.status === "disputed" ? (
                      <Text fontSize="sm" data-testid="dispute-deadline">
                        {dispute.sellerAnswered ? "The seller answered. " : ""}The seller&apos;s answer is due by{" "}
                        <time dateTime={dispute.answerDueAt}>{formatOrderTime(dispute.answerDueAt)}</time>.
                      </Text>
                    ) : null}
                    {dispute?.messages.map((message) => (
                      <Box key={message.id} borderTopWidth="1px" pt="2" data-side={message.side}>
                        <Text fontSize="sm" fontWeight="semibold">
                          {DISPUTE_SIDE_LABELS[message.side]} · {message.authorName} ·{" "}
                          <time dateTime={message.createdAt}>{formatOrderTime(message.createdAt)}</time>
                        </Text>
                        <Text whiteSpace="pre-wrap">{message.body}</Text>
                        {message.attachments.map((file) => (
                          <Link key={file.url} href={file.url} color="blue.fg" display="block" fontSize="sm">
                            {file.name}
                          </Link>
                        ))}
                      </Box>
                    ))}
                    {order.status === "disputed" ? (
                      <Form method="post" action={`/orders/${order.id}/dispute`} encType="multipart/form-data">
                        <Stack gap="2" mt="2">
                          <label htmlFor="dispute-body">Add to the dispute</label>
                          <textarea id="dispute-body" name="body" rows={3} maxLength={4000} />
                          <label htmlFor="dispute-files">
                            Photos or PDF documents (up to {MAX_DISPUTE_FILES}, {MAX_DISPUTE_FILE_MB} MB each)
                          </label>
                          <input id="dispute-files" type="file" name="files" multiple accept={DISPUTE_FILE_ACCEPT} />
                          <Button type="submit" size="sm" alignSelf="start">
                            Send to the dispute
                          </Button>
                        </Stack>
                      </Form>
                    ) : null}
                    {order.resolutionNote ? (
                      <>
                        <Heading as="h3" size="sm" mt="2">
                          Decision
                        </Heading>
                        <Text whiteSpace="pre-wrap">{order.resolutionNote}</Text>
                      </>
                    ) : (
                      <Text fontSize="sm" color="fg.muted">
                        The seller has {SELLER_RESPONSE_BUSINESS_DAYS} business days to respond. Tradebench then decides.
                      </Text>
                    )}
                  </Card.Body>
                </Card.Root>
              ) : null}
            </Stack>
          </GridItem>
        </Grid>
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
