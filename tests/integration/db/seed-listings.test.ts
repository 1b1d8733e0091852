// The demo listings: enough real-looking equipment in every subcategory for the marketplace to feel alive,
// each with pictures on disk, some featured, findable by full-text search.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { seedDemoMarketplace } from "#db/seed/demo.ts";
import { CATEGORY_TAXONOMY } from "~/reference/taxonomy.ts";
import { CONDITIONS } from "~/lib/conditions.ts";
import { parseListingFilters } from "~/lib/listing-filters.ts";
import { imageKeyOf } from "~/services/listings/listing-images.server.ts";
import { DiskStore } from "~/services/storage/index.server.ts";
import { searchListings } from "~/services/listings/listing-search.server.ts";
import type * as PasswordModule from "~/services/accounts/password.server.ts";
import { createTestDatabase } from "../../support/test-database.ts";

// Nobody signs in here, so the accounts get a cheap stand-in hash instead of scrypt.
vi.mock("~/services/accounts/password.server.ts", async (importOriginal) => {
  const real = await importOriginal<typeof PasswordModule>();
  return { ...real, hashPassword: () => Promise.resolve("cheap-test-hash") };
});

const NOW = new Date();
let opened: OpenedDatabase;
const uploadsDir = path.resolve(process.env.TEST_TMP_DIR ?? "tests/.tmp", `uploads-${crypto.randomUUID()}`);

beforeAll(async () => {
  opened = createTestDatabase();
  await seedDemoMarketplace(opened.db, { uploads: new DiskStore(uploadsDir), now: NOW });
}, 180_000);

afterAll(async () => {
  await opened?.close();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

/** The catalogue's listings: the demo's bulk import adds three from a supplier's sparse spreadsheet (its own seed test reads those). */
function listings() {
  return opened.db
    .selectFrom("equipment_listings")
    .selectAll()
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("bulk_import_rows").select("bulk_import_rows.id").whereRef("bulk_import_rows.listing_id", "=", "equipment_listings.id"))),
    );
}

