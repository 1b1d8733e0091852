// Migrations, the synced category taxonomy and role permissions, and the connection settings.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPostgresUrl, openDatabase, sqliteFilePath, type OpenedDatabase } from "#db/dialect.ts";
import { migrateToLatest } from "#db/migrate.ts";
import { syncReferenceData, taxonomyRows } from "#db/reference-data.ts";
import type { Category, Database } from "#db/schema.ts";
import { itemSlug } from "~/lib/category-ids.ts";
import { CATEGORY_TAXONOMY } from "~/reference/taxonomy.ts";
import { isPermission } from "~/lib/permissions.ts";
import { ROLES } from "~/lib/roles.ts";
import { listCategoryTree } from "~/services/listings/category.server.ts";
import { MIGRATIONS } from "../../../migrations/index.ts";
import { createTestDatabase } from "../../support/test-database.ts";

const SUBCATEGORY_SLUGS = [
  "test_measurement",
  "automation_control",
  "electronic_components",
  "data_acquisition",
  "lab_scientific",
  "electrical_power",
  "process_equipment",
  "construction",
  "mining",
  "material_handling",
];

let database: OpenedDatabase;
let categories: Category[];

async function allCategories(db: Kysely<Database>): Promise<Category[]> {
  return db.selectFrom("categories").selectAll().orderBy("id").execute();
}

beforeAll(async () => {
  database = createTestDatabase();
  categories = await allCategories(database.db);
});

afterAll(async () => {
  await database?.close();
});

describe("the category taxonomy", () => {
  it("has the two main categories", () => {
    const mains = categories.filter((c) => c.level === 1).sort((a, b) => a.position - b.position);
    expect(mains.map((c) => [c.id, c.slug, c.name, c.parent_id])).toEqual([
      ["industrial_electronics", "industrial_electronics", "Industrial Electronics", null],
      ["heavy_equipment", "heavy_equipment", "Heavy Equipment", null],
    ]);
  });

  it("has the ten subcategories under their main categories", () => {
    const subs = categories.filter((c) => c.level === 2);
    expect(subs.map((c) => c.slug).sort()).toEqual([...SUBCATEGORY_SLUGS].sort());
    const parentOf = Object.fromEntries(subs.map((c) => [c.slug, c.parent_id]));
    for (const slug of SUBCATEGORY_SLUGS.slice(0, 7)) expect(parentOf[slug]).toBe("industrial_electronics");
    for (const slug of SUBCATEGORY_SLUGS.slice(7)) expect(parentOf[slug]).toBe("heavy_equipment");
    for (const sub of subs) expect(sub.id).toBe(sub.slug);
  });

  it("has at least 15 items in every subcategory", () => {
    for (const slug of SUBCATEGORY_SLUGS) {
      const items = categories.filter((c) => c.level === 3 && c.parent_id === slug);
      expect(items.length, slug).toBeGreaterThanOrEqual(15);
    }
  });

  it("names every item main_sub_item in lower case with underscores", () => {
    const byId = new Map(categories.map((c) => [c.id, c]));
    const items = categories.filter((c) => c.level === 3);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      const sub = byId.get(item.parent_id ?? "");
      const main = byId.get(sub?.parent_id ?? "");
      expect(sub?.level, item.id).toBe(2);
      expect(main?.level, item.id).toBe(1);
      expect(item.id).toBe(itemSlug(main?.slug ?? "", sub?.slug ?? "", item.name));
      expect(item.id.startsWith(`${main?.slug}_${sub?.slug}_`)).toBe(true);
      expect(item.id).toMatch(/^[a-z0-9]+(?:_[a-z0-9]+)*$/);
      expect(item.slug).toBe(item.id);
    }
    expect(byId.get("industrial_electronics_test_measurement_oscilloscopes")?.name).toBe("Oscilloscopes");
  });

  it("derives item ids by the documented rule", () => {
    expect(itemSlug("industrial_electronics", "test_measurement", "Oscilloscopes")).toBe("industrial_electronics_test_measurement_oscilloscopes");
    expect(itemSlug("heavy_equipment", "construction", "Skid Steer / Track Loaders (CTL)")).toBe("heavy_equipment_construction_skid_steer_track_loaders_ctl");
    expect(itemSlug("a", "b", "  AC-DC & Power  ")).toBe("a_b_ac_dc_power");
  });

  it("stores every item of the taxonomy under its own id (no two items collide)", () => {
    const itemCount = CATEGORY_TAXONOMY.flatMap((m) => m.subcategories).reduce((n, s) => n + s.items.length, 0);
    const stored = categories.filter((c) => c.level === 3);
    expect(stored).toHaveLength(itemCount);
    expect(new Set(categories.map((c) => c.id)).size).toBe(categories.length);
    expect(new Set(categories.map((c) => c.slug)).size).toBe(categories.length);
  });

  it("matches the taxonomy source row for row", () => {
    const expected = [...taxonomyRows()].sort((a, b) => a.id.localeCompare(b.id));
    const actual = [...categories].sort((a, b) => a.id.localeCompare(b.id));
    expect(actual).toEqual(expected);
  });

  it("keeps the source order as the tree's order", async () => {
    const tree = await listCategoryTree(database.db);
    expect(tree.map((m) => m.slug)).toEqual(CATEGORY_TAXONOMY.map((m) => m.slug));
    const [electronics] = tree;
    expect(electronics?.children.map((s) => s.slug)).toEqual(SUBCATEGORY_SLUGS.slice(0, 7));
    expect(electronics?.children[0]?.children.map((i) => i.name)).toEqual(CATEGORY_TAXONOMY[0]?.subcategories[0]?.items);
  });
});

