// How the listing is sold and at what price, with the watch button and, for its owner or an admin, Edit Listing.
import { AppLink } from "~/components/AppLink.tsx";
import { useState } from "react";
import { UNSOLD_NOT_FOR_SALE, unsoldChoicesUrl } from "~/lib/listing-status.ts";
import { isAuctionListingType, listingTypeMeaning } from "~/lib/listing-types.ts";
import { formatPrice } from "~/lib/money.ts";
import { OFFLINE_MESSAGES } from "~/lib/offline/messages.ts";
import { isOffline } from "~/lib/offline/online.ts";
import { ContactSellerButton } from "../ContactSellerButton.tsx";
import { WatchButton } from "../WatchButton.tsx";
import { panel, typePanel } from "./detail-styles.ts";

export interface ListingTypePanelData {
  id: number;
  title: string;
  listingType: string;
  priceCents: number;
  buyNowPriceCents: number | null;
  currency: string;
  status: string;
  isFeatured?: boolean;
}

export function ListingTypePanel({
  listing,
  watching,
  canEdit,
  canContact = false,
  canStartAuction = false,
  canFeature = false,
  canRelist = false,
}: {
  listing: ListingTypePanelData;
  watching: boolean;
  canEdit: boolean;
  /** The owner's own active or draft listing without a live auction: a link to /create-auction for it. */
  canStartAuction?: boolean;
  /** The seller may buy featuring for it (an active listing of theirs). */
  canFeature?: boolean;
  /** The owner's unsold listing (its auction ended without a sale): a link to its choices (relist, Buy It Now, end). */
  canRelist?: boolean;
  /** Contact Seller: for everyone but the listing's own seller (visitors are asked to sign in). */
  canContact?: boolean;
}) {
  const isBuyNow = !isAuctionListingType(listing.listingType);
  // Buying needs a connection: refused at once offline.
  const [offlineRefusal, setOfflineRefusal] = useState(false);
  const rows: Array<{ label: string; cents: number }> = isBuyNow
    ? [{ label: "Buy It Now price", cents: listing.priceCents }]
    : [{ label: "Starting price", cents: listing.priceCents }];
  if (listing.listingType === "hybrid" && listing.buyNowPriceCents !== null) {
    rows.push({ label: "Buy It Now price", cents: listing.buyNowPriceCents });
  }
  return (
    <section aria-labelledby="listing-type-heading" className={panel.subtleRoot}>
      <div className={panel.subtleBody}>
        <div className={typePanel.title}>
          <p className={typePanel.label}>Listing type</p>
          <h2 id="listing-type-heading" className={typePanel.heading}>
            {listingTypeMeaning(listing.listingType)}
          </h2>
        </div>
        <div className={typePanel.rows}>
          {rows.map((row) => (
            <div key={row.label} className={typePanel.row}>
              <p className={typePanel.rowLabel}>{row.label}</p>
              <p className={typePanel.rowPrice}>{formatPrice(row.cents, listing.currency)}</p>
            </div>
          ))}
        </div>
        {listing.status === "sold" ? <p className={typePanel.sold}>This item has been sold.</p> : null}
        {listing.status === "unsold" ? <p className={typePanel.sold}>{UNSOLD_NOT_FOR_SALE}</p> : null}
        <div className={typePanel.actions}>
          {listing.listingType === "buy_now" && listing.status === "active" && !canEdit ? (
            <AppLink
              to={`/checkout/listing/${listing.id}`}
              className={typePanel.buy}
              onClick={(event) => {
                if (!isOffline()) return;
                event.preventDefault();
                setOfflineRefusal(true);
              }}
            >
              Buy Now
            </AppLink>
          ) : null}
          <WatchButton listingId={listing.id} watching={watching} title={listing.title} variant="full" />
          {canContact ? <ContactSellerButton listingId={listing.id} /> : null}
          {canEdit ? (
            <AppLink to={`/edit-listing/${listing.id}`} className={typePanel.edit}>
              Edit Listing
            </AppLink>
          ) : null}
          {canRelist ? (
            <AppLink to={unsoldChoicesUrl(listing.id)} className={typePanel.buy}>
              Relist or end
            </AppLink>
          ) : null}
          {canStartAuction ? (
            <AppLink to={`/create-auction?listing=${listing.id}`} className={typePanel.edit}>
              Start an Auction
            </AppLink>
          ) : null}
          {canFeature ? (
            <AppLink to={`/listings/${listing.id}/feature`} className={typePanel.edit}>
              {listing.isFeatured ? "Extend Featuring" : "Feature this Listing"}
            </AppLink>
          ) : null}
        </div>
        {offlineRefusal ? (
          <p role="alert" className={typePanel.refusal}>
            {OFFLINE_MESSAGES.needsConnection}
          </p>
        ) : null}
      </div>
    </section>
  );
}
