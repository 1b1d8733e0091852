// A page of orders as a table: the buyer's purchases, or the seller's sales with the fee and what they receive.
import { Link, Table, Text } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";
import { formatExactPrice } from "~/lib/money.ts";
import { formatOrderDate } from "~/lib/orders.ts";
import { formatRate, sellerProceeds } from "~/lib/fees.ts";
import type { OrderListItem } from "~/services/orders/index.server.ts";
import { OrderStatusBadge } from "./OrderStatusBadge.tsx";

/** The order's payment reference, linking to the order; read out with the item's title. */
export function OrderReferenceLink({ order }: { order: { id: number; reference: string; title: string } }) {
  return (
    <Link asChild fontWeight="semibold" fontFamily="mono" color="blue.fg">
      <RemixLink to={`/orders/${order.id}`} aria-label={`Order ${order.reference}: ${order.title}`}>
        {order.reference}
      </RemixLink>
    </Link>
  );
}

export function OrderTable({ orders, side, caption }: { orders: OrderListItem[]; side: "purchases" | "sales"; caption: string }) {
  return (
    <Table.ScrollArea position="relative" borderWidth="1px" rounded="md">
      <Table.Root size="sm" variant="line" interactive>
        <Table.Caption srOnly>{caption}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Order</Table.ColumnHeader>
            <Table.ColumnHeader>Item</Table.ColumnHeader>
            <Table.ColumnHeader>{side === "purchases" ? "Seller" : "Buyer"}</Table.ColumnHeader>
            <Table.ColumnHeader>Date</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{side === "purchases" ? "Price" : "Sale price"}</Table.ColumnHeader>
            {side === "sales" ? (
              <>
                <Table.ColumnHeader textAlign="end">Success fee</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">You receive</Table.ColumnHeader>
              </>
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
              <Table.Cell>
                {order.counterpartId ? (
                  <Link asChild color="blue.fg">
                    <RemixLink to={`/user/${order.counterpartId}`}>{order.counterpartName}</RemixLink>
                  </Link>
                ) : (
                  order.counterpartName
                )}
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">
                <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
              </Table.Cell>
              <Table.Cell>
                <OrderStatusBadge status={order.status} size="sm" />
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {formatExactPrice(order.amountCents, order.currency)}
              </Table.Cell>
              {side === "sales" ? (
                <>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {formatExactPrice(order.feeCents, order.currency)} ({formatRate(order.feeRateBp)})
                  </Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap" fontWeight="semibold">
                    {formatExactPrice(sellerProceeds(order.amountCents, order.feeCents), order.currency)}
                  </Table.Cell>
                </>
              ) : null}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
