// The reviews a member still owes ("Leave a review" on /orders and the buyer dashboard): orders they
// bought or sold that completed (completed, or released to the seller) less than REVIEW_WINDOW_DAYS ago, not
// refunded, that their side has not reviewed yet. The same rules as reviewEligibility, asked of many orders at once.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { ReviewerRole } from "~/lib/reviews.ts";
import { PARTY_NAME_COLUMNS, partyNames } from "../platform/index.server.ts";
import { reviewWindowEndsAt, REVIEW_WINDOW_MS } from "./reviews.server.ts";

/** The most due reviews one read returns (the window is 60 days; a dealer may owe many). */
const REVIEWS_DUE_LIMIT = 100;

export interface ReviewDue {
  orderId: number;
  reference: string;
  title: string;
  /** The member's side of the order. */
  role: ReviewerRole;
  otherPartyId: string;
  otherPartyName: string;
  windowEndsAt: string;
}

/** The orders `userId` may review now, the soonest window end first. */
export async function reviewsDueFor(db: Kysely<Database>, userId: string, now: Date = new Date(), limit = REVIEWS_DUE_LIMIT): Promise<ReviewDue[]> {
  const since = new Date(now.getTime() - REVIEW_WINDOW_MS).toISOString();
  const rows = await db
    .selectFrom("orders as o")
    .innerJoin("profiles as buyer", "buyer.id", "o.buyer_id")
    .innerJoin("profiles as seller", "seller.id", "o.seller_id")
    .innerJoin("equipment_listings as l", "l.id", "o.listing_id")
    .select(["o.id", "o.reference", "l.title", "o.status", "o.buyer_id", "o.seller_id", "o.completed_at", "o.resolved_at", ...PARTY_NAME_COLUMNS])
    .where((eb) => eb.or([eb("o.buyer_id", "=", userId), eb("o.seller_id", "=", userId)]))
    .where((eb) =>
      eb.or([
        eb.and([eb("o.status", "=", "completed"), eb("o.completed_at", ">", since)]),
        eb.and([eb("o.status", "=", "released"), eb("o.resolved_at", ">", since)]),
      ]),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("reviews as r").select("r.id").whereRef("r.order_id", "=", "o.id").where("r.reviewer_id", "=", userId))),
    )
    .orderBy("o.id")
    .limit(limit)
    .execute();
  const due: ReviewDue[] = [];
  for (const row of rows) {
    const windowEndsAt = reviewWindowEndsAt(row);
    if (!windowEndsAt || new Date(windowEndsAt).getTime() <= now.getTime()) continue;
    const role: ReviewerRole = row.buyer_id === userId ? "buyer" : "seller";
    const names = partyNames(row);
    due.push({
      orderId: row.id,
      reference: row.reference,
      title: row.title,
      role,
      otherPartyId: role === "buyer" ? row.seller_id : row.buyer_id,
      otherPartyName: role === "buyer" ? names.seller : names.buyer,
      windowEndsAt,
    });
  }
  return due.sort((a, b) => a.windowEndsAt.localeCompare(b.windowEndsAt) || a.orderId - b.orderId);
}
