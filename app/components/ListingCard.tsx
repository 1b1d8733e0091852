// A listing in a grid: picture, Featured, title, price, condition, location, the seller (linking to their profile),
// Verified Seller and the watch toggle.
// Drawn with static classes (app/lib/static-styles.ts): a grid renders many of them, and Chakra components cost per element.
import { AppLink } from "~/components/AppLink.tsx";
import { conditionLabel } from "~/lib/conditions.ts";
import { formatPrice, type ApproxPrices } from "~/lib/money.ts";
import { ApproxPrice } from "./ApproxPrice.tsx";
import { staticClasses } from "~/lib/static-styles.ts";
import type { ListingCardData } from "~/services/listings/index.server.ts";
import { CardPicture, cardFrame } from "./card-frame.tsx";
import { ShieldCheckIcon } from "./icons.tsx";
import { WatchButton } from "./WatchButton.tsx";

const card = staticClasses("card", {
  featured: { recipe: "badge", variants: { variant: "solid" }, css: { position: "absolute", top: "2", left: "2", bg: "orange.700", color: "white" } },
  body: { display: "flex", flexDirection: "column", gap: "2", p: "4", flex: "1" },
  overlay: { color: "inherit", _before: { content: '""', position: "absolute", inset: "0", zIndex: "0" } },
  price: { fontSize: "xl", fontWeight: "bold", color: "blue.fg" },
  priceNote: { fontSize: "xs", fontWeight: "normal", color: "fg.muted" },
  badges: { display: "flex", gap: "2", flexWrap: "wrap" },
  condition: { recipe: "badge", variants: { variant: "outline" } },
  auction: { recipe: "badge", css: { colorPalette: "purple" } },
  location: { fontSize: "sm", color: "fg.muted" },
  seller: { fontSize: "sm", color: "fg.muted" },
  /** Above the card's overlay link, so it takes its own clicks. */
  sellerLink: { position: "relative", zIndex: "1", color: "blue.fg", textDecoration: "underline", _hover: { textDecoration: "none" } },
  verified: { display: "flex", alignItems: "center", gap: "1", color: "green.fg", fontSize: "sm" },
});

/** `lead`: the first card of a results page, whose picture loads at once (see CardPicture). */
/**
 * `approx`: the viewer's currency and the rates; a card priced in another currency adds "≈ {amount}" in it. The price
 * itself (and checkout) stays in the listing's currency.
 */
export function ListingCard({
  listing,
  watching,
  lead = false,
  approx,
}: {
  listing: ListingCardData;
  watching: boolean;
  lead?: boolean;
  approx?: ApproxPrices;
}) {
  const shown = listing.auction ? listing.auction.currentPriceCents : listing.priceCents;
  const approxNote = <ApproxPrice approx={approx} minorUnits={shown} currency={listing.currency} className={card.priceNote} />;
  return (
    <article className={cardFrame.root}>
      <CardPicture imageUrl={listing.imageUrl} lead={lead}>
        {listing.isFeatured ? <span className={card.featured}>Featured</span> : null}
        <div className={cardFrame.watch}>
          <WatchButton listingId={listing.id} watching={watching} title={listing.title} />
        </div>
      </CardPicture>
      <div className={card.body}>
        <AppLink to={`/listings/${listing.id}`} className={card.overlay}>
          <h3 className={cardFrame.title}>{listing.title}</h3>
        </AppLink>
        {listing.auction ? (
          <p className={card.price}>
            {formatPrice(listing.auction.currentPriceCents, listing.currency)}{" "}
            <span className={card.priceNote}>
              {listing.auction.bidCount > 0 ? `current bid · ${listing.auction.bidCount} ${listing.auction.bidCount === 1 ? "bid" : "bids"}` : "starting bid"}
            </span>
            {approxNote}
          </p>
        ) : (
          <p className={card.price}>
            {formatPrice(listing.priceCents, listing.currency)}
            {approxNote}
          </p>
        )}
        <div className={card.badges}>
          <span className={card.condition}>{conditionLabel(listing.condition)}</span>
          {listing.listingType !== "buy_now" ? <span className={card.auction}>Auction</span> : null}
        </div>
        <p className={card.location}>{listing.location || "Location not specified"}</p>
        {listing.sellerId && listing.sellerName ? (
          <p className={card.seller}>
            Sold by{" "}
            <a href={`/user/${listing.sellerId}`} className={card.sellerLink}>
              {listing.sellerName}
            </a>
          </p>
        ) : null}
        {listing.sellerVerified ? (
          <p className={card.verified}>
            <ShieldCheckIcon />
            Verified Seller
          </p>
        ) : null}
      </div>
    </article>
  );
}
