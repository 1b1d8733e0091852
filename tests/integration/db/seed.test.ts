// The demo marketplace: one account per role, real sign-ins, seeded only once, the same every time.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import type { Profile } from "#db/schema.ts";
import { seedDemoMarketplace } from "#db/seed/demo.ts";
import { listNewsletterSubscribers } from "~/services/accounts/newsletter.server.ts";
import { DEMO_PASSWORD } from "#db/seed/demo-accounts.ts";
import { DEMO_DEALERS } from "#db/seed/listings.ts";
import { verifyLogin } from "~/services/accounts/account.server.ts";
import { countHeldBulkImports, listHeldBulkImports, queryAuditLog } from "~/services/admin/index.server.ts";
import { getBulkImport } from "~/services/bulk-import/bulk-import.server.ts";
import { BULK_LIMITS } from "~/lib/bulk-import.ts";
import { HELD_IMPORT_DEALER_EMAIL } from "#db/seed/bulk-import.ts";
import { listPromoCodes } from "~/services/promotions/index.server.ts";
import type * as PasswordModule from "~/services/accounts/password.server.ts";
import { DiskStore } from "~/services/storage/index.server.ts";
import { createTestDatabase } from "../../support/test-database.ts";

// scrypt at full cost takes a second or more per hash on a busy machine. The first database gets real
// hashes (its accounts are signed into below); the second one, which only checks that the seeded
// profiles are deterministic, gets a cheap stand-in hash.
const hashing = vi.hoisted(() => ({ cheap: false }));
vi.mock("~/services/accounts/password.server.ts", async (importOriginal) => {
  const real = await importOriginal<typeof PasswordModule>();
  return {
    ...real,
    hashPassword: (password: string) => (hashing.cheap ? Promise.resolve("cheap-test-hash") : real.hashPassword(password)),
  };
});

const EXPECTED_ACCOUNTS = [
  { role: "buyer", email: "buyer@tradebench.test", first_name: "Bianca", last_name: "Byers" },
  { role: "seller", email: "seller@tradebench.test", first_name: "Samuel", last_name: "Sellwood" },
  { role: "admin", email: "admin@tradebench.test", first_name: "Ada", last_name: "Admiral" },
  { role: "super_admin", email: "superadmin@tradebench.test", first_name: "Sonia", last_name: "Superior" },
  { role: "moderator", email: "moderator@tradebench.test", first_name: "Mateo", last_name: "Moderno" },
  { role: "dispute_resolution_referee", email: "referee@tradebench.test", first_name: "Rita", last_name: "Referee" },
  { role: "billing", email: "billing@tradebench.test", first_name: "Bill", last_name: "Ledger" },
  { role: "support", email: "support@tradebench.test", first_name: "Suki", last_name: "Helper" },
];

let seeded: OpenedDatabase;
let firstRun: boolean;
// The demo listings' pictures; dropped with the test databases.
const uploadsDir = path.resolve(process.env.TEST_TMP_DIR ?? "tests/.tmp", `uploads-${crypto.randomUUID()}`);
const DEMO_EMAILS = EXPECTED_ACCOUNTS.map((a) => a.email);

beforeAll(async () => {
  seeded = createTestDatabase();
  firstRun = await seedDemoMarketplace(seeded.db, { uploads: new DiskStore(uploadsDir), now: SEEDED_AT });
}, 180_000);

