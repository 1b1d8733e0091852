// /seller/listings, both engines: every listing of the seller in every status with counts, status filter,
// search, sort and pages of 12; bulk publish, archive and relist, each checked per listing on the server — another
// seller's listing is refused as not found and left as it was, a listing in the wrong state gets the rule's message.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { parseSellerListingsQuery, SELLER_LISTINGS_MESSAGES } from "~/schemas/seller-listings.ts";
import { listSellerListings } from "~/services/listings/seller-listings.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { routeCalls } from "../../support/route-calls.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";
import { applySellerListingAction } from "~/flows/listing-publication.server.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));
const route = await import("~/routes/seller.listings.tsx");

let opened: OpenedDatabase;
const people = { seller: "", other: "", buyer: "" };
const ids: Record<string, number> = {};
const query = (text: string) => parseSellerListingsQuery(new URLSearchParams(text));

async function statusOf(id: number): Promise<string> {
  return (await opened.db.selectFrom("equipment_listings").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
}

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  people.seller = await insertUserRow(opened.db, "seller@example.test", "seller");
  people.other = await insertUserRow(opened.db, "other@example.test", "seller");
  people.buyer = await insertUserRow(opened.db, "buyer@example.test", "buyer");
  // 14 active listings (two pages of 12), then one of each other status.
  for (let i = 0; i < 14; i++) {
    await insertListingRow(opened.db, people.seller, {
      title: `Bench power supply ${String(i).padStart(2, "0")}`,
      brand: "Keithley",
      model: `22${i}0`,
      condition: "used_good",
      price_cents: 10_000 + i * 100,
      status: "active",
      created_at: `2026-10-${String(i + 1).padStart(2, "0")}T00:00:00.000Z`,
    });
  }
  ids.draft = await insertListingRow(opened.db, people.seller, {
    title: "Yokogawa DL850 recorder",
    brand: "Yokogawa",
    model: "DL850",
    condition: "used_good",
    price_cents: 500_000,
    status: "draft",
  });
  ids.sold = await insertListingRow(opened.db, people.seller, {
    title: "Agilent 34970A data logger",
    condition: "used_good",
    price_cents: 80_000,
    status: "sold",
  });
  ids.archived = await insertListingRow(opened.db, people.seller, {
    title: "Omron NX1P2 controller",
    condition: "used_good",
    price_cents: 90_000,
    status: "archived",
  });
  ids.unsold = await insertListingRow(opened.db, people.seller, {
    title: "Rigol DS1104Z oscilloscope",
    condition: "used_good",
    price_cents: 40_000,
    status: "unsold",
    listing_type: "auction",
  });
  await opened.db
    .insertInto("auctions")
    .values({
      listing_id: ids.unsold,
      start_date: "2026-10-01T00:00:00.000Z",
      end_date: "2026-10-08T00:00:00.000Z",
      starting_price_cents: 40_000,
      current_price_cents: 40_000,
      status: "ended",
      auto_extend: 0,
    })
    .execute();
  ids.othersDraft = await insertListingRow(opened.db, people.other, {
    title: "Someone else's draft",
    condition: "used_good",
    price_cents: 1_000,
    status: "draft",
  });
});
afterAll(async () => {
  await opened.close();
});

describe("listSellerListings", () => {
  it("counts every status of the seller only, and pages by 12", async () => {
    const first = await listSellerListings(opened.db, people.seller, query(""));
    expect(first.counts).toEqual({ all: 18, active: 14, unsold: 1, draft: 1, sold: 1, archived: 1 });
    expect(first.total).toBe(18);
    expect(first.items).toHaveLength(12);
    expect(first.pages).toBe(2);
    const second = await listSellerListings(opened.db, people.seller, query("page=2"));
    expect(second.items).toHaveLength(6);
    expect(new Set([...first.items, ...second.items].map((item) => item.id)).size).toBe(18);
    expect([...first.items, ...second.items].some((item) => item.title === "Someone else's draft")).toBe(false);
  });

  it("filters by status, searches title, brand and model, and sorts", async () => {
    const drafts = await listSellerListings(opened.db, people.seller, query("status=draft"));
    expect(drafts.items.map((item) => item.id)).toEqual([ids.draft]);
    expect((await listSellerListings(opened.db, people.seller, query("q=dl850"))).items.map((item) => item.id)).toEqual([ids.draft]);
    expect((await listSellerListings(opened.db, people.seller, query("q=KEITHLEY"))).total).toBe(14);
    const cheapest = await listSellerListings(opened.db, people.seller, query("sort=price_asc"));
    expect(cheapest.items[0]?.priceCents).toBe(10_000);
    const oldest = await listSellerListings(opened.db, people.seller, query("sort=oldest&status=active"));
    expect(oldest.items[0]?.title).toBe("Bench power supply 00");
    const unsold = (await listSellerListings(opened.db, people.seller, query("q=rigol"))).items[0];
    expect(unsold).toMatchObject({ status: "unsold", canRelist: true, canStartAuction: true, auction: { status: "ended", sold: false } });
  });
});

