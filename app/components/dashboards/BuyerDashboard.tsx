// The buyer dashboard (docs/product/dashboards.md#buyer): greeting, Your Watchlist (3, remove), Recently Viewed (4), Profile Summary, Saved
// Searches (3, delete), Recent Notifications (3 of 5, unread highlighted, icon by type); beyond the spec, my active
// bids (leading or outbid, updated live over the shared /events connection), orders and offers waiting for the buyer,
// and purchases by month and by category. Remove and delete post to /watchlist's own action (one rule, one place);
// with JavaScript they stay on the dashboard through a fetcher, without it the browser lands on /watchlist.
import { Badge, Box, Button, Flex, Heading, HStack, Image, Link, List, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Link as RemixLink, useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useLiveAuctions, useServerNow, type LiveAuctionChange } from "~/components/live/use-live-auctions.ts";
import { NotificationTypeIcon } from "~/components/NotificationTypeIcon.tsx";
import { formatTimeLeft } from "~/lib/auctions.ts";
import { formatShortDate } from "~/lib/dates.ts";
import { formatCount, formatPrice } from "~/lib/money.ts";
import type { NotificationType } from "~/lib/notification-types.ts";
import { initials } from "~/lib/user.ts";
import { auctionPriceLabel } from "~/lib/watchlist-views.ts";
import type { ActiveBid as ActiveBidView, DashboardWatchItem as WatchItem } from "~/services/dashboards/index.server.ts";
import { DashboardSection, StatCard, type SectionState } from "./DashboardParts.tsx";
import { TrendChart } from "./TrendChart.tsx";

export interface BuyerDashboardView {
  profile: { firstName: string; lastName: string; email: string; avatarUrl: string | null };
  serverNow: string;
  watchlist: SectionState<{ items: WatchItem[]; total: number }>;
  recent: SectionState<
    Array<{ card: { id: number; title: string; priceCents: number; currency: string; imageUrl: string | null }; sold: boolean; viewedAt: string }>
  >;
  savedSearches: SectionState<{ total: number; items: Array<{ id: number; title: string; listingsHref: string }> }>;
  notifications: SectionState<{
    unreadCount: number;
    items: Array<{ id: number; type: NotificationType; title: string; message: string; actionUrl: string | null; isRead: boolean; createdAt: string }>;
  }>;
  bids: SectionState<ActiveBidView[]>;
  orders: SectionState<Array<{ orderId: number; reference: string; title: string; action: "pay" | "confirm" | "review"; href: string }>>;
  offers: SectionState<{ awaitingYou: number; awaitingSeller: number }>;
  purchases: SectionState<{
    count: number;
    totals: Array<{ currency: string; cents: number }>;
    byMonth: Array<{ month: string; purchases: number }>;
    byCategory: Array<{ category: string; purchases: number }>;
  }>;
}

const ORDER_ACTION_LABELS = { pay: "Pay", confirm: "Confirm receipt", review: "Leave a review" } as const;

function monthLabel(month: string): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
}

function Thumb({ url }: { url: string | null }) {
  return url ? (
    <Image src={url} alt="" w="12" h="12" objectFit="cover" rounded="sm" loading="lazy" flexShrink="0" />
  ) : (
    <Box w="12" h="12" rounded="sm" bg="bg.muted" flexShrink="0" />
  );
}

/** A small POST to /watchlist's action (remove a watched item, delete a saved search); hidden once it succeeded. */
function WatchlistActionButton({
  intent,
  fields,
  label,
  onDone,
}: {
  intent: "remove" | "delete";
  fields: Record<string, string>;
  label: string;
  onDone: () => void;
}) {
  const fetcher = useFetcher<{ error?: string | null }>();
  const busy = fetcher.state !== "idle";
  const failed = fetcher.state === "idle" && fetcher.data?.error;
  const succeeded = fetcher.state === "idle" && fetcher.data !== undefined && !fetcher.data.error;
  useEffect(() => {
    if (succeeded) onDone();
  }, [succeeded, onDone]);
  return (
    <fetcher.Form method="post" action="/watchlist">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" size="xs" variant="ghost" colorPalette="red" disabled={busy} aria-label={label}>
        {intent === "remove" ? "Remove" : "Delete"}
      </Button>
      {failed ? (
        <Text role="alert" fontSize="xs" color="fg.error">
          {fetcher.data?.error}
        </Text>
      ) : null}
    </fetcher.Form>
  );
}

