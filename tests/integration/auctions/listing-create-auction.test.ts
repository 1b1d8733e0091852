// Auction and hybrid listings from the manual form (docs/product/auctions.md#bidding /create-listing, docs/product/auctions.md#auction-list): the checks in the spec's
// order and words, the defaults (7 days, $10, auto-extend on), active or upcoming auctions, hybrid prices, the
// listing and its auction written all or nothing, and the edit and delete rules once an auction exists.
import { DomainError } from "~/services/domain-error.ts";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseWithZod } from "@conform-to/zod";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import type { Role } from "~/lib/roles.ts";
import { AUCTION_FORM_DEFAULTS, CreateListingSchema, EditListingSchema, LISTING_MESSAGES, toListingInput, type ListingInput } from "~/schemas/listing.ts";
import { placeBid } from "~/services/auctions/bidding.server.ts";
import { checkListingUploads } from "~/services/listings/listing-uploads.server.ts";
import { deleteListing } from "~/services/listings/delete-listing.server.ts";
import { getListingForEdit, listingFormDefaults } from "~/services/listings/listing-form-defaults.server.ts";
import { insertAuctionRow, refuseNewAuctions } from "../../support/auctions.ts";
import { DiskStore } from "~/services/storage/index.server.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";
import { createListing, updateListing } from "~/flows/listing-publication.server.ts";

const DAY = 24 * 60 * 60 * 1000;
const OSCILLOSCOPES = "industrial_electronics_test_measurement_oscilloscopes";

let database: OpenedDatabase;
let uploadsDir: string;
let uploads: DiskStore;
const people = {} as Record<"owner" | "admin" | "buyer", { id: string; role: Role }>;

beforeAll(async () => {
  database = createTestDatabase();
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "tradebench-auction-listings-"));
  uploads = new DiskStore(uploadsDir);
  for (const [key, role] of [
    ["owner", "seller"],
    ["admin", "admin"],
    ["buyer", "buyer"],
  ] as const) {
    people[key] = { id: await insertUserRow(database.db, undefined, role), role };
  }
});

afterAll(async () => {
  await database?.close();
  if (uploadsDir) fs.rmSync(uploadsDir, { recursive: true, force: true });
});

const BASE: Record<string, string> = {
  title: "Tektronix MSO58 mixed signal oscilloscope",
  description: "Eight FlexChannel inputs, 1 GHz bandwidth option installed, calibrated in March.",
  categoryId: OSCILLOSCOPES,
  condition: "used_excellent",
  currency: "USD",
  status: "active",
};

/** What the create form sends for an auction with its default settings. */
const AUCTION: Record<string, string> = { ...BASE, listingType: "auction", startingPrice: "12000", ...AUCTION_FORM_DEFAULTS };
const HYBRID: Record<string, string> = { ...AUCTION, listingType: "hybrid", buyNowPrice: "18500" };

function formData(values: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  return form;
}

type AnySchema = typeof CreateListingSchema | typeof EditListingSchema;

function parse(values: Record<string, string>, schema: AnySchema = CreateListingSchema) {
  return parseWithZod(formData(values), { schema: schema as typeof CreateListingSchema });
}

function errorsOf(values: Record<string, string>, schema: AnySchema = CreateListingSchema): Record<string, string[]> {
  const submission = parse(values, schema);
  if (submission.status === "success") return {};
  return Object.fromEntries(Object.entries(submission.error ?? {}).filter((entry): entry is [string, string[]] => Boolean(entry[1])));
}

function inputOf(values: Record<string, string>, schema: AnySchema = CreateListingSchema): ListingInput & { startAuction: boolean } {
  const submission = parse(values, schema);
  if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
  return { ...toListingInput(submission.value), startAuction: submission.value.startAuction };
}

/** "2026-12-01T14:30": what a date-and-time field sends, for a moment `ms` from now, in UTC. */
function localText(ms: number): string {
  return new Date(Date.now() + ms).toISOString().slice(0, 16);
}

async function auctionsOf(listingId: number) {
  return database.db.selectFrom("auctions").selectAll().where("listing_id", "=", listingId).orderBy("id").execute();
}

async function listingRow(listingId: number) {
  return database.db.selectFrom("equipment_listings").selectAll().where("id", "=", listingId).executeTakeFirst();
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (error: unknown) => error,
  );
}

