// POST /api/auctions/{id}/bids (app/web/bid-form.server.ts answerBidApi, which server.mjs calls ahead of
// Remix): sign-in required, every message of docs/product/auctions.md#states with the status that says why, and exactly the answer the
// bid route gives in its `Accept: application/json` mode.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import type { BidActionData } from "~/schemas/bid.ts";
import { placeBid } from "~/services/auctions/bidding.server.ts";
import { insertAuctionRow } from "../../support/auctions.ts";
import { ROUTE_CONTEXT as CONTEXT, sessionCookies } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const { answerBidApi, BID_API_MESSAGES } = await import("~/web/bid-form.server.ts");
const bidRoute = await import("~/routes/auctions.$id_.bid.tsx");
const entry = await import("~/entry.server.tsx");

let opened: OpenedDatabase;
let seller: string;
let alice: string;
let bob: string;
const cookieFor = sessionCookies(() => opened.db);

const FORM = "application/x-www-form-urlencoded";

/** What the endpoint answers to a form posted by `as` (null: no session). */
async function api(auctionId: number | string, as: string | null, fields: Record<string, string>, contentType: string | null = FORM) {
  return answerBidApi({
    auctionId: String(auctionId),
    cookie: as ? await cookieFor(as) : null,
    contentType,
    body: new URLSearchParams(fields).toString(),
  });
}

/** What the bid route answers to the same form in its JSON mode. */
async function route(auctionId: number | string, as: string | null, fields: Record<string, string>): Promise<{ status: number; body: BidActionData }> {
  const headers = new Headers({ "Content-Type": FORM, Accept: "application/json" });
  if (as) headers.set("Cookie", await cookieFor(as));
  const request = new Request(`http://localhost/auctions/${auctionId}/bid`, { method: "POST", headers, body: new URLSearchParams(fields) });
  const response = (await bidRoute.action({ request, params: { id: String(auctionId) }, context: CONTEXT })) as Response;
  expect(response.headers.get("Content-Type")).toContain("application/json");
  return { status: response.status, body: (await response.json()) as BidActionData };
}

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  seller = await insertUserRow(opened.db, undefined, "seller");
  alice = await insertUserRow(opened.db);
  bob = await insertUserRow(opened.db);
});

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  return () => vi.restoreAllMocks();
});

afterAll(async () => {
  database.current = undefined;
  await opened?.close();
});

