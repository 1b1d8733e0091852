// The owner's controls on the lot page: end the auction now, or cancel it (docs/product/auctions.md#states, docs/product/auctions.md#ending Ownership). Each is a plain
// POST form that works without JavaScript; the box "I understand bidders will be told" is the confirmation step (the
// browser will not submit without it, and the server checks it too). The server decides who may do this: these
// forms only show to the owner as a courtesy.
import { Box, Button, chakra, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { Form, Link as RemixLink, useNavigation, useSearchParams } from "@remix-run/react";
import { useId } from "react";
import { FormErrors, FormSuccess } from "~/components/forms/index.ts";
import { OWNER_CONTROL_MESSAGES, OWNER_OUTCOME_MESSAGES, ownerOutcomeOf } from "~/schemas/auction-owner.ts";

export interface OwnerAuctionControlsProps {
  auctionId: number;
  /** upcoming, active, ended or cancelled: the controls show only while the auction can still be ended or cancelled. */
  status: string;
  bidCount: number;
}

function endExplanation(status: string, bidCount: number): string {
  if (status === "upcoming") return "The auction has not started, so it ends without a sale and the listing stays active.";
  if (bidCount === 0) return "Nobody has bid yet, so it ends without a sale and the listing stays active.";
  return "The highest bid wins if it meets your reserve price: the listing is sold and the winner is asked to pay. Every bidder is told.";
}

function cancelExplanation(bidCount: number): string {
  return bidCount === 0
    ? "Nothing is sold and the listing stays active."
    : `Nothing is sold, the ${bidCount === 1 ? "bid no longer counts" : `${bidCount} bids no longer count`} and every bidder is told. The listing stays active.`;
}

function ConfirmedForm({
  action,
  heading,
  explanation,
  submitLabel,
  busyLabel,
  palette,
}: {
  action: string;
  heading: string;
  explanation: string;
  submitLabel: string;
  busyLabel: string;
  palette: "blue" | "red";
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === action;
  const id = useId();
  return (
    <Form method="post" action={action} aria-labelledby={`${id}-heading`} aria-describedby={`${id}-text`}>
      <Stack gap="2">
        <Heading as="h3" size="sm" id={`${id}-heading`}>
          {heading}
        </Heading>
        <Text id={`${id}-text`} fontSize="sm" color="fg.muted">
          {explanation}
        </Text>
        <chakra.label display="flex" alignItems="center" gap="2" fontSize="sm" cursor="pointer">
          <chakra.input type="checkbox" name="confirm" value="yes" required w="4" h="4" flexShrink="0" accentColor={`${palette}.solid`} cursor="pointer" />
          {OWNER_CONTROL_MESSAGES.confirmLabel}
        </chakra.label>
        <Box>
          <Button type="submit" colorPalette={palette} variant={palette === "red" ? "outline" : "solid"} size="sm" loading={busy} loadingText={busyLabel}>
            {submitLabel}
          </Button>
        </Box>
      </Stack>
    </Form>
  );
}

const END_FORM = { heading: "End the auction now", submitLabel: "End auction now", busyLabel: "Ending...", palette: "blue" } as const;
const CANCEL_FORM = { heading: "Cancel the auction", submitLabel: "Cancel auction", busyLabel: "Cancelling...", palette: "red" } as const;

export function OwnerAuctionControls({ auctionId, status, bidCount }: OwnerAuctionControlsProps) {
  if (status !== "active" && status !== "upcoming") return null;
  return (
    <Box as="section" aria-labelledby="owner-auction-controls" borderWidth="1px" rounded="lg" p="4">
      <Heading as="h2" size="md" id="owner-auction-controls" mb="3">
        Manage your auction
      </Heading>
      <Stack gap="5">
        <ConfirmedForm action={`/auctions/${auctionId}/end`} explanation={endExplanation(status, bidCount)} {...END_FORM} />
        <ConfirmedForm action={`/auctions/${auctionId}/cancel`} explanation={cancelExplanation(bidCount)} {...CANCEL_FORM} />
      </Stack>
    </Box>
  );
}

/** After the owner ended or cancelled the auction: what happened (read from ?outcome= on the lot page). */
export function OwnerAuctionOutcome() {
  const [searchParams] = useSearchParams();
  const outcome = ownerOutcomeOf(searchParams.get("outcome"));
  return outcome ? <FormSuccess>{OWNER_OUTCOME_MESSAGES[outcome]}</FormSuccess> : null;
}

export interface OwnerAuctionConfirmPageProps {
  action: "end" | "cancel";
  auction: { auctionId: number; title: string; status: string; bidCount: number };
  /** Why the viewer may not do this (permission or state), or a missing confirmation. */
  error: string | null;
  /** Whether the viewer owns the auction and it can still be ended or cancelled: then the form shows. */
  allowed: boolean;
}

/** /auctions/{id}/end and /auctions/{id}/cancel: the same question as on the lot page, and the answer to a refusal. */
export function OwnerAuctionConfirmPage({ action, auction, error, allowed }: OwnerAuctionConfirmPageProps) {
  const ending = action === "end";
  return (
    <Container maxW="2xl" py="12">
      <Stack gap="5">
        <Heading as="h1" size="2xl">
          {ending ? "End" : "Cancel"} the auction for “{auction.title}”?
        </Heading>
        <FormErrors errors={error ? [error] : undefined} />
        {allowed ? (
          <ConfirmedForm
            action={`/auctions/${auction.auctionId}/${action}`}
            explanation={ending ? endExplanation(auction.status, auction.bidCount) : cancelExplanation(auction.bidCount)}
            {...(ending ? END_FORM : CANCEL_FORM)}
          />
        ) : null}
        <Box>
          <Button asChild variant="outline">
            <RemixLink to={`/auctions/${auction.auctionId}`}>Back to the auction</RemixLink>
          </Button>
        </Box>
      </Stack>
    </Container>
  );
}
