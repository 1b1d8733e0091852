// /auctions/{id}: the lot page. Pictures, the lot's clock and price, the bid panel, the newest bids, the seller and
// the item, and how bidding works. Bids by others, extensions and the end arrive live (Server-Sent Events); the
// page works without JavaScript too (the bid form posts and comes back here with the outcome).
import { Badge, Box, Card, Container, Heading, HStack, Link, Stack } from "@chakra-ui/react";
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link as RemixLink, useLoaderData, useRouteError } from "@remix-run/react";
import { useMemo } from "react";
import { AuctionSummary } from "~/components/auction/AuctionSummary.tsx";
import { BidHistory } from "~/components/auction/BidHistory.tsx";
import { BiddingRules } from "~/components/auction/BiddingRules.tsx";
import { BidPanel } from "~/components/auction/BidPanel.tsx";
import { OwnerAuctionControls, OwnerAuctionOutcome } from "~/components/auction/OwnerAuctionControls.tsx";
import { useLiveAuction } from "~/components/auction/use-live-auction.ts";
import { ListingFacts } from "~/components/listing-detail/ListingFacts.tsx";
import { ListingBreadcrumb, ListingColumns, ListingDescription, ListingShowcase } from "~/components/listing-detail/ListingPageLayout.tsx";
import { ListingProblem } from "~/components/listing-detail/ListingProblem.tsx";
import { SellerPanel } from "~/components/listing-detail/SellerPanel.tsx";
import { SpecificationsTable } from "~/components/listing-detail/SpecificationsTable.tsx";
import { WatcherCount } from "~/components/listing-detail/WatcherCount.tsx";
import { ContactSellerButton } from "~/components/ContactSellerButton.tsx";
import { LotEventContext } from "~/components/sale-events/LotEventContext.tsx";
import { ReportListingControl } from "~/components/moderation/ReportListingForm.tsx";
import { RememberBrowsed } from "~/components/pwa/RememberBrowsed.tsx";
import { WatchButton } from "~/components/WatchButton.tsx";
import { getDb } from "~/db.server.ts";
import { takeBidFlash } from "~/web/bid-flash.server.ts";
import { conditionLabel } from "~/lib/conditions.ts";
import { isListingType, LISTING_TYPE_MEANINGS } from "~/lib/listing-types.ts";
import { toOfflineListing } from "~/lib/offline/listing-copy.ts";
import { AUCTION_PAGE_MESSAGES } from "~/schemas/bid.ts";
import { parseRouteId } from "~/web/route-params.server.ts";
import { galleryStartIndex } from "~/schemas/listing-detail.ts";
import { getAuctionPage } from "~/flows/index.server.ts";
import { getOptionalUser } from "~/web/auth.server.ts";
import { viewerApproxPrices } from "~/web/viewer-currency.server.ts";
import { recordRecentView } from "~/services/listings/index.server.ts";
import { lotEventTerms } from "~/services/sale-events/index.server.ts";
import { watcherCountFor, watchedAmong } from "~/services/watchlist/index.server.ts";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => {
  if (!loaded) return [{ title: `${AUCTION_PAGE_MESSAGES.notFound} — Tradebench` }];
  return [{ title: `${loaded.listing.title} — Auction — Tradebench` }, { name: "description", content: `Bid on ${loaded.listing.title} at Tradebench.` }];
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const auctionId = parseRouteId(params.id, AUCTION_PAGE_MESSAGES.notFound);
  const db = getDb();
  const user = await getOptionalUser(request);
  const page = await getAuctionPage(db, auctionId, user ? { id: user.id, role: user.role } : null);
  if (!page) throw data({ message: AUCTION_PAGE_MESSAGES.notFound }, { status: 404 });
  const [watched, { flash, headers }, watcherCount, , approx, saleEvent] = await Promise.all([
    watchedAmong(db, user?.id, [page.listing.id]),
    takeBidFlash(request, auctionId),
    watcherCountFor(db, page.listing, user ? { id: user.id, role: user.role } : null),
    recordRecentView(db, { userId: user?.id, listingId: page.listing.id, ownerId: page.listing.ownerId }).catch((error: unknown) => {
      console.error("Could not record a recent view", error);
    }),
    viewerApproxPrices(db, request, user),
    lotEventTerms(db, auctionId),
  ]);
  const url = new URL(request.url);
  return data(
    {
      ...page,
      watching: watched.has(page.listing.id),
      // Only for the listing's owner and admins (null for everyone else, so nobody else's page data carries it).
      watcherCount,
      // "≈ {amount}" beside the current bid in the viewer's currency; the bid itself stays in the lot's currency.
      approx,
      // The sale event this lot belongs to (null: a lone auction).
      saleEvent,
      flash,
      startImage: galleryStartIndex(url.searchParams.get("image"), page.listing.images.length),
      // Signed-in members keep a copy of what they open for offline use.
      offlineCopy: user ? toOfflineListing(page.listing, page.snapshot) : null,
    },
    { headers },
  );
}

