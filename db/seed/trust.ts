// The trust demo (issue 22, after the reviews): the demo buyer follows the demo seller and two dealers; the demo
// administrator verifies an unverified dealer through the verification service (audited); the buyer asks the demo
// seller a general question from the seller's profile and gets an answer (so the response figures have something to
// count); and a member reports one published review, so the moderators' list is not empty.
import type { Kysely } from "kysely";
import type { Database } from "../schema.ts";
import { followSeller } from "../../app/services/accounts/follows.server.ts";
import { MemoryRateLimiter } from "../../app/services/accounts/rate-limit.server.ts";
import { setSellerVerification } from "../../app/services/accounts/seller-verification.server.ts";
import { openGeneralConversation, sendMessage } from "../../app/services/messaging/messages.server.ts";
import { InProcessBus } from "../../app/services/platform/live-events.server.ts";
import { reportReview } from "../../app/services/reviews/reviews.server.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export async function seedDemoTrust(
  db: Kysely<Database>,
  people: { buyerId: string; sellerId: string; adminId: string },
  { now }: { now: Date },
): Promise<void> {
  const at = (msBefore: number) => new Date(now.getTime() - msBefore);
  const dealers = await db
    .selectFrom("profiles")
    .select(["id", "is_verified"])
    .where("role", "=", "seller")
    .where("id", "!=", people.sellerId)
    .orderBy("created_at")
    .orderBy("id")
    .limit(20)
    .execute();
  await followSeller(db, people.buyerId, people.sellerId, at(40 * DAY));
  for (const [index, dealer] of dealers.slice(0, 2).entries()) await followSeller(db, people.buyerId, dealer.id, at((20 - index * 5) * DAY));

  const unverified = dealers.find((dealer) => !dealer.is_verified);
  if (unverified) {
    const since = at(3 * DAY).toISOString().slice(0, 10);
    await setSellerVerification(db, { actor: { id: people.adminId, role: "admin" }, sellerId: unverified.id, verified: true, since, now: at(3 * DAY) });
  }

  const options = { limiter: new MemoryRateLimiter(), bus: new InProcessBus() };
  const { conversationId } = await openGeneralConversation(db, people.buyerId, people.sellerId, at(6 * DAY));
  await sendMessage(
    db,
    { conversationId, senderId: people.buyerId, body: "Hello, do you take trade-ins of older Agilent analyzers against a purchase?", now: at(6 * DAY) },
    options,
  );
  await sendMessage(
    db,
    { conversationId, senderId: people.sellerId, body: "We do: send the model, options and serial number and we will quote within a day.", now: at(6 * DAY - 2 * HOUR) },
    options,
  );

  const review = await db
    .selectFrom("reviews")
    .select(["id", "reviewer_id"])
    .where("published_at", "is not", null)
    .where("reviewer_role", "=", "buyer")
    .where("reviewer_id", "!=", people.buyerId)
    .orderBy("id")
    .executeTakeFirst();
  if (review) await reportReview(db, { reviewId: review.id, reporterId: people.buyerId, reason: "This review names a different instrument from the one in the order.", now: at(1 * DAY) });
}
