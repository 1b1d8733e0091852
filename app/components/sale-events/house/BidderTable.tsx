// The bidders page's registrations: each with its details, and forms to decide it (approve, decline, in review,
// with a reason) and to set its bidding limit. Plain form posts.
import { Badge, Box, Button, HStack, Input, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { Form } from "@remix-run/react";
import { formatBidMoney } from "~/lib/bidding.ts";
import type { BidderStatus } from "~/lib/sale-events.ts";

export const BIDDER_STATUS_LABELS: Record<BidderStatus, string> = { pending: "Pending", approved: "Approved", declined: "Declined", in_review: "In review" };

export interface BidderRowData {
  userId: string;
  name: string;
  email: string;
  status: BidderStatus;
  reason: string;
  company: string;
  phone: string;
  intendedPurchases: string;
  requestedLimitCents: number | null;
  biddingLimitCents: number | null;
  depositDueCents: number;
  depositConfirmedAt: string | null;
}

function BidderCard({ bidder, currency }: { bidder: BidderRowData; currency: string }) {
  const money = (cents: number | null) => (cents === null ? "none" : formatBidMoney(cents, currency));
  const who = bidder.name || bidder.email;
  return (
    <Box as="li" borderWidth="1px" rounded="md" p="4" data-testid="bidder">
      <Stack gap="2">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="semibold">{who}</Text>
          <Badge>{BIDDER_STATUS_LABELS[bidder.status]}</Badge>
          <Text color="fg.muted" fontSize="sm">
            {bidder.email} · {bidder.company || "no company"} · {bidder.phone}
          </Text>
        </HStack>
        <Text fontSize="sm">Means to buy: {bidder.intendedPurchases || "not said"}</Text>
        <Text fontSize="sm">
          Asked for {money(bidder.requestedLimitCents)} · limit {money(bidder.biddingLimitCents)} · deposit{" "}
          {bidder.depositDueCents === 0 ? "none due" : `${money(bidder.depositDueCents)} ${bidder.depositConfirmedAt ? "confirmed" : "not confirmed"}`}
        </Text>
        {bidder.reason ? <Text fontSize="sm">Reason: {bidder.reason}</Text> : null}
        <Form method="post">
          <input type="hidden" name="userId" value={bidder.userId} />
          <HStack gap="2" wrap="wrap">
            <NativeSelect.Root size="sm" w="10rem">
              <NativeSelect.Field name="status" aria-label={`Decision for ${who}`} defaultValue={bidder.status === "pending" ? "approved" : bidder.status}>
                <option value="approved">Approve</option>
                <option value="declined">Decline</option>
                <option value="in_review">In review</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Input name="reason" size="sm" maxW="20rem" maxLength={500} aria-label={`Reason for ${who}`} placeholder="Reason" />
            <Button type="submit" name="intent" value="decide" size="sm" colorPalette="blue">
              Decide
            </Button>
          </HStack>
        </Form>
        <Form method="post">
          <input type="hidden" name="userId" value={bidder.userId} />
          <HStack gap="2">
            <Input name="limit" size="sm" maxW="10rem" inputMode="decimal" aria-label={`Bidding limit for ${who} (${currency})`} placeholder="Limit" />
            <Button type="submit" name="intent" value="limit" size="sm" variant="outline">
              Set limit
            </Button>
          </HStack>
        </Form>
      </Stack>
    </Box>
  );
}

export function BidderTable({ bidders, currency }: { bidders: BidderRowData[]; currency: string }) {
  if (bidders.length === 0) return <Text color="fg.muted">No registrations here.</Text>;
  return (
    <Stack as="ul" gap="3" listStyleType="none">
      {bidders.map((bidder) => (
        <BidderCard key={bidder.userId} bidder={bidder} currency={currency} />
      ))}
    </Stack>
  );
}
