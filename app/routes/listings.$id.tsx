// /listings/{id}: one listing with its pictures, facts, seller, description, specifications and related equipment.
// Opening it counts a view (once per viewer per 30 minutes, never the owner's).
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useRouteError } from "@remix-run/react";
import { ListingAuctionPanel } from "~/components/auction/ListingAuctionPanel.tsx";
import { CalibrationPanel } from "~/components/listing-detail/CalibrationPanel.tsx";
import { ListingFacts, ListingSummary } from "~/components/listing-detail/ListingFacts.tsx";
import { page } from "~/components/listing-detail/detail-styles.ts";
import { ListingBreadcrumb, ListingColumns, ListingDescription, ListingShowcase } from "~/components/listing-detail/ListingPageLayout.tsx";
import { ListingProblem } from "~/components/listing-detail/ListingProblem.tsx";
import { ListingTypePanel } from "~/components/listing-detail/ListingTypePanel.tsx";
import { SellerPanel } from "~/components/listing-detail/SellerPanel.tsx";
import { SpecificationsTable } from "~/components/listing-detail/SpecificationsTable.tsx";
import { WatcherCount } from "~/components/listing-detail/WatcherCount.tsx";
import { ListingCard } from "~/components/ListingCard.tsx";
import { MakeOfferPanel } from "~/components/offers/MakeOfferPanel.tsx";
import { ReportListingControl } from "~/components/moderation/ReportListingForm.tsx";
import { RememberBrowsed } from "~/components/pwa/RememberBrowsed.tsx";
import { getDb } from "~/db.server.ts";
import { takeBidFlash } from "~/web/bid-flash.server.ts";
import { toOfflineListing } from "~/lib/offline/listing-copy.ts";
import { LISTING_DETAIL_MESSAGES } from "~/lib/listing-detail-messages.ts";
import { isAuctionListingType } from "~/lib/listing-types.ts";
import { galleryStartIndex } from "~/schemas/listing-detail.ts";
import { parseRouteId } from "~/web/route-params.server.ts";
import { findLiveAuctionForListing } from "~/services/auctions/index.server.ts";
import { getAuctionPanel } from "~/flows/index.server.ts";
import { getOptionalUser } from "~/web/auth.server.ts";
import { canManageListing, getListingDetail, relatedListings, recordListingView } from "~/services/listings/index.server.ts";
import { countWatchers, watchedAmong } from "~/services/watchlist/index.server.ts";
import { getOfferPanel } from "~/services/orders/index.server.ts";
import { viewerApproxPrices } from "~/web/viewer-currency.server.ts";

const META_DESCRIPTION_LENGTH = 160;

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => {
  if (!loaded) return [{ title: `${LISTING_DETAIL_MESSAGES.notFound} — Tradebench` }];
  const { listing } = loaded;
  const text = listing.description.replace(/\s+/g, " ").trim() || [listing.brand, listing.model].filter(Boolean).join(" ");
  const description = text.length > META_DESCRIPTION_LENGTH ? `${text.slice(0, META_DESCRIPTION_LENGTH - 1).trimEnd()}…` : text;
  return [{ title: `${listing.title} — Tradebench` }, { name: "description", content: description || listing.title }];
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = parseRouteId(params.id, LISTING_DETAIL_MESSAGES.notFound);
  const db = getDb();
  const user = await getOptionalUser(request);
  const viewer = user ? { id: user.id, role: user.role } : null;
  const listing = await getListingDetail(db, id, viewer);
  if (!listing) throw data({ message: LISTING_DETAIL_MESSAGES.notFound }, { status: 404 });

  const [view, related, canEdit, approx] = await Promise.all([
    recordListingView(db, { listingId: id, ownerId: listing.ownerId, userId: user?.id, ip: context.clientIp ?? "" }).catch((error: unknown) => {
      // A lost view must not cost the buyer the page.
      console.error("Could not record a listing view", error);
      return { counted: false, views: null };
    }),
    relatedListings(db, listing),
    canManageListing(db, listing, viewer),
    // "≈ {amount}" in the viewer's currency beside prices in another; checkout stays in the listing's.
    viewerApproxPrices(db, request, user),
  ]);
  const [watched, watcherCount] = await Promise.all([
    watchedAmong(db, user?.id, [id, ...related.map((card) => card.id)]),
    // Only for the listing's owner and listing managers (null for everyone else, so nobody else's page data carries it).
    canEdit ? countWatchers(db, listing) : Promise.resolve(null),
  ]);
  // Auction listings show the running (or upcoming) auction's bid panel; a bid posted without JavaScript comes back here.
  const auctionId = isAuctionListingType(listing.listingType) ? await findLiveAuctionForListing(db, id) : null;
  const auction = auctionId === null ? null : await getAuctionPanel(db, auctionId, user?.id);
  const { flash: bidFlash, headers } = await takeBidFlash(request, auction?.snapshot.auctionId ?? null);
  // Make Offer: for everyone but the listing's managers; it never carries the seller's automatic prices.
  const offerPanel = canEdit ? null : await getOfferPanel(db, id, user?.id ?? null);

  const url = new URL(request.url);
  return data(
    {
      listing: { ...listing, views: view.views ?? listing.views },
      startImage: galleryStartIndex(url.searchParams.get("image"), listing.images.length),
      canEdit,
      canContact: user?.id !== listing.ownerId,
      // The owner may put an active or draft listing without a live auction up for auction (/create-auction).
      canStartAuction: user?.id === listing.ownerId && (listing.status === "active" || listing.status === "draft") && auctionId === null,
      canFeature: user?.id === listing.ownerId && listing.status === "active",
      // An unsold listing waits for its seller's choice: relist, switch to Buy It Now, or end.
      canRelist: user?.id === listing.ownerId && listing.status === "unsold",
      watching: watched.has(id),
      watcherCount,
      related: related.map((card) => ({ card, watching: watched.has(card.id) })),
      approx,
      auction,
      bidFlash,
      offerPanel,
      signedIn: user !== null,
      // The clock for an open offer's time left; only then, so other pages' data stays the same for the render memo.
      now: offerPanel?.open ? new Date().toISOString() : null,
      // Signed-in members keep a copy of what they open for offline use.
      offlineCopy: user ? toOfflineListing(listing, auction?.snapshot ?? null) : null,
    },
    { headers },
  );
}

