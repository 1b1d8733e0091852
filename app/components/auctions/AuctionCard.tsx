// An auction in the /auctions grid (docs/product/auctions.md#auction-list): picture, status badge, time left, Current Bid, Starting Price,
// reserve state, bid count, View Auction and the watch toggle. Drawn with static classes (a grid repeats it).
import { Link as RemixLink } from "@remix-run/react";
import { AUCTION_STATUS_LABELS, AUCTION_STATUS_PALETTES, RESERVE_LABELS, formatTimeLeft, type AuctionStatus } from "~/lib/auctions.ts";
import { formatCount, formatPrice, type ApproxPrices } from "~/lib/money.ts";
import { staticClasses } from "~/lib/static-styles.ts";
import type { AuctionCardData } from "~/services/auctions/index.server.ts";
import { ApproxPrice } from "../ApproxPrice.tsx";
import { CardPicture, cardFrame } from "../card-frame.tsx";
import { WatchButton } from "../WatchButton.tsx";

const card = staticClasses("auction-card", {
  badgeSlot: { position: "absolute", top: "2", left: "2" },
  body: { display: "flex", flexDirection: "column", gap: "3", p: "4", flex: "1" },
  time: { display: "flex", gap: "1.5", alignItems: "baseline", fontSize: "sm", color: "fg.muted" },
  timeValue: { fontWeight: "semibold", color: "fg" },
  facts: { display: "grid", gridTemplateColumns: "repeat(2, minmax(0, 1fr))", gap: "3", flex: "1", alignContent: "start" },
  fact: { display: "flex", flexDirection: "column", gap: "0.5", minW: "0" },
  factWide: { gridColumn: "span 2" },
  term: { fontSize: "xs", color: "fg.muted", textTransform: "uppercase", letterSpacing: "wide" },
  value: { fontSize: "sm", fontWeight: "medium" },
  price: { fontSize: "2xl", fontWeight: "bold", color: "blue.fg", lineHeight: "short" },
  reserveMet: { fontSize: "sm", fontWeight: "medium", color: "green.fg" },
  reserveNotMet: { fontSize: "sm", fontWeight: "medium", color: "orange.fg" },
  view: { recipe: "button", variants: { variant: "solid" }, css: { colorPalette: "blue", w: "full" } },
});

/** One badge class per palette of docs/product/auctions.md#states (active green, upcoming blue, ended grey, cancelled red). */
const badge = staticClasses("auction-badge", {
  // Chakra's solid green (green.600) has 3.3:1 against white text; green.700 meets AA (5:1) in both modes.
  green: { recipe: "badge", variants: { variant: "solid", size: "md" }, css: { colorPalette: "green", bg: "green.700", color: "white" } },
  blue: { recipe: "badge", variants: { variant: "solid", size: "md" }, css: { colorPalette: "blue" } },
  gray: { recipe: "badge", variants: { variant: "solid", size: "md" }, css: { colorPalette: "gray" } },
  red: { recipe: "badge", variants: { variant: "solid", size: "md" }, css: { colorPalette: "red" } },
});

function AuctionStatusBadge({ status }: { status: AuctionStatus }) {
  return <span className={badge[AUCTION_STATUS_PALETTES[status]]}>{AUCTION_STATUS_LABELS[status]}</span>;
}

function bidCountLabel(count: number): string {
  return count === 1 ? "1 bid" : `${formatCount(count)} bids`;
}

/**
 * What the card says about time: an upcoming auction counts down to its start, the others to their end
 * ("2d 5h", "5h 12m", "12m"; "Ended" once past, "Auction ended" or "Auction cancelled" once closed).
 */
function auctionTimeText(
  auction: Pick<AuctionCardData, "status" | "startsAt" | "endsAt">,
  now: number,
): {
  label: string | null;
  value: string;
  dateTime: string;
} {
  const startsIn = Date.parse(auction.startsAt) - now;
  if (auction.status === "upcoming" && startsIn > 0) {
    return { label: "Starts in", value: formatTimeLeft(startsIn), dateTime: auction.startsAt };
  }
  if (auction.status === "ended") return { label: null, value: "Auction ended", dateTime: auction.endsAt };
  if (auction.status === "cancelled") return { label: null, value: "Auction cancelled", dateTime: auction.endsAt };
  return { label: "Time left", value: formatTimeLeft(Date.parse(auction.endsAt) - now), dateTime: auction.endsAt };
}

export function AuctionCard({ auction, now, approx }: { auction: AuctionCardData; now: number; approx?: ApproxPrices }) {
  const titleId = `auction-${auction.auctionId}-title`;
  const time = auctionTimeText(auction, now);
  const href = `/auctions/${auction.auctionId}`;
  return (
    <article className={cardFrame.root} aria-labelledby={titleId} data-auction-id={auction.auctionId}>
      <CardPicture imageUrl={auction.imageUrl}>
        <div className={card.badgeSlot}>
          <AuctionStatusBadge status={auction.status} />
        </div>
        {/* An ended lot can no longer be watched (its item is sold or back on sale); a watcher may still unwatch it. */}
        {auction.status !== "ended" || auction.watching ? (
          <div className={cardFrame.watch}>
            <WatchButton listingId={auction.listingId} watching={auction.watching} title={auction.title} />
          </div>
        ) : null}
      </CardPicture>
      <div className={card.body}>
        <h3 id={titleId} className={cardFrame.title}>
          {auction.title}
        </h3>
        <p className={card.time}>
          {time.label ? <span>{time.label} </span> : null}
          <time dateTime={time.dateTime} className={card.timeValue}>
            {time.value}
          </time>
        </p>
        <dl className={card.facts}>
          <div className={`${card.fact} ${card.factWide}`}>
            <dt className={card.term}>{auction.bidCount > 0 ? "Current Bid" : "Starting bid"}</dt>
            <dd className={card.price}>
              {formatPrice(auction.currentPriceCents, auction.currency)}
              <ApproxPrice approx={approx} minorUnits={auction.currentPriceCents} currency={auction.currency} className={card.value} />
            </dd>
          </div>
          <div className={card.fact}>
            <dt className={card.term}>Starting Price</dt>
            <dd className={card.value}>{formatPrice(auction.startingPriceCents, auction.currency)}</dd>
          </div>
          <div className={card.fact}>
            <dt className={card.term}>Bids</dt>
            <dd className={card.value}>{bidCountLabel(auction.bidCount)}</dd>
          </div>
          <div className={`${card.fact} ${card.factWide}`}>
            <dt className={card.term}>Reserve</dt>
            <dd className={auction.reserve === "met" ? card.reserveMet : auction.reserve === "not_met" ? card.reserveNotMet : card.value}>
              {RESERVE_LABELS[auction.reserve]}
            </dd>
          </div>
        </dl>
        <RemixLink to={href} className={card.view} aria-describedby={titleId}>
          View Auction
        </RemixLink>
      </div>
    </article>
  );
}