describe("role permissions", () => {
  it("has rows for every role, each naming a known permission", async () => {
    const rows = await database.db.selectFrom("role_permissions").selectAll().execute();
    expect([...new Set(rows.map((r) => r.role))].sort()).toEqual([...ROLES].sort());
    for (const row of rows) expect(isPermission(row.permission), row.permission).toBe(true);
  });
});

describe("syncReferenceData", () => {
  it("changes nothing when run again", async () => {
    const rolesBefore = await database.db.selectFrom("role_permissions").selectAll().orderBy("role").orderBy("permission").execute();
    await syncReferenceData(database.db);
    await syncReferenceData(database.db);
    expect(await allCategories(database.db)).toEqual(categories);
    expect(await database.db.selectFrom("role_permissions").selectAll().orderBy("role").orderBy("permission").execute()).toEqual(rolesBefore);
  });

  it("puts back a renamed or moved category, and leaves changed permissions as an administrator set them", async () => {
    await database.db
      .updateTable("categories")
      .set({ name: "Scopes", position: 99 })
      .where("id", "=", "industrial_electronics_test_measurement_oscilloscopes")
      .execute();
    // Moved under another main category a level down: only its parent and level differ.
    await database.db.updateTable("categories").set({ parent_id: "construction", level: 3 }).where("id", "=", "test_measurement").execute();
    await database.db.deleteFrom("role_permissions").where("role", "=", "support").where("permission", "=", "can_answer_support").execute();
    await syncReferenceData(database.db);
    expect(await allCategories(database.db)).toEqual(categories);
    const support = await database.db.selectFrom("role_permissions").select("permission").where("role", "=", "support").execute();
    expect(support.map((r) => r.permission)).not.toContain("can_answer_support");
  });
});

