// What the lot page (/auctions/{id}) and the bid panel on a listing page show: the listing, the auction's public
// state for this viewer, the newest bids and the server's clock, as stored. The pages read them through the settlement
// flow (getAuctionPage and getAuctionPanel in app/flows/auction-settlement.server.ts), which first starts or ends an
// auction whose time has come, so a page never shows a lot as open after its end.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { AuctionSnapshot, BidHistoryEntry } from "~/lib/auctions.ts";
import { BID_HISTORY_SIZE } from "~/lib/bidding.ts";
import { bidHistory, findAuctionRow, findLiveAuctionRow, forViewer, toLiveState } from "./auction-state.server.ts";
import { getListingDetail, type ListingDetail, type ListingViewer, isOwner } from "../listings/index.server.ts";

export interface AuctionPanelData {
  /** The public state for this viewer: never the reserve amount, never who leads (only whether the viewer does). */
  snapshot: AuctionSnapshot;
  /** The newest bids first, at most BID_HISTORY_SIZE. */
  history: BidHistoryEntry[];
  /** Visitors are asked to sign in before they bid. */
  viewerSignedIn: boolean;
  /** The viewer owns the listing: they cannot bid, and they get the owner's controls. */
  viewerIsSeller: boolean;
  /** The server's clock when the page was read; countdowns run from it. */
  serverNow: string;
}

export interface AuctionPageData extends AuctionPanelData {
  listing: ListingDetail;
}

/** The bid panel's data for one auction, or null when there is no such auction. */
export async function findAuctionPanel(
  db: Kysely<Database>,
  auctionId: number,
  viewerId: string | null | undefined,
  now: Date = new Date(),
): Promise<AuctionPanelData | null> {
  const row = await findAuctionRow(db, auctionId);
  if (!row) return null;
  const history = await bidHistory(db, auctionId, BID_HISTORY_SIZE);
  return {
    snapshot: forViewer(toLiveState(row), viewerId),
    history,
    viewerSignedIn: Boolean(viewerId),
    viewerIsSeller: isOwner({ ownerId: row.seller_id }, viewerId),
    serverNow: now.toISOString(),
  };
}

/**
 * The lot page: the auction with its listing (images, seller, facts, description, specifications), or null when
 * the auction does not exist or its listing is hidden from this viewer (a draft, for anyone but its owner).
 */
export async function findAuctionPage(
  db: Kysely<Database>,
  auctionId: number,
  viewer: ListingViewer | null,
  now: Date = new Date(),
): Promise<AuctionPageData | null> {
  const panel = await findAuctionPanel(db, auctionId, viewer?.id, now);
  if (!panel) return null;
  const listing = await getListingDetail(db, panel.snapshot.listingId, viewer);
  if (!listing) return null;
  return { ...panel, listing };
}

/** The id of the listing's upcoming or running auction, or null. */
export async function findLiveAuctionForListing(db: Kysely<Database>, listingId: number): Promise<number | null> {
  return (await findLiveAuctionRow(db, listingId))?.id ?? null;
}