describe("bulk actions", () => {
  it("refuse another seller's listing as not found and leave it as it was", async () => {
    const outcome = await applySellerListingAction(opened.db, people.seller, "publish", [ids.othersDraft!]);
    expect(outcome).toEqual({ changed: [], refused: [{ id: ids.othersDraft, message: SELLER_LISTINGS_MESSAGES.notFound }] });
    expect(await statusOf(ids.othersDraft!)).toBe("draft");
  });

  it("publish only drafts, archive anything unsold, relist only an auction that ended unsold", async () => {
    const publish = await applySellerListingAction(opened.db, people.seller, "publish", [ids.draft!, ids.sold!]);
    expect(publish).toEqual({ changed: [ids.draft], refused: [{ id: ids.sold, message: SELLER_LISTINGS_MESSAGES.publishOnlyDrafts }] });
    expect(await statusOf(ids.draft!)).toBe("active");
    const archive = await applySellerListingAction(opened.db, people.seller, "archive", [ids.draft!, ids.sold!]);
    expect(archive.changed).toEqual([ids.draft]);
    expect(archive.refused).toEqual([{ id: ids.sold, message: SELLER_LISTINGS_MESSAGES.archiveSold }]);
    const relist = await applySellerListingAction(opened.db, people.seller, "relist", [ids.archived!]);
    expect(relist.refused).toEqual([{ id: ids.archived, message: SELLER_LISTINGS_MESSAGES.relistOnlyUnsoldAuction }]);
  });

  it("through the route: a seller's form publishes, a buyer is refused, someone else's listing is untouched", async () => {
    const calls = routeCalls<{ ok: boolean; message: string; refused: unknown[] }>({ db: () => opened.db });
    const draft = await insertListingRow(opened.db, people.seller, { title: "Second draft", condition: "used_good", price_cents: 1_000, status: "draft" });
    const done = await calls.post(route, "/seller/listings?status=draft", people.seller, { intent: "publish", ids: [String(draft)] });
    expect(done.status).toBe(302);
    expect(done.location).toContain("/seller/listings?status=draft&done=");
    expect(await statusOf(draft)).toBe("active");
    const mixed = await calls.post(route, "/seller/listings", people.seller, { intent: "archive", ids: [String(draft), String(ids.othersDraft)] });
    expect(mixed.status).toBe(200);
    expect(mixed.data?.refused).toEqual([{ id: ids.othersDraft, message: SELLER_LISTINGS_MESSAGES.notFound }]);
    expect(await statusOf(ids.othersDraft!)).toBe("draft");
    expect((await calls.post(route, "/seller/listings", people.buyer, { intent: "publish", ids: [String(ids.othersDraft)] })).status).toBe(403);
    expect((await calls.get(route, "/seller/listings", people.buyer)).status).toBe(403);
    const nothing = await calls.post(route, "/seller/listings", people.seller, { intent: "publish" });
    expect(nothing).toMatchObject({ status: 400, data: { message: SELLER_LISTINGS_MESSAGES.chooseListings } });
    // Relisting an unsold listing starts its new auction with the last one's terms and fresh dates.
    const relist = await calls.post(route, "/seller/listings", people.seller, { intent: "relist", ids: [String(ids.unsold)] });
    expect(relist.status).toBe(302);
    expect(relist.location).toContain("/seller/listings?done=");
    expect(await statusOf(ids.unsold!)).toBe("active");
    const auctions = await opened.db
      .selectFrom("auctions")
      .select(["status", "starting_price_cents", "start_date", "end_date"])
      .where("listing_id", "=", ids.unsold!)
      .orderBy("id")
      .execute();
    expect(auctions).toHaveLength(2);
    expect(auctions[1]).toMatchObject({ status: "active", starting_price_cents: 40_000 });
    expect(Date.parse(auctions[1]!.end_date) - Date.parse(auctions[1]!.start_date)).toBe(7 * 24 * 60 * 60 * 1000);
    // Once relisted it is no longer unsold: a second relist is refused with the rule's message.
    const again = await calls.post(route, "/seller/listings", people.seller, { intent: "relist", ids: [String(ids.unsold)] });
    expect(again).toMatchObject({ status: 409, data: { refused: [{ id: ids.unsold, message: SELLER_LISTINGS_MESSAGES.relistOnlyUnsoldAuction }] } });
  });
});