describe("migrations", () => {
  it("apply nothing to an already-migrated database", async () => {
    expect(await migrateToLatest(database.db, database.dialect)).toEqual([]);
  });

  it("leave a database holding a migration this code does not know to the Migrator, which refuses it", async () => {
    const fresh = openDatabase({ url: ":memory:" });
    try {
      await migrateToLatest(fresh.db, fresh.dialect);
      await sql`insert into kysely_migration (name, timestamp) values ('2099-01-01T0000-from-a-newer-version', '2099-01-01T00:00:00.000Z')`.execute(fresh.db);
      await expect(migrateToLatest(fresh.db, fresh.dialect)).rejects.toThrow(/corrupted migrations/);
    } finally {
      await fresh.close();
    }
  });

  it("leave a database holding as many migrations as the code, but not the same ones, to the Migrator", async () => {
    const fresh = openDatabase({ url: ":memory:" });
    try {
      const names = Object.keys(MIGRATIONS).sort();
      await migrateToLatest(fresh.db, fresh.dialect);
      // The newest migration's row swapped for an unknown one: same count, different names.
      await sql`delete from kysely_migration where name = ${names[names.length - 1]}`.execute(fresh.db);
      await sql`insert into kysely_migration (name, timestamp) values ('2000-01-01T0000-unknown', '2000-01-01T00:00:00.000Z')`.execute(fresh.db);
      await expect(migrateToLatest(fresh.db, fresh.dialect)).rejects.toThrow(/corrupted migrations/);
    } finally {
      await fresh.close();
    }
  });

  it("bring a fresh in-memory database from zero to the latest schema", async () => {
    const fresh = openDatabase({ url: ":memory:" });
    try {
      expect(await migrateToLatest(fresh.db, fresh.dialect)).toEqual(Object.keys(MIGRATIONS).sort());
      const tables = await sql<{
        name: string;
      }>`select name from sqlite_master where type = 'table' and name not like 'kysely_%' and name not like 'sqlite_%' order by name`.execute(fresh.db);
      expect(tables.rows.map((r) => r.name)).toEqual([
        "ai_generations",
        "attempt_counters",
        "auctions",
        "audit_events",
        "bids",
        "bulk_import_charges",
        "bulk_import_rows",
        "bulk_imports",
        "categories",
        "category_overrides",
        "conversations",
        "dispute_attachments",
        "dispute_messages",
        "email_confirmation_tokens",
        "email_outbox",
        "equipment_images",
        "equipment_listings",
        "exchange_rates",
        "followed_listing_alerts",
        "follows",
        "forum_categories",
        "forum_post_flags",
        "forum_post_likes",
        "forum_posts",
        "forum_topic_followers",
        "forum_topic_views",
        "forum_topics",
        "fraud_reports",
        "knowledge_article_tags",
        "knowledge_article_votes",
        "knowledge_articles",
        "known_sign_ins",
        "listing_counts_by_category",
        "listing_counts_by_month",
        "listing_reports",
        "listing_search",
        "listing_search_config",
        "listing_search_data",
        "listing_search_docsize",
        "listing_search_idx",
        "listing_search_rows",
        "listing_search_state",
        "listing_view_days",
        "listing_views",
        "messages",
        "newsletter_subscriptions",
        "notifications",
        "offers",
        "offline_actions",
        "order_events",
        "order_staff_notes",
        "order_totals_by_currency",
        "order_totals_by_month",
        "orders",
        "passkey_challenges",
        "passkeys",
        "password_reset_tokens",
        "platform_fees",
        "profile_counts_by_month",
        "profiles",
        "promo_code_redemptions",
        "promo_codes",
        "recent_views",
        "recovery_codes",
        "reference_rates",
        "review_reports",
        "reviews",
        "role_permissions",
        "sale_event_bidders",
        "sale_event_lots",
        "sale_events",
        "saved_search_matches",
        "saved_searches",
        "search_queries",
        "search_query_visitors",
        "second_factor_challenges",
        "seller_verification_applications",
        "seller_verification_documents",
        "seller_view_days",
        "sessions",
        "sign_in_events",
        "support_request_events",
        "support_requests",
        "suspension_cancellations",
        "testimonials",
        "totp_factors",
        "users",
        "watchlist",
      ]);
      await syncReferenceData(fresh.db);
      const count = await fresh.db
        .selectFrom("categories")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(categories.length);
      expect(await migrateToLatest(fresh.db, fresh.dialect)).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});

describe("connection settings", () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "tradebench-pragma-"));
  });
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function pragma(db: Kysely<Database>, name: string): Promise<unknown> {
    const result = await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(db);
    return Object.values(result.rows[0] ?? {})[0];
  }

  it("uses WAL, foreign keys and synchronous FULL by default", async () => {
    const opened = openDatabase({ url: path.join(dir, "nested", "default.sqlite") });
    try {
      expect(await pragma(opened.db, "journal_mode")).toBe("wal");
      expect(await pragma(opened.db, "foreign_keys")).toBe(1);
      expect(await pragma(opened.db, "synchronous")).toBe(2);
      expect(await pragma(opened.db, "busy_timeout")).toBe(5000);
      expect(fs.existsSync(path.join(dir, "nested", "default.sqlite"))).toBe(true);
    } finally {
      await opened.close();
    }
  });

  it("uses synchronous NORMAL when asked", async () => {
    const opened = openDatabase({ url: `file:${path.join(dir, "normal.sqlite")}`, synchronous: "NORMAL" });
    try {
      expect(await pragma(opened.db, "synchronous")).toBe(1);
      expect(await pragma(opened.db, "journal_mode")).toBe("wal");
      expect(opened.url).toBe(path.join(dir, "normal.sqlite"));
    } finally {
      await opened.close();
    }
  });

  it("enforces foreign keys: a row pointing at no user is refused and nothing is stored", async () => {
    // Each engine words the refusal its own way; what matters is that the write fails and leaves nothing.
    await expect(
      database.db.insertInto("sessions").values({ id_hash: "h", user_id: "no-such-user", expires_at: "2030-01-01T00:00:00.000Z" }).execute(),
    ).rejects.toThrow();
    expect(await database.db.selectFrom("sessions").select("id_hash").where("id_hash", "=", "h").execute()).toEqual([]);
    // The same row for a user who exists is stored: the refusal was the missing user.
    await database.db.insertInto("users").values({ id: "fk-user", email: "fk-user@example.com", password_hash: "x" }).execute();
    await database.db.insertInto("sessions").values({ id_hash: "h", user_id: "fk-user", expires_at: "2030-01-01T00:00:00.000Z" }).execute();
    expect(await database.db.selectFrom("sessions").select("user_id").where("id_hash", "=", "h").execute()).toEqual([{ user_id: "fk-user" }]);
  });

  it("reads the supported DATABASE_URL forms: SQLite paths, and postgres:// URLs for PostgreSQL", () => {
    expect(sqliteFilePath("file:./data/x.sqlite")).toBe("./data/x.sqlite");
    expect(sqliteFilePath("sqlite:./x.sqlite")).toBe("./x.sqlite");
    expect(sqliteFilePath("./plain.sqlite")).toBe("./plain.sqlite");
    expect(sqliteFilePath(":memory:")).toBe(":memory:");
    expect(isPostgresUrl("postgres://db.example/tradebench")).toBe(true);
    expect(isPostgresUrl("postgresql://u:p@db.example:5433/tradebench")).toBe(true);
    expect(isPostgresUrl("./postgres.sqlite")).toBe(false);
  });
});