describe("demo listings", () => {
  it("offers at least 500 active listings in every subcategory and many items", async () => {
    const active = await listings().where("status", "=", "active").execute();
    expect(active.length).toBeGreaterThanOrEqual(500);
    const categories = await opened.db.selectFrom("categories").select(["id", "parent_id", "level"]).execute();
    const parentOf = new Map(categories.map((c) => [c.id, c.parent_id]));
    const subcategoriesUsed = new Set(active.map((l) => parentOf.get(l.category_id)));
    const allSubcategories = CATEGORY_TAXONOMY.flatMap((main) => main.subcategories.map((sub) => sub.slug));
    expect(allSubcategories).toHaveLength(10);
    for (const sub of allSubcategories) expect(subcategoriesUsed, sub).toContain(sub);
    expect(new Set(active.map((l) => l.category_id)).size).toBeGreaterThan(150);
    expect(new Set(active.map((l) => `${l.brand} ${l.model}`)).size).toBeGreaterThan(200);
  });

  it("fills every field a buyer reads with plausible values", async () => {
    const all = await listings().execute();
    const year = NOW.getUTCFullYear();
    for (const listing of all) {
      expect(listing.title).toContain(listing.brand);
      expect(listing.title).toContain(listing.model);
      expect(listing.description.split(". ").length, listing.title).toBeGreaterThanOrEqual(4);
      expect(listing.price_cents).toBeGreaterThan(0);
      expect(Number.isInteger(listing.price_cents)).toBe(true);
      expect(listing.year).toBeGreaterThanOrEqual(1900);
      expect(listing.year).toBeLessThanOrEqual(year);
      expect(listing.serial_number).not.toBe("");
      const specifications: unknown = JSON.parse(listing.specifications);
      expect(specifications).toBeTypeOf("object");
      expect(Array.isArray(specifications)).toBe(false);
      expect(Object.keys(specifications as object).length).toBeGreaterThanOrEqual(3);
      const features: unknown = JSON.parse(listing.features);
      expect(Array.isArray(features) && features.length >= 2).toBe(true);
      expect(Date.parse(listing.created_at)).toBeLessThanOrEqual(NOW.getTime());
    }
    const active = all.filter((l) => l.status === "active");
    expect(new Set(active.map((l) => l.condition))).toEqual(new Set(CONDITIONS));
    const currencies = new Map<string, number>();
    for (const l of active) currencies.set(l.currency, (currencies.get(l.currency) ?? 0) + 1);
    expect((currencies.get("USD") ?? 0) / active.length).toBeGreaterThan(0.8);
    for (const currency of ["EUR", "GBP", "CAD"]) expect(currencies.get(currency), currency).toBeGreaterThan(0);
    expect(active.filter((l) => l.location !== "").length / active.length).toBeGreaterThan(0.95);
    const months = new Set(active.map((l) => l.created_at.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(4);
  });

  it("gives test gear a test level and calibration records, some recent and accredited", async () => {
    const gear = await listings()
      .where("status", "=", "active")
      .where((eb) => eb.or([eb("category_id", "like", "%_test_measurement_%"), eb("category_id", "like", "%_data_acquisition_%")]))
      .execute();
    expect(gear.length).toBeGreaterThan(100);
    for (const listing of gear) expect(listing.test_level, listing.title).not.toBeNull();
    const yearAgo = new Date(NOW);
    yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
    const calibrated = gear.filter((l) => l.calibration_date !== null);
    const recent = calibrated.filter((l) => (l.calibration_date ?? "") >= yearAgo.toISOString().slice(0, 10));
    expect(recent.length).toBeGreaterThanOrEqual(10);
    expect(calibrated.length).toBeGreaterThan(recent.length);
    expect(calibrated.some((l) => l.calibration_accredited === 1)).toBe(true);
    for (const l of calibrated) expect((l.calibration_due ?? "") > (l.calibration_date ?? "")).toBe(true);
    expect(gear.some((l) => l.installed_options !== "")).toBe(true);
    const machines = await listings().where("category_id", "like", "heavy_equipment_%").execute();
    for (const listing of machines) expect(listing.test_level).toBeNull();
  });

  it("gives every listing one to four pictures on disk, the first one primary", async () => {
    const all = await listings().select("equipment_listings.id").execute();
    const images = await opened.db.selectFrom("equipment_images").selectAll().orderBy("listing_id").orderBy("position").execute();
    const byListing = new Map<number, typeof images>();
    for (const image of images) byListing.set(image.listing_id, [...(byListing.get(image.listing_id) ?? []), image]);
    for (const { id } of all) {
      const own = byListing.get(id) ?? [];
      expect(own.length, `listing ${id}`).toBeGreaterThanOrEqual(1);
      expect(own.length, `listing ${id}`).toBeLessThanOrEqual(4);
      expect(own.map((i) => i.is_primary)).toEqual([1, ...own.slice(1).map(() => 0)]);
      for (const image of own) {
        expect(image.width).toBe(800);
        expect(image.height).toBe(600);
        for (const url of [image.url, image.thumbnail_url]) {
          const key = imageKeyOf(url);
          expect(key, url).not.toBeNull();
          expect(fs.statSync(new DiskStore(uploadsDir).fileOf(key as string)).size, url).toBeGreaterThan(1000);
        }
      }
    }
    // Pictures are shared between listings of a model, but each listing owns its files.
    expect(new Set(images.map((i) => i.url)).size).toBe(images.length);
  });

  it("features at least six active listings", async () => {
    const featured = await listings().where("status", "=", "active").where("is_featured", "=", 1).execute();
    expect(featured.length).toBeGreaterThanOrEqual(6);
  });

  it("finds oscilloscopes by full-text search", async () => {
    const { filters } = parseListingFilters(new URLSearchParams("search=oscilloscope"));
    const result = await searchListings(opened.db, filters);
    expect(result.total).toBeGreaterThanOrEqual(12);
    expect(result.listings.every((l) => /oscilloscope/i.test(l.title))).toBe(true);
    expect(result.listings.every((l) => l.imageUrl?.endsWith("-thumb.webp"))).toBe(true);
  });

  it("has sold listings, the demo seller's drafts and archived listings, and AI-made ones", async () => {
    const seller = await opened.db.selectFrom("profiles").select("id").where("email", "=", "seller@tradebench.test").executeTakeFirstOrThrow();
    const sold = await listings().where("status", "=", "sold").execute();
    expect(sold.length).toBeGreaterThanOrEqual(5);
    const drafts = await listings().where("status", "=", "draft").execute();
    expect(drafts.length).toBeGreaterThanOrEqual(2);
    for (const l of drafts) expect(l.user_id).toBe(seller.id);
    const archived = await listings().where("status", "=", "archived").execute();
    expect(archived.filter((l) => l.user_id === seller.id).length).toBeGreaterThanOrEqual(2);
    // Other archived listings are items whose sale was refunded (the item went back to its seller).
    const refunded = await opened.db.selectFrom("orders").select("listing_id").where("status", "=", "refunded").execute();
    const refundedIds = new Set(refunded.map((o) => o.listing_id));
    for (const l of archived) if (l.user_id !== seller.id) expect(refundedIds.has(l.id), `listing ${l.id}`).toBe(true);
    const mine = await listings().where("user_id", "=", seller.id).where("status", "=", "active").execute();
    expect(mine.length).toBeGreaterThan(50);
    const ai = await listings().where("ai_generated", "=", 1).execute();
    expect(ai.length).toBeGreaterThanOrEqual(3);
    const sellers = await listings().select("user_id").distinct().execute();
    expect(sellers.length).toBeGreaterThanOrEqual(10);
  });

  it("publishes three testimonials from different people", async () => {
    const testimonials = await opened.db.selectFrom("testimonials").selectAll().where("is_published", "=", 1).execute();
    expect(testimonials).toHaveLength(3);
    expect(new Set(testimonials.map((t) => t.author_name)).size).toBe(3);
    for (const t of testimonials) expect(t.quote.length).toBeGreaterThan(60);
  });
});
