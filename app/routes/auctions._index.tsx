// /auctions: the auctions list of docs/product/auctions.md#auction-list — filters, sorts, twelve cards a page, the three-step
// explainer — with the cards following their auctions live (price, bids, reserve, end, status) over /events.
import { Button, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link as RemixLink, useLoaderData, useLocation, useNavigation, type ShouldRevalidateFunction } from "@remix-run/react";
import { useCallback, useMemo, useState } from "react";
import { AuctionCard } from "~/components/auctions/AuctionCard.tsx";
import { AuctionFilters } from "~/components/auctions/AuctionFilters.tsx";
import { AuctionsExplainer } from "~/components/auctions/AuctionsExplainer.tsx";
import { auctionsUi } from "~/components/auctions/auctions-styles.ts";
import { ui } from "~/components/listings/listings-styles.ts";
import { Pagination } from "~/components/listings/Pagination.tsx";
import { LoadingSpinner } from "~/components/LoadingSpinner.tsx";
import { getDb } from "~/db.server.ts";
import { auctionsUrl, parseAuctionFilters } from "~/lib/auction-filters.ts";
import type { AuctionSnapshot } from "~/lib/auctions.ts";
import { useLiveAuctions, useServerNow, type LiveAuctionChange } from "~/components/live/use-live-auctions.ts";
import { formatCount } from "~/lib/money.ts";
import { listAuctions, type AuctionCardData } from "~/services/auctions/index.server.ts";
import { getOptionalUser } from "~/web/auth.server.ts";
import { viewerApproxPrices } from "~/web/viewer-currency.server.ts";

export const AUCTIONS_MESSAGES = {
  title: "Live Auctions",
  loading: "Loading auctions...",
  empty: "No auctions found matching your criteria.",
  browseAll: "Browse All Listings",
  loadFailed: "Failed to load auctions",
  tryAgain: "Try Again",
} as const;

/** How often the cards' time left is recomputed (they show minutes at the finest). */
const CLOCK_TICK_MS = 15_000;

export const meta: MetaFunction = () => [
  { title: `${AUCTIONS_MESSAGES.title} — Tradebench` },
  { name: "description", content: "Bid on used industrial electronics, test equipment and heavy machinery in live auctions." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const filters = parseAuctionFilters(new URL(request.url).searchParams);
  const db = getDb();
  const user = await getOptionalUser(request);
  const [result, approx] = await Promise.all([listAuctions(db, filters, user?.id), viewerApproxPrices(db, request, user)]);
  // Past the last page (a stale link): the last page that exists.
  if (result.total > 0 && filters.page > result.totalPages) {
    throw redirect(auctionsUrl({ ...filters, page: result.totalPages }));
  }
  return { filters, ...result, approx, serverNow: new Date().toISOString() };
}

/** The watch toggle posts elsewhere and changes nothing the loader shows: no reload of the list for it. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod && formMethod.toUpperCase() !== "GET" ? false : defaultShouldRevalidate;

/** A card with the newest live state of its auction laid over it. */
function withLiveState(card: AuctionCardData, snapshot: AuctionSnapshot | undefined): AuctionCardData {
  if (!snapshot || snapshot.version < card.version) return card;
  return {
    ...card,
    status: snapshot.status,
    startsAt: snapshot.startsAt,
    endsAt: snapshot.endsAt,
    currentPriceCents: snapshot.currentPriceCents,
    startingPriceCents: snapshot.startingPriceCents,
    reserve: snapshot.reserve,
    bidCount: snapshot.bidCount,
    version: snapshot.version,
  };
}

export default function AuctionsPage() {
  const { filters, auctions, total, page, totalPages, serverNow, approx } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const now = useServerNow(serverNow, CLOCK_TICK_MS);
  const currentUrl = auctionsUrl(filters);

  // Live changes by auction id; a change older than what the loader gave is ignored when laid over.
  const [live, setLive] = useState<Record<number, AuctionSnapshot>>({});
  const onAuction = useCallback((change: LiveAuctionChange) => {
    const { snapshot } = change;
    setLive((previous) => {
      const known = previous[snapshot.auctionId];
      return known && known.version >= snapshot.version ? previous : { ...previous, [snapshot.auctionId]: snapshot };
    });
  }, []);
  const auctionIds = useMemo(() => auctions.map((auction) => auction.auctionId), [auctions]);
  const liveMode = useLiveAuctions({ auctionIds, onAuction, enabled: auctionIds.length > 0 });
  const cards = auctions.map((auction) => withLiveState(auction, live[auction.auctionId]));

  const loading = navigation.state === "loading" && navigation.location.pathname === "/auctions";

  return (
    <div className={auctionsUi.page}>
      <div className={auctionsUi.banner}>
        <h1 className={auctionsUi.bannerTitle}>{AUCTIONS_MESSAGES.title}</h1>
        <p className={auctionsUi.bannerText}>
          Bid on tested industrial electronics, instruments and heavy equipment from verified sellers. Prices update live as bids come in.
        </p>
        <p className={auctionsUi.bannerText}>
          Plant closures and lab clear-outs are sold as{" "}
          <RemixLink to="/sale-events" className={auctionsUi.bannerLink}>
            timed sale events
          </RemixLink>
          , their lots closing one after another.
        </p>
      </div>

      <div className={auctionsUi.main}>
        <div className={ui.panel}>
          <AuctionFilters key={currentUrl} filters={filters} />
        </div>

        {loading ? (
          <LoadingSpinner message={AUCTIONS_MESSAGES.loading} />
        ) : (
          <>
            <div className={auctionsUi.summaryBar}>
              <p className={ui.summary} role="status">
                Showing {formatCount(auctions.length)} of {formatCount(total)} {total === 1 ? "auction" : "auctions"}
              </p>
            </div>

            {cards.length > 0 ? (
              <ul className={ui.grid} aria-label="Auctions" data-live-mode={liveMode}>
                {cards.map((auction) => (
                  <li key={auction.auctionId}>
                    <AuctionCard auction={auction} now={now} approx={approx} />
                  </li>
                ))}
              </ul>
            ) : (
              <NoAuctions />
            )}

            <Pagination page={page} totalPages={totalPages} hrefFor={(n) => auctionsUrl({ ...filters, page: n })} />
          </>
        )}
      </div>

      <AuctionsExplainer />
    </div>
  );
}

function NoAuctions() {
  return (
    <div className={auctionsUi.empty}>
      <h2 className={auctionsUi.emptyTitle}>{AUCTIONS_MESSAGES.empty}</h2>
      <p>Try another status or category, or browse everything for sale.</p>
      <RemixLink to="/listings" className={auctionsUi.emptyLink}>
        {AUCTIONS_MESSAGES.browseAll}
      </RemixLink>
    </div>
  );
}

/**
 * "Failed to load auctions" with Try Again. Try Again is a plain GET form for the same address: it reloads the page
 * with or without JavaScript.
 */
export function ErrorBoundary() {
  const location = useLocation();
  const params = [...new URLSearchParams(location.search)];
  return (
    <Container maxW="2xl" py="16" textAlign="center">
      <Stack gap="6" align="center">
        <Heading as="h1" size="2xl">
          {AUCTIONS_MESSAGES.loadFailed}
        </Heading>
        <Text color="fg.muted">Something went wrong while loading the auctions. Please try again in a moment.</Text>
        <form method="get" action={location.pathname}>
          {params.map(([name, value], index) => (
            <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
          ))}
          <Button type="submit" colorPalette="blue">
            {AUCTIONS_MESSAGES.tryAgain}
          </Button>
        </form>
      </Stack>
    </Container>
  );
}
