// The lot at a glance: status badge, clock, current bid, starting price, reserve status (never the amount) and
// bid count. Kept current by the page's live snapshot.
import type { ReactNode } from "react";
import { AUCTION_STATUS_LABELS, AUCTION_STATUS_PALETTES, RESERVE_LABELS, type AuctionSnapshot } from "~/lib/auctions.ts";
import { currentIncrement, formatBidMoney } from "~/lib/bidding.ts";
import { formatCount, type ApproxPrices } from "~/lib/money.ts";
import { ApproxPrice } from "../ApproxPrice.tsx";
import { lot, STATUS_BADGE } from "./auction-styles.ts";
import { Countdown, formatAuctionTime } from "./Countdown.tsx";

function AuctionStatusBadge({ status }: { status: AuctionSnapshot["status"] }) {
  return (
    <span className={STATUS_BADGE[AUCTION_STATUS_PALETTES[status]]} data-testid="auction-status">
      {AUCTION_STATUS_LABELS[status]}
    </span>
  );
}

function Detail({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className={lot.detailsItem}>
      <dt className={lot.detailsLabel}>{label}</dt>
      <dd className={lot.detailsValue} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

export function AuctionSummary({ snapshot, serverNow, approx }: { snapshot: AuctionSnapshot; serverNow: string; approx?: ApproxPrices }) {
  const noBids = snapshot.bidCount === 0;
  return (
    <div className={lot.stack4}>
      <div className={lot.summaryTop}>
        <div className={lot.stack1}>
          <p className={lot.mutedText}>{noBids ? "Starting bid" : "Current Bid"}</p>
          {/* Announced when another bid moves it. */}
          <p className={lot.currentBid} aria-live="polite" aria-atomic="true" data-testid="auction-current-bid">
            {formatBidMoney(snapshot.currentPriceCents, snapshot.currency)}
          </p>
          <ApproxPrice approx={approx} minorUnits={snapshot.currentPriceCents} currency={snapshot.currency} className={lot.mutedText} />
        </div>
        <Countdown snapshot={snapshot} serverNow={serverNow} />
      </div>
      <dl className={lot.details} aria-label="Auction details">
        <Detail label="Status">
          <AuctionStatusBadge status={snapshot.status} />
        </Detail>
        <Detail label="Starting Price">{formatBidMoney(snapshot.startingPriceCents, snapshot.currency)}</Detail>
        <Detail label="Reserve Price" testId="auction-reserve">
          {RESERVE_LABELS[snapshot.reserve]}
        </Detail>
        <Detail label="Bids" testId="auction-bid-count">
          {formatCount(snapshot.bidCount)}
        </Detail>
        <Detail label="Bid increment" testId="auction-increment">
          {formatBidMoney(currentIncrement(snapshot), snapshot.currency)}
          {snapshot.fixedIncrementCents === null ? " at this price" : null}
        </Detail>
        {snapshot.buyNowPriceCents !== null ? <Detail label="Buy Now price">{formatBidMoney(snapshot.buyNowPriceCents, snapshot.currency)}</Detail> : null}
      </dl>
      {snapshot.extensionCount > 0 ? (
        <p className={lot.mutedText} data-testid="auction-extended">
          Extended {snapshot.extensionCount === 1 ? "once" : `${snapshot.extensionCount} times`} by late bids.
        </p>
      ) : null}
      {/* The soft-close cap: late bids move the end no later than this. */}
      {snapshot.extensionsEndAt !== null && (snapshot.status === "active" || snapshot.status === "upcoming") ? (
        <p className={lot.mutedText} data-testid="auction-extensions-end">
          Extensions end at {formatAuctionTime(snapshot.extensionsEndAt)}
        </p>
      ) : null}
    </div>
  );
}
