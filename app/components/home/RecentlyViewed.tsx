// "Recently viewed" on the home page, for signed-in members who have looked at listings: up to 10 cards, newest
// view first, in one row that scrolls sideways. A listing sold since is marked Sold instead of priced.
import { AppLink } from "~/components/AppLink.tsx";
import { CardPicture, cardFrame } from "~/components/card-frame.tsx";
import { classNames } from "~/components/shell-styles.ts";
import { conditionLabel } from "~/lib/conditions.ts";
import { ApproxPrice } from "~/components/ApproxPrice.tsx";
import { formatPrice, type ApproxPrices } from "~/lib/money.ts";
import { staticClasses } from "~/lib/static-styles.ts";
import type { ListingCardData } from "~/services/listings/index.server.ts";

const recent = staticClasses("recent", {
  section: { mb: "10" },
  title: { recipe: "heading", variants: { size: "xl" }, css: { mb: "4" } },
  list: { display: "flex", gap: "4", overflowX: "auto", pb: "3", scrollSnapType: "x mandatory" },
  item: { flex: "0 0 auto", w: { base: "60", md: "56" }, scrollSnapAlign: "start" },
  sold: { recipe: "badge", variants: { variant: "solid" }, css: { position: "absolute", top: "2", left: "2", colorPalette: "gray" } },
  body: { display: "flex", flexDirection: "column", gap: "1", p: "3", flex: "1" },
  /** The title link covers the whole card (as on listing cards), so the picture is clickable too. */
  link: { color: "inherit", _before: { content: '""', position: "absolute", inset: "0", zIndex: "0" } },
  cardTitle: { fontSize: "sm" },
  soldText: { fontSize: "sm", color: "fg.muted" },
  price: { fontWeight: "bold", color: "blue.fg" },
  priceNote: { fontSize: "xs", fontWeight: "normal", color: "fg.muted" },
  condition: { fontSize: "xs", color: "fg.muted" },
});

export interface RecentlyViewedItem {
  card: ListingCardData;
  sold: boolean;
}

export function RecentlyViewed({ items, approx }: { items: RecentlyViewedItem[]; approx?: ApproxPrices }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="recently-viewed-heading" className={recent.section}>
      <h2 id="recently-viewed-heading" className={recent.title}>
        Recently viewed
      </h2>
      <ul className={recent.list} data-testid="recently-viewed">
        {items.map(({ card, sold }) => (
          <li key={card.id} className={recent.item}>
            <RecentCard card={card} sold={sold} approx={approx} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function RecentCard({ card, sold, approx }: RecentlyViewedItem & { approx?: ApproxPrices }) {
  const priceCents = card.auction ? card.auction.currentPriceCents : card.priceCents;
  return (
    <article className={cardFrame.root}>
      <CardPicture imageUrl={card.imageUrl}>{sold ? <span className={recent.sold}>Sold</span> : null}</CardPicture>
      <div className={recent.body}>
        <AppLink to={`/listings/${card.id}`} className={recent.link}>
          <h3 className={classNames(cardFrame.title, recent.cardTitle)}>{card.title}</h3>
        </AppLink>
        {sold ? (
          <p className={recent.soldText}>No longer available</p>
        ) : (
          <p className={recent.price}>
            {formatPrice(priceCents, card.currency)}
            {card.auction ? <span className={recent.priceNote}> {card.auction.bidCount > 0 ? "current bid" : "starting bid"}</span> : null}
            <ApproxPrice approx={approx} minorUnits={priceCents} currency={card.currency} className={recent.priceNote} />
          </p>
        )}
        <p className={recent.condition}>{conditionLabel(card.condition)}</p>
      </div>
    </article>
  );
}
