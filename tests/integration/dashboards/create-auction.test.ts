// /create-auction, both engines: a seller starts an auction for their own draft or active listing with
// the manual form's settings and messages; the listing becomes an active auction listing priced at its start; another
// seller's listing, a sold one and one already live are refused; the form offers only eligible listings.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { CREATE_AUCTION_MESSAGES } from "~/schemas/create-auction.ts";
import { LISTING_MESSAGES } from "~/schemas/listing.ts";
import { listAuctionableListings } from "~/services/listings/start-listing-auction.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { routeCalls } from "../../support/route-calls.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));
const route = await import("~/routes/create-auction.tsx");

type Answer = { result?: { error?: Record<string, string[]> }; listings?: Array<{ id: number }>; chosen?: number | null };
let opened: OpenedDatabase;
const people = { seller: "", other: "", buyer: "" };
const ids: Record<string, number> = {};
const calls = () => routeCalls<Answer>({ db: () => opened.db });
const form = (listingId: number, extra: Record<string, string> = {}) => ({
  listingId: String(listingId),
  listingType: "auction",
  startingPrice: "1200",
  reservePrice: "",
  buyNowPrice: "",
  bidIncrement: "25",
  duration: "7",
  startDate: "",
  autoExtend: "on",
  ...extra,
});

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  people.seller = await insertUserRow(opened.db, "seller@example.test", "seller");
  people.other = await insertUserRow(opened.db, "other@example.test", "seller");
  people.buyer = await insertUserRow(opened.db, "buyer@example.test", "buyer");
  ids.draft = await insertListingRow(opened.db, people.seller, { title: "HP 8563E spectrum analyzer", status: "draft", price_cents: 150_000 });
  ids.active = await insertListingRow(opened.db, people.seller, { title: "Keithley 2400 SourceMeter", status: "active", price_cents: 90_000 });
  ids.sold = await insertListingRow(opened.db, people.seller, { title: "Sold Fluke 754", status: "sold" });
  ids.archived = await insertListingRow(opened.db, people.seller, { title: "Archived Megger MIT525", status: "archived" });
  ids.others = await insertListingRow(opened.db, people.other, { title: "Another seller's scope", status: "active" });
});
afterAll(async () => {
  await opened.close();
});

describe("/create-auction", () => {
  it("offers the seller's active and draft listings without a live auction, and preselects ?listing=", async () => {
    const offered = await listAuctionableListings(opened.db, people.seller);
    expect(offered.map((listing) => listing.id).sort()).toEqual([ids.draft, ids.active].sort());
    const page = await calls().get(route, `/create-auction?listing=${ids.draft}`, people.seller);
    expect(page.data?.chosen).toBe(ids.draft);
    expect((await calls().get(route, `/create-auction?listing=${ids.others}`, people.seller)).data?.chosen).toBeNull();
    expect((await calls().get(route, "/create-auction", people.buyer)).status).toBe(403);
  });

  it("starts an auction for a draft: the listing goes live as an auction at the starting price", async () => {
    const answer = await calls().post(route, "/create-auction", people.seller, form(ids.draft!));
    expect(answer.status).toBe(302);
    const auction = await opened.db.selectFrom("auctions").selectAll().where("listing_id", "=", ids.draft!).executeTakeFirstOrThrow();
    expect(answer.location).toBe(`/auctions/${auction.id}`);
    expect(auction).toMatchObject({
      status: "active",
      starting_price_cents: 120_000,
      current_price_cents: 120_000,
      bid_increment_cents: 2_500,
      auto_extend: 1,
    });
    expect(new Date(auction.end_date).getTime() - new Date(auction.start_date).getTime()).toBe(7 * 86_400_000);
    const listing = await opened.db
      .selectFrom("equipment_listings")
      .select(["status", "listing_type", "price_cents"])
      .where("id", "=", ids.draft!)
      .executeTakeFirstOrThrow();
    expect(listing).toEqual({ status: "active", listing_type: "auction", price_cents: 120_000 });
    // Now live: offered no more, and a second auction is refused.
    expect((await listAuctionableListings(opened.db, people.seller)).map((row) => row.id)).toEqual([ids.active]);
    const again = await calls().post(route, "/create-auction", people.seller, form(ids.draft!));
    expect(again.status).toBe(409);
    expect(again.data?.result?.error?.listingId).toEqual([CREATE_AUCTION_MESSAGES.alreadyLive]);
  });

  it("gives the manual form's messages for the settings (spec 01 §5)", async () => {
    const bad = await calls().post(route, "/create-auction", people.seller, form(ids.active!, { listingType: "hybrid", startingPrice: "", buyNowPrice: "" }));
    expect(bad.status).toBe(400);
    expect(bad.data?.result?.error?.startingPrice).toEqual([LISTING_MESSAGES.startingPriceRequired("hybrid")]);
    expect(bad.data?.result?.error?.buyNowPrice).toEqual([LISTING_MESSAGES.hybridBuyNowPriceRequired]);
    const reserve = await calls().post(route, "/create-auction", people.seller, form(ids.active!, { reservePrice: "100" }));
    expect(reserve.data?.result?.error?.reservePrice).toEqual([LISTING_MESSAGES.reserveBelowStart]);
    const buyNow = await calls().post(route, "/create-auction", people.seller, form(ids.active!, { listingType: "buy_now" }));
    expect(buyNow.data?.result?.error?.listingType).toEqual([CREATE_AUCTION_MESSAGES.typeRequired]);
  });

  it("refuses another seller's listing, a sold one and an archived one, changing nothing", async () => {
    const others = await calls().post(route, "/create-auction", people.seller, form(ids.others!));
    expect(others.status).toBe(404);
    const sold = await calls().post(route, "/create-auction", people.seller, form(ids.sold!));
    expect(sold.data?.result?.error?.listingId).toEqual([LISTING_MESSAGES.soldNotAuctioned]);
    const archived = await calls().post(route, "/create-auction", people.seller, form(ids.archived!));
    expect(archived.data?.result?.error?.listingId).toEqual([CREATE_AUCTION_MESSAGES.notEligible]);
    const count = await opened.db
      .selectFrom("auctions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("listing_id", "in", [ids.others!, ids.sold!, ids.archived!])
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});