export default function ListingDetailPage() {
  const {
    listing,
    startImage,
    canEdit,
    canContact,
    canStartAuction,
    canFeature,
    canRelist,
    watching,
    watcherCount,
    related,
    auction,
    bidFlash,
    offlineCopy,
    offerPanel,
    signedIn,
    now,
    approx,
  } = useLoaderData<typeof loader>();
  return (
    <div className={page.container}>
      <RememberBrowsed listing={offlineCopy} />
      <ListingBreadcrumb section={{ to: "/listings", label: "Equipment" }} title={listing.title} />

      <ListingShowcase listing={listing} startImage={startImage}>
        <ListingSummary listing={listing} approx={approx} />
        <ListingFacts listing={listing} />
        <ListingTypePanel
          listing={listing}
          watching={watching}
          canEdit={canEdit}
          canContact={canContact}
          canStartAuction={canStartAuction}
          canFeature={canFeature}
          canRelist={canRelist}
        />
        {offerPanel ? <MakeOfferPanel listingId={listing.id} panel={offerPanel} signedIn={signedIn} serverNow={now} /> : null}
        {watcherCount !== null ? <WatcherCount count={watcherCount} /> : null}
        {auction ? <ListingAuctionPanel key={auction.snapshot.auctionId} auction={auction} flash={bidFlash} /> : null}
        <SellerPanel seller={listing.seller} />
        {signedIn && canContact ? <ReportListingControl listingId={listing.id} /> : null}
      </ListingShowcase>

      <ListingColumns mt="10">
        <div className={page.story}>
          <ListingDescription description={listing.description} testId="listing-description" />
          {listing.features.length > 0 ? (
            <section aria-labelledby="features-heading" className={page.section}>
              <h2 id="features-heading" className={page.sectionHeading}>
                Features
              </h2>
              {/* role="list" as Chakra's List set it: Safari drops the list role of a styled <ul>. */}
              <ul role="list" className={page.features}>
                {listing.features.map((feature, index) => (
                  <li key={index} className={page.feature}>
                    {feature}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <SpecificationsTable specifications={listing.specifications} />
        </div>
        <div className={page.cell}>
          <CalibrationPanel data={listing} />
        </div>
      </ListingColumns>

      {related.length > 0 ? (
        <section aria-labelledby="related-heading" className={page.related}>
          <h2 id="related-heading" className={page.relatedHeading}>
            Related Equipment
          </h2>
          <div className={page.relatedGrid}>
            {related.map(({ card, watching: watchingCard }) => (
              <ListingCard key={card.id} listing={card} watching={watchingCard} approx={approx} />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <ListingProblem error={error} />;
}
