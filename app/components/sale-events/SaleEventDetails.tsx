// The event's details for bidders: the description (Markdown), where and when to inspect and collect, the terms, the
// buyer's premium and deposit in plain words, whether the house approves bidders and how to register.
import { Button, Card, DataList, Heading, Stack, Text } from "@chakra-ui/react";
import { AppLink } from "~/components/AppLink.tsx";
import { MarkdownProse } from "~/components/MarkdownProse.tsx";
import { loginUrl } from "~/lib/http.ts";
import { depositText, formatEventTime, premiumText, REGISTRATION_STATUS_TEXT, SALE_EVENT_PAGE_MESSAGES } from "~/lib/sale-event-pages.ts";
import type { BidderStatus, DepositKind } from "~/lib/sale-events.ts";

export interface EventDetailsData {
  id: number;
  description: string;
  location: string;
  inspection: string;
  pickup: string;
  terms: string;
  currency: string;
  startsAt: string;
  approvalRequired: boolean;
  deposit: { kind: DepositKind; fixedCents: number | null; percentBps: number | null; refundDays: number | null };
  premium: { percentBps: number; minCents: number | null; maxCents: number | null } | null;
}

export function SaleEventDetails({ event }: { event: EventDetailsData }) {
  const facts = [
    { label: "Location", value: event.location },
    { label: "Bidding opens", value: formatEventTime(event.startsAt) },
    { label: "Inspection", value: event.inspection },
    { label: "Pickup", value: event.pickup },
  ].filter((fact) => fact.value);
  return (
    <Stack gap="6">
      {event.description ? <MarkdownProse source={event.description} className="sale-event-description" nofollow /> : null}
      <DataList.Root orientation="horizontal" gap="2">
        {facts.map((fact) => (
          <DataList.Item key={fact.label}>
            <DataList.ItemLabel>{fact.label}</DataList.ItemLabel>
            <DataList.ItemValue overflowWrap="anywhere">{fact.value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      {event.terms ? (
        <Stack as="section" gap="2" aria-labelledby="terms-heading">
          <Heading as="h2" size="md" id="terms-heading">
            Terms of sale
          </Heading>
          <Text whiteSpace="pre-line" overflowWrap="anywhere">
            {event.terms}
          </Text>
        </Stack>
      ) : null}
    </Stack>
  );
}

export function BiddingTerms({
  event,
  registration,
  signedIn,
  canRegister,
}: {
  event: EventDetailsData;
  registration: BidderStatus | null;
  signedIn: boolean;
  canRegister: boolean;
}) {
  const registerUrl = `/sale-events/${event.id}/register`;
  return (
    <Card.Root as="section" variant="subtle" aria-labelledby="bidding-terms-heading">
      <Card.Body gap="3">
        <Heading as="h2" size="md" id="bidding-terms-heading">
          Bidding in this sale
        </Heading>
        <Text>{premiumText(event.premium, event.currency)}</Text>
        <Text>{depositText(event.deposit, event.currency)}</Text>
        <Text>{event.approvalRequired ? SALE_EVENT_PAGE_MESSAGES.approvalRequired : SALE_EVENT_PAGE_MESSAGES.noApproval}</Text>
        {registration ? (
          <Text fontWeight="semibold" data-testid="registration-status">
            {REGISTRATION_STATUS_TEXT[registration]}
          </Text>
        ) : null}
        {canRegister || registration ? (
          <Button asChild colorPalette="blue" alignSelf="start">
            <AppLink to={signedIn ? registerUrl : loginUrl(registerUrl)}>
              {registration ? "Your registration" : signedIn ? "Register to bid" : SALE_EVENT_PAGE_MESSAGES.signInToRegister}
            </AppLink>
          </Button>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
