// A member's registration to bid in a sale: its status (with the house's reason when declined or in review), the
// limit and, when a deposit is due and not yet confirmed, how to pay it.
import { Alert, Stack, Text } from "@chakra-ui/react";
import { formatBidMoney } from "~/lib/bidding.ts";
import { depositInstructions, REGISTRATION_STATUS_TEXT } from "~/lib/sale-event-pages.ts";
import type { BidderStatus } from "~/lib/sale-events.ts";

export interface RegistrationView {
  status: BidderStatus;
  reason: string;
  biddingLimitCents: number | null;
  depositDueCents: number;
  depositReference: string;
  depositConfirmed: boolean;
}

const STATUS_KIND = { pending: "info", approved: "success", declined: "error", in_review: "warning" } as const;

export function RegistrationStatus({ registration, currency }: { registration: RegistrationView; currency: string }) {
  const depositOwed = registration.depositDueCents > 0 && !registration.depositConfirmed && registration.status !== "declined";
  return (
    <Stack gap="3" data-testid="registration">
      <Alert.Root status={STATUS_KIND[registration.status]}>
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title data-testid="registration-status">{REGISTRATION_STATUS_TEXT[registration.status]}</Alert.Title>
          {registration.reason && (registration.status === "declined" || registration.status === "in_review") ? (
            <Alert.Description>The house says: {registration.reason}</Alert.Description>
          ) : null}
        </Alert.Content>
      </Alert.Root>
      {registration.status === "approved" && registration.biddingLimitCents !== null ? (
        <Text>Your bidding limit in this sale: {formatBidMoney(registration.biddingLimitCents, currency)}.</Text>
      ) : null}
      {depositOwed ? (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Deposit of {formatBidMoney(registration.depositDueCents, currency)} due</Alert.Title>
            <Alert.Description data-testid="deposit-instructions">
              {depositInstructions(registration.depositDueCents, currency, registration.depositReference)}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : registration.depositDueCents > 0 && registration.depositConfirmed ? (
        <Text>Your deposit of {formatBidMoney(registration.depositDueCents, currency)} is confirmed.</Text>
      ) : null}
    </Stack>
  );
}
