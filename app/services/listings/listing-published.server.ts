// What a committed listing write leaves for the post-listing flow (app/flows/listing-publication.server.ts) to tell the
// rest of the marketplace: open auction pages and lists hear of an auction it started, saved searches of a listing that
// went on sale. The listings domain writes; it knows neither auctions' live events nor alerts.

export interface ListingPublished {
  listingId: number;
  /** The auction the write started, live now; null when it started none or the one it started is upcoming. */
  startedAuctionId: number | null;
  /** The listing became active (on sale): new to saved searches. */
  becameActive: boolean;
}
