// /listings/{id}/analytics (docs/product/listings.md#analytics "Per-listing analytics: owner or admin"): the listing's views and
// views per day, watchers, saved-search matches, offers, and its latest auction with the bid history (bidders as first
// name + last initial) and how many bidders. Anyone else gets the spec's refusal (403) on the error page.
import { Badge, Box, Container, Heading, Link, SimpleGrid, Stack, Table, Text } from "@chakra-ui/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { DashboardSection, ListingStatusBadge, StatCard } from "~/components/dashboards/DashboardParts.tsx";
import { TrendChart } from "~/components/dashboards/TrendChart.tsx";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { AUCTION_STATUS_LABELS, isAuctionStatus } from "~/lib/auctions.ts";
import { formatDateTime } from "~/lib/dates.ts";
import { LISTING_DETAIL_MESSAGES } from "~/lib/listing-detail-messages.ts";
import { formatCount, formatExactPrice, formatPrice } from "~/lib/money.ts";
import { getListingAnalytics } from "~/services/listings/index.server.ts";
import { requireUser } from "~/web/auth.server.ts";
import { refusalsAnswered } from "~/web/domain-answer.server.ts";
import { parseRouteId } from "~/web/route-params.server.ts";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Analytics: ${data.listing.title} — Tradebench` : "Listing analytics — Tradebench" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = parseRouteId(params.id, LISTING_DETAIL_MESSAGES.notFound);
  return refusalsAnswered(() => getListingAnalytics(getDb(), id, { id: user.id, role: user.role }), { as: "document" });
}

function dayLabel(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
}

export default function ListingAnalyticsPage() {
  const analytics = useLoaderData<typeof loader>();
  const { listing, auction } = analytics;
  return (
    <Container maxW="5xl" py="8">
      <Stack gap="6">
        <Stack gap="1">
          <Text color="fg.muted" fontSize="sm">
            Listing analytics
          </Text>
          <Heading as="h1" size="2xl">
            <Link asChild>
              <RemixLink to={`/listings/${listing.id}`}>{listing.title}</RemixLink>
            </Link>
          </Heading>
          <Box>
            <ListingStatusBadge status={listing.status} />
          </Box>
        </Stack>
        <SimpleGrid as="section" aria-label="Figures" columns={{ base: 1, sm: 2, md: 4 }} gap="4">
          <StatCard label="Views" value={formatCount(listing.views)} />
          <StatCard label="Watchers" value={formatCount(analytics.watchers)} />
          <StatCard label="Saved-search matches" value={formatCount(analytics.savedSearchMatches)} />
          <StatCard
            label="Offers"
            value={formatCount(analytics.offers.total)}
            help={`${analytics.offers.open} open · ${analytics.offers.accepted} accepted · ${analytics.offers.declined} declined`}
          />
        </SimpleGrid>
        <DashboardSection id="listing-views" title="Views per day" section={{ state: "ok", data: analytics.viewsByDay }}>
          {(days) => (
            <TrendChart
              caption="Views of this listing per day, last 30 days"
              valueLabel="Views"
              points={days.map((point) => ({ label: dayLabel(point.day), value: point.views }))}
            />
          )}
        </DashboardSection>
        <DashboardSection
          id="listing-auction"
          title="Auction"
          section={{ state: "ok", data: auction }}
          isEmpty={(value) => value === null}
          empty={<Text>This listing has not been auctioned.</Text>}
        >
          {(lot) =>
            lot ? (
              <Stack gap="4">
                <Text>
                  <Badge mr="2">{isAuctionStatus(lot.status) ? AUCTION_STATUS_LABELS[lot.status] : lot.status}</Badge>
                  Current price {formatPrice(lot.currentPriceCents, lot.currency)} · {formatCount(lot.bidCount)} {lot.bidCount === 1 ? "bid" : "bids"} ·{" "}
                  {formatCount(lot.bidders)} {lot.bidders === 1 ? "bidder" : "bidders"} · ends {formatDateTime(lot.endsAt)}
                </Text>
                {lot.bids.length === 0 ? (
                  <Text color="fg.muted">No bids yet.</Text>
                ) : (
                  <Table.ScrollArea position="relative">
                    <Table.Root size="sm">
                      <Table.Caption srOnly>Bid history, newest first</Table.Caption>
                      <Table.Header>
                        <Table.Row>
                          <Table.ColumnHeader scope="col">Bidder</Table.ColumnHeader>
                          <Table.ColumnHeader scope="col">Amount</Table.ColumnHeader>
                          <Table.ColumnHeader scope="col">Time</Table.ColumnHeader>
                        </Table.Row>
                      </Table.Header>
                      <Table.Body>
                        {lot.bids.map((bid) => (
                          <Table.Row key={bid.id}>
                            <Table.Cell>{bid.bidder}</Table.Cell>
                            <Table.Cell>{formatExactPrice(bid.amountCents, lot.currency)}</Table.Cell>
                            <Table.Cell>{formatDateTime(bid.at)}</Table.Cell>
                          </Table.Row>
                        ))}
                      </Table.Body>
                    </Table.Root>
                  </Table.ScrollArea>
                )}
              </Stack>
            ) : null
          }
        </DashboardSection>
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
