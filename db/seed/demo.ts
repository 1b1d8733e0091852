// The demo marketplace, seeded into an empty database at start (unless SEED_DEMO=0).
// Later features add their demo rows here, from the same seeded random source.
import type { Kysely } from "kysely";
import type { Role } from "../../app/lib/roles.ts";
import type { Database } from "../schema.ts";
import { createAccount } from "./factories.ts";
import { DEMO_SEED, seededRandom } from "./random.ts";

export const DEMO_PASSWORD = "tradebench-demo";

/** One account of each role; the README lists them. */
export const DEMO_ACCOUNTS: ReadonlyArray<{ email: string; role: Role; firstName: string; lastName: string; companyName: string }> = [
  { email: "buyer@tradebench.test", role: "buyer", firstName: "Bianca", lastName: "Byers", companyName: "Northgate Test Labs" },
  { email: "seller@tradebench.test", role: "seller", firstName: "Samuel", lastName: "Sellwood", companyName: "Keystone Surplus" },
  { email: "admin@tradebench.test", role: "admin", firstName: "Ada", lastName: "Admiral", companyName: "Tradebench" },
  { email: "superadmin@tradebench.test", role: "super_admin", firstName: "Sonia", lastName: "Superior", companyName: "Tradebench" },
  { email: "moderator@tradebench.test", role: "moderator", firstName: "Mateo", lastName: "Moderno", companyName: "Tradebench" },
  { email: "referee@tradebench.test", role: "dispute_resolution_referee", firstName: "Rita", lastName: "Referee", companyName: "Tradebench" },
  { email: "billing@tradebench.test", role: "billing", firstName: "Bill", lastName: "Ledger", companyName: "Tradebench" },
  { email: "support@tradebench.test", role: "support", firstName: "Suki", lastName: "Helper", companyName: "Tradebench" },
];

/** Seeds when the database has no users yet; returns whether it did. */
export async function seedDemoMarketplace(db: Kysely<Database>): Promise<boolean> {
  const existing = await db.selectFrom("users").select("id").limit(1).executeTakeFirst();
  if (existing) return false;
  const random = seededRandom(DEMO_SEED);
  for (const account of DEMO_ACCOUNTS) {
    await createAccount(db, random, { ...account, password: DEMO_PASSWORD, verified: account.role !== "buyer" });
  }
  return true;
}