function ActiveBids({ bids, serverNow }: { bids: ActiveBidView[]; serverNow: string }) {
  const [live, setLive] = useState<Record<number, Partial<ActiveBidView>>>({});
  const now = useServerNow(serverNow, 30_000);
  const auctionIds = useMemo(() => bids.map((bid) => bid.auctionId), [bids]);
  const onAuction = useCallback((change: LiveAuctionChange) => {
    const snapshot = change.snapshot;
    setLive((previous) => {
      const known = previous[snapshot.auctionId];
      if (known?.version !== undefined && known.version >= snapshot.version) return previous;
      return {
        ...previous,
        [snapshot.auctionId]: {
          currentPriceCents: snapshot.currentPriceCents,
          bidCount: snapshot.bidCount,
          endsAt: snapshot.endsAt,
          status: snapshot.status,
          leading: snapshot.viewerLeads,
          version: snapshot.version,
        },
      };
    });
  }, []);
  useLiveAuctions({ auctionIds, onAuction, enabled: auctionIds.length > 0 });
  return (
    <List.Root variant="plain" gap="3" aria-live="polite">
      {bids.map((loaded) => {
        const update = live[loaded.auctionId];
        const bid = update && (update.version ?? 0) >= loaded.version ? { ...loaded, ...update } : loaded;
        const left = new Date(bid.endsAt).getTime() - now;
        return (
          <List.Item key={bid.auctionId} display="flex" justifyContent="space-between" gap="3" flexWrap="wrap" data-auction-id={bid.auctionId}>
            <Box minW="0">
              <Link asChild fontWeight="medium">
                <RemixLink to={`/auctions/${bid.auctionId}`}>{bid.title}</RemixLink>
              </Link>
              <Text fontSize="sm" color="fg.muted">
                Current price {formatPrice(bid.currentPriceCents, bid.currency)} · {formatCount(bid.bidCount)} {bid.bidCount === 1 ? "bid" : "bids"} ·{" "}
                {bid.status === "ended" || bid.status === "cancelled" ? "Auction ended" : `${formatTimeLeft(left)} left`}
              </Text>
            </Box>
            <Badge colorPalette={bid.leading ? "green" : "red"} variant="subtle" alignSelf="center" data-testid="bid-state">
              {bid.leading ? "Leading" : "Outbid"}
            </Badge>
          </List.Item>
        );
      })}
    </List.Root>
  );
}

