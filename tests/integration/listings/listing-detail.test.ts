// One listing as the detail page reads it: images (primary first), seller, category chain, who may see
// drafts and archived listings, and the related listings rule.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import type { NewListing } from "#db/schema.ts";
import { galleryStartIndex } from "~/schemas/listing-detail.ts";
import { routeIdOf } from "~/web/route-params.server.ts";
import { canManageListing, getListingDetail, relatedListings } from "~/services/listings/listing-detail.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const OSCILLOSCOPES = "industrial_electronics_test_measurement_oscilloscopes";
const SPECTRUM_ANALYZERS = "industrial_electronics_test_measurement_spectrum_analyzers";

let database: OpenedDatabase;
let seller: string;
let otherSeller: string;
let buyer: string;
let admin: string;

let createdAt = Date.parse("2026-10-01T00:00:00.000Z");

async function newListing(values: Partial<NewListing> = {}): Promise<number> {
  createdAt += 60_000;
  return insertListingRow(database.db, seller, { price_cents: 950_000, created_at: new Date(createdAt).toISOString(), ...values });
}

async function addImage(listingId: number, position: number, isPrimary: boolean): Promise<void> {
  await database.db
    .insertInto("equipment_images")
    .values({
      listing_id: listingId,
      url: `/uploads/listings/${listingId}/image-${position}.webp`,
      thumbnail_url: `/uploads/listings/${listingId}/image-${position}-thumb.webp`,
      width: 1600,
      height: 1200,
      is_primary: isPrimary ? 1 : 0,
      position,
    })
    .execute();
}

beforeAll(async () => {
  database = createTestDatabase();
  seller = await insertUserRow(database.db, undefined, "seller");
  otherSeller = await insertUserRow(database.db, undefined, "seller");
  buyer = await insertUserRow(database.db);
  admin = await insertUserRow(database.db, undefined, "admin");
  await database.db
    .updateTable("profiles")
    .set({ first_name: "Ada", last_name: "Lovelace", company_name: "Analytical Instruments Ltd", is_verified: 1, avatar_url: "/uploads/avatars/a.webp" })
    .where("id", "=", seller)
    .execute();
});

afterAll(async () => {
  await database?.close();
});

describe("getListingDetail", () => {
  it("reads the listing with its seller, category chain, parsed specifications and features, primary image first", async () => {
    const id = await newListing({
      brand: "Tektronix",
      model: "MDO3104",
      description: "Four channels.\n\n1 GHz bandwidth.",
      specifications: JSON.stringify({ Bandwidth: "1 GHz", Channels: 4, "": "dropped", Empty: "  " }),
      features: JSON.stringify(["Spectrum analyzer option", "", "  Logic analyzer  "]),
      test_level: "fully_tested",
      calibration_date: "2026-03-04",
      calibration_due: "2027-03-04",
      calibration_accredited: 1,
      installed_options: "MDO3SA, MDO3MSO",
      location: "Austin, TX",
      year: 2019,
      views: 41,
    });
    await addImage(id, 0, false);
    await addImage(id, 1, false);
    await addImage(id, 2, true);

    const listing = await getListingDetail(database.db, id, null);
    expect(listing).not.toBeNull();
    expect(listing).toMatchObject({
      id,
      ownerId: seller,
      title: "Tektronix MDO3104 mixed domain oscilloscope",
      description: "Four channels.\n\n1 GHz bandwidth.",
      brand: "Tektronix",
      model: "MDO3104",
      location: "Austin, TX",
      year: 2019,
      views: 41,
      status: "active",
      testLevel: "fully_tested",
      calibrationDate: "2026-03-04",
      calibrationDue: "2027-03-04",
      calibrationAccredited: true,
      installedOptions: "MDO3SA, MDO3MSO",
      specifications: [
        { name: "Bandwidth", value: "1 GHz" },
        { name: "Channels", value: "4" },
      ],
      features: ["Spectrum analyzer option", "Logic analyzer"],
      seller: {
        id: seller,
        firstName: "Ada",
        lastName: "Lovelace",
        companyName: "Analytical Instruments Ltd",
        avatarUrl: "/uploads/avatars/a.webp",
        isVerified: true,
      },
    });
    expect(listing!.categoryPath).toEqual([
      { id: "industrial_electronics", name: "Industrial Electronics" },
      { id: "test_measurement", name: "Test & Measurement" },
      { id: OSCILLOSCOPES, name: "Oscilloscopes" },
    ]);
    expect(listing!.images.map((image) => image.url)).toEqual([
      `/uploads/listings/${id}/image-2.webp`,
      `/uploads/listings/${id}/image-0.webp`,
      `/uploads/listings/${id}/image-1.webp`,
    ]);
    expect(listing!.images[0]).toMatchObject({ isPrimary: true, thumbnailUrl: `/uploads/listings/${id}/image-2-thumb.webp` });
  });

  it("flags a calibration whose due date has passed, and not one still due", async () => {
    const overdue = await newListing({ calibration_date: "2019-01-10", calibration_due: "2020-01-10" });
    expect((await getListingDetail(database.db, overdue, null))!.calibrationOverdue).toBe(true);
    const none = await newListing({});
    expect((await getListingDetail(database.db, none, null))!.calibrationOverdue).toBe(false);
  });

  it("copes with a listing filed under a subcategory and with broken JSON", async () => {
    const id = await newListing({ category_id: "test_measurement", specifications: "not json", features: "{}" });
    const listing = await getListingDetail(database.db, id, null);
    expect(listing!.categoryPath.map((step) => step.id)).toEqual(["industrial_electronics", "test_measurement"]);
    expect(listing!.specifications).toEqual([]);
    expect(listing!.features).toEqual([]);
    expect(listing!.images).toEqual([]);
  });

  it("returns null for a listing that does not exist", async () => {
    expect(await getListingDetail(database.db, 987_654_321, null)).toBeNull();
  });

  it("shows drafts and archived listings only to their owner and admins", async () => {
    for (const status of ["draft", "archived"]) {
      const id = await newListing({ status });
      expect(await getListingDetail(database.db, id, null), `${status} for a visitor`).toBeNull();
      expect(await getListingDetail(database.db, id, { id: buyer, role: "buyer" }), `${status} for a buyer`).toBeNull();
      expect(await getListingDetail(database.db, id, { id: otherSeller, role: "seller" }), `${status} for another seller`).toBeNull();
      expect((await getListingDetail(database.db, id, { id: seller, role: "seller" }))?.status).toBe(status);
      expect((await getListingDetail(database.db, id, { id: admin, role: "admin" }))?.status).toBe(status);
      expect((await getListingDetail(database.db, id, { id: admin, role: "super_admin" }))?.status).toBe(status);
    }
  });

  it("keeps sold listings reachable for everyone", async () => {
    const id = await newListing({ status: "sold" });
    expect((await getListingDetail(database.db, id, null))?.status).toBe("sold");
    expect((await getListingDetail(database.db, id, { id: buyer, role: "buyer" }))?.status).toBe("sold");
  });

  it("lets the owner and holders of can_manage_listings (admins) manage the listing, nobody else", async () => {
    const listing = { ownerId: seller };
    expect(await canManageListing(database.db, listing, { id: seller, role: "seller" })).toBe(true);
    expect(await canManageListing(database.db, listing, { id: admin, role: "admin" })).toBe(true);
    expect(await canManageListing(database.db, listing, { id: otherSeller, role: "seller" })).toBe(false);
    expect(await canManageListing(database.db, listing, { id: buyer, role: "buyer" })).toBe(false);
    expect(await canManageListing(database.db, listing, null)).toBe(false);
  });
});

