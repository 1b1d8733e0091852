// Who may edit and delete a listing (docs/product/listings.md#states Ownership): the owner edits and deletes, an admin
// edits, nobody else does either. Edits and deletions keep the full-text index in step.
import { DomainError } from "~/services/domain-error.ts";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { parseListingFilters } from "~/lib/listing-filters.ts";
import type { Role } from "~/lib/roles.ts";
import { LISTING_MESSAGES, type ListingInput } from "~/schemas/listing.ts";
import { checkListingUploads } from "~/services/listings/listing-uploads.server.ts";
import { deleteListing } from "~/services/listings/delete-listing.server.ts";
import { findDeletableListing } from "~/services/listings/listing-policy.server.ts";
import { getListingForEdit } from "~/services/listings/listing-form-defaults.server.ts";
import { moveListingImage, removeListingImage, setPrimaryListingImage } from "~/services/listings/edit-listing-images.server.ts";
import { listListingImages } from "~/services/listings/listing-images.server.ts";
import { searchListings } from "~/services/listings/listing-search.server.ts";
import { DiskStore } from "~/services/storage/index.server.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";
import { createListing, updateListing } from "~/flows/listing-publication.server.ts";

let database: OpenedDatabase;
let uploadsDir: string;
let uploads: DiskStore;
const people: Record<"owner" | "otherSeller" | "buyer" | "admin" | "superAdmin", { id: string; role: Role }> = {} as never;

beforeAll(async () => {
  database = createTestDatabase();
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "tradebench-ownership-"));
  uploads = new DiskStore(uploadsDir);
  for (const [key, role] of [
    ["owner", "seller"],
    ["otherSeller", "seller"],
    ["buyer", "buyer"],
    ["admin", "admin"],
    ["superAdmin", "super_admin"],
  ] as const) {
    people[key] = { id: await insertUserRow(database.db, undefined, role), role };
  }
});

afterAll(async () => {
  await database?.close();
  if (uploadsDir) fs.rmSync(uploadsDir, { recursive: true, force: true });
});

const INPUT: ListingInput = {
  title: "Tektronix MSO58 mixed signal oscilloscope",
  description: "Eight FlexChannel inputs, 1 GHz bandwidth option installed.",
  categoryId: "industrial_electronics_test_measurement_oscilloscopes",
  listingType: "buy_now",
  priceCents: 2_400_000,
  currency: "USD",
  condition: "used_excellent",
  brand: "Tektronix",
  model: "MSO58",
  location: "San Jose, CA",
  year: 2021,
  serialNumber: "",
  features: ["Eight channels"],
  specifications: [["Bandwidth", "1 GHz"]],
  testLevel: null,
  calibrationDate: null,
  calibrationDue: null,
  calibrationAccredited: false,
  installedOptions: "",
};

async function search(text: string): Promise<number[]> {
  const result = await searchListings(database.db, parseListingFilters(new URLSearchParams({ search: text })).filters);
  return result.listings.map((l) => l.id);
}

async function listingWithImage(title = INPUT.title): Promise<{ id: number; imageId: number }> {
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#123456" } })
    .png()
    .toBuffer();
  const { images } = await checkListingUploads([{ name: "front.png", size: bytes.byteLength, bytes, status: "kept" }]);
  const id = await createListing(database.db, uploads, people.owner.id, { ...INPUT, title }, images);
  const [image] = await listListingImages(database.db, id);
  return { id, imageId: image!.id };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (error: unknown) => error,
  );
}

describe("another seller, a buyer", () => {
  for (const who of ["otherSeller", "buyer"] as const) {
    it(`${who}: cannot open the edit form, save, change images or delete, and nothing changes`, async () => {
      const { id, imageId } = await listingWithImage();
      const actor = people[who];

      // Each attempt starts when the one before has been refused (started together, a refusal could arrive before
      // anything listens for it: an unhandled rejection).
      for (const attempt of [
        () => getListingForEdit(database.db, actor, id),
        () => updateListing(database.db, uploads, actor, id, { ...INPUT, title: "Hijacked" }, { status: "archived" }),
        () => removeListingImage(database.db, uploads, actor, id, imageId),
        () => moveListingImage(database.db, actor, id, imageId, "down"),
        () => setPrimaryListingImage(database.db, actor, id, imageId),
      ]) {
        const error = await rejection(attempt());
        expect(error).toBeInstanceOf(DomainError);
        expect(error).toMatchObject({ message: "You do not have permission to update this listing" });
      }
      for (const attempt of [() => findDeletableListing(database.db, actor, id), () => deleteListing(database.db, uploads, actor, id)]) {
        const error = await rejection(attempt());
        expect(error).toBeInstanceOf(DomainError);
        expect(error).toMatchObject({ message: "You do not have permission to delete this listing" });
      }

      const row = await database.db.selectFrom("equipment_listings").select(["title", "status"]).where("id", "=", id).executeTakeFirstOrThrow();
      expect(row).toEqual({ title: INPUT.title, status: "active" });
      expect(await listListingImages(database.db, id)).toHaveLength(1);
    });
  }
});

