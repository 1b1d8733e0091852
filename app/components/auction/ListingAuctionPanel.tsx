// The auction on a listing page: the lot's state and the same bid panel as the lot page, kept live, with a link
// to the lot page for the bid history and the rules.
import { Card, Heading, Link } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";
import type { BidFlash } from "~/lib/bid-form.ts";
import { AuctionSummary } from "./AuctionSummary.tsx";
import { BidPanel } from "./BidPanel.tsx";
import { useLiveAuction, type AuctionPanelView } from "./use-live-auction.ts";

export function ListingAuctionPanel({ auction, flash }: { auction: AuctionPanelView; flash: BidFlash | null }) {
  const { view, apply, mode } = useLiveAuction(auction);
  const { snapshot } = view;
  return (
    <Card.Root as="section" aria-labelledby="listing-auction-heading" data-testid="listing-auction-panel" data-live={mode}>
      <Card.Body gap="5">
        <Heading as="h2" size="lg" id="listing-auction-heading">
          Auction
        </Heading>
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
        <Link asChild colorPalette="blue" variant="underline" fontWeight="medium" w="fit-content">
          <RemixLink to={`/auctions/${snapshot.auctionId}`}>View the auction page with bid history</RemixLink>
        </Link>
      </Card.Body>
    </Card.Root>
  );
}
