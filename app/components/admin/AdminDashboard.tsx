// The admin dashboard (docs/product/admin.md#dashboard): greeting, the four figures, Recent Sales, Flagged Listings,
// Category Distribution, Quick Actions, Recent Users, System Status and the growth charts. Each section shows its own
// error or empty text; a section the viewer's role does not open is left out. Rendered by /admin and, for
// administrators, by /dashboard: the data comes from loadAdminDashboard (app/services/admin/dashboard.server.ts).
import { Avatar, Badge, Box, Button, Flex, Heading, Image, Link, List, SimpleGrid, Stack, Table, Text } from "@chakra-ui/react";
import { Form, Link as RemixLink } from "@remix-run/react";
import { DASHBOARD_MESSAGES, FLAG_REASON_LABELS, type AdminDashboardData } from "~/lib/admin-dashboard.ts";
import { formatShortDate } from "~/lib/dates.ts";
import { formatCount, formatPrice } from "~/lib/money.ts";
import { CurrencyTotalsHelp } from "./CurrencyTotals.tsx";
import { DashboardSection, RegionTable, StatCard } from "../dashboards/DashboardParts.tsx";
import { CategoryChart } from "./CategoryChart.tsx";
import { GrowthChart } from "./GrowthChart.tsx";
import { RoleBadge } from "./MemberAdminParts.tsx";
import { CheckStateBadge, SystemStatusList } from "./SystemStatusList.tsx";

