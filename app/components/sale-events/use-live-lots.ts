// The catalogue's lots following their auctions live over /events (price, bids, close, status): a snapshot newer
// than what the loader gave is laid over its lot. Without JavaScript the loader's lots are the page.
import { useCallback, useMemo, useState } from "react";
import type { AuctionSnapshot } from "~/lib/auctions.ts";
import { useLiveAuctions, type LiveAuctionChange, type LiveMode } from "~/components/live/use-live-auctions.ts";

export interface LiveLot {
  auctionId: number;
  closesAt: string;
  currentPriceCents: number;
  bidCount: number;
  status: "upcoming" | "open" | "closed" | "cancelled";
}

function lotStatusOf(snapshot: AuctionSnapshot): LiveLot["status"] {
  if (snapshot.status === "cancelled") return "cancelled";
  if (snapshot.status === "ended") return "closed";
  return snapshot.status === "upcoming" ? "upcoming" : "open";
}

export function useLiveLots<Lot extends LiveLot>(lots: readonly Lot[]): { lots: Lot[]; mode: LiveMode } {
  const [live, setLive] = useState<Record<number, AuctionSnapshot>>({});
  const onAuction = useCallback((change: LiveAuctionChange) => {
    const { snapshot } = change;
    setLive((previous) => {
      const known = previous[snapshot.auctionId];
      return known && known.version >= snapshot.version ? previous : { ...previous, [snapshot.auctionId]: snapshot };
    });
  }, []);
  const auctionIds = useMemo(() => lots.filter((lot) => lot.status !== "closed" && lot.status !== "cancelled").map((lot) => lot.auctionId), [lots]);
  const mode = useLiveAuctions({ auctionIds, onAuction, enabled: auctionIds.length > 0 });
  const merged = lots.map((lot) => {
    const snapshot = live[lot.auctionId];
    if (!snapshot) return lot;
    return {
      ...lot,
      closesAt: snapshot.endsAt,
      currentPriceCents: snapshot.currentPriceCents,
      bidCount: snapshot.bidCount,
      status: lotStatusOf(snapshot),
    };
  });
  return { lots: merged, mode };
}
