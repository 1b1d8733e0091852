// The house's events on /seller/sale-events: title, status, lot count, first close and links to the editor and
// the bidders.
import { Badge, Link, Table, Text } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";
import { formatDateTime } from "~/lib/dates.ts";
import { formatCount } from "~/lib/money.ts";
import { STATUS_LABELS, type SaleEventViewData } from "./house-types.ts";

export function HouseEventTable({ events }: { events: SaleEventViewData[] }) {
  if (events.length === 0) return <Text color="fg.muted">You have no sale events yet.</Text>;
  return (
    <Table.Root size="sm" variant="outline">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Sale</Table.ColumnHeader>
          <Table.ColumnHeader>Status</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Lots</Table.ColumnHeader>
          <Table.ColumnHeader>First close (UTC)</Table.ColumnHeader>
          <Table.ColumnHeader>Bidders</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {events.map((event) => (
          <Table.Row key={event.id}>
            <Table.Cell>
              <Link asChild colorPalette="blue" textDecoration="underline">
                <RemixLink to={`/seller/sale-events/${event.id}`}>{event.title}</RemixLink>
              </Link>
            </Table.Cell>
            <Table.Cell>
              <Badge>{STATUS_LABELS[event.status]}</Badge>
            </Table.Cell>
            <Table.Cell textAlign="end">{formatCount(event.lotCount)}</Table.Cell>
            <Table.Cell>{formatDateTime(event.firstCloseAt)}</Table.Cell>
            <Table.Cell>
              <Link asChild colorPalette="blue" textDecoration="underline">
                <RemixLink to={`/seller/sale-events/${event.id}/bidders`}>Bidders</RemixLink>
              </Link>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