export function BuyerDashboard({ data }: { data: BuyerDashboardView }) {
  const { profile } = data;
  const [removed, setRemoved] = useState<Set<string>>(() => new Set());
  const hide = useCallback((key: string) => setRemoved((previous) => (previous.has(key) ? previous : new Set(previous).add(key))), []);
  const name = `${profile.firstName} ${profile.lastName}`.trim();
  const watchlist: typeof data.watchlist =
    data.watchlist.state === "ok"
      ? { state: "ok", data: { ...data.watchlist.data, items: data.watchlist.data.items.filter((item) => !removed.has(`w${item.listingId}`)) } }
      : data.watchlist;
  const searches: typeof data.savedSearches =
    data.savedSearches.state === "ok"
      ? { state: "ok", data: { ...data.savedSearches.data, items: data.savedSearches.data.items.filter((item) => !removed.has(`s${item.id}`)) } }
      : data.savedSearches;
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        Welcome{profile.firstName ? `, ${profile.firstName}` : ""}
      </Heading>

      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="6">
        <Box gridColumn={{ lg: "span 2" }} minW="0">
          <DashboardSection
            id="buyer-watchlist"
            title="Your Watchlist"
            section={watchlist}
            viewAll="/watchlist"
            isEmpty={(list) => list.items.length === 0}
            empty={
              <Stack align="flex-start" gap="3">
                <Text>You are not watching any equipment yet.</Text>
                <Button asChild size="sm" colorPalette="blue">
                  <RemixLink to="/listings">Browse Equipment</RemixLink>
                </Button>
              </Stack>
            }
          >
            {(list) => (
              <List.Root variant="plain" gap="3">
                {list.items.map((item) => (
                  <List.Item key={item.listingId} display="flex" gap="3" alignItems="center">
                    <Thumb url={item.imageUrl} />
                    <Box flex="1" minW="0">
                      <Link asChild fontWeight="medium">
                        <RemixLink to={`/listings/${item.listingId}`}>{item.title}</RemixLink>
                      </Link>
                      <Text fontSize="sm" color="fg.muted">
                        {[item.brand, item.model].filter(Boolean).join(" ")}
                        {item.brand || item.model ? " · " : ""}
                        {item.bidCount === null ? "" : `${auctionPriceLabel(item.bidCount)} `}
                        {formatPrice(item.priceCents, item.currency)}
                      </Text>
                    </Box>
                    <WatchlistActionButton
                      intent="remove"
                      fields={{ listingId: String(item.listingId), title: item.title }}
                      label={`Remove ${item.title} from your watchlist`}
                      onDone={() => hide(`w${item.listingId}`)}
                    />
                  </List.Item>
                ))}
              </List.Root>
            )}
          </DashboardSection>
        </Box>
        <DashboardSection id="buyer-profile" title="Profile Summary" section={{ state: "ok", data: profile }}>
          {(me) => (
            <Stack gap="3" align="flex-start">
              <HStack gap="3">
                {me.avatarUrl ? (
                  <Image src={me.avatarUrl} alt="" w="12" h="12" rounded="full" objectFit="cover" />
                ) : (
                  <Flex w="12" h="12" rounded="full" bg="teal.subtle" color="teal.fg" align="center" justify="center" fontWeight="bold" aria-hidden="true">
                    {initials(me)}
                  </Flex>
                )}
                <Box minW="0">
                  <Text fontWeight="medium">{name || me.email}</Text>
                  <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
                    {me.email}
                  </Text>
                </Box>
              </HStack>
              <Button asChild size="sm" variant="outline">
                <RemixLink to="/profile">Edit Profile</RemixLink>
              </Button>
            </Stack>
          )}
        </DashboardSection>
      </SimpleGrid>

      <DashboardSection
        id="buyer-bids"
        title="My active bids"
        section={data.bids}
        isEmpty={(bids) => bids.length === 0}
        empty={
          <Text>
            You have no bids on live auctions.{" "}
            <Link asChild colorPalette="blue">
              <RemixLink to="/auctions">See live auctions</RemixLink>
            </Link>
          </Text>
        }
      >
        {(bids) => <ActiveBids bids={bids} serverNow={data.serverNow} />}
      </DashboardSection>

      <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
        <DashboardSection
          id="buyer-orders"
          title="Orders awaiting your action"
          section={data.orders}
          viewAll="/orders"
          isEmpty={(orders) => orders.length === 0}
          empty={<Text>Nothing to do on your orders right now.</Text>}
        >
          {(orders) => (
            <List.Root variant="plain" gap="2">
              {orders.map((order) => (
                <List.Item key={`${order.action}-${order.orderId}`} display="flex" justifyContent="space-between" gap="3" flexWrap="wrap">
                  <Text minW="0">
                    {order.title}{" "}
                    <Text as="span" color="fg.muted" fontSize="sm">
                      ({order.reference})
                    </Text>
                  </Text>
                  <Button asChild size="xs" colorPalette="blue" variant="outline">
                    <RemixLink to={order.href} aria-label={`${ORDER_ACTION_LABELS[order.action]}: ${order.title}`}>
                      {ORDER_ACTION_LABELS[order.action]}
                    </RemixLink>
                  </Button>
                </List.Item>
              ))}
            </List.Root>
          )}
        </DashboardSection>
        <DashboardSection id="buyer-offers" title="Your offers" section={data.offers} viewAll="/offers">
          {(offers) => (
            <List.Root variant="plain" gap="2">
              <List.Item>
                <Link asChild>
                  <RemixLink to="/offers">Counter-offers awaiting your answer: {formatCount(offers.awaitingYou)}</RemixLink>
                </Link>
              </List.Item>
              <List.Item>
                <Text>Your offers awaiting the seller: {formatCount(offers.awaitingSeller)}</Text>
              </List.Item>
            </List.Root>
          )}
        </DashboardSection>
      </SimpleGrid>

      <DashboardSection
        id="buyer-recent"
        title="Recently Viewed"
        section={data.recent}
        isEmpty={(rows) => rows.length === 0}
        empty={<Text>You haven't viewed any equipment listings yet.</Text>}
      >
        {(rows) => (
          <SimpleGrid as="ul" columns={{ base: 1, sm: 2, lg: 4 }} gap="4" listStyleType="none">
            {rows.map((row) => (
              <Box as="li" key={row.card.id} display="flex" gap="3" alignItems="center" minW="0">
                <Thumb url={row.card.imageUrl} />
                <Box minW="0">
                  <Link asChild fontWeight="medium">
                    <RemixLink to={`/listings/${row.card.id}`}>{row.card.title}</RemixLink>
                  </Link>
                  <Text fontSize="sm" color="fg.muted">
                    {row.sold ? "Sold · " : ""}
                    {formatPrice(row.card.priceCents, row.card.currency)} · viewed {formatShortDate(row.viewedAt)}
                  </Text>
                </Box>
              </Box>
            ))}
          </SimpleGrid>
        )}
      </DashboardSection>

      <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
        <DashboardSection
          id="buyer-saved-searches"
          title="Saved Searches"
          section={searches}
          viewAll="/saved-searches"
          isEmpty={(list) => list.items.length === 0}
          empty={<Text>You don't have any saved searches yet.</Text>}
        >
          {(list) => (
            <List.Root variant="plain" gap="2">
              {list.items.map((search) => (
                <List.Item key={search.id} display="flex" justifyContent="space-between" alignItems="center" gap="3">
                  <Link asChild colorPalette="blue" minW="0">
                    <RemixLink to={search.listingsHref}>{search.title}</RemixLink>
                  </Link>
                  <WatchlistActionButton
                    intent="delete"
                    fields={{ searchId: String(search.id) }}
                    label={`Delete the saved search ${search.title}`}
                    onDone={() => hide(`s${search.id}`)}
                  />
                </List.Item>
              ))}
            </List.Root>
          )}
        </DashboardSection>
        <DashboardSection
          id="buyer-notifications"
          title="Recent Notifications"
          section={data.notifications}
          viewAll="/notifications"
          isEmpty={(list) => list.items.length === 0}
          empty={<Text>You don't have any notifications yet.</Text>}
        >
          {(list) => (
            <List.Root variant="plain" gap="2">
              {list.items.map((notification) => (
                <List.Item
                  key={notification.id}
                  display="flex"
                  gap="3"
                  p="2"
                  rounded="md"
                  bg={notification.isRead ? undefined : "bg.subtle"}
                  borderInlineStartWidth={notification.isRead ? undefined : "3px"}
                  borderInlineStartColor="blue.solid"
                  data-read={notification.isRead}
                >
                  <NotificationTypeIcon type={notification.type} />
                  <Box minW="0">
                    <Text fontWeight={notification.isRead ? "medium" : "bold"}>
                      {notification.actionUrl ? (
                        <Link asChild>
                          <RemixLink to={notification.actionUrl}>{notification.title}</RemixLink>
                        </Link>
                      ) : (
                        notification.title
                      )}
                      {notification.isRead ? null : (
                        <Text as="span" srOnly>
                          {" "}
                          (unread)
                        </Text>
                      )}
                    </Text>
                    <Text fontSize="sm" color="fg.muted">
                      {notification.message}
                    </Text>
                    <Text fontSize="xs" color="fg.muted">
                      {formatShortDate(notification.createdAt)}
                    </Text>
                  </Box>
                </List.Item>
              ))}
            </List.Root>
          )}
        </DashboardSection>
      </SimpleGrid>

      <DashboardSection
        id="buyer-purchases"
        title="Your purchases"
        section={data.purchases}
        viewAll="/orders"
        isEmpty={(figures) => figures.count === 0}
        empty={<Text>You have not bought anything yet.</Text>}
      >
        {(figures) => (
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <StatCard label="Total purchases" value={formatCount(figures.count)} />
              <StatCard label="Total spent" value={figures.totals.map((total) => formatPrice(total.cents, total.currency)).join(" · ")} />
            </SimpleGrid>
            <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
              <Box minW="0">
                <Heading as="h3" size="sm" mb="2">
                  By month
                </Heading>
                <TrendChart
                  caption="Your purchases per month, last 12 months"
                  valueLabel="Purchases"
                  points={figures.byMonth.map((point) => ({ label: monthLabel(point.month), value: point.purchases }))}
                />
              </Box>
              <Box minW="0">
                <Heading as="h3" size="sm" mb="2">
                  By category
                </Heading>
                <TrendChart
                  caption="Your purchases per category"
                  valueLabel="Purchases"
                  color="blue.solid"
                  points={figures.byCategory.map((point) => ({ label: point.category, value: point.purchases }))}
                />
              </Box>
            </SimpleGrid>
          </Stack>
        )}
      </DashboardSection>
    </Stack>
  );
}
