// /offers: the signed-in member's negotiations. Received (as seller) and Sent (as buyer) tabs; each
// negotiation shows the listing, the other party, every offer and counter with its amount and message, its status and
// the time left, and the member's actions: accept, decline (with an optional reason), counter, withdraw. Every action
// is a plain form (works without JavaScript), checked again on the server; an accepted offer leads its buyer to the
// offer's checkout.
import { Badge, Box, Button, Card, Heading, HStack, Input, Link, Stack, Text, Textarea } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { LinkTabs } from "~/components/LinkTabs.tsx";
import { useNow } from "~/components/use-now.ts";
import { getDb } from "~/db.server.ts";
import { formatDateTime } from "~/lib/dates.ts";
import { centsToInput, formatExactPrice, minorUnitsPerUnit } from "~/lib/money.ts";
import {
  OFFER_MESSAGE_MAX_LENGTH,
  OFFER_REASON_MAX_LENGTH,
  OFFER_STATUS_LABELS,
  OFFER_STATUS_PALETTES,
  offerTimeLeftText,
  type OfferNegotiation,
  type OfferStep,
} from "~/lib/offers.ts";
import { OfferAnswerSchema, offerAmountInCurrency } from "~/schemas/offers.ts";
import { listNegotiations, offerAmountCurrency, respondToOffer, type OffersTab } from "~/services/orders/index.server.ts";
import { requireConfirmedUser, requireUser } from "~/web/auth.server.ts";
import { refusalsAnswered } from "~/web/domain-answer.server.ts";
import { parseForm } from "~/web/form-data.server.ts";

export const meta: MetaFunction = () => [{ title: "Offers — Tradebench" }];

const TABS = [
  { tab: "received", label: "Received", to: "/offers?tab=received" },
  { tab: "sent", label: "Sent", to: "/offers?tab=sent" },
] as const;

function tabOf(value: unknown): OffersTab {
  return value === "sent" ? "sent" : "received";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const tab = tabOf(new URL(request.url).searchParams.get("tab"));
  const now = new Date();
  return { tab, negotiations: await listNegotiations(getDb(), user.id, tab, now), now: now.toISOString() };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireConfirmedUser(request);
  const { submission, fields } = await parseForm(request, OfferAnswerSchema);
  const tab = tabOf(fields.get("tab"));
  const offerId = Number(fields.get("offerId")) || null;
  if (submission.status !== "success") {
    const errors = Object.values(submission.error ?? {}).flat();
    return data({ offerId, message: errors[0] ?? "Please check the form" }, { status: 400 });
  }
  const answer = submission.value;
  let counterCents: number | undefined;
  if (answer.intent === "counter") {
    const currency = (await offerAmountCurrency(getDb(), { offerId: answer.offerId })) ?? "USD";
    const amount = offerAmountInCurrency(answer.amount, currency);
    if (!amount.ok) return data({ offerId, message: amount.message }, { status: 400 });
    counterCents = amount.cents;
  }
  return refusalsAnswered(
    async () => {
      const outcome = await respondToOffer(getDb(), {
        offerId: answer.offerId,
        userId: user.id,
        action: answer.intent,
        amountCents: counterCents,
        message: answer.intent === "counter" ? answer.message : undefined,
        reason: answer.intent === "decline" ? answer.reason : undefined,
      });
      // The buyer who accepts goes on to pay; everyone else sees the negotiation as it is now.
      if (answer.intent === "accept" && tab === "sent" && outcome.orderId !== null) throw redirect(`/checkout/offer/${outcome.offerId}`);
      throw redirect(`/offers?tab=${tab}`);
    },
    { as: (refusal) => ({ offerId, message: refusal.message }) },
  );
}