afterAll(async () => {
  await seeded?.close();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

async function profilesOf(database: OpenedDatabase): Promise<Profile[]> {
  return database.db.selectFrom("profiles").selectAll().orderBy("email").execute();
}

/** The demo accounts' profiles (the dealers who list equipment are checked apart). */
async function demoProfilesOf(database: OpenedDatabase): Promise<Profile[]> {
  return (await profilesOf(database)).filter((p) => DEMO_EMAILS.includes(p.email));
}

/** The moment both databases are seeded for. */
const SEEDED_AT = new Date();

/** A profile without what legitimately differs between two seeded databases. */
function comparable(profile: Profile): Omit<Profile, "id" | "updated_at"> {
  const { id: _id, updated_at: _updated, ...rest } = profile;
  return rest;
}

describe("seedDemoMarketplace", () => {
  it("seeds an empty database and creates exactly one account per role", async () => {
    expect(firstRun).toBe(true);
    const profiles = await demoProfilesOf(seeded);
    expect(profiles.map((p) => ({ role: p.role, email: p.email, first_name: p.first_name, last_name: p.last_name }))).toEqual(
      [...EXPECTED_ACCOUNTS].sort((a, b) => a.email.localeCompare(b.email)),
    );
    const users = await seeded.db.selectFrom("users").select(["id", "email"]).orderBy("email").execute();
    expect(users).toEqual((await profilesOf(seeded)).map((p) => ({ id: p.id, email: p.email })));
  });

  it("adds the dealers as sellers whose password nobody knows", async () => {
    const dealers = (await profilesOf(seeded)).filter((p) => !DEMO_EMAILS.includes(p.email));
    expect(dealers.map((p) => p.email).sort()).toEqual(DEMO_DEALERS.map((d) => d.email).sort());
    for (const dealer of dealers) {
      expect(dealer.role).toBe("seller");
      expect(dealer.company_name).not.toBe("");
    }
    // One shared scrypt hash of a random password: a real hash, but of nothing anyone knows.
    const hashes = await seeded.db
      .selectFrom("users")
      .select("password_hash")
      .where(
        "email",
        "in",
        DEMO_DEALERS.map((d) => d.email),
      )
      .execute();
    expect(new Set(hashes.map((h) => h.password_hash)).size).toBe(1);
    expect(hashes[0]?.password_hash).toMatch(/^scrypt\$/);
    expect(await verifyLogin(seeded.db, DEMO_DEALERS[0]?.email ?? "", DEMO_PASSWORD)).toBeNull();
  });

  it("gives one dealer a launch-partner fee exemption through the admin service, both changes in the audit log", async () => {
    const dealer = await seeded.db
      .selectFrom("profiles")
      .select(["id", "fee_exemption"])
      .where("email", "=", DEMO_DEALERS[0]?.email ?? "")
      .executeTakeFirstOrThrow();
    expect(Number(dealer.fee_exemption)).toBe(25);
    const log = await queryAuditLog(seeded.db, { subject: { type: "user", id: dealer.id } });
    expect(log.entries.map((entry) => [entry.action, entry.actorEmail, entry.newValues])).toEqual([
      ["user.fee_exemption_change", "superadmin@tradebench.test", { fee_exemption: 25 }],
      ["user.fee_exemption_change", "superadmin@tradebench.test", { fee_exemption: 15 }],
    ]);
  });

  it("has promo codes made through the promotions service: one used once, one standing, one retired", async () => {
    const codes = await listPromoCodes(seeded.db);
    expect(codes.codes.map((c) => [c.code, c.currentUses, c.maxUses, c.active]).sort()).toEqual([
      ["FIVEOFF", 0, null, true],
      ["LAUNCH25", 1, 50, true],
      ["TRADESHOW", 0, 200, false],
    ]);
    const dealer = await seeded.db
      .selectFrom("profiles")
      .select("id")
      .where("email", "=", DEMO_DEALERS[0]?.email ?? "")
      .executeTakeFirstOrThrow();
    const used = await seeded.db.selectFrom("promo_code_redemptions").select(["user_id", "discount_cents"]).execute();
    expect(used).toEqual([{ user_id: dealer.id, discount_cents: 250 }]);
  });

  it("has newsletter readers in each state, as /admin/newsletter lists them, and sends none of their sign-up mails", async () => {
    const page = await listNewsletterSubscribers(seeded.db, { state: "all" });
    const states = page.rows.map((row) => row.status).sort();
    expect(page.subscribed).toBe(4);
    expect(states).toEqual(["pending", "subscribed", "subscribed", "subscribed", "subscribed", "unsubscribed"]);
    const pending = await seeded.db.selectFrom("email_outbox").select("id").where("status", "=", "pending").execute();
    expect(pending).toEqual([]);
  });

  it("gives the demo seller a past bulk import: three listings created, one row removed, photos refused and reported", async () => {
    const seller = await seeded.db.selectFrom("profiles").select("id").where("email", "=", "seller@tradebench.test").executeTakeFirstOrThrow();
    const imports = await seeded.db.selectFrom("bulk_imports").selectAll().where("user_id", "=", seller.id).execute();
    expect(imports.map((i) => [i.status, i.row_count, i.created_count, i.failed_count, i.total_cents])).toEqual([["imported", 4, 3, 0, 500]]);
    const rows = await seeded.db
      .selectFrom("bulk_import_rows")
      .select(["removed", "listing_id", "photo_errors"])
      .where("import_id", "=", imports[0]!.id)
      .orderBy("row_number")
      .execute();
    expect(rows.map((r) => [r.removed, r.listing_id !== null])).toEqual([
      [0, true],
      [0, true],
      [0, true],
      [1, false],
    ]);
    expect(rows[0]!.photo_errors).toContain("private or local network");
  });

  it("holds a dealer's first import above the review threshold for staff, nothing charged and no listing made", async () => {
    const held = await listHeldBulkImports(seeded.db);
    expect(held).toHaveLength(1);
    expect(await countHeldBulkImports(seeded.db)).toBe(1);
    const dealer = await seeded.db
      .selectFrom("profiles")
      .select(["id", "company_name"])
      .where("email", "=", HELD_IMPORT_DEALER_EMAIL)
      .executeTakeFirstOrThrow();
    const imp = await getBulkImport(seeded.db, dealer.id, held[0]!.id);
    expect(imp).toMatchObject({ status: "payment", reviewState: "held", errorCount: 0, createdCount: 0 });
    expect(imp.readyCount).toBeGreaterThan(BULK_LIMITS.reviewThreshold);
    expect(await seeded.db.selectFrom("bulk_import_charges").select("id").where("import_id", "=", imp.id).execute()).toEqual([]);
    const listings = await seeded.db.selectFrom("equipment_listings").select("id").where("user_id", "=", dealer.id).execute();
    const imported = await seeded.db
      .selectFrom("bulk_import_rows")
      .select("listing_id")
      .where("import_id", "=", imp.id)
      .where("listing_id", "is not", null)
      .execute();
    expect(imported).toEqual([]);
    expect(listings.length).toBeGreaterThan(0);
  });

  it("verifies everyone but the buyer, and fills a plausible profile", async () => {
    for (const profile of await demoProfilesOf(seeded)) {
      const verified = profile.role !== "buyer";
      expect(profile.is_verified, profile.email).toBe(verified ? 1 : 0);
      if (verified) expect(profile.verification_date, profile.email).toBe(profile.created_at);
      else expect(profile.verification_date).toBeNull();
      expect(profile.phone).toMatch(/^\+1 555 \d{3} \d{4}$/);
      expect(profile.country).toBe("United States");
      expect(profile.location).toBe(`${profile.city}, ${profile.state}`);
      expect(profile.created_at.startsWith("2025-")).toBe(true);
    }
  });

  it("confirms the e-mail address of every demo account and dealer (docs/decisions/0028)", async () => {
    const users = await seeded.db.selectFrom("users").select(["email", "email_confirmed_at"]).execute();
    expect(users.length).toBeGreaterThan(DEMO_EMAILS.length);
    expect(users.filter((u) => u.email_confirmed_at === null).map((u) => u.email)).toEqual([]);
  });

  it.each(EXPECTED_ACCOUNTS)("lets $email sign in with the demo password", async ({ email }) => {
    const profile = await seeded.db.selectFrom("profiles").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    expect(await verifyLogin(seeded.db, email, DEMO_PASSWORD)).toBe(profile.id);
  });

  it("does nothing on a database that already has users", async () => {
    const before = await profilesOf(seeded);
    expect(await seedDemoMarketplace(seeded.db, { uploads: new DiskStore(uploadsDir) })).toBe(false);
    expect(await profilesOf(seeded)).toEqual(before);
    expect(await seeded.db.selectFrom("users").select("id").execute()).toHaveLength(EXPECTED_ACCOUNTS.length + DEMO_DEALERS.length);
  });

  it("produces the same profiles on another database", async () => {
    const other = createTestDatabase();
    hashing.cheap = true;
    try {
      // Seeded for the same moment: what the demo dates relative to it (a verification approved 3 days before) agrees.
      expect(await seedDemoMarketplace(other.db, { uploads: new DiskStore(`${uploadsDir}-other`), now: SEEDED_AT })).toBe(true);
      const hashes = await other.db.selectFrom("users").select("password_hash").execute();
      expect(new Set(hashes.map((h) => h.password_hash))).toEqual(new Set(["cheap-test-hash"]));

      const mine = (await profilesOf(seeded)).map(comparable);
      const theirs = (await profilesOf(other)).map(comparable);
      expect(theirs).toEqual(mine);
      // Ids are fresh on every database.
      const ids = new Set((await profilesOf(seeded)).map((p) => p.id));
      for (const p of await profilesOf(other)) expect(ids.has(p.id)).toBe(false);
    } finally {
      hashing.cheap = false;
      await other.close();
      fs.rmSync(`${uploadsDir}-other`, { recursive: true, force: true });
    }
  }, 180_000);
});