export function AdminDashboard({
  firstName,
  dashboard,
  headingLevel = "h1",
}: {
  firstName: string;
  dashboard: AdminDashboardData;
  headingLevel?: "h1" | "h2";
}) {
  const { stats, recentSales, flaggedListings, categories, recentUsers, growth, systemStatus, quickActions } = dashboard;
  return (
    <Stack gap="6">
      <Heading as={headingLevel} size="2xl">
        Welcome back, {firstName}
      </Heading>

      {stats ? (
        stats.state === "error" ? (
          <Text role="alert" color="fg.error">
            {stats.message}
          </Text>
        ) : (
          <Box as="section" aria-label="Marketplace figures">
            <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
              <StatCard label="Total Listings" value={formatCount(stats.data.totalListings)} />
              <StatCard label="Total Users" value={formatCount(stats.data.totalUsers)} />
              <StatCard
                label="Total Sales"
                value={formatPrice(stats.data.totalSalesCents, stats.data.salesTotals.converted.currency)}
                help={<CurrencyTotalsHelp totals={stats.data.salesTotals} which="amountCents" />}
              />
              <StatCard label="Listings Written by the AI Model" value={formatCount(stats.data.aiListingsProcessed)} />
            </SimpleGrid>
            {stats.data.pendingFraudReports === null ? null : (
              <Text mt="2" fontSize="sm" color="fg.muted">
                Fraud reports awaiting review: {formatCount(stats.data.pendingFraudReports)}
              </Text>
            )}
          </Box>
        )
      ) : null}

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        {recentSales ? (
          <DashboardSection
            id="recent-sales"
            title="Recent Sales"
            section={recentSales}
            viewAll="/admin/sales"
            isEmpty={(sales) => sales.length === 0}
            empty={DASHBOARD_MESSAGES.noSales}
          >
            {(sales) => (
              <RegionTable label="Recent sales table" columns={["Item", "Amount", "Buyer", "Seller", "Date"]}>
                {sales.map((sale) => (
                  <Table.Row key={sale.id}>
                    <Table.Cell>
                      <Link asChild textDecoration="underline">
                        <RemixLink to={`/listings/${sale.listingId}`}>{sale.title}</RemixLink>
                      </Link>
                    </Table.Cell>
                    <Table.Cell>{formatPrice(sale.amountCents, sale.currency)}</Table.Cell>
                    <Table.Cell>{sale.buyer.name}</Table.Cell>
                    <Table.Cell>{sale.seller.name}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{formatShortDate(sale.createdAt)}</Table.Cell>
                  </Table.Row>
                ))}
              </RegionTable>
            )}
          </DashboardSection>
        ) : null}

        {flaggedListings ? (
          <DashboardSection
            id="flagged-listings"
            title="Flagged Listings"
            section={flaggedListings}
            viewAll="/admin/flagged-listings"
            isEmpty={(listings) => listings.length === 0}
            empty={DASHBOARD_MESSAGES.noFlagged}
          >
            {(listings) => (
              <RegionTable label="Flagged listings table" columns={["Listing", "Price", "Reason", "Seller", "Flagged", <Text srOnly>Actions</Text>]}>
                {listings.map((listing) => (
                  <Table.Row key={listing.listingId}>
                    <Table.Cell>
                      <Flex gap="2" align="center">
                        {listing.imageUrl ? (
                          <Image src={listing.imageUrl} alt="" boxSize="10" flexShrink={0} objectFit="cover" rounded="sm" loading="lazy" />
                        ) : (
                          <Box boxSize="10" bg="bg.muted" rounded="sm" aria-hidden="true" />
                        )}
                        <Link asChild textDecoration="underline">
                          <RemixLink to={`/listings/${listing.listingId}`}>{listing.title}</RemixLink>
                        </Link>
                      </Flex>
                    </Table.Cell>
                    <Table.Cell>{formatPrice(listing.priceCents, listing.currency)}</Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette="red" variant="subtle">
                        {FLAG_REASON_LABELS[listing.reason] ?? listing.reason}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell>{listing.sellerName}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{formatShortDate(listing.flaggedAt)}</Table.Cell>
                    <Table.Cell>
                      <Flex gap="3" align="center">
                        <Link asChild textDecoration="underline">
                          <RemixLink to={`/admin/review-listing/${listing.listingId}`} aria-label={`Review ${listing.title}`}>
                            Review
                          </RemixLink>
                        </Link>
                        <RemoveListingForm listingId={listing.listingId} title={listing.title} />
                      </Flex>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </RegionTable>
            )}
          </DashboardSection>
        ) : null}

        {categories ? (
          <DashboardSection
            id="category-distribution"
            title="Category Distribution"
            section={categories}
            isEmpty={(shares) => shares.length === 0}
            empty={DASHBOARD_MESSAGES.noCategories}
          >
            {(shares) => <CategoryChart categories={shares} />}
          </DashboardSection>
        ) : null}

        {quickActions.length > 0 ? (
          <DashboardSection id="quick-actions" title="Quick Actions" section={{ state: "ok", data: quickActions }}>
            {(actions) => (
              <List.Root variant="plain" gap="2">
                {actions.map((action) => (
                  <List.Item key={action.to}>
                    <Link asChild textDecoration="underline">
                      <RemixLink to={action.to}>{action.label}</RemixLink>
                    </Link>
                  </List.Item>
                ))}
              </List.Root>
            )}
          </DashboardSection>
        ) : null}

        {recentUsers ? (
          <DashboardSection
            id="recent-users"
            title="Recent Users"
            section={recentUsers}
            viewAll="/admin/users"
            isEmpty={(users) => users.length === 0}
            empty={DASHBOARD_MESSAGES.noUsers}
          >
            {(users) => (
              <List.Root variant="plain" gap="3">
                {users.map((member) => (
                  <List.Item key={member.id}>
                    <Flex gap="3" align="center" minW="0">
                      <Avatar.Root size="sm">
                        <Avatar.Fallback>{member.initials}</Avatar.Fallback>
                        {member.avatarUrl ? <Avatar.Image src={member.avatarUrl} alt="" /> : null}
                      </Avatar.Root>
                      <Box minW="0" flex="1">
                        <Link asChild textDecoration="underline" fontWeight="medium">
                          <RemixLink to={`/admin/users/${member.id}`}>{member.name}</RemixLink>
                        </Link>
                        <Text fontSize="sm" color="fg.muted" truncate>
                          {member.email}
                        </Text>
                      </Box>
                      <RoleBadge role={member.role} />
                    </Flex>
                  </List.Item>
                ))}
              </List.Root>
            )}
          </DashboardSection>
        ) : null}

        {systemStatus ? (
          <DashboardSection id="system-status" title="System Status" section={systemStatus} viewAll="/admin/system-status">
            {(status) => (
              <Stack gap="3">
                <Flex gap="2" align="center">
                  <Text>Overall:</Text>
                  <CheckStateBadge state={status.overall} />
                </Flex>
                <SystemStatusList checks={status.checks} compact />
              </Stack>
            )}
          </DashboardSection>
        ) : null}
      </SimpleGrid>

      {growth ? (
        <DashboardSection
          id="growth"
          title="Growth by month"
          section={growth}
          isEmpty={(months) => months.every((month) => month.users === 0 && month.sales === 0 && month.listings === 0)}
          empty={DASHBOARD_MESSAGES.noGrowth}
        >
          {(months) => <GrowthChart months={months} />}
        </DashboardSection>
      ) : null}
    </Stack>
  );
}

/**
 * Remove a flagged listing: the moderation's review (decision "remove": archived, its live auction cancelled, the seller
 * told, audited), back to this page afterwards. A plain POST form, so it works without JavaScript; with it, a confirm.
 */
function RemoveListingForm({ listingId, title }: { listingId: number; title: string }) {
  return (
    <Form
      method="post"
      action={`/admin/review-listing/${listingId}`}
      onSubmit={(event) => {
        if (!window.confirm(`Remove "${title}"? The listing is taken down and the seller is told.`)) event.preventDefault();
      }}
    >
      <input type="hidden" name="decision" value="remove" />
      <input type="hidden" name="returnTo" value="/admin" />
      <Button type="submit" size="xs" variant="outline" colorPalette="red" aria-label={`Remove ${title}`}>
        Remove
      </Button>
    </Form>
  );
}
