// POST /auctions/{id}/bid through the route: every message of docs/product/auctions.md#bidding, docs/product/auctions.md#messages, the JSON answer scripts use,
// the fetcher answer the bid panel uses, the redirect back (with the outcome shown once) for browsers without
// JavaScript, sign-in for visitors, and only this site's lot and listing pages as places to go back to.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import type { BidActionData } from "~/schemas/bid.ts";
import { placeBid } from "~/services/auctions/bidding.server.ts";
import { FORM_MESSAGES } from "~/web/form-data.server.ts";
import { insertAuctionRow } from "../../support/auctions.ts";
import { ROUTE_CONTEXT as CONTEXT, sessionCookies } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const bidRoute = await import("~/routes/auctions.$id_.bid.tsx");
const lotRoute = await import("~/routes/auctions.$id.tsx");

let opened: OpenedDatabase;
let seller: string;
let alice: string;
let bob: string;
const cookieFor = sessionCookies(() => opened.db);

type Mode = "json" | "fetcher" | "document";

interface PostOptions {
  as?: string | null;
  mode?: Mode;
  /** The fields, or name-value pairs when a name is sent more than once. */
  fields?: Record<string, string> | Array<[string, string]>;
  extraCookie?: string;
}

/** Posts the bid form as a browser, the panel's fetcher or a script would, and returns what the route answered. */
async function post(auctionId: number | string, { as = null, mode = "json", fields = {}, extraCookie }: PostOptions = {}) {
  const body = new URLSearchParams(fields);
  if (mode === "fetcher") body.set("js", "1");
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
  if (mode === "json") headers.set("Accept", "application/json");
  const cookie = [as ? await cookieFor(as) : null, extraCookie].filter(Boolean).join("; ");
  if (cookie) headers.set("Cookie", cookie);
  const request = new Request(`http://localhost/auctions/${auctionId}/bid`, { method: "POST", headers, body });
  try {
    return await bidRoute.action({ request, params: { id: String(auctionId) }, context: CONTEXT });
  } catch (thrown) {
    return thrown;
  }
}

async function json(answer: unknown): Promise<{ status: number; body: BidActionData }> {
  expect(answer).toBeInstanceOf(Response);
  const response = answer as Response;
  expect(response.headers.get("Content-Type")).toContain("application/json");
  return { status: response.status, body: (await response.json()) as BidActionData };
}

/** The panel's data: JSON with its status (a resource route answers with a Response, which single fetch decodes). */
async function fetcherData(answer: unknown): Promise<{ status: number; body: BidActionData }> {
  return json(answer);
}

/** A redirect's target and the flash cookie it sets. */
function redirectOf(answer: unknown): { status: number; location: string; setCookie: string } {
  expect(answer).toBeInstanceOf(Response);
  const response = answer as Response;
  return { status: response.status, location: response.headers.get("Location") ?? "", setCookie: response.headers.get("Set-Cookie") ?? "" };
}

async function lotPage(auctionId: number, as: string | null, extraCookie?: string) {
  const cookie = [as ? await cookieFor(as) : null, extraCookie].filter(Boolean).join("; ");
  const request = new Request(`http://localhost/auctions/${auctionId}`, { headers: cookie ? { Cookie: cookie } : {} });
  const result = (await lotRoute.loader({ request, params: { id: String(auctionId) }, context: CONTEXT })) as unknown as {
    data: { flash: { ok: boolean; message: string; amount?: string } | null; snapshot: { bidCount: number } };
    init: { headers?: Headers } | null;
  };
  return result;
}

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  seller = await insertUserRow(opened.db, undefined, "seller");
  alice = await insertUserRow(opened.db);
  bob = await insertUserRow(opened.db);
  await opened.db.updateTable("profiles").set({ first_name: "Alice", last_name: "Archer" }).where("id", "=", alice).execute();
});

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  return () => vi.restoreAllMocks();
});

afterAll(async () => {
  database.current = undefined;
  await opened?.close();
});