async function png(width: number, colour = "#335577"): Promise<Buffer> {
  return sharp({ create: { width, height: 40, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

function countRows(table: "equipment_listings" | "equipment_images" | "auctions") {
  return database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

describe("the form's checks for auction and hybrid listings", () => {
  it("reports an empty auction form in the spec's order and words", () => {
    const errors = errorsOf({ listingType: "auction" });
    expect(Object.keys(errors)).toEqual(["title", "description", "categoryId", "startingPrice", "condition"]);
    expect(errors).toMatchObject({
      title: ["Title is required"],
      description: ["Description is required"],
      categoryId: ["Category is required"],
      startingPrice: ["Valid starting price is required for auction listings"],
    });
  });

  it("reports an empty hybrid form with both prices, in order", () => {
    const errors = errorsOf({ listingType: "hybrid" });
    expect(Object.keys(errors)).toEqual(["title", "description", "categoryId", "startingPrice", "buyNowPrice", "condition"]);
    expect(errors).toMatchObject({
      startingPrice: ["Valid starting price is required for hybrid listings"],
      buyNowPrice: ["Valid buy now price is required for hybrid listings"],
    });
  });

  it("asks for a buy-now price above the starting price", () => {
    for (const buyNowPrice of ["12000", "11999.99", "500"]) {
      expect(errorsOf({ ...HYBRID, buyNowPrice })).toEqual({ buyNowPrice: ["Buy now price must be higher than starting price"] });
    }
    expect(errorsOf({ ...HYBRID, buyNowPrice: "12000.01" })).toEqual({});
  });

  it.each(["abc", "0", "-5", "12.345", "1,200", "2000000000"])("refuses the starting price %j", (startingPrice) => {
    expect(errorsOf({ ...AUCTION, startingPrice })).toEqual({ startingPrice: ["Valid starting price is required for auction listings"] });
  });

  it("reads only the chosen type's fields: a buy-now listing needs its price, an auction ignores it", () => {
    expect(errorsOf({ ...AUCTION, listingType: "buy_now" })).toEqual({ price: ["Valid price is required for buy now listings"] });
    // Without JavaScript every field is sent; the other type's fields are ignored, even when they are nonsense.
    expect(errorsOf({ ...BASE, listingType: "buy_now", price: "950", startingPrice: "x", duration: "2", bidIncrement: "0" })).toEqual({});
    expect(errorsOf({ ...AUCTION, price: "not a price" })).toEqual({});
    const buyNow = inputOf({ ...BASE, listingType: "buy_now", price: "950", startingPrice: "100" });
    expect(buyNow).toMatchObject({ listingType: "buy_now", priceCents: 95_000, buyNowPriceCents: null, auction: null });
  });

  it("refuses a reserve below the starting price or above a hybrid's buy-now price; empty means no reserve", () => {
    expect(errorsOf({ ...AUCTION, reservePrice: "11999" })).toEqual({ reservePrice: [LISTING_MESSAGES.reserveBelowStart] });
    expect(LISTING_MESSAGES.reserveBelowStart).toBe("Reserve price cannot be lower than the starting price");
    expect(errorsOf({ ...AUCTION, reservePrice: "lots" })).toEqual({ reservePrice: [LISTING_MESSAGES.reserveInvalid] });
    expect(errorsOf({ ...HYBRID, reservePrice: "19000" })).toEqual({ reservePrice: [LISTING_MESSAGES.reserveAboveBuyNow] });
    expect(inputOf({ ...AUCTION, reservePrice: "12000" }).auction?.reservePriceCents).toBe(1_200_000);
    expect(inputOf({ ...AUCTION, reservePrice: "15000.50" }).auction?.reservePriceCents).toBe(1_500_050);
    expect(inputOf({ ...AUCTION, reservePrice: "" }).auction?.reservePriceCents).toBeNull();
  });

  it("takes whole bid increments of at least 1", () => {
    for (const bidIncrement of ["0", "0.5", "2.5", "-1", "abc"]) {
      expect(errorsOf({ ...AUCTION, bidIncrement })).toEqual({ bidIncrement: ["Bid increment must be a whole amount of at least 1"] });
    }
    expect(inputOf({ ...AUCTION, bidIncrement: "1" }).auction?.bidIncrementCents).toBe(100);
    expect(inputOf({ ...AUCTION, bidIncrement: "25" }).auction?.bidIncrementCents).toBe(2_500);
    // Empty: no fixed increment; the tiered table applies.
    expect(inputOf({ ...AUCTION, bidIncrement: "" }).auction?.bidIncrementCents).toBeNull();
  });

  it("offers durations of 1, 3, 7, 14 and 30 days; the edit form may keep a live auction's end", () => {
    for (const duration of ["2", "0", "abc", "keep"]) {
      expect(errorsOf({ ...AUCTION, duration })).toEqual({ duration: ["Please choose a duration of 1, 3, 7, 14 or 30 days"] });
    }
    for (const days of [1, 3, 7, 14, 30]) expect(inputOf({ ...AUCTION, duration: String(days) }).auction?.durationDays).toBe(days);
    expect(inputOf({ ...AUCTION, duration: "" }).auction?.durationDays).toBe(7);
    expect(inputOf({ ...AUCTION, duration: "keep" }, EditListingSchema).auction?.durationDays).toBeNull();
  });

  it("starts now when the start is empty, later at a future start, and refuses a past or unreadable one", () => {
    expect(inputOf(AUCTION).auction?.startDate).toBeNull();
    expect(errorsOf({ ...AUCTION, startDate: localText(-60_000) })).toEqual({
      startDate: ["The start date cannot be in the past. Leave it empty to start the auction now."],
    });
    for (const startDate of ["tomorrow", "2026-13-01T10:00", "2026-02-30T10:00", "2026-05-01T25:00"]) {
      expect(errorsOf({ ...AUCTION, startDate })).toEqual({ startDate: [LISTING_MESSAGES.startDateInvalid] });
    }
    expect(errorsOf({ ...AUCTION, startDate: localText(400 * DAY) })).toEqual({ startDate: [LISTING_MESSAGES.startDateTooLate] });
    // Without JavaScript the time is read as UTC; with it the browser sends its offset (here UTC+2: -120).
    const text = localText(2 * DAY);
    expect(inputOf({ ...AUCTION, startDate: text }).auction?.startDate).toBe(new Date(`${text}:00Z`).toISOString());
    expect(inputOf({ ...AUCTION, startDate: text, startDateOffset: "-120" }).auction?.startDate).toBe(
      new Date(new Date(`${text}:00Z`).getTime() - 2 * 60 * 60 * 1000).toISOString(),
    );
  });

  it("reports every auction error together, in the form's order", () => {
    const errors = errorsOf({
      listingType: "hybrid",
      startingPrice: "x",
      buyNowPrice: "y",
      reservePrice: "z",
      bidIncrement: "0",
      duration: "5",
      startDate: "soon",
      year: "1800",
    });
    expect(Object.keys(errors)).toEqual([
      "title",
      "description",
      "categoryId",
      "startingPrice",
      "buyNowPrice",
      "reservePrice",
      "bidIncrement",
      "duration",
      "startDate",
      "year",
      "condition",
    ]);
  });

  it("turns auto-extend on by default and off when unticked", () => {
    expect(AUCTION_FORM_DEFAULTS).toEqual({ duration: "7", bidIncrement: "", autoExtend: "on" });
    expect(inputOf(AUCTION).auction).toEqual({
      startingPriceCents: 1_200_000,
      reservePriceCents: null,
      buyNowPriceCents: null,
      durationDays: 7,
      startDate: null,
      bidIncrementCents: null,
      autoExtend: true,
    });
    const { autoExtend: _unticked, ...withoutTick } = AUCTION;
    expect(inputOf(withoutTick).auction?.autoExtend).toBe(false);
  });

  it("does not create an auction listing as a draft", () => {
    expect(errorsOf({ ...AUCTION, status: "draft" })).toEqual({ status: [LISTING_MESSAGES.auctionMustBeActive] });
    expect(errorsOf({ ...BASE, listingType: "buy_now", price: "10", status: "draft" })).toEqual({});
  });
});

describe("creating an auction listing", () => {
  it("creates the listing and an active auction with the defaults: 7 days, $10 increment, auto-extend on", async () => {
    const now = new Date();
    const id = await createListing(database.db, uploads, people.owner.id, inputOf(AUCTION), [], "active", now);
    expect(await listingRow(id)).toMatchObject({ listing_type: "auction", price_cents: 1_200_000, buy_now_price_cents: null, status: "active" });
    const [auction, ...more] = await auctionsOf(id);
    expect(more).toEqual([]);
    expect(auction).toMatchObject({
      status: "active",
      start_date: now.toISOString(),
      end_date: new Date(now.getTime() + 7 * DAY).toISOString(),
      starting_price_cents: 1_200_000,
      current_price_cents: 1_200_000,
      reserve_price_cents: null,
      bid_increment_cents: 1_000,
      buy_now_price_cents: null,
      currency: "USD",
      auto_extend: 1,
      bid_count: 0,
      winner_id: null,
    });
  });

  it("creates an upcoming auction at a future start, ending its duration later", async () => {
    const startText = localText(3 * DAY);
    const start = new Date(`${startText}:00Z`);
    const input = inputOf({ ...AUCTION, startDate: startText, duration: "14", reservePrice: "15000", bidIncrement: "50", currency: "EUR" });
    const id = await createListing(database.db, uploads, people.owner.id, input, []);
    const [auction] = await auctionsOf(id);
    expect(auction).toMatchObject({
      status: "upcoming",
      start_date: start.toISOString(),
      end_date: new Date(start.getTime() + 14 * DAY).toISOString(),
      reserve_price_cents: 1_500_000,
      bid_increment_cents: 5_000,
      currency: "EUR",
    });
  });

  it("stores a hybrid's starting price as the listing price and its buy-now price on listing and auction", async () => {
    const { autoExtend: _off, ...unticked } = HYBRID;
    const id = await createListing(database.db, uploads, people.owner.id, inputOf({ ...unticked, duration: "3" }), []);
    expect(await listingRow(id)).toMatchObject({ listing_type: "hybrid", price_cents: 1_200_000, buy_now_price_cents: 1_850_000 });
    const [auction] = await auctionsOf(id);
    expect(auction).toMatchObject({ status: "active", starting_price_cents: 1_200_000, buy_now_price_cents: 1_850_000, auto_extend: 0 });
    expect(new Date(auction!.end_date).getTime() - new Date(auction!.start_date).getTime()).toBe(3 * DAY);
  });

  it("keeps buy-now listings without an auction", async () => {
    const id = await createListing(database.db, uploads, people.owner.id, inputOf({ ...BASE, listingType: "buy_now", price: "950" }), []);
    expect(await auctionsOf(id)).toEqual([]);
  });

  it("is all or nothing: when the auction cannot be stored, no listing, image row or picture file remains", async () => {
    const bytes = [await png(60), await png(61, "#aa3300")];
    const { images } = await checkListingUploads(bytes.map((b, i) => ({ name: `photo-${i}.png`, size: b.byteLength, bytes: b, status: "kept" as const })));
    expect(images).toHaveLength(2);
    const before = {
      listings: await countRows("equipment_listings"),
      images: await countRows("equipment_images"),
      auctions: await countRows("auctions"),
      files: filesUnder(path.join(uploadsDir, "listings")).length,
      folders: fs.existsSync(path.join(uploadsDir, "listings")) ? fs.readdirSync(path.join(uploadsDir, "listings")).length : 0,
    };
    const title = "Atomic Rohde Schwarz FSW43 analyzer";
    // The database refuses the auction after the listing, its picture files and image rows were written.
    const acceptAuctions = await refuseNewAuctions(database.db, "auction refused");
    try {
      const error = await rejection(createListing(database.db, uploads, people.owner.id, inputOf({ ...AUCTION, title }), images));
      expect(String(error)).toMatch(/auction refused/);
    } finally {
      await acceptAuctions();
    }
    expect(await database.db.selectFrom("equipment_listings").select("id").where("title", "=", title).execute()).toEqual([]);
    expect({
      listings: await countRows("equipment_listings"),
      images: await countRows("equipment_images"),
      auctions: await countRows("auctions"),
      files: filesUnder(path.join(uploadsDir, "listings")).length,
      folders: fs.existsSync(path.join(uploadsDir, "listings")) ? fs.readdirSync(path.join(uploadsDir, "listings")).length : 0,
    }).toEqual(before);

    // The same request succeeds once the database accepts auctions again.
    const id = await createListing(database.db, uploads, people.owner.id, inputOf({ ...AUCTION, title }), images);
    expect(await auctionsOf(id)).toHaveLength(1);
    expect(filesUnder(path.join(uploadsDir, "listings", String(id)))).toHaveLength(4);
  });

  it("reads a live auction back into the edit form, keeping its end", async () => {
    const id = await createListing(database.db, uploads, people.owner.id, inputOf({ ...HYBRID, reservePrice: "13000", bidIncrement: "25" }), []);
    const { listing, auction } = await getListingForEdit(database.db, people.owner, id);
    expect(listingFormDefaults(listing, auction)).toMatchObject({
      listingType: "hybrid",
      price: "",
      startingPrice: "12000",
      reservePrice: "13000",
      buyNowPrice: "18500",
      duration: "keep",
      bidIncrement: "25",
      autoExtend: "on",
    });
  });
});

describe("editing a listing with an auction", () => {
  async function liveAuctionListing(values: Record<string, string> = {}) {
    const id = await createListing(database.db, uploads, people.owner.id, inputOf({ ...AUCTION, ...values }), []);
    const [auction] = await auctionsOf(id);
    return { id, auctionId: auction!.id };
  }

  /** The edit form as sent back unchanged for a listing with a live auction. */
  const EDIT: Record<string, string> = { ...AUCTION, duration: "keep" };

  it("changes the settings while there is no bid, and refuses once one exists", async () => {
    const { id, auctionId } = await liveAuctionListing();
    const [before] = await auctionsOf(id);
    await updateListing(
      database.db,
      uploads,
      people.owner,
      id,
      inputOf({ ...EDIT, startingPrice: "9000", duration: "3", bidIncrement: "20" }, EditListingSchema),
    );
    const [changed] = await auctionsOf(id);
    expect(changed).toMatchObject({
      starting_price_cents: 900_000,
      current_price_cents: 900_000,
      bid_increment_cents: 2_000,
      start_date: before!.start_date,
      end_date: new Date(new Date(before!.start_date).getTime() + 3 * DAY).toISOString(),
      version: before!.version + 1,
    });
    expect((await listingRow(id))?.price_cents).toBe(900_000);

    await placeBid(database.db, { auctionId, bidderId: people.buyer.id, amountCents: 900_000 });
    const refused = await rejection(
      updateListing(database.db, uploads, people.owner, id, inputOf({ ...EDIT, startingPrice: "5000", bidIncrement: "20" }, EditListingSchema)),
    );
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as Error).message).toBe("Bids have been placed, so the auction settings can no longer change.");
    expect((await auctionsOf(id))[0]).toMatchObject({ starting_price_cents: 900_000, current_price_cents: 900_000, bid_count: 1 });

    // Other fields still change when the settings stay as they are.
    await updateListing(
      database.db,
      uploads,
      people.owner,
      id,
      inputOf({ ...EDIT, startingPrice: "9000", bidIncrement: "20", description: "Now with probes." }, EditListingSchema),
    );
    expect((await listingRow(id))?.description).toBe("Now with probes.");
  });

  it("keeps the type and the Active status while the auction is live", async () => {
    const { id } = await liveAuctionListing();
    const typeChange = await rejection(
      updateListing(database.db, uploads, people.owner, id, inputOf({ ...EDIT, listingType: "buy_now", price: "9000" }, EditListingSchema)),
    );
    expect(typeChange).toMatchObject({ field: "listingType", message: LISTING_MESSAGES.auctionTypeLocked });
    const toHybrid = await rejection(
      updateListing(database.db, uploads, people.owner, id, inputOf({ ...EDIT, listingType: "hybrid", buyNowPrice: "20000" }, EditListingSchema)),
    );
    expect(toHybrid).toMatchObject({ field: "listingType" });
    const archived = await rejection(updateListing(database.db, uploads, people.owner, id, inputOf(EDIT, EditListingSchema), { status: "archived" }));
    expect(archived).toMatchObject({ field: "status", message: LISTING_MESSAGES.auctionKeepsActive });
    expect(await listingRow(id)).toMatchObject({ listing_type: "auction", status: "active" });
  });

  it("refuses a new duration that would end a running auction in the past", async () => {
    const { listingId } = await insertAuctionRow(database.db, people.owner.id, { start_date: new Date(Date.now() - 2 * DAY).toISOString() });
    const input = inputOf({ ...EDIT, startingPrice: "1000", duration: "1" }, EditListingSchema);
    const error = await rejection(updateListing(database.db, uploads, people.owner, listingId, input));
    expect(error).toMatchObject({ field: "duration", message: LISTING_MESSAGES.auctionEndsInPast });
  });

  it("lets an admin edit the listing but not create an auction or change its settings", async () => {
    const { id } = await liveAuctionListing();
    await updateListing(database.db, uploads, people.admin, id, inputOf({ ...EDIT, title: "Checked by an admin" }, EditListingSchema));
    expect((await listingRow(id))?.title).toBe("Checked by an admin");
    const settings = await rejection(updateListing(database.db, uploads, people.admin, id, inputOf({ ...EDIT, startingPrice: "1" }, EditListingSchema)));
    expect(settings).toBeInstanceOf(DomainError);
    expect((settings as Error).message).toBe(LISTING_MESSAGES.auctionSettingsForbidden);

    const buyNowId = await createListing(database.db, uploads, people.owner.id, inputOf({ ...BASE, listingType: "buy_now", price: "700" }), []);
    const create = await rejection(updateListing(database.db, uploads, people.admin, buyNowId, inputOf(AUCTION, EditListingSchema)));
    expect(create).toBeInstanceOf(DomainError);
    expect((create as Error).message).toBe("You do not have permission to create an auction for this listing");
    expect(await auctionsOf(buyNowId)).toEqual([]);
  });

  it("starts an auction when the owner turns a buy-now listing into an auction", async () => {
    const id = await createListing(database.db, uploads, people.owner.id, inputOf({ ...BASE, listingType: "buy_now", price: "700" }), []);
    await updateListing(database.db, uploads, people.owner, id, inputOf({ ...HYBRID, startingPrice: "500", buyNowPrice: "800" }, EditListingSchema));
    expect(await listingRow(id)).toMatchObject({ listing_type: "hybrid", price_cents: 50_000, buy_now_price_cents: 80_000 });
    expect(await auctionsOf(id)).toMatchObject([{ status: "active", starting_price_cents: 50_000, buy_now_price_cents: 80_000 }]);
  });

  it("starts a new auction on a listing whose auction is over only when asked", async () => {
    const { id, auctionId } = await liveAuctionListing();
    await database.db.updateTable("auctions").set({ status: "cancelled", cancelled_at: new Date().toISOString() }).where("id", "=", auctionId).execute();
    await updateListing(database.db, uploads, people.owner, id, inputOf({ ...AUCTION, description: "Still for sale." }, EditListingSchema));
    expect((await auctionsOf(id)).map((a) => a.status)).toEqual(["cancelled"]);
    const again = inputOf({ ...AUCTION, startAuction: "on" }, EditListingSchema);
    await updateListing(database.db, uploads, people.owner, id, again, { startAuction: again.startAuction });
    expect((await auctionsOf(id)).map((a) => a.status)).toEqual(["cancelled", "active"]);
  });
});

describe("deleting a listing with an auction", () => {
  it("deletes a listing whose auction has no bids, auction and all", async () => {
    const { listingId, auctionId } = await insertAuctionRow(database.db, people.owner.id);
    expect((await getListingForEdit(database.db, people.owner, listingId)).deleteBlocker).toBeNull();
    await deleteListing(database.db, uploads, people.owner, listingId);
    expect(await listingRow(listingId)).toBeUndefined();
    expect(await database.db.selectFrom("auctions").select("id").where("id", "=", auctionId).execute()).toEqual([]);
  });

  it("refuses while its live auction has bids: cancel the auction first", async () => {
    const { listingId, auctionId } = await insertAuctionRow(database.db, people.owner.id);
    await placeBid(database.db, { auctionId, bidderId: people.buyer.id, amountCents: 100_000 });
    expect((await getListingForEdit(database.db, people.owner, listingId)).deleteBlocker).toBe(LISTING_MESSAGES.deleteHasBids);
    const error = await rejection(deleteListing(database.db, uploads, people.owner, listingId));
    expect(error).toBeInstanceOf(DomainError);
    expect((error as Error).message).toBe("This listing's auction has bids, so the listing cannot be deleted. Cancel the auction first.");
    expect(await listingRow(listingId)).toBeDefined();
    expect(await database.db.selectFrom("bids").select("id").where("auction_id", "=", auctionId).execute()).toHaveLength(1);

    // Once cancelled, the listing can go.
    await database.db.updateTable("auctions").set({ status: "cancelled" }).where("id", "=", auctionId).execute();
    await deleteListing(database.db, uploads, people.owner, listingId);
    expect(await listingRow(listingId)).toBeUndefined();
  });

  it("refuses when an order exists, with a message instead of the database's refusal", async () => {
    const { listingId, auctionId } = await insertAuctionRow(database.db, people.owner.id, { status: "ended" });
    await database.db
      .insertInto("orders")
      .values({
        reference: `TB-TEST-${listingId}`,
        listing_id: listingId,
        auction_id: auctionId,
        buyer_id: people.buyer.id,
        seller_id: people.owner.id,
        sale_type: "auction",
        amount_cents: 100_000,
        fee_cents: 3_500,
        fee_rate_bp: 350,
      })
      .execute();
    const error = await rejection(deleteListing(database.db, uploads, people.owner, listingId));
    expect(error).toBeInstanceOf(DomainError);
    expect((error as Error).message).toBe("This listing has an order, so it cannot be deleted.");
    expect(await listingRow(listingId)).toBeDefined();
  });
});
