// Billing staff's deposits awaiting confirmation, across sales: record the payment received (amount and reference),
// then confirm it. Plain form posts.
import { Box, Button, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { Form } from "@remix-run/react";
import { formatBidMoney } from "~/lib/bidding.ts";

export interface DepositRow {
  eventId: number;
  eventTitle: string;
  currency: string;
  userId: string;
  name: string;
  email: string;
  dueCents: number;
  paidCents: number | null;
  reference: string;
  recorded: boolean;
}

function DepositCard({ deposit }: { deposit: DepositRow }) {
  const who = deposit.name || deposit.email;
  return (
    <Box as="li" borderWidth="1px" rounded="md" p="4" data-testid="deposit">
      <Stack gap="2">
        <Text fontWeight="semibold">
          {who} · {deposit.eventTitle}
        </Text>
        <Text fontSize="sm">
          Due {formatBidMoney(deposit.dueCents, deposit.currency)} · reference {deposit.reference}
          {deposit.paidCents !== null ? ` · recorded ${formatBidMoney(deposit.paidCents, deposit.currency)}` : ""}
        </Text>
        <Form method="post">
          <input type="hidden" name="eventId" value={deposit.eventId} />
          <input type="hidden" name="userId" value={deposit.userId} />
          <HStack gap="2" wrap="wrap">
            <Input
              name="amount"
              size="sm"
              maxW="9rem"
              inputMode="decimal"
              required
              aria-label={`Amount received from ${who} (${deposit.currency})`}
              placeholder="Amount"
            />
            <Input
              name="reference"
              size="sm"
              maxW="14rem"
              maxLength={100}
              required
              aria-label={`Payment reference for ${who}`}
              defaultValue={deposit.reference}
            />
            <Button type="submit" name="intent" value="record" size="sm" variant="outline">
              Record payment
            </Button>
          </HStack>
        </Form>
        {deposit.recorded ? (
          <Form method="post">
            <input type="hidden" name="eventId" value={deposit.eventId} />
            <input type="hidden" name="userId" value={deposit.userId} />
            <Button type="submit" name="intent" value="confirm" size="sm" colorPalette="green">
              Confirm deposit
            </Button>
          </Form>
        ) : null}
      </Stack>
    </Box>
  );
}

export function DepositQueue({ deposits }: { deposits: DepositRow[] }) {
  if (deposits.length === 0) return <Text color="fg.muted">No deposit awaits confirmation.</Text>;
  return (
    <Stack as="ul" gap="3" listStyleType="none">
      {deposits.map((deposit) => (
        <DepositCard key={`${deposit.eventId}-${deposit.userId}`} deposit={deposit} />
      ))}
    </Stack>
  );
}
