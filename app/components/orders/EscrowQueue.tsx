// One queue of the escrow desk (payments to confirm, disputes to decide): its heading with the count, what to do,
// and the orders as a table (reference, item, both parties, since when, the amount), oldest first.
import { Box, Heading, Table, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { formatExactPrice } from "~/lib/money.ts";
import { formatOrderDate } from "~/lib/orders.ts";
import type { EscrowDeskItem } from "~/services/orders/index.server.ts";
import { OrderReferenceLink } from "./OrderTable.tsx";

export interface EscrowQueueProps {
  /** Prefix of the heading's id ("payments" → "payments-heading"). */
  id: string;
  title: string;
  /** What staff do with these orders. */
  instructions: ReactNode;
  /** Shown instead of the table when the queue is empty. */
  empty: string;
  /** The table's caption for screen readers. */
  caption: string;
  orders: EscrowDeskItem[];
  /** The date column's heading: when the order reached this queue ("Ordered", "Opened"). */
  sinceLabel: string;
  since: (order: EscrowDeskItem) => string;
  /** Show the buyer's dispute reason before the amount. */
  showReason?: boolean;
  /** What staff can do on the row itself, after the amount. */
  action?: (order: EscrowDeskItem) => ReactNode;
}

export function EscrowQueue({ id, title, instructions, empty, caption, orders, sinceLabel, since, showReason = false, action }: EscrowQueueProps) {
  return (
    <Box as="section" aria-labelledby={`${id}-heading`}>
      <Heading as="h2" size="lg" id={`${id}-heading`} mb="1">
        {title} ({orders.length})
      </Heading>
      <Text color="fg.muted" mb="3">
        {instructions}
      </Text>
      {orders.length === 0 ? (
        <Text>{empty}</Text>
      ) : (
        <Table.ScrollArea position="relative" borderWidth="1px" rounded="md">
          <Table.Root size="sm">
            <Table.Caption srOnly>{caption}</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Reference</Table.ColumnHeader>
                <Table.ColumnHeader>Item</Table.ColumnHeader>
                <Table.ColumnHeader>Buyer</Table.ColumnHeader>
                <Table.ColumnHeader>Seller</Table.ColumnHeader>
                <Table.ColumnHeader>{sinceLabel}</Table.ColumnHeader>
                {showReason ? <Table.ColumnHeader>Reason</Table.ColumnHeader> : null}
                <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                {action ? (
                  <Table.ColumnHeader>
                    <Box srOnly>Action</Box>
                  </Table.ColumnHeader>
                ) : null}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {orders.map((order) => (
                <Table.Row key={order.id}>
                  <Table.Cell>
                    <OrderReferenceLink order={order} />
                  </Table.Cell>
                  <Table.Cell maxW="xs">
                    <Text lineClamp={2}>{order.title}</Text>
                  </Table.Cell>
                  <Table.Cell>{order.buyerName}</Table.Cell>
                  <Table.Cell>{order.sellerName}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    <time dateTime={since(order)}>{formatOrderDate(since(order))}</time>
                  </Table.Cell>
                  {showReason ? (
                    <Table.Cell maxW="sm">
                      <Text lineClamp={2}>{order.disputeReason}</Text>
                    </Table.Cell>
                  ) : null}
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {formatExactPrice(order.amountCents, order.currency)}
                  </Table.Cell>
                  {action ? <Table.Cell>{action(order)}</Table.Cell> : null}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Box>
  );
}
