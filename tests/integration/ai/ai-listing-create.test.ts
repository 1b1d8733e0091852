// Creating a listing from the AI wizard (docs/product/listings.md#ai-assistant steps 3–4, Listing create payload, AI wizard):
// the listing, its pictures and its auction in one transaction, marked ai_generated with its comparables; who may
// claim the generation it came from; who may create at all; the spec's messages for bad input (never a 500); and
// the ai_stats figures built from the generations.
import { DomainError } from "~/services/domain-error.ts";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import type { Comparable } from "~/lib/pricing/types.ts";
import type { Role } from "~/lib/roles.ts";
import { aiCreateFormData, checkAiCreateForm, type AiListingCreateValues, type AiListingFields } from "~/schemas/ai-listing-create.ts";
import { checkListingUploads } from "~/services/listings/listing-uploads.server.ts";
import type { PreparedImage } from "~/services/listings/listing-images.server.ts";
import { computeAiStats } from "~/services/listings/marketplace-stats.server.ts";
import { insertListingRow, OSCILLOSCOPES } from "../../support/listings.ts";
import { routeCalls } from "../../support/route-calls.ts";
import { sessionCookies } from "../../support/route-pages.tsx";
import { DiskStore } from "~/services/storage/index.server.ts";
import { refuseWrites } from "../../support/refuse-writes.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";
import { createAiListing } from "~/flows/listing-publication.server.ts";

const hoisted = vi.hoisted(() => {
  const uploads = `${process.env.TEST_TMP_DIR ?? "tests/.tmp"}/ai-create-uploads-${process.pid}-${Date.now()}`;
  process.env.UPLOADS_DIR = uploads;
  return { database: { current: undefined as unknown }, uploads };
});
vi.mock("~/db.server.ts", () => ({ getDb: () => hoisted.database.current }));

const createRoute = await import("~/routes/create-listing.tsx");
const dashboardRoute = await import("~/routes/dashboard.tsx");
const { PERMISSION_MESSAGES } = await import("~/web/auth.server.ts");

const DAY = 24 * 60 * 60 * 1000;
let opened: OpenedDatabase;
let uploadsDir: string;
let uploads: DiskStore;
const people = {} as Record<"seller" | "other" | "admin" | "buyer", { id: string; role: Role }>;
let comparableListingId: number;

beforeAll(async () => {
  opened = createTestDatabase();
  hoisted.database.current = opened.db;
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "tradebench-ai-create-"));
  uploads = new DiskStore(uploadsDir);
  for (const [key, role] of [
    ["seller", "seller"],
    ["other", "seller"],
    ["admin", "admin"],
    ["buyer", "buyer"],
  ] as const) {
    people[key] = { id: await insertUserRow(opened.db, undefined, role), role };
  }
  comparableListingId = await insertListingRow(opened.db, people.other.id, { title: "Keysight DSOX3024T", price_cents: 610_000 });
});

afterAll(async () => {
  await opened?.close();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
  fs.rmSync(hoisted.uploads, { recursive: true, force: true });
});

const { get } = routeCalls({ db: () => opened.db });
const cookieFor = sessionCookies(() => opened.db);

