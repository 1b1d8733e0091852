// One auction kept current in the browser: the page's loader data, plus every change pushed over the live
// connection (a bid by someone else, an extension, the end) and the snapshot a bid of the viewer's returned.
// Snapshots carry a version: an older one never replaces a newer one, whichever arrives last.
import { useCallback, useMemo, useState } from "react";
import type { AuctionSnapshot, BidHistoryEntry } from "~/lib/auctions.ts";
import { BID_HISTORY_SIZE } from "~/lib/bidding.ts";
import { useLiveAuctions, type LiveMode } from "~/components/live/use-live-auctions.ts";

export interface LiveAuctionView {
  snapshot: AuctionSnapshot;
  /** Newest first, at most BID_HISTORY_SIZE. */
  history: BidHistoryEntry[];
}

/** What a page's loader sends for one auction (see app/services/auctions/auction-page.server.ts). */
export interface AuctionPanelView extends LiveAuctionView {
  viewerSignedIn: boolean;
  viewerIsSeller: boolean;
  serverNow: string;
}

/** The newest of two bid lists together: by id, newest first, without duplicates, at most `size`. */
function mergeBidHistory(a: readonly BidHistoryEntry[], b: readonly BidHistoryEntry[], size = BID_HISTORY_SIZE): BidHistoryEntry[] {
  const byId = new Map<number, BidHistoryEntry>();
  for (const entry of [...a, ...b]) byId.set(entry.id, entry);
  return [...byId.values()].sort((x, y) => y.id - x.id).slice(0, size);
}

/** `base` updated by `incoming`: its snapshot unless that is older, and the bids of both. */
export function mergeAuctionView(base: LiveAuctionView, incoming: { snapshot?: AuctionSnapshot; history?: readonly BidHistoryEntry[] }): LiveAuctionView {
  const newer = incoming.snapshot && incoming.snapshot.auctionId === base.snapshot.auctionId && incoming.snapshot.version >= base.snapshot.version;
  return {
    snapshot: newer ? incoming.snapshot! : base.snapshot,
    history: incoming.history && incoming.history.length > 0 ? mergeBidHistory(base.history, incoming.history) : base.history,
  };
}

export interface LiveAuction {
  view: LiveAuctionView;
  mode: LiveMode;
  /** Applies a snapshot the page got some other way (the answer to the viewer's own bid). */
  apply: (snapshot: AuctionSnapshot) => void;
}

export function useLiveAuction(loaded: LiveAuctionView): LiveAuction {
  const [live, setLive] = useState<LiveAuctionView | null>(null);
  const auctionId = loaded.snapshot.auctionId;

  const push = useCallback((incoming: { snapshot?: AuctionSnapshot; history?: readonly BidHistoryEntry[] }) => {
    setLive((previous) => {
      const base = previous && previous.snapshot.auctionId === incoming.snapshot?.auctionId ? previous : null;
      if (!base) {
        if (!incoming.snapshot) return previous;
        return { snapshot: incoming.snapshot, history: mergeBidHistory([], incoming.history ?? []) };
      }
      return mergeAuctionView(base, incoming);
    });
  }, []);

  const mode = useLiveAuctions({
    auctionIds: [auctionId],
    onAuction: (change) => {
      if (change.snapshot.auctionId === auctionId) push({ snapshot: change.snapshot, history: change.newBids });
    },
  });

  // Fresh loader data (after a bid, a revalidation or a visit to another lot) counts as one more update.
  const view = useMemo(() => (live && live.snapshot.auctionId === auctionId ? mergeAuctionView(loaded, live) : loaded), [loaded, live, auctionId]);

  const apply = useCallback((snapshot: AuctionSnapshot) => push({ snapshot }), [push]);
  return { view, mode, apply };
}
