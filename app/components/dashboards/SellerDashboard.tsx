// The seller dashboard (docs/product/dashboards.md#seller): greeting, four stat cards, Your Listings, Performance Overview, Top Performing
// Listings, Quick Actions, Tips & Resources; beyond the spec, what needs the seller's attention (offers, orders to
// ship) and the fees of this month's sales. Every section shows its own error or empty state.
import { Box, Button, Flex, Heading, Image, Link, List, SimpleGrid, Stack, Table, Tabs, Text } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";
import { formatShortDate } from "~/lib/dates.ts";
import { formatCount, formatPrice } from "~/lib/money.ts";
import type { SellerListingRow } from "~/services/dashboards/index.server.ts";
import { DashboardSection, ListingStatusBadge, StatCard, type SectionState } from "./DashboardParts.tsx";
import { TrendChart } from "./TrendChart.tsx";

interface MoneyTotal {
  currency: string;
  cents: number;
}

/** A row of Your Listings and Top Performing Listings, as the service reads it. */
type SellerListingView = SellerListingRow;

export interface SellerDashboardView {
  firstName: string;
  stats: SectionState<{ totalListings: number; activeListings: number; salesCount: number; totalSales: MoneyTotal[]; viewsThisMonth: number }>;
  listings: SectionState<SellerListingView[]>;
  performance: SectionState<{
    viewsByDay: Array<{ day: string; views: number }>;
    salesByMonth: Array<{ month: string; sales: number; cents: number }>;
    currency: string;
  }>;
  top: SectionState<SellerListingView[]>;
  tasks: SectionState<{ offersAwaitingAnswer: number; ordersToShip: number; feesThisMonth: MoneyTotal[]; platformFeesOwed: MoneyTotal[] }>;
}

const SELLER_QUICK_ACTIONS = [
  { to: "/create-listing", label: "Create Listing" },
  { to: "/create-auction", label: "Create Auction" },
  { to: "/seller/messages", label: "Messages" },
  { to: "/seller/orders", label: "Orders" },
] as const;

const SELLER_TIPS = [
  { to: "/knowledge-base/selling-tips", label: "Selling tips" },
  { to: "/knowledge-base/photography", label: "Photographing equipment" },
  { to: "/knowledge-base/pricing-guide", label: "Pricing guide" },
  { to: "/knowledge-base/shipping", label: "Shipping and packing" },
] as const;

function moneyList(totals: MoneyTotal[]): string {
  return totals.length === 0 ? formatPrice(0) : totals.map((total) => formatPrice(total.cents, total.currency)).join(" · ");
}

function dayLabel(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
}

function monthLabel(month: string): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
}

function percent(value: number | null): string {
  return value === null ? "—" : `${(value * 100).toFixed(1)}%`;
}

function ListingThumb({ url, title }: { url: string | null; title: string }) {
  return url ? (
    <Image src={url} alt="" w="12" h="12" objectFit="cover" rounded="sm" loading="lazy" />
  ) : (
    <Box w="12" h="12" rounded="sm" bg="bg.muted" aria-label={`${title}: no photo`} role="img" />
  );
}

