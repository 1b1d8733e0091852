// The auction on a listing page: the lot's state and the same bid panel as the lot page, kept live, with a link
// to the lot page for the bid history and the rules.
import { Link as RemixLink } from "@remix-run/react";
import type { BidFlash } from "~/lib/bid-form.ts";
import { lot } from "./auction-styles.ts";
import { AuctionSummary } from "./AuctionSummary.tsx";
import { BidPanel } from "./BidPanel.tsx";
import { useLiveAuction, type AuctionPanelView } from "./use-live-auction.ts";

export function ListingAuctionPanel({ auction, flash }: { auction: AuctionPanelView; flash: BidFlash | null }) {
  const { view, apply, mode } = useLiveAuction(auction);
  const { snapshot } = view;
  return (
    <section className={lot.card} aria-labelledby="listing-auction-heading" data-testid="listing-auction-panel" data-live={mode}>
      <div className={lot.cardBody}>
        <h2 className={lot.cardHeading} id="listing-auction-heading">
          Auction
        </h2>
        <AuctionSummary snapshot={snapshot} serverNow={auction.serverNow} />
        <BidPanel
          snapshot={snapshot}
          serverNow={auction.serverNow}
          signedIn={auction.viewerSignedIn}
          viewerIsSeller={auction.viewerIsSeller}
          flash={flash}
          onSnapshot={apply}
          headingLevel="h3"
        />
        <RemixLink to={`/auctions/${snapshot.auctionId}`} className={lot.lotLink}>
          View the auction page with bid history
        </RemixLink>
      </div>
    </section>
  );
}