export default function OffersPage() {
  const { tab, negotiations, now: serverNow } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const now = new Date(useNow(serverNow));
  return (
    <Box maxW="5xl" mx="auto" px="4" py={{ base: "6", md: "10" }}>
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size="2xl">
            Offers
          </Heading>
          <Text color="fg.muted">
            {tab === "received"
              ? "Offers buyers made on your listings. Answer within 48 hours: accept, decline or counter."
              : "Offers you made. The seller has 48 hours to answer each offer; you have 48 hours to answer a counter."}
          </Text>
        </Stack>
        <LinkTabs label="Offers" tabs={TABS} current={tab} />
        {negotiations.length === 0 ? (
          <Text>
            {tab === "received" ? "No offers on your listings yet." : "You have not made any offers yet. "}
            {tab === "sent" ? (
              <Link asChild color="blue.fg">
                <RemixLink to="/listings">Browse equipment</RemixLink>
              </Link>
            ) : null}
          </Text>
        ) : (
          <Stack as="ul" gap="4" listStyleType="none" m="0" p="0">
            {negotiations.map((negotiation) => (
              <li key={negotiation.offerId}>
                <NegotiationCard
                  negotiation={negotiation}
                  tab={tab}
                  now={now}
                  refusal={refusal && refusal.offerId === negotiation.offerId ? refusal.message : null}
                />
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}

function stepText(step: OfferStep, index: number, currency: string): string {
  const amount = formatExactPrice(step.amountCents, currency);
  if (step.madeBy === "seller") return `Seller countered: ${amount}`;
  return index === 0 ? `Buyer offered: ${amount}` : `Buyer countered: ${amount}`;
}

function stepOutcome(step: OfferStep): string | null {
  if (step.status === "declined") {
    if (step.actedBy === "system") return step.declineReason ? `Declined: ${step.declineReason}` : "Declined automatically";
    return step.declineReason ? `Declined: ${step.declineReason}` : "Declined";
  }
  if (step.status === "accepted") return step.actedBy === "system" ? "Accepted automatically" : "Accepted";
  if (step.status === "withdrawn") return "Withdrawn";
  if (step.status === "expired") return "Expired unanswered";
  return null;
}

function NegotiationCard({ negotiation, tab, now, refusal }: { negotiation: OfferNegotiation; tab: OffersTab; now: Date; refusal: string | null }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("offerId") === String(negotiation.offerId);
  const { currency, steps, status } = negotiation;
  const latest = steps[steps.length - 1];
  const headingId = `offer-${negotiation.offerId}-heading`;
  const hidden = (
    <>
      <input type="hidden" name="offerId" value={negotiation.offerId} />
      <input type="hidden" name="tab" value={tab} />
    </>
  );
  return (
    <Card.Root as="article" aria-labelledby={headingId} data-testid="negotiation" variant="outline">
      <Card.Body gap="4">
        <HStack justify="space-between" align="start" flexWrap="wrap" gap="3">
          <Stack gap="1">
            <Heading as="h2" size="md" id={headingId}>
              <Link asChild color="blue.fg">
                <RemixLink to={`/listings/${negotiation.listingId}`}>{negotiation.listingTitle}</RemixLink>
              </Link>
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {tab === "received" ? `From ${negotiation.otherPartyName}` : `Seller: ${negotiation.otherPartyName}`} · price{" "}
              {formatExactPrice(negotiation.priceCents, currency)}
            </Text>
          </Stack>
          <Stack gap="1" align="end">
            <Badge colorPalette={OFFER_STATUS_PALETTES[status]} size="lg" data-testid="offer-status">
              {status === "open" ? (latest.madeBy === negotiation.viewerIs ? "Awaiting their answer" : "Awaiting your answer") : OFFER_STATUS_LABELS[status]}
            </Badge>
            {status === "open" ? (
              <Text fontSize="sm" color="fg.muted">
                {offerTimeLeftText(negotiation.expiresAt, now)} ({formatDateTime(negotiation.expiresAt)})
              </Text>
            ) : null}
          </Stack>
        </HStack>

        <Box as="ol" aria-label="Offer history" listStyleType="none" m="0" p="0" borderLeftWidth="2px" borderColor="border" ps="4">
          {steps.map((step, index) => (
            <Box as="li" key={step.id} py="1.5">
              <Text fontWeight="semibold">{stepText(step, index, currency)}</Text>
              <Text fontSize="sm" color="fg.muted">
                {formatDateTime(step.createdAt)}
                {stepOutcome(step) ? ` · ${stepOutcome(step)}` : ""}
              </Text>
              {step.message ? (
                <Text fontSize="sm" whiteSpace="pre-wrap" overflowWrap="anywhere">
                  “{step.message}”
                </Text>
              ) : null}
            </Box>
          ))}
        </Box>

        {refusal ? (
          <Text role="alert" color="fg.error" fontWeight="medium">
            {refusal}
          </Text>
        ) : null}

        {status === "accepted" && negotiation.orderId !== null ? (
          <HStack gap="3" flexWrap="wrap">
            {tab === "sent" ? (
              <Button asChild colorPalette="blue">
                <RemixLink to={`/checkout/offer/${latest.id}`}>Check out and pay</RemixLink>
              </Button>
            ) : null}
            <Button asChild variant="outline" colorPalette="blue">
              <RemixLink to={`/orders/${negotiation.orderId}`}>View order</RemixLink>
            </Button>
          </HStack>
        ) : null}

        {negotiation.actions.length > 0 ? (
          <Stack gap="3">
            <HStack gap="3" flexWrap="wrap" align="start">
              {negotiation.actions.includes("accept") ? (
                <Form method="post">
                  {hidden}
                  <Button type="submit" name="intent" value="accept" colorPalette="blue" disabled={busy}>
                    Accept {formatExactPrice(latest.amountCents, currency)}
                  </Button>
                </Form>
              ) : null}
              {negotiation.actions.includes("withdraw") ? (
                <Form method="post">
                  {hidden}
                  <Button type="submit" name="intent" value="withdraw" variant="outline" colorPalette="red" disabled={busy}>
                    Withdraw offer
                  </Button>
                </Form>
              ) : null}
            </HStack>
            {negotiation.actions.includes("counter") && negotiation.counterRange ? (
              <details>
                <Box as="summary" cursor="pointer" color="blue.fg" fontWeight="semibold">
                  Counter
                </Box>
                <Form method="post">
                  {hidden}
                  <Stack gap="3" mt="3" maxW="md">
                    <Stack gap="1">
                      <label htmlFor={`counter-amount-${negotiation.offerId}`}>
                        <Text as="span" fontWeight="medium">
                          Your counter ({currency}, above {formatExactPrice(negotiation.counterRange.aboveCents, currency)} and below{" "}
                          {formatExactPrice(negotiation.counterRange.belowCents, currency)})
                        </Text>
                      </label>
                      <Input
                        id={`counter-amount-${negotiation.offerId}`}
                        name="amount"
                        inputMode="decimal"
                        autoComplete="off"
                        required
                        maxW="16rem"
                        placeholder={centsToInput(
                          Math.round((negotiation.counterRange.aboveCents + negotiation.counterRange.belowCents) / 2 / minorUnitsPerUnit(currency)) *
                            minorUnitsPerUnit(currency),
                          currency,
                        )}
                      />
                    </Stack>
                    <Stack gap="1">
                      <label htmlFor={`counter-message-${negotiation.offerId}`}>
                        <Text as="span" fontWeight="medium">
                          Message (optional)
                        </Text>
                      </label>
                      <Textarea id={`counter-message-${negotiation.offerId}`} name="message" maxLength={OFFER_MESSAGE_MAX_LENGTH} />
                    </Stack>
                    <Button type="submit" name="intent" value="counter" colorPalette="blue" alignSelf="start" disabled={busy}>
                      Send counter
                    </Button>
                  </Stack>
                </Form>
              </details>
            ) : null}
            {negotiation.actions.includes("decline") ? (
              <details>
                <Box as="summary" cursor="pointer" color="red.fg" fontWeight="semibold">
                  Decline
                </Box>
                <Form method="post">
                  {hidden}
                  <Stack gap="3" mt="3" maxW="md">
                    <Stack gap="1">
                      <label htmlFor={`decline-reason-${negotiation.offerId}`}>
                        <Text as="span" fontWeight="medium">
                          Reason (optional, shown to the other party)
                        </Text>
                      </label>
                      <Textarea id={`decline-reason-${negotiation.offerId}`} name="reason" maxLength={OFFER_REASON_MAX_LENGTH} />
                    </Stack>
                    <Button type="submit" name="intent" value="decline" colorPalette="red" variant="outline" alignSelf="start" disabled={busy}>
                      Decline offer
                    </Button>
                  </Stack>
                </Form>
              </details>
            ) : null}
          </Stack>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
