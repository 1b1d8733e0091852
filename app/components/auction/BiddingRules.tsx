// "How bidding works": the engine's rules (app/services/auctions/bid-resolution.ts) in plain words, with this lot's numbers.
import { Heading, List, Stack, Text } from "@chakra-ui/react";
import { formatBidMoney, incrementBands, SOFT_CLOSE_MS } from "~/lib/bidding.ts";
import { formatAuctionTime } from "./Countdown.tsx";

export interface BiddingRulesData {
  currency: string;
  startingPriceCents: number;
  fixedIncrementCents: number | null;
  autoExtend: boolean;
  extensionsEndAt: string | null;
}

/** "$1 under $25, $2 from $25, …, $500 from $25,000": the tiered table in this lot's currency. */
function bandsText(currency: string): string {
  const bands = incrementBands(currency);
  return bands
    .map((band, index) => {
      const step = formatBidMoney(band.incrementCents, currency);
      if (index === 0) return `${step} under ${formatBidMoney(bands[1]?.fromCents ?? 0, currency)}`;
      return `${step} from ${formatBidMoney(band.fromCents, currency)}`;
    })
    .join(", ");
}

export function BiddingRules({ auction }: { auction: BiddingRulesData }) {
  const increment =
    auction.fixedIncrementCents !== null
      ? `${formatBidMoney(auction.fixedIncrementCents, auction.currency)} on this lot, set by the seller`
      : `on this lot it grows with the price: ${bandsText(auction.currency)}`;
  const softClose = Math.round(SOFT_CLOSE_MS / 60_000);
  return (
    <Stack as="section" gap="3" aria-labelledby="bidding-rules-heading">
      <Heading as="h2" size="lg" id="bidding-rules-heading">
        How bidding works
      </Heading>
      <List.Root gap="2" ps="5">
        <List.Item>
          The first bid can be the starting price ({formatBidMoney(auction.startingPriceCents, auction.currency)}). Every bid after that must be at least one
          increment above the current bid: {increment}.
        </List.Item>
        <List.Item>
          You can also give a maximum bid. We then bid for you, one increment at a time and only as much as it takes to keep you in the lead, up to your
          maximum. Nobody sees your maximum.
        </List.Item>
        <List.Item>When two bidders give the same maximum, the bid placed first wins.</List.Item>
        <List.Item>
          The seller may set a reserve price: the lowest price they will sell for. It stays hidden; we only show whether it has been met. If the highest bid is
          below the reserve when the auction ends, the item is not sold. Once a maximum bid reaches the reserve, the price goes straight up to the reserve.
        </List.Item>
        <List.Item>
          {auction.autoExtend ? (
            <>
              Soft close: a bid in the last {softClose} minutes moves the end to {softClose} minutes after that bid, so everyone gets a fair chance to answer
              it.{" "}
              {auction.extensionsEndAt !== null
                ? `Extensions end at ${formatAuctionTime(auction.extensionsEndAt)}: after that, bids are still taken until the end but no longer move it.`
                : null}
            </>
          ) : (
            <>This lot ends at its set time: late bids do not extend it.</>
          )}
        </List.Item>
        <List.Item>The highest bidder cannot outbid themselves, but can raise their maximum. You cannot bid on your own auction.</List.Item>
        <List.Item>
          Every time counts on our server&apos;s clock, not your device&apos;s: the countdown follows the server, and a bid counts when the server receives it.
        </List.Item>
      </List.Root>
      <Text fontSize="sm" color="fg.muted">
        When the auction ends, the highest bid wins if it meets the reserve. The winner is notified and pays through Tradebench, where the payment is held until
        the item arrives as described.
      </Text>
    </Stack>
  );
}