export function SellerDashboard({ data }: { data: SellerDashboardView }) {
  const { stats, listings, performance, top, tasks } = data;
  return (
    <Stack gap="6">
      <Flex justify="space-between" align="center" gap="4" wrap="wrap">
        <Heading as="h1" size="2xl">
          Welcome, {data.firstName || "User"}
        </Heading>
        <Button asChild colorPalette="blue">
          <RemixLink to="/create-listing">Create New Listing</RemixLink>
        </Button>
      </Flex>

      {stats.state === "error" ? (
        <Text role="alert" color="fg.error">
          {stats.message}
        </Text>
      ) : (
        <SimpleGrid as="section" aria-label="Your figures" columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
          <StatCard label="Total Listings" value={formatCount(stats.data.totalListings)} />
          <StatCard label="Active Listings" value={formatCount(stats.data.activeListings)} />
          <StatCard
            label="Total Sales"
            value={moneyList(stats.data.totalSales)}
            help={`${formatCount(stats.data.salesCount)} ${stats.data.salesCount === 1 ? "sale" : "sales"}`}
          />
          <StatCard label="Views This Month" value={formatCount(stats.data.viewsThisMonth)} />
        </SimpleGrid>
      )}

      <DashboardSection
        id="seller-listings"
        title="Your Listings"
        section={listings}
        viewAll="/seller/listings"
        isEmpty={(rows) => rows.length === 0}
        empty={
          <Stack align="flex-start" gap="3">
            <Text>No listings yet</Text>
            <Button asChild size="sm" colorPalette="blue">
              <RemixLink to="/create-listing">Create Listing</RemixLink>
            </Button>
          </Stack>
        }
      >
        {(rows) => (
          <Table.ScrollArea position="relative">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader scope="col">Listing</Table.ColumnHeader>
                  <Table.ColumnHeader scope="col">Price</Table.ColumnHeader>
                  <Table.ColumnHeader scope="col">Status</Table.ColumnHeader>
                  <Table.ColumnHeader scope="col">Views</Table.ColumnHeader>
                  <Table.ColumnHeader scope="col">Watchers</Table.ColumnHeader>
                  <Table.ColumnHeader scope="col">Conversion</Table.ColumnHeader>
                  <Table.ColumnHeader scope="col">Created</Table.ColumnHeader>
                  <Table.ColumnHeader scope="col">Actions</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((row) => (
                  <Table.Row key={row.id}>
                    <Table.Cell>
                      <Flex gap="3" align="center" minW="48">
                        <ListingThumb url={row.imageUrl} title={row.title} />
                        <Box>
                          <Link asChild fontWeight="medium">
                            <RemixLink to={`/listings/${row.id}`}>{row.title}</RemixLink>
                          </Link>
                          <Text fontSize="xs" color="fg.muted">
                            {[row.brand, row.model].filter(Boolean).join(" ")}
                          </Text>
                        </Box>
                      </Flex>
                    </Table.Cell>
                    <Table.Cell>{formatPrice(row.priceCents, row.currency)}</Table.Cell>
                    <Table.Cell>
                      <ListingStatusBadge status={row.status} />
                    </Table.Cell>
                    <Table.Cell>{formatCount(row.views)}</Table.Cell>
                    <Table.Cell>{formatCount(row.watchers)}</Table.Cell>
                    <Table.Cell title={`${row.sales} ${row.sales === 1 ? "sale" : "sales"}`}>{percent(row.conversion)}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{formatShortDate(row.createdAt)}</Table.Cell>
                    <Table.Cell>
                      <Flex gap="2">
                        <Button asChild size="xs" variant="outline">
                          <RemixLink to={`/edit-listing/${row.id}`} aria-label={`Edit ${row.title}`}>
                            Edit
                          </RemixLink>
                        </Button>
                        <Button asChild size="xs" variant="ghost">
                          <RemixLink to={`/listings/${row.id}`} aria-label={`View ${row.title}`}>
                            View
                          </RemixLink>
                        </Button>
                      </Flex>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </DashboardSection>

      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="6">
        <Box gridColumn={{ lg: "span 2" }} minW="0">
          <DashboardSection id="seller-performance" title="Performance Overview" section={performance}>
            {(figures) => (
              <Tabs.Root defaultValue="views" variant="line" lazyMount={false}>
                <Tabs.List>
                  <Tabs.Trigger value="views">Views, last 30 days</Tabs.Trigger>
                  <Tabs.Trigger value="sales">Sales, last 12 months</Tabs.Trigger>
                </Tabs.List>
                <Tabs.Content value="views">
                  <TrendChart
                    caption="Views of your listings per day, last 30 days"
                    valueLabel="Views"
                    points={figures.viewsByDay.map((point) => ({ label: dayLabel(point.day), value: point.views }))}
                  />
                </Tabs.Content>
                <Tabs.Content value="sales">
                  <TrendChart
                    caption={`Your sales per month, last 12 months (${figures.currency})`}
                    valueLabel="Sales"
                    color="blue.solid"
                    points={figures.salesByMonth.map((point) => ({ label: monthLabel(point.month), value: point.sales }))}
                  />
                </Tabs.Content>
              </Tabs.Root>
            )}
          </DashboardSection>
        </Box>
        <DashboardSection id="seller-attention" title="Needs your attention" section={tasks}>
          {(figures) => (
            <List.Root variant="plain" gap="3">
              <List.Item>
                <Link asChild>
                  <RemixLink to="/offers">Offers awaiting your answer: {formatCount(figures.offersAwaitingAnswer)}</RemixLink>
                </Link>
              </List.Item>
              <List.Item>
                <Link asChild>
                  <RemixLink to="/seller/orders">Orders to ship: {formatCount(figures.ordersToShip)}</RemixLink>
                </Link>
              </List.Item>
              <List.Item>
                <Text>Fees this month: {moneyList(figures.feesThisMonth)}</Text>
              </List.Item>
              <List.Item>
                <Text>Featuring fees owed: {moneyList(figures.platformFeesOwed)}</Text>
              </List.Item>
            </List.Root>
          )}
        </DashboardSection>
      </SimpleGrid>

      <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
        <DashboardSection
          id="seller-top"
          title="Top Performing Listings"
          section={top}
          isEmpty={(rows) => rows.length === 0}
          empty={<Text>No data available yet.</Text>}
        >
          {(rows) => (
            <List.Root as="ol" variant="plain" gap="3">
              {rows.map((row) => (
                <List.Item key={row.id} display="flex" gap="3" alignItems="center">
                  <ListingThumb url={row.imageUrl} title={row.title} />
                  <Box minW="0">
                    <Link asChild fontWeight="medium">
                      <RemixLink to={`/listings/${row.id}`}>{row.title}</RemixLink>
                    </Link>
                    <Text fontSize="sm" color="fg.muted">
                      {formatCount(row.views)} views · {formatPrice(row.priceCents, row.currency)}
                    </Text>
                  </Box>
                </List.Item>
              ))}
            </List.Root>
          )}
        </DashboardSection>
        <DashboardSection id="seller-quick-actions" title="Quick Actions" section={{ state: "ok", data: SELLER_QUICK_ACTIONS }}>
          {(actions) => (
            <Stack gap="2">
              {actions.map((action) => (
                <Button key={action.to} asChild variant="outline" justifyContent="flex-start">
                  <RemixLink to={action.to}>{action.label}</RemixLink>
                </Button>
              ))}
            </Stack>
          )}
        </DashboardSection>
        <DashboardSection id="seller-tips" title="Tips & Resources" section={{ state: "ok", data: SELLER_TIPS }}>
          {(tips) => (
            <List.Root variant="plain" gap="2">
              {tips.map((tip) => (
                <List.Item key={tip.to}>
                  <Link asChild colorPalette="blue">
                    <RemixLink to={tip.to}>{tip.label}</RemixLink>
                  </Link>
                </List.Item>
              ))}
            </List.Root>
          )}
        </DashboardSection>
      </SimpleGrid>
    </Stack>
  );
}
