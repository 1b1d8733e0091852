// Reports and moderation's demo rows: members reported a few dealers' listings through the report service,
// so /admin/flagged-listings and the dashboard's Flagged Listings open on real rows: one listing reported by three
// members (hidden from search, waiting for review), one by the demo buyer alone, and one report the demo moderator
// already dismissed; and a pending fraud report about a dealer.
import type { Kysely } from "kysely";
import type { Database } from "../schema.ts";
import { MemoryRateLimiter } from "../../app/services/platform/rate-limit.server.ts";
import { reportMember } from "../../app/services/admin/fraud-reports.server.ts";
import { reportListing, reviewReportedListing } from "../../app/services/admin/listing-reports.server.ts";
import { DEMO_DEALERS } from "./listings.ts";

const HOUR_MS = 3_600_000;

export async function seedDemoModeration(
  db: Kysely<Database>,
  people: { buyerId: string; sellerId: string; moderatorId: string },
  { now }: { now: Date },
): Promise<void> {
  const dealers = await db
    .selectFrom("profiles")
    .select(["id", "email"])
    .where(
      "email",
      "in",
      DEMO_DEALERS.map((dealer) => dealer.email),
    )
    .execute();
  const [first, second, third] = DEMO_DEALERS.map((dealer) => dealers.find((row) => row.email === dealer.email)?.id).filter((id): id is string => Boolean(id));
  if (!first || !second || !third) return;
  const activeOf = async (sellerId: string, count: number) =>
    (
      await db
        .selectFrom("equipment_listings")
        .select("id")
        .where("user_id", "=", sellerId)
        .where("status", "=", "active")
        // A report never hides a lot the auction seed left live.
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("auctions")
                .select("auctions.id")
                .whereRef("auctions.listing_id", "=", "equipment_listings.id")
                .where("auctions.status", "in", ["active", "upcoming"]),
            ),
          ),
        )
        .orderBy("id")
        .limit(count)
        .execute()
    ).map((row) => row.id);
  const [hidden, single, dismissed] = [...(await activeOf(first, 2)), ...(await activeOf(second, 1))];
  if (hidden === undefined || single === undefined || dismissed === undefined) return;
  // The demo's own limiter: seeding is not the reporters' hourly allowance.
  const limiter = new MemoryRateLimiter();
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR_MS);
  const report = (listingId: number, reporterId: string, reason: string, note: string, hoursAgo: number) =>
    reportListing(db, { listingId, reporterId, reason, note }, { limiter, now: at(hoursAgo) });

  // The reporters have been members for months (fresh accounts' reports count less: report-weight.server.ts).
  await db
    .updateTable("users")
    .set({ created_at: at(24 * 120).toISOString() })
    .where("id", "in", [people.buyerId, people.sellerId, second])
    .execute();
  await report(hidden, people.buyerId, "suspicious_price", "A current-model analyzer at a tenth of the usual price, payment by wire only.", 50);
  await report(hidden, people.sellerId, "counterfeit", "The front-panel photo shows a different serial plate from the one described.", 30);
  await report(hidden, second, "suspicious_price", "", 20);
  await report(single, people.buyerId, "misleading_description", "Listed as calibrated, but the certificate in the photos expired two years ago.", 6);
  await report(dismissed, people.buyerId, "prohibited_item", "", 120);
  await reviewReportedListing(db, people.moderatorId, dismissed, { decision: "dismiss" }, at(100));
  await reportMember(
    db,
    {
      memberId: third,
      reporterId: people.buyerId,
      reason: "non_delivery",
      note: "Paid for a power supply three weeks ago; no tracking and no answer to messages.",
    },
    { limiter, now: at(12) },
  );
}