export default function AuctionLotPage() {
  const loaded = useLoaderData<typeof loader>();
  const { listing, serverNow, viewerSignedIn, viewerIsSeller, watching, watcherCount, flash, startImage } = loaded;
  const fromLoader = useMemo(() => ({ snapshot: loaded.snapshot, history: loaded.history }), [loaded.snapshot, loaded.history]);
  const { view, apply, mode } = useLiveAuction(fromLoader);
  const { snapshot, history } = view;

  return (
    <Container maxW="7xl" py={{ base: "6", md: "10" }} data-live={mode}>
      <RememberBrowsed listing={loaded.offlineCopy} />
      <ListingBreadcrumb section={{ to: "/auctions", label: "Auctions" }} title={listing.title} />

      <ListingShowcase listing={listing} startImage={startImage}>
        <Stack gap="3">
          <HStack gap="2" wrap="wrap">
            <Badge size="lg" colorPalette="purple">
              {isListingType(listing.listingType) ? LISTING_TYPE_MEANINGS[listing.listingType] : LISTING_TYPE_MEANINGS.auction}
            </Badge>
            <Badge size="lg" variant="outline">
              {conditionLabel(listing.condition)}
            </Badge>
          </HStack>
          <Heading as="h1" size={{ base: "2xl", md: "3xl" }} overflowWrap="anywhere">
            {listing.title}
          </Heading>
        </Stack>

        {loaded.saleEvent ? <LotEventContext context={loaded.saleEvent} closesAt={snapshot.endsAt} bidCents={snapshot.currentPriceCents} /> : null}

        <Card.Root as="section" aria-label="Auction" variant="outline">
          <Card.Body gap="6">
            <AuctionSummary snapshot={snapshot} serverNow={serverNow} approx={loaded.approx} />
            <BidPanel
              key={snapshot.auctionId}
              snapshot={snapshot}
              serverNow={serverNow}
              signedIn={viewerSignedIn}
              viewerIsSeller={viewerIsSeller}
              flash={flash}
              onSnapshot={apply}
            />
          </Card.Body>
        </Card.Root>

        {viewerIsSeller ? (
          <Stack gap="3">
            <OwnerAuctionOutcome />
            <OwnerAuctionControls auctionId={snapshot.auctionId} status={snapshot.status} bidCount={snapshot.bidCount} />
          </Stack>
        ) : null}

        <HStack gap="4" wrap="wrap">
          {snapshot.status !== "ended" || watching ? <WatchButton listingId={listing.id} watching={watching} title={listing.title} variant="full" /> : null}
          {viewerIsSeller ? null : <ContactSellerButton listingId={listing.id} />}
          <Link asChild colorPalette="blue" variant="underline" fontWeight="medium">
            <RemixLink to={`/listings/${listing.id}`}>View the listing page</RemixLink>
          </Link>
        </HStack>
        {watcherCount !== null ? <WatcherCount count={watcherCount} /> : null}

        <SellerPanel seller={listing.seller} />
        {viewerSignedIn && !viewerIsSeller ? <ReportListingControl listingId={listing.id} /> : null}
      </ListingShowcase>

      <ListingColumns mt="10">
        <Stack gap="8" minW="0">
          <BidHistory history={history} bidCount={snapshot.bidCount} currency={snapshot.currency} serverNow={serverNow} />
          <ListingDescription description={listing.description} />
          <Stack as="section" gap="3" aria-labelledby="item-details-heading">
            <Heading as="h2" size="lg" id="item-details-heading">
              Item details
            </Heading>
            <ListingFacts listing={listing} />
          </Stack>
          <SpecificationsTable specifications={listing.specifications} />
        </Stack>
        <Box minW="0">
          <BiddingRules auction={snapshot} />
        </Box>
      </ListingColumns>
    </Container>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <ListingProblem error={error} messages={AUCTION_PAGE_MESSAGES} browse={{ to: "/auctions", label: "Browse Auctions" }} />;
}