describe("relatedListings", () => {
  it("offers up to four other active listings of the same category, newest first", async () => {
    // A category of its own so other tests' listings do not interfere.
    const category = "industrial_electronics_test_measurement_network_analyzers";
    const older = await newListing({ category_id: category, title: "Older", user_id: otherSeller });
    const current = await newListing({ category_id: category, title: "Current" });
    await newListing({ category_id: category, title: "Draft", status: "draft" });
    await newListing({ category_id: category, title: "Sold", status: "sold" });
    await newListing({ category_id: category, title: "Archived", status: "archived" });
    await newListing({ category_id: SPECTRUM_ANALYZERS, title: "Other category" });
    const newer = [];
    for (const n of [1, 2, 3, 4]) newer.push(await newListing({ category_id: category, title: `Newer ${n}` }));

    const related = await relatedListings(database.db, { id: current, categoryId: category });
    expect(related.map((card) => card.title)).toEqual(["Newer 4", "Newer 3", "Newer 2", "Newer 1"]);
    expect(related.map((card) => card.id)).not.toContain(current);

    // With fewer candidates, all of them (and never the listing itself).
    const fromNewest = await relatedListings(database.db, { id: newer[3]!, categoryId: category }, 10);
    expect(fromNewest.map((card) => card.title)).toEqual(["Newer 3", "Newer 2", "Newer 1", "Current", "Older"]);
    expect(fromNewest.find((card) => card.id === older)).toMatchObject({ sellerVerified: false, imageUrl: null });
  });

  it("is empty when the category has nothing else", async () => {
    const id = await newListing({ category_id: "industrial_electronics_test_measurement_lcr_meters" });
    expect(await relatedListings(database.db, { id, categoryId: "industrial_electronics_test_measurement_lcr_meters" })).toEqual([]);
  });
});

describe("detail page input", () => {
  it("accepts only positive whole-number ids", () => {
    expect(routeIdOf("42")).toBe(42);
    for (const bad of ["abc", "0", "-1", "1.5", "1e3", " 7", "", undefined, "9999999999999999999"]) {
      expect(routeIdOf(bad), String(bad)).toBeNull();
    }
  });

  it("picks the picture from ?image=N, 1-based and clamped, else the first", () => {
    expect(galleryStartIndex(null, 3)).toBe(0);
    expect(galleryStartIndex("2", 3)).toBe(1);
    expect(galleryStartIndex("9", 3)).toBe(2);
    expect(galleryStartIndex("0", 3)).toBe(0);
    expect(galleryStartIndex("two", 3)).toBe(0);
    expect(galleryStartIndex("2", 0)).toBe(0);
  });
});