describe("POST /auctions/{id}/bid as JSON", () => {
  it("places a bid and answers with the spec's success message and the new public state", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, seller);
    const { status, body } = await json(await post(auctionId, { as: alice, fields: { amount: "1000" } }));
    expect(status).toBe(200);
    expect(body).toMatchObject({
      ok: true,
      message: "Your bid of $1,000 has been placed!",
      result: "leading",
      snapshot: { auctionId, currentPriceCents: 100_000, bidCount: 1, viewerLeads: true },
    });
  });

  it("answers every refusal with the spec's words and a status that says why", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, seller);
    await placeBid(opened.db, { auctionId, bidderId: alice, amountCents: 100_000 });
    const cases: Array<[string | null, Record<string, string>, number, string]> = [
      [bob, { amount: "abc" }, 400, "Please enter a valid bid amount"],
      [bob, { amount: "0" }, 400, "Please enter a valid bid amount"],
      [bob, { amount: "-5" }, 400, "Please enter a valid bid amount"],
      // Too many decimals is said as such, not read as another amount.
      [bob, { amount: "10.505" }, 400, "Use at most two decimals"],
      [bob, { amount: "25300.555" }, 400, "Use at most two decimals"],
      [bob, {}, 400, "Please enter a valid bid amount"],
      [bob, { amount: "1020", maxAmount: "lots" }, 400, "Please enter a valid maximum bid"],
      [bob, { amount: "1020", maxAmount: "1015" }, 400, "Your maximum bid must be at least your bid"],
      [bob, { amount: "1000" }, 409, "Bid must be higher than current price of $1,000"],
      [bob, { amount: "1009.50" }, 409, "Bid must be at least $1,010"],
      [alice, { amount: "2000" }, 409, "You are currently the highest bidder!"],
      [seller, { amount: "2000" }, 403, "You cannot bid on your own auction"],
    ];
    for (const [who, fields, expectedStatus, message] of cases) {
      const { status, body } = await json(await post(auctionId, { as: who, fields }));
      expect({ fields, status, body }).toEqual({ fields, status: expectedStatus, body: expect.objectContaining({ ok: false, error: message }) });
    }
    const row = await opened.db.selectFrom("auctions").select(["bid_count", "current_price_cents"]).where("id", "=", auctionId).executeTakeFirstOrThrow();
    expect(row).toEqual({ bid_count: 1, current_price_cents: 100_000 });
  });

  it("reads the form once: an amount sent twice is refused beside its field, not bid with the first value", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, seller);
    const fields: Array<[string, string]> = [
      ["amount", "1000"],
      ["amount", "5000"],
    ];
    const { status, body } = await json(await post(auctionId, { as: bob, fields }));
    expect({ status, body }).toEqual({ status: 400, body: { ok: false, error: FORM_MESSAGES.oneValue, field: "amount" } });
    const row = await opened.db.selectFrom("auctions").select("bid_count").where("id", "=", auctionId).executeTakeFirstOrThrow();
    expect(row.bid_count).toBe(0);
  });

  it("refuses bids on auctions that are not running, and on auctions that do not exist", async () => {
    const now = Date.now();
    const { auctionId: upcoming } = await insertAuctionRow(opened.db, seller, {
      status: "upcoming",
      start_date: new Date(now + 3_600_000).toISOString(),
    });
    const { auctionId: cancelled } = await insertAuctionRow(opened.db, seller, { status: "cancelled" });
    for (const id of [upcoming, cancelled]) {
      expect(await json(await post(id, { as: bob, fields: { amount: "5000" } }))).toEqual({
        status: 409,
        body: { ok: false, error: "This auction is not active" },
      });
    }
    expect(await json(await post(987_654, { as: bob, fields: { amount: "5000" } }))).toEqual({
      status: 404,
      body: { ok: false, error: "Auction not found" },
    });
    expect(await json(await post("abc", { as: bob, fields: { amount: "5000" } }))).toEqual({
      status: 404,
      body: { ok: false, error: "Auction not found" },
    });
  });

  it("says so when a proxy maximum outbids the new bid at once, and when the leader raises their maximum", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, seller);
    await json(await post(auctionId, { as: alice, fields: { amount: "1000", maxAmount: "1500" } }));
    const answered = await json(await post(auctionId, { as: bob, fields: { amount: "1100" } }));
    expect(answered.body).toMatchObject({
      ok: true,
      result: "outbid",
      message: "Your bid of $1,100 has been placed! Another bidder's maximum is higher, so you have already been outbid. You can bid again.",
      snapshot: { currentPriceCents: 111_000, viewerLeads: false },
    });
    const raised = await json(await post(auctionId, { as: alice, fields: { intent: "raise-maximum", amount: "1120", maxAmount: "2500" } }));
    expect(raised.body).toMatchObject({ ok: true, result: "maximum_raised", message: "Your maximum bid is now $2,500." });
    const lower = await json(await post(auctionId, { as: alice, fields: { intent: "raise-maximum", amount: "1120", maxAmount: "2000" } }));
    expect(lower).toEqual({ status: 409, body: { ok: false, error: "You are currently the highest bidder!" } });
  });

  it("tells a script without a session to sign in, with a 401", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, seller);
    expect(await json(await post(auctionId, { fields: { amount: "1000" } }))).toEqual({
      status: 401,
      body: { ok: false, error: "User not authenticated" },
    });
  });

  it("answers an unexpected failure with the spec's retry message, never the details", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, seller);
    const real = database.current;
    const broken = new Proxy(opened.db, {
      get(target, property, receiver) {
        // Sessions still resolve; the bid's write transaction fails.
        if (property === "transaction" || property === "connection") throw new Error("disk I/O error");
        const value = Reflect.get(target, property, receiver) as unknown;
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    database.current = broken;
    try {
      expect(await json(await post(auctionId, { as: alice, fields: { amount: "1000" } }))).toEqual({
        status: 500,
        body: { ok: false, error: "Failed to place bid. Please try again." },
      });
    } finally {
      database.current = real;
    }
  });
});

