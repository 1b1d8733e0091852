// Pieces both dashboards share: a section card with its own error and empty states, a stat card, a listing status badge,
// and the small scrollable table of the admin dashboard and reports pages.
import { Badge, Box, Card, Flex, Heading, Link, Table, Text } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";
import type { ReactNode } from "react";
import { isListingStatus, LISTING_STATUS_LABELS, LISTING_STATUS_PALETTES } from "~/lib/listing-status.ts";

export type SectionState<T> = { state: "ok"; data: T } | { state: "error"; message: string };

/** A dashboard section: a heading (with an optional "View All" link), then its content, its error or its empty state. */
export function DashboardSection<T>({
  id,
  title,
  section,
  viewAll,
  isEmpty,
  empty,
  children,
}: {
  id: string;
  title: string;
  section: SectionState<T>;
  viewAll?: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <Card.Root as="section" aria-labelledby={headingId} size="sm" minW="0">
      <Card.Header>
        <Flex justify="space-between" align="center" gap="2" wrap="wrap">
          <Heading as="h2" size="md" id={headingId}>
            {title}
          </Heading>
          {viewAll ? (
            <Link asChild fontSize="sm" fontWeight="medium" colorPalette="blue">
              <RemixLink to={viewAll} aria-label={`View All: ${title}`}>
                View All
              </RemixLink>
            </Link>
          ) : null}
        </Flex>
      </Card.Header>
      <Card.Body>
        {section.state === "error" ? (
          <Text role="alert" color="fg.error">
            {section.message}
          </Text>
        ) : isEmpty?.(section.data) ? (
          <Box color="fg.muted">{empty}</Box>
        ) : (
          children(section.data)
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** A small table in a keyboard-scrollable region named `label`, one scope="col" header a column; children are its rows. */
export function RegionTable({ label, columns, children }: { label: string; columns: readonly ReactNode[]; children: ReactNode }) {
  return (
    <Box overflowX="auto" position="relative" tabIndex={0} role="region" aria-label={label}>
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            {columns.map((column, index) => (
              <Table.ColumnHeader key={index} scope="col">
                {column}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>{children}</Table.Body>
      </Table.Root>
    </Box>
  );
}

export function StatCard({ label, value, help }: { label: string; value: ReactNode; help?: ReactNode }) {
  return (
    <Card.Root size="sm">
      <Card.Body gap="1">
        <Text fontSize="sm" color="fg.muted">
          {label}
        </Text>
        <Text fontSize="2xl" fontWeight="semibold" lineHeight="short">
          {value}
        </Text>
        {help ? (
          <Text fontSize="xs" color="fg.muted">
            {help}
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

export function ListingStatusBadge({ status }: { status: string }) {
  if (!isListingStatus(status)) return <Badge>{status}</Badge>;
  return (
    <Badge colorPalette={LISTING_STATUS_PALETTES[status]} variant="subtle">
      {LISTING_STATUS_LABELS[status]}
    </Badge>
  );
}