describe("POST /api/auctions/{id}/bids", () => {
  it("is what the server build exports for server.mjs", () => {
    expect(entry.answerBidApi).toBe(answerBidApi);
  });

  it("requires a signed-in bidder and places nothing otherwise", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, seller);
    expect(await api(auctionId, null, { amount: "1000" })).toEqual({ status: 401, body: { ok: false, error: "User not authenticated" } });
    const forged = await answerBidApi({ auctionId: String(auctionId), cookie: "__session=forged.value", contentType: FORM, body: "amount=1000" });
    expect(forged).toEqual({ status: 401, body: { ok: false, error: "User not authenticated" } });
    const row = await opened.db.selectFrom("auctions").select("bid_count").where("id", "=", auctionId).executeTakeFirstOrThrow();
    expect(row.bid_count).toBe(0);
  });

  it("places a bid and answers with the spec's message and the lot's public state", async () => {
    const { auctionId, listingId } = await insertAuctionRow(opened.db, seller);
    const { status, body } = await api(auctionId, alice, { amount: "1,000" });
    expect(status).toBe(200);
    expect(body).toEqual({
      ok: true,
      message: "Your bid of $1,000 has been placed!",
      result: "leading",
      bidCents: 100_000,
      snapshot: expect.objectContaining({ auctionId, listingId, currentPriceCents: 100_000, bidCount: 1, viewerLeads: true, reserve: "none" }) as unknown,
    });
    // The hidden reserve never leaves the server.
    expect(JSON.stringify(body)).not.toMatch(/reserve_?[pP]rice|reserveCents/);

    const proxied = await api(auctionId, bob, { amount: "1010", maxAmount: "1100" });
    expect(proxied.body).toMatchObject({ ok: true, result: "leading", snapshot: { currentPriceCents: 101_000, viewerLeads: true } });
    const answeredAtOnce = await api(auctionId, alice, { amount: "1020" });
    expect(answeredAtOnce.body).toMatchObject({
      ok: true,
      result: "outbid",
      message: "Your bid of $1,020 has been placed! Another bidder's maximum is higher, so you have already been outbid. You can bid again.",
      snapshot: { currentPriceCents: 103_000, viewerLeads: false },
    });
    const raised = await api(auctionId, bob, { intent: "raise-maximum", amount: "1040", maxAmount: "1500" });
    expect(raised.body).toMatchObject({ ok: true, result: "maximum_raised", message: "Your maximum bid is now $1,500." });
  });

  it("answers every refusal with the spec's words and a status that says why", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, seller);
    await placeBid(opened.db, { auctionId, bidderId: alice, amountCents: 100_000 });
    const cases: Array<[string, Record<string, string>, number, BidActionData]> = [
      [bob, { amount: "abc" }, 400, { ok: false, error: "Please enter a valid bid amount", field: "amount" }],
      [bob, {}, 400, { ok: false, error: "Please enter a valid bid amount", field: "amount" }],
      [bob, { amount: "10.505" }, 400, { ok: false, error: "Use at most two decimals", field: "amount" }],
      [bob, { amount: "1020", maxAmount: "lots" }, 400, { ok: false, error: "Please enter a valid maximum bid", field: "maxAmount" }],
      [bob, { amount: "1020", maxAmount: "1015" }, 400, { ok: false, error: "Your maximum bid must be at least your bid", field: "maxAmount" }],
      [bob, { amount: "1000" }, 409, { ok: false, error: "Bid must be higher than current price of $1,000" }],
      [bob, { amount: "1009.50" }, 409, { ok: false, error: "Bid must be at least $1,010" }],
      [alice, { amount: "2000" }, 409, { ok: false, error: "You are currently the highest bidder!" }],
      [seller, { amount: "2000" }, 403, { ok: false, error: "You cannot bid on your own auction" }],
    ];
    for (const [who, fields, status, body] of cases) {
      expect({ fields, answer: await api(auctionId, who, fields) }).toEqual({ fields, answer: { status, body } });
    }
    expect(await api(999_999_999, bob, { amount: "1000" })).toEqual({ status: 404, body: { ok: false, error: "Auction not found" } });
    expect(await api("abc", bob, { amount: "1000" })).toEqual({ status: 404, body: { ok: false, error: "Auction not found" } });
    const ended = await insertAuctionRow(opened.db, seller, { status: "ended" });
    expect(await api(ended.auctionId, bob, { amount: "1000" })).toEqual({ status: 409, body: { ok: false, error: "This auction is not active" } });
    expect(await api(auctionId, bob, { amount: "1100" }, "application/json")).toEqual({ status: 400, body: { ok: false, error: BID_API_MESSAGES.notAForm } });
    const row = await opened.db.selectFrom("auctions").select(["bid_count", "current_price_cents"]).where("id", "=", auctionId).executeTakeFirstOrThrow();
    expect(row).toEqual({ bid_count: 1, current_price_cents: 100_000 });
  });

  it("gives exactly the answers of the bid route's JSON mode", async () => {
    const viaRoute = await insertAuctionRow(opened.db, seller);
    const viaApi = await insertAuctionRow(opened.db, seller);
    const steps: Array<[string | null, Record<string, string>]> = [
      [null, { amount: "1000" }],
      [alice, { amount: "999" }],
      [alice, { amount: "1000", maxAmount: "1050" }],
      [bob, { amount: "1020" }],
      [bob, { amount: "1070" }],
      [alice, { amount: "1080" }],
      [bob, { intent: "raise-maximum", maxAmount: "2000" }],
      [seller, { amount: "5000" }],
      [bob, { amount: "x" }],
    ];
    /** The snapshot names its own auction and listing, and their times; everything else must be equal. */
    const sameLot = (answer: { status: number; body: BidActionData }) =>
      answer.body.ok
        ? {
            ...answer,
            body: { ...answer.body, snapshot: { ...answer.body.snapshot, auctionId: 0, listingId: 0, startsAt: "", endsAt: "", extensionsEndAt: "" } },
          }
        : answer;
    for (const [who, fields] of steps) {
      const fromRoute = sameLot(await route(viaRoute.auctionId, who, fields));
      const fromApi = sameLot(await api(viaApi.auctionId, who, fields));
      expect({ who, fields, answer: fromApi }).toEqual({ who, fields, answer: fromRoute });
    }
  });
});