describe("POST /auctions/{id}/bid from the bid panel (fetcher)", () => {
  it("returns the outcome as data for the panel, with the field a message belongs to", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, seller);
    const placed = await fetcherData(await post(auctionId, { as: alice, mode: "fetcher", fields: { amount: "1000" } }));
    expect(placed).toMatchObject({ status: 200, body: { ok: true, message: "Your bid of $1,000 has been placed!" } });
    const refused = await fetcherData(await post(auctionId, { as: bob, mode: "fetcher", fields: { amount: "12,a" } }));
    expect(refused).toEqual({ status: 400, body: { ok: false, error: "Please enter a valid bid amount", field: "amount" } });
    const belowBid = await fetcherData(await post(auctionId, { as: bob, mode: "fetcher", fields: { amount: "1100", maxAmount: "1050" } }));
    expect(belowBid.body).toEqual({ ok: false, error: "Your maximum bid must be at least your bid", field: "maxAmount" });
  });

  it("sends a visitor to sign in and back to the page the form was on", async () => {
    const { auctionId, listingId } = await insertAuctionRow(opened.db, seller);
    const answer = redirectOf(await post(auctionId, { mode: "fetcher", fields: { amount: "1000", returnTo: `/listings/${listingId}` } }));
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/login?${new URLSearchParams({ from: `/listings/${listingId}` })}`);
  });
});

describe("POST /auctions/{id}/bid without JavaScript", () => {
  it("redirects back to the lot page with 303 and shows the outcome there once", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, seller);
    const answer = redirectOf(await post(auctionId, { as: alice, mode: "document", fields: { amount: "1000", returnTo: `/auctions/${auctionId}` } }));
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`/auctions/${auctionId}`);
    const flashCookie = answer.setCookie.split(";")[0]!;
    expect(flashCookie).toMatch(/^__bid_outcome=/);

    const page = await lotPage(auctionId, alice, flashCookie);
    expect(page.data.flash).toEqual({ auctionId, ok: true, message: "Your bid of $1,000 has been placed!" });
    expect(page.data.snapshot.bidCount).toBe(1);
    // Read once: the page clears the cookie.
    expect(page.init?.headers?.get("Set-Cookie")).toMatch(/^__bid_outcome=;.*Max-Age=0/i);
    expect((await lotPage(auctionId, alice)).data.flash).toBeNull();
  });

  it("brings a refusal back with what the bidder typed", async () => {
    const { auctionId, listingId } = await insertAuctionRow(opened.db, seller);
    const answer = redirectOf(
      await post(auctionId, { as: bob, mode: "document", fields: { amount: "12.5", maxAmount: "90", returnTo: `/listings/${listingId}` } }),
    );
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`/listings/${listingId}`);
    const page = await lotPage(auctionId, bob, answer.setCookie.split(";")[0]!);
    expect(page.data.flash).toEqual({
      auctionId,
      ok: false,
      message: "Bid must be at least $1,000",
      amount: "12.5",
      maxAmount: "90",
    });
  });

  it("ignores a flash cookie that was not signed by the server", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, seller);
    const forged = `__bid_outcome=${Buffer.from(JSON.stringify({ auctionId, ok: true, message: "Free item!" })).toString("base64")}`;
    expect((await lotPage(auctionId, alice, forged)).data.flash).toBeNull();
  });

  it("goes back only to a lot or listing page of this site", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, seller, { status: "ended" });
    const lot = `/auctions/${auctionId}`;
    const cases: Array<[string, string]> = [
      [`/listings/12?image=2`, `/listings/12?image=2`],
      [`/auctions/${auctionId}`, lot],
      ["https://evil.example/auctions/1", lot],
      ["//evil.example/auctions/1", lot],
      ["/\\evil.example/auctions/1", lot],
      ["/\t/evil.example/auctions/1", lot],
      ["/%2F%2Fevil.example", lot],
      ["/logout", lot],
      ["javascript:alert(1)", lot],
      ["", lot],
    ];
    for (const [returnTo, expected] of cases) {
      const answer = redirectOf(await post(auctionId, { as: bob, mode: "document", fields: { amount: "5000", returnTo } }));
      expect({ returnTo, location: answer.location }).toEqual({ returnTo, location: expected });
    }
  });

  it("sends a visitor to sign in, then back to where they were", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, seller);
    const answer = redirectOf(await post(auctionId, { mode: "document", fields: { amount: "1000", returnTo: `/auctions/${auctionId}` } }));
    expect(answer.location).toBe(`/login?${new URLSearchParams({ from: `/auctions/${auctionId}` })}`);
  });

  it("sends a GET of the bid address to the lot page", async () => {
    const request = new Request("http://localhost/auctions/5/bid");
    const answer = await bidRoute.loader({ request, params: { id: "5" }, context: CONTEXT }).catch((thrown: unknown) => thrown);
    expect(redirectOf(answer).location).toBe("/auctions/5");
  });
});
