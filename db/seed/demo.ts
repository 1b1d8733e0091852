// The demo marketplace, seeded into an empty database at start (unless SEED_DEMO=0).
// Later features add their demo rows here, from the same seeded random source.
import type { Kysely } from "kysely";
import type { Database } from "../schema.ts";
import type { UploadStore } from "../../app/services/storage/upload-store.server.ts";
import { seedDemoAdministration } from "./administration.ts";
import { seedDemoAuctions } from "./auctions.ts";
import { HELD_IMPORT_DEALER_EMAIL, seedDemoBulkImport, seedDemoHeldBulkImport } from "./bulk-import.ts";
import { seedDemoListingViews } from "./dashboards.ts";
import { seedDemoForum } from "./forum.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./demo-accounts.ts";
import { createAccount } from "./factories.ts";
import { seedDemoNewsletter } from "./newsletter.ts";
import { seedDemoKnowledgeBase } from "./knowledge-base.ts";
import { seedDemoListings } from "./listings.ts";
import { seedDemoModeration } from "./moderation.ts";
import { seedDemoOffers } from "./offers.ts";
import { seedDemoReviews } from "./reviews.ts";
import { seedDemoSecondFactors } from "./second-factors.ts";
import { DEMO_SEED, seededRandom } from "./random.ts";
import { seedDemoSupportInbox } from "./support-inbox.ts";
import { seedDemoTrust } from "./trust.ts";

export interface DemoSeedOptions {
  /** Where the demo listings' pictures are written (the app's upload store). */
  uploads: UploadStore;
  /** The seed's present: listing dates, auctions and orders are counted from here (default: the current time). */
  now?: Date;
  /** See DemoListingsOptions.pictureCacheDir. */
  pictureCacheDir?: string | null;
}

/** Seeds when the database has no users yet; returns whether it did. */
export async function seedDemoMarketplace(db: Kysely<Database>, options: DemoSeedOptions): Promise<boolean> {
  const existing = await db.selectFrom("users").select("id").limit(1).executeTakeFirst();
  if (existing) return false;
  const now = options.now ?? new Date();
  const random = seededRandom(DEMO_SEED);
  // Password hashing dominates; the accounts are hashed side by side on libuv's thread pool.
  const ids = await Promise.all(
    DEMO_ACCOUNTS.map((account) => createAccount(db, random, { ...account, password: DEMO_PASSWORD, verified: account.role !== "buyer" })),
  );
  const idOf = (role: string) => ids[DEMO_ACCOUNTS.findIndex((account) => account.role === role)] as string;
  // Two-step sign-in: the demo staff who need it have it, with the secrets the README prints.
  await seedDemoSecondFactors(db, { now });
  // The listings draw from their own sequence, so adding accounts never reshuffles them.
  await seedDemoListings(db, seededRandom(DEMO_SEED + 1), {
    uploads: options.uploads,
    sellerId: idOf("seller"),
    adminId: idOf("admin"),
    now,
    pictureCacheDir: options.pictureCacheDir,
  });
  // Auctions, bids and orders on those listings, up to the same moment.
  await seedDemoAuctions(db, seededRandom(DEMO_SEED + 2), { now });
  // The forum: topics and replies from the demo accounts and dealers.
  await seedDemoForum(db, seededRandom(DEMO_SEED + 3), { now });
  // The knowledge base's articles, written by the demo administrator; the buyer and the seller found some helpful.
  await seedDemoKnowledgeBase(db, { authorId: idOf("admin"), voterIds: [idOf("buyer"), idOf("seller")], now });
  // Contact-form messages in the support inbox, some assigned and answered by the demo support agent and administrator.
  await seedDemoSupportInbox(db, { buyerId: idOf("buyer"), sellerId: idOf("seller"), supportId: idOf("support"), adminId: idOf("admin") }, { now });
  // Offers: the demo buyer's negotiations with the demo seller, one in each state.
  await seedDemoOffers(db, { buyerId: idOf("buyer"), sellerId: idOf("seller") }, { now });
  // Reviews: both sides of the completed orders review each other; some lone reviews published at the window's end.
  await seedDemoReviews(db, seededRandom(DEMO_SEED + 4), { now });
  // Trust: the demo buyer follows sellers, a dealer is verified, a general question answered, a review reported.
  await seedDemoTrust(db, { buyerId: idOf("buyer"), sellerId: idOf("seller"), adminId: idOf("admin") }, { now, uploads: options.uploads });
  // The administration's history: the demo super administrator's fee exemption for a launch-partner dealer.
  await seedDemoAdministration(db, { superAdminId: idOf("super_admin") }, { now });
  // Reports and moderation: reported dealer listings (one hidden by three reporters), a dismissed report, a fraud report.
  await seedDemoModeration(db, { buyerId: idOf("buyer"), sellerId: idOf("seller"), moderatorId: idOf("moderator") }, { now });
  // Bulk import: the demo seller's past import, with its per-row report, in the history of /bulk-upload.
  await seedDemoBulkImport(db, options.uploads, { sellerId: idOf("seller"), now });
  // A dealer's first import, larger than the review threshold, held for staff review on /admin/bulk-imports.
  const dealer = await db.selectFrom("profiles").select("id").where("email", "=", HELD_IMPORT_DEALER_EMAIL).executeTakeFirstOrThrow();
  await seedDemoHeldBulkImport(db, { dealerId: dealer.id, now });
  // Dashboards: a month of counted views of the demo seller's listings, for the seller dashboard's figures.
  await seedDemoListingViews(db, seededRandom(DEMO_SEED + 5), { sellerId: idOf("seller"), now });
  // The newsletter: readers who signed up over the last weeks, confirmed, pending and unsubscribed.
  await seedDemoNewsletter(db, { now });
  // People have read what is more than a day and a half old (the auctions', the forum's and the offers' notices alike).
  await db
    .updateTable("notifications")
    .set({ is_read: 1 })
    .where("created_at", "<", new Date(now.getTime() - 36 * 3_600_000).toISOString())
    .execute();
  // The demo's history happened before anyone was there to read mail: its notification e-mails are not sent.
  await db.deleteFrom("email_outbox").where("status", "=", "pending").execute();
  return true;
}
