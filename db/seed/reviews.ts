// The reviews demo: after the demo's completed orders, most buyers review the seller and most sellers
// review the buyer back, through the reviews service at past times, so profiles show real ratings, breakdowns and a
// few replies; a review whose other side never came publishes when its window ends (publishDueReviews at `now`).
import type { Kysely } from "kysely";
import type { Database } from "../schema.ts";
import { publishDueReviews, replyToReview, submitReview } from "../../app/services/reviews/reviews.server.ts";
import type { Random } from "./random.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const BUYER_COMMENTS: Record<number, readonly string[]> = {
  5: [
    "Exactly as listed, with the calibration certificate in the box. Packed on a pallet with foam corners; not a scratch.",
    "Powered up and passed self-test on arrival. The seller answered every question about options and firmware the same day.",
    "Fast dispatch and honest photos. Would buy from this seller again.",
  ],
  4: [
    "Works as described. Shipping took two days longer than promised, but the seller kept me posted with tracking.",
    "Good unit, small cosmetic marks the listing did mention. Well packed.",
  ],
  3: ["The instrument works, but the accessories shown in the photos were not all in the crate. Sorted out after a few messages."],
  2: ["Arrived late and the front panel knob was loose. The seller offered a partial refund for the repair."],
};

const SELLER_COMMENTS: readonly string[] = [
  "Paid promptly and confirmed receipt as soon as the crate arrived. A pleasure to deal with.",
  "Clear about the delivery address and the loading dock hours. Recommended buyer.",
  "Quick payment, good communication.",
];

const REPLIES: readonly string[] = [
  "Thank you, glad the unit arrived safely. Enjoy it on the bench.",
  "Thanks for the feedback; we have changed how we pack accessories so nothing goes missing again.",
];

/** Mostly fours and fives, as on a working marketplace, with the odd three and two. */
function starsOf(random: Random): number {
  const roll = random.next();
  return roll < 0.55 ? 5 : roll < 0.85 ? 4 : roll < 0.95 ? 3 : 2;
}

const clampStars = (stars: number) => Math.min(5, Math.max(1, stars));

/** Reviews for the demo's completed orders, as their buyers and sellers would have left them before `now`. */
export async function seedDemoReviews(db: Kysely<Database>, random: Random, { now }: { now: Date }): Promise<void> {
  const orders = await db
    .selectFrom("orders")
    .select(["id", "buyer_id", "seller_id", "status", "completed_at", "resolved_at"])
    .where("status", "in", ["completed", "released"])
    .orderBy("id")
    .execute();
  for (const order of orders) {
    const completedAt = order.status === "completed" ? order.completed_at : order.resolved_at;
    if (!completedAt) continue;
    const completed = new Date(completedAt).getTime();
    // The latest moment a review may be written: before now, and before the window closes.
    const latest = Math.min(now.getTime() - HOUR, completed + 59 * DAY);
    if (latest <= completed + HOUR) continue;
    const momentAfter = (from: number, within: number) => new Date(Math.min(latest, from + HOUR + random.next() * within));

    let buyerReview: { reviewId: number; published: boolean } | null = null;
    let buyerReviewedAt = completed;
    if (random.next() < 0.85) {
      buyerReviewedAt = momentAfter(completed, 6 * DAY).getTime();
      const rating = starsOf(random);
      buyerReview = await submitReview(db, {
        orderId: order.id,
        reviewerId: order.buyer_id,
        rating,
        itemAsDescribed: clampStars(rating + (random.next() < 0.3 ? 1 : 0)),
        communication: clampStars(rating - (random.next() < 0.2 ? 1 : 0)),
        shipping: clampStars(rating - (random.next() < 0.3 ? 1 : 0)),
        comment: random.pick(BUYER_COMMENTS[rating] ?? BUYER_COMMENTS[5]!),
        now: new Date(buyerReviewedAt),
      });
    }
    let sellerReviewedAt: Date | null = null;
    if (random.next() < 0.7) {
      sellerReviewedAt = momentAfter(Math.max(completed + 2 * DAY, buyerReviewedAt), 8 * DAY);
      await submitReview(db, {
        orderId: order.id,
        reviewerId: order.seller_id,
        rating: random.next() < 0.8 ? 5 : 4,
        comment: random.pick(SELLER_COMMENTS),
        now: sellerReviewedAt,
      });
    }
    // The seller answers some published reviews a little while after they appear.
    if (buyerReview && sellerReviewedAt && random.next() < 0.5) {
      const replyAt = sellerReviewedAt.getTime() + HOUR + random.next() * DAY;
      if (replyAt < now.getTime())
        await replyToReview(db, { reviewId: buyerReview.reviewId, userId: order.seller_id, reply: random.pick(REPLIES), now: new Date(replyAt) });
    }
  }
  await publishDueReviews(db, now, 10_000);
}
