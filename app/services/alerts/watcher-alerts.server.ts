// Telling the people who watch a listing (docs/product/alerts.md#watchlist dashboard notification types): price_drop when its price is
// lowered, auction_update when its auction has under an hour left, watchlist_update when it sells. The drafts are
// written in the transaction of the event (the caller passes its transaction and announces after commit); the actor
// of the event (the editor, the buyer, the seller) and anyone the event already told in its own words (a hybrid's
// or an auction's bidders) get no second notice.
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { formatBidMoney } from "~/lib/bidding.ts";
import { announceNotifications, insertNotifications, type NotificationDraft } from "../notifications/index.server.ts";
import { watcherIds } from "../watchlist/index.server.ts";

/** A watched auction is "ending soon" once less than this is left. */
const ENDING_SOON_WINDOW_MS = 60 * 60 * 1000;

type Db = Kysely<Database>;

async function toWatchers(db: Db, listingId: number, except: readonly string[], draft: Omit<NotificationDraft, "userId">): Promise<NotificationDraft[]> {
  const ids = await watcherIds(db, listingId, [...new Set(except)]);
  return ids.map((userId) => ({ ...draft, userId }));
}

// ── Price drop ──

export interface PriceChange {
  listingId: number;
  title: string;
  ownerId: string;
  /** Who saved the change (the owner or an admin). */
  actorId: string;
  before: { priceCents: number; currency: string };
  after: { priceCents: number; currency: string; status: string };
}

/**
 * price_drop drafts for the watchers of an active listing whose price went down in the same currency (nothing for a
 * raise, an unchanged price, a currency change or a listing that is not for sale). Call inside the edit's
 * transaction, insert them with insertNotifications there, announce after commit.
 */
export async function priceDropAlerts(db: Db, change: PriceChange): Promise<NotificationDraft[]> {
  const { before, after } = change;
  if (after.status !== "active" || before.currency !== after.currency || after.priceCents >= before.priceCents) return [];
  const from = formatBidMoney(before.priceCents, before.currency);
  const to = formatBidMoney(after.priceCents, after.currency);
  return toWatchers(db, change.listingId, [change.actorId, change.ownerId], {
    type: "price_drop",
    title: `Price drop: ${change.title}`,
    message: `The price of "${change.title}" dropped from ${from} to ${to}.`,
    actionUrl: `/listings/${change.listingId}`,
  });
}

// ── Sold ──

export interface ItemSale {
  listingId: number;
  title: string;
  sellerId: string;
  buyerId: string;
  /** Recipients the sale already notified in its own words (bidders told the auction ended). */
  alreadyTold?: readonly string[];
  /** Where the notice links: the listing page, or the lot page of an auction. */
  actionUrl: string;
}

/** watchlist_update drafts for the watchers of an item that has just sold (never the buyer or the seller). */
export async function itemSoldAlerts(db: Db, sale: ItemSale): Promise<NotificationDraft[]> {
  return toWatchers(db, sale.listingId, [sale.buyerId, sale.sellerId, ...(sale.alreadyTold ?? [])], {
    type: "watchlist_update",
    title: `Sold: ${sale.title}`,
    message: `"${sale.title}" on your watchlist has been sold and is no longer available.`,
    actionUrl: sale.actionUrl,
  });
}

// ── Ending soon ──

/**
 * Tells the watchers of each active auction with under an hour left, once per auction: each auction is claimed by a
 * conditional update of ending_soon_notified_at inside the transaction that writes its notifications, so two
 * scheduler passes (two server processes) never both tell. A soft-close extension moves the end date but leaves the
 * stamp, so it does not tell again. Returns how many auctions this pass told about.
 */
export async function alertAuctionsEndingSoon(db: Db, now: Date = new Date()): Promise<number> {
  const stamp = now.toISOString();
  const horizon = new Date(now.getTime() + ENDING_SOON_WINDOW_MS).toISOString();
  const due = await db
    .selectFrom("auctions")
    .select("id")
    .where("status", "=", "active")
    .where("ending_soon_notified_at", "is", null)
    .where("end_date", ">", stamp)
    .where("end_date", "<=", horizon)
    .orderBy("end_date")
    .execute();
  let told = 0;
  for (const { id } of due) {
    try {
      const drafts = await inWriteTransaction(db, async (trx) => {
        const claimed = await trx
          .updateTable("auctions")
          .set({ ending_soon_notified_at: stamp })
          .where("id", "=", id)
          .where("status", "=", "active")
          .where("ending_soon_notified_at", "is", null)
          .where("end_date", ">", stamp)
          .where("end_date", "<=", horizon)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return null;
        const lot = await trx
          .selectFrom("auctions as a")
          .innerJoin("equipment_listings as l", "l.id", "a.listing_id")
          .select(["a.listing_id", "a.current_price_cents", "a.currency", "a.bid_count", "l.title", "l.user_id as seller_id"])
          .where("a.id", "=", id)
          .executeTakeFirstOrThrow();
        const price = formatBidMoney(lot.current_price_cents, lot.currency);
        const drafts = await toWatchers(trx, lot.listing_id, [lot.seller_id], {
          type: "auction_update",
          title: `Ending soon: ${lot.title}`,
          message: `The auction for "${lot.title}" ends in under an hour. ${lot.bid_count > 0 ? "Current bid" : "Starting bid"}: ${price}.`,
          actionUrl: `/auctions/${id}`,
        });
        await insertNotifications(trx, drafts, now);
        return drafts;
      });
      if (drafts) {
        told += 1;
        announceNotifications(drafts);
      }
    } catch (error) {
      // One auction's failure must not stop the others; the next pass tries again (nothing was claimed).
      console.error(`Could not tell the watchers of auction ${id} that it ends soon:`, error);
    }
  }
  return told;
}