describe("admins", () => {
  it("edit any listing but do not delete it (the owner deletes)", async () => {
    const { id } = await listingWithImage();
    for (const admin of [people.admin, people.superAdmin]) {
      const forEdit = await getListingForEdit(database.db, admin, id);
      expect(forEdit.canDelete).toBe(false);
      await updateListing(database.db, uploads, admin, id, { ...INPUT, title: `Checked by ${admin.role}` }, { status: "draft" });
      const error = await rejection(deleteListing(database.db, uploads, admin, id));
      expect(error).toMatchObject({ message: LISTING_MESSAGES.deleteForbidden });
    }
    const row = await database.db.selectFrom("equipment_listings").select(["title", "status"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toEqual({ title: "Checked by super_admin", status: "draft" });
  });
});

describe("the owner", () => {
  it("opens the edit form with the listing's images and may delete", async () => {
    const { id } = await listingWithImage();
    const forEdit = await getListingForEdit(database.db, people.owner, id);
    expect(forEdit.listing.id).toBe(id);
    expect(forEdit.images).toHaveLength(1);
    expect(forEdit.canDelete).toBe(true);
  });

  it("gets 'Listing not found' for ids that do not exist", async () => {
    for (const id of [999_999, 0, -1, Number.NaN]) {
      expect(await rejection(getListingForEdit(database.db, people.owner, id))).toBeInstanceOf(DomainError);
    }
  });

  it("sets draft, active and archived, but a sold listing stays sold", async () => {
    const { id } = await listingWithImage();
    for (const status of ["archived", "draft", "active"] as const) {
      await updateListing(database.db, uploads, people.owner, id, INPUT, { status });
      const row = await database.db.selectFrom("equipment_listings").select("status").where("id", "=", id).executeTakeFirstOrThrow();
      expect(row.status).toBe(status);
    }
    await database.db.updateTable("equipment_listings").set({ status: "sold" }).where("id", "=", id).execute();
    await updateListing(database.db, uploads, people.owner, id, { ...INPUT, description: "Sold, notes updated." }, { status: "active" });
    const row = await database.db.selectFrom("equipment_listings").select(["status", "description"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "sold", description: "Sold, notes updated." });
  });

  it("keeps search in step with an edit: the new words are found, the old ones no longer", async () => {
    const { id } = await listingWithImage("Agilent quixotically rare spectrum analyzer");
    expect(await search("quixotically")).toEqual([id]);
    await updateListing(database.db, uploads, people.owner, id, { ...INPUT, title: "Agilent N9020A signal analyzer", brand: "Flibbertigibbet" }, {});
    expect(await search("quixotically")).toEqual([]);
    expect(await search("flibbertigibbet")).toEqual([id]);
    expect(await search("N9020A")).toEqual([id]);
  });

  it("deletes: the listing, its images, its files and its search entry are gone", async () => {
    const { id } = await listingWithImage("Hewlett Packard perspicacious counter");
    const folder = path.join(uploadsDir, "listings", String(id));
    await database.db.insertInto("watchlist").values({ user_id: people.buyer.id, listing_id: id }).execute();
    expect(await search("perspicacious")).toEqual([id]);
    expect(fs.readdirSync(folder)).toHaveLength(2);

    await deleteListing(database.db, uploads, people.owner, id);

    expect(await database.db.selectFrom("equipment_listings").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
    expect(await database.db.selectFrom("equipment_images").select("id").where("listing_id", "=", id).execute()).toEqual([]);
    expect(await database.db.selectFrom("watchlist").select("id").where("listing_id", "=", id).execute()).toEqual([]);
    expect(fs.existsSync(folder)).toBe(false);
    expect(await search("perspicacious")).toEqual([]);
    expect(await rejection(deleteListing(database.db, uploads, people.owner, id))).toBeInstanceOf(DomainError);
  });
});