async function png(colour: string, width = 64): Promise<Buffer> {
  return sharp({ create: { width, height: 48, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

async function images(...colours: string[]): Promise<PreparedImage[]> {
  const files = await Promise.all(colours.map(async (colour, i) => ({ name: `photo-${i}.png`, bytes: new Uint8Array(await png(colour)) })));
  const checked = await checkListingUploads(files.map((f) => ({ name: f.name, size: f.bytes.byteLength, bytes: f.bytes, status: "kept" as const })));
  expect(checked.errors).toEqual([]);
  return checked.images;
}

function comparable(): Comparable {
  return {
    source: "listed",
    listingId: comparableListingId,
    title: "Keysight DSOX3024T",
    priceCents: 610_000,
    condition: "used_good",
    date: "2026-11-01T10:00:00.000Z",
    url: `/listings/${comparableListingId}`,
    location: null,
    imageUrl: null,
    verified: false,
    relevance: 35,
  };
}

const FIELDS: AiListingFields = {
  title: "Keysight DSOX3034T 350 MHz 4-channel oscilloscope",
  description: "Keysight InfiniiVision DSOX3034T with 350 MHz bandwidth, touch screen and the original probes.",
  brand: "Keysight",
  model: "DSOX3034T",
  categoryId: OSCILLOSCOPES,
  condition: "used_excellent",
  price: "6500",
  specifications: [
    { key: "Bandwidth", value: "350 MHz" },
    { key: "", value: "dropped" },
  ],
  features: ["Touch screen", ""],
  location: "Austin, TX",
  year: "2019",
  serialNumber: "MY59000123",
  listingType: "auction",
  startingPrice: "5200",
  reservePrice: "5850",
  duration: "5",
};

function valuesOf(fields: Partial<AiListingFields> = {}, extra: { generationId?: number | null; comparables?: Comparable[] } = {}): AiListingCreateValues {
  const checked = checkAiCreateForm(
    aiCreateFormData({ ...FIELDS, ...fields }, { generationId: extra.generationId ?? null, comparables: extra.comparables ?? [comparable()] }),
  );
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  return checked.value;
}

async function insertGeneration(values: {
  userId: string | null;
  brand?: string;
  model?: string;
  outcome?: "ai" | "fallback";
  createdAt?: Date;
}): Promise<number> {
  const row = await opened.db
    .insertInto("ai_generations")
    .values({
      user_id: values.userId,
      brand: values.brand ?? "Keysight",
      model: values.model ?? "DSOX3034T",
      photo_count: 2,
      outcome: values.outcome ?? "ai",
      failure_class: values.outcome === "fallback" ? "not_configured" : null,
      model_name: "fake-model",
      ...(values.createdAt ? { created_at: values.createdAt.toISOString() } : {}),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function generation(id: number) {
  return opened.db.selectFrom("ai_generations").select(["user_id", "listing_id"]).where("id", "=", id).executeTakeFirstOrThrow();
}

async function counts() {
  const one = async (table: "equipment_listings" | "equipment_images" | "auctions") =>
    Number(
      (
        await opened.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { listings: await one("equipment_listings"), images: await one("equipment_images"), auctions: await one("auctions") };
}

function filesUnder(dir: string): string[] {
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String) : [];
}

describe("createAiListing", () => {
  it("writes a live auction listing with its pictures, comparables and an auction that starts now", async () => {
    const now = new Date();
    const generationId = await insertGeneration({ userId: people.seller.id });
    const created = await createAiListing(opened.db, uploads, people.seller, valuesOf({}, { generationId }), await images("#224488", "#884422"), now);

    const listing = await opened.db.selectFrom("equipment_listings").selectAll().where("id", "=", created.listingId).executeTakeFirstOrThrow();
    expect(listing).toMatchObject({
      user_id: people.seller.id,
      status: "active",
      ai_generated: 1,
      listing_type: "auction",
      // An auction listing's price is its starting price; only hybrids carry a buy-now price.
      price_cents: 520_000,
      buy_now_price_cents: null,
      condition: "used_excellent",
      category_id: OSCILLOSCOPES,
      location: "Austin, TX",
      year: 2019,
      serial_number: "MY59000123",
    });
    expect(JSON.parse(listing.specifications)).toEqual({ Bandwidth: "350 MHz" });
    expect(JSON.parse(listing.features)).toEqual(["Touch screen"]);
    expect(JSON.parse(listing.comparable_listings)).toEqual([comparable()]);

    const pictures = await opened.db.selectFrom("equipment_images").selectAll().where("listing_id", "=", created.listingId).orderBy("position").execute();
    expect(pictures.map((p) => [p.original_name, p.is_primary])).toEqual([
      ["photo-0.png", 1],
      ["photo-1.png", 0],
    ]);

    const auction = await opened.db.selectFrom("auctions").selectAll().where("id", "=", created.auctionId!).executeTakeFirstOrThrow();
    expect(auction).toMatchObject({
      listing_id: created.listingId,
      status: "active",
      starting_price_cents: 520_000,
      current_price_cents: 520_000,
      reserve_price_cents: 585_000,
      buy_now_price_cents: null,
      bid_increment_cents: 1_000,
      auto_extend: 1,
    });
    expect(new Date(auction.start_date).getTime()).toBe(now.getTime());
    expect(new Date(auction.end_date).getTime()).toBe(now.getTime() + 5 * DAY);

    expect(created.generationClaimed).toBe(true);
    expect(await generation(generationId)).toEqual({ user_id: people.seller.id, listing_id: created.listingId });
  });

  it("stores a hybrid's reviewed price as its buy-now price, and a Buy It Now listing without an auction", async () => {
    const hybrid = await createAiListing(opened.db, uploads, people.admin, valuesOf({ listingType: "hybrid" }), await images("#115511"));
    const hybridRow = await opened.db.selectFrom("equipment_listings").selectAll().where("id", "=", hybrid.listingId).executeTakeFirstOrThrow();
    expect([hybridRow.listing_type, hybridRow.price_cents, hybridRow.buy_now_price_cents]).toEqual(["hybrid", 520_000, 650_000]);
    const hybridAuction = await opened.db.selectFrom("auctions").selectAll().where("id", "=", hybrid.auctionId!).executeTakeFirstOrThrow();
    expect(hybridAuction.buy_now_price_cents).toBe(650_000);

    const fixed = await createAiListing(
      opened.db,
      uploads,
      people.seller,
      valuesOf({ listingType: "buy_now", startingPrice: "", reservePrice: "" }),
      await images("#551111"),
    );
    expect(fixed.auctionId).toBeNull();
    const fixedRow = await opened.db.selectFrom("equipment_listings").selectAll().where("id", "=", fixed.listingId).executeTakeFirstOrThrow();
    expect([fixedRow.listing_type, fixedRow.price_cents, fixedRow.buy_now_price_cents, fixedRow.ai_generated]).toEqual(["buy_now", 650_000, null, 1]);
    expect(await opened.db.selectFrom("auctions").select("id").where("listing_id", "=", fixed.listingId).execute()).toEqual([]);
  });

  it("claims a generation once: the member's own, or a visitor's recent one for the same equipment", async () => {
    const photos = await images("#333333");
    const create = (actor: { id: string; role: Role }, generationId: number, fields: Partial<AiListingFields> = {}) =>
      createAiListing(opened.db, uploads, actor, valuesOf({ listingType: "buy_now", ...fields }, { generationId }), photos);

    // Another member's generation: the listing is created, the generation stays theirs and unused.
    const othersGeneration = await insertGeneration({ userId: people.other.id });
    const notMine = await create(people.seller, othersGeneration);
    expect(notMine.generationClaimed).toBe(false);
    expect(await generation(othersGeneration)).toEqual({ user_id: people.other.id, listing_id: null });

    // Used already: a second listing does not take it over.
    const own = await insertGeneration({ userId: people.seller.id });
    const first = await create(people.seller, own);
    const second = await create(people.seller, own);
    expect([first.generationClaimed, second.generationClaimed]).toEqual([true, false]);
    expect((await generation(own)).listing_id).toBe(first.listingId);

    // A visitor's generation, saved after signing in: recent and for the same brand and model (case aside).
    const visitors = await insertGeneration({ userId: null, brand: "keysight ", model: "dsox3034t" });
    const adopted = await create(people.seller, visitors);
    expect(adopted.generationClaimed).toBe(true);
    expect(await generation(visitors)).toEqual({ user_id: people.seller.id, listing_id: adopted.listingId });

    // Too old, or for other equipment: left alone.
    const stale = await insertGeneration({ userId: null, createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) });
    const elsewhere = await insertGeneration({ userId: null, model: "MSO58" });
    expect((await create(people.seller, stale)).generationClaimed).toBe(false);
    expect((await create(people.seller, elsewhere)).generationClaimed).toBe(false);
    expect(await generation(stale)).toEqual({ user_id: null, listing_id: null });
    expect(await generation(elsewhere)).toEqual({ user_id: null, listing_id: null });
  });

  it("leaves nothing behind when a step fails, and refuses members who do not sell", async () => {
    const generationId = await insertGeneration({ userId: people.seller.id });
    const before = await counts();
    const pictures = () => filesUnder(uploadsDir).filter((file) => file.endsWith(".webp")).length;
    const picturesBefore = pictures();
    // The last write of the transaction (the generation's claim) fails.
    const allowClaims = await refuseWrites(opened.db, { name: "refuse_claim", table: "ai_generations", event: "update", message: "claim refused" });
    try {
      await expect(createAiListing(opened.db, uploads, people.seller, valuesOf({}, { generationId }), await images("#123456", "#654321"))).rejects.toThrow(
        "claim refused",
      );
    } finally {
      await allowClaims();
    }
    expect(await counts()).toEqual(before);
    expect(pictures()).toBe(picturesBefore);
    expect(await generation(generationId)).toEqual({ user_id: people.seller.id, listing_id: null });

    await expect(createAiListing(opened.db, uploads, people.buyer, valuesOf(), await images("#abcdef"))).rejects.toBeInstanceOf(DomainError);
    await expect(createAiListing(opened.db, uploads, people.seller, valuesOf(), [])).rejects.toThrow("At least one image is required");
    expect(await counts()).toEqual(before);
  });
});

// ------------------------------------------------------------------------------------------------
// The route: /create-listing?tab=ai

async function post(as: string | null, form: FormData): Promise<{ status: number; location?: string | null; data?: unknown }> {
  const headers = new Headers();
  if (as) headers.set("Cookie", await cookieFor(as));
  const request = new Request("http://localhost/create-listing?tab=ai", { method: "POST", headers, body: form });
  let value: unknown;
  try {
    value = await createRoute.action({ request, params: {}, context: { cspNonce: "", clientIp: "192.0.2.1" } });
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, location: value.headers.get("Location") };
  const result = value as { data: unknown; init: ResponseInit | null };
  return { status: result.init?.status ?? 200, data: result.data };
}

async function wizardForm(
  fields: Partial<AiListingFields> = {},
  photos: Array<{ name: string; bytes: Buffer; type?: string }> | null = null,
  generationId: number | null = null,
): Promise<FormData> {
  const form = aiCreateFormData({ ...FIELDS, ...fields }, { generationId, comparables: [comparable()] });
  for (const photo of photos ?? [{ name: "front.png", bytes: await png("#336699") }]) {
    form.append("images", new Blob([new Uint8Array(photo.bytes)], { type: photo.type ?? "image/png" }), photo.name);
  }
  return form;
}

describe("/create-listing?tab=ai", () => {
  it("lets visitors open the wizard but not the form, sends other roles to their dashboard, and refuses their posts", async () => {
    expect(await get(createRoute, "/create-listing?tab=ai", null)).toMatchObject({ status: 200, data: { tab: "ai", viewerId: null } });
    expect(await get(createRoute, "/create-listing", null)).toEqual({ status: 302, location: "/login?from=%2Fcreate-listing" });
    expect(await get(createRoute, "/create-listing?tab=ai", people.buyer.id)).toEqual({ status: 302, location: "/dashboard" });
    expect(await get(createRoute, "/create-listing?tab=ai", people.seller.id)).toMatchObject({ status: 200, data: { tab: "ai", viewerId: people.seller.id } });

    const before = await counts();
    expect(await post(null, await wizardForm())).toEqual({ status: 302, location: `/login?from=${encodeURIComponent("/create-listing?tab=ai")}` });
    // The page redirects (docs/product/accounts.md#roles); a post without can_create_listings is refused by requirePermission.
    expect(await post(people.buyer.id, await wizardForm())).toEqual({ status: 403, data: { message: PERMISSION_MESSAGES.forbidden } });
    expect(await counts()).toEqual(before);
  });

  it("creates the listing and its auction and answers with their ids", async () => {
    const generationId = await insertGeneration({ userId: people.seller.id });
    const answer = await post(people.seller.id, await wizardForm({ listingType: "hybrid", duration: "14" }, null, generationId));
    expect(answer.status).toBe(200);
    const { listingId, auctionId } = answer.data as { listingId: number; auctionId: number };
    expect(answer.data).toMatchObject({ status: "ai-created" });
    const auction = await opened.db.selectFrom("auctions").selectAll().where("id", "=", auctionId).executeTakeFirstOrThrow();
    expect(auction.listing_id).toBe(listingId);
    expect(new Date(auction.end_date).getTime() - new Date(auction.start_date).getTime()).toBe(14 * DAY);
    expect((await generation(generationId)).listing_id).toBe(listingId);
    expect(filesUnder(path.join(hoisted.uploads, "listings", String(listingId))).length).toBe(2);
  });

  it("saves the listing-type step's offer settings (issue 23), and refuses ones above the price beside their field", async () => {
    const before = await counts();
    const refused = await post(people.seller.id, await wizardForm({ listingType: "buy_now", acceptsOffers: "on", autoAcceptPrice: "6500" }));
    expect(refused).toMatchObject({
      status: 400,
      data: { status: "ai-invalid", errors: { autoAcceptPrice: ["The auto-accept price must be below the price"] } },
    });
    expect(await counts()).toEqual(before);
    const answer = await post(
      people.seller.id,
      await wizardForm({ listingType: "buy_now", acceptsOffers: "on", autoAcceptPrice: "6000", autoDeclinePrice: "4000" }),
    );
    const { listingId } = answer.data as { listingId: number };
    expect(
      await opened.db
        .selectFrom("equipment_listings")
        .select(["accepts_offers", "auto_accept_cents", "auto_decline_cents"])
        .where("id", "=", listingId)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      accepts_offers: 1,
      auto_accept_cents: 600_000,
      auto_decline_cents: 400_000,
    });
  });

  it("answers bad input with the spec's messages beside each field, never a 500", async () => {
    const before = await counts();
    const blank = await post(
      people.seller.id,
      await wizardForm({ title: " ", description: "", brand: "", model: "", categoryId: "", condition: "mint", price: "abc", listingType: "" }, []),
    );
    expect(blank.status).toBe(400);
    expect((blank.data as { errors: Record<string, string[]> }).errors).toEqual({
      title: ["Title is required"],
      description: ["Description is required"],
      brand: ["Brand is required"],
      model: ["Model is required"],
      condition: ["Invalid condition"],
      categoryId: ["Could not determine category for this equipment"],
      price: ["Please enter a valid price"],
      listingType: ["Please choose a listing type"],
      images: ["At least one image is required"],
    });

    const cases: Array<[Partial<AiListingFields>, Record<string, string[]>]> = [
      [{ listingType: "hybrid", startingPrice: "6500", reservePrice: "" }, { startingPrice: ["Buy now price must be higher than starting price"] }],
      [{ startingPrice: "" }, { startingPrice: ["Valid starting price is required for auction listings"] }],
      [{ reservePrice: "100" }, { reservePrice: ["Reserve price cannot be lower than the starting price"] }],
      [{ duration: "30" }, { duration: ["Please choose a duration of 3, 5, 7, 10 or 14 days"] }],
      [{ year: "1850" }, { year: [`Year must be between 1900 and ${new Date().getUTCFullYear()}`] }],
      [{ categoryId: "no_such_category" }, { categoryId: ["Please choose a category from the list"] }],
    ];
    for (const [fields, errors] of cases) {
      const answer = await post(people.seller.id, await wizardForm(fields));
      expect({ fields, status: answer.status, errors: (answer.data as { errors: unknown }).errors }).toEqual({ fields, status: 400, errors });
    }

    const forged = await wizardForm();
    forged.set("specifications", "{not json");
    forged.set("comparableListings", JSON.stringify([{ source: "made-up" }]));
    const forgedAnswer = await post(people.seller.id, forged);
    expect(forgedAnswer.status).toBe(400);
    expect((forgedAnswer.data as { errors: Record<string, string[]> }).errors).toEqual({
      specifications: ["These rows could not be read. Please check them and try again."],
      "": ["The comparable listings could not be read. Please generate the listing again."],
    });

    const notAPicture = await post(people.seller.id, await wizardForm({}, [{ name: "notes.jpg", bytes: Buffer.from("just text"), type: "image/jpeg" }]));
    expect((notAPicture.data as { errors: Record<string, string[]> }).errors).toEqual({ images: ["notes.jpg: Only image files are accepted"] });
    const huge = Buffer.concat([await png("#000000"), Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await post(people.seller.id, await wizardForm({}, [{ name: "huge.png", bytes: huge }]));
    expect((tooBig.data as { errors: Record<string, string[]> }).errors).toEqual({ images: ["huge.png is larger than 10 MB"] });
    expect(await counts()).toEqual(before);
  });
});

describe("ai_stats", () => {
  it("counts generations processed, those saved as listings, and the built-in generator's share; admins see them", async () => {
    await opened.db.deleteFrom("ai_generations").execute();
    const saved = await insertGeneration({ userId: people.seller.id });
    await insertGeneration({ userId: null, outcome: "fallback" });
    await insertGeneration({ userId: people.other.id, outcome: "fallback" });
    await insertGeneration({ userId: people.other.id });
    const listingId = await insertListingRow(opened.db, people.seller.id, { ai_generated: 1 });
    await opened.db.updateTable("ai_generations").set({ listing_id: listingId }).where("id", "=", saved).execute();

    expect(await computeAiStats(opened.db)).toEqual({ listingsProcessed: 4, successfulListings: 1, fallbackGenerations: 2 });

    const admin = await get(dashboardRoute, "/dashboard", people.admin.id);
    expect(admin.data).toMatchObject({ aiStats: { listingsProcessed: 4, successfulListings: 1, fallbackGenerations: 2 } });
    expect((admin.data as { aiStats: { aiListings: number } }).aiStats.aiListings).toBeGreaterThan(0);
    expect(await get(dashboardRoute, "/dashboard", people.seller.id)).toMatchObject({ data: { aiStats: null } });
  });
});
