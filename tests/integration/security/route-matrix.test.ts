// The route × role matrix: every route module's loader and action, requested by every kind of visitor —
// anonymous, buyer, seller, admin, each finer role, and accounts that have not confirmed their e-mail address — with
// the outcome route-table.ts expects. Fails when a route file has no row (or a row no file), when a visitor gets past
// a guard they should not (or is stopped where they should pass), and when anything answers 5xx.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import type { Role } from "~/lib/roles.ts";
import { createSavedSearch } from "~/services/alerts/saved-search.server.ts";
import { createForumTopic } from "~/services/community/forum-posting.server.ts";
import { saveArticle } from "~/services/content/knowledge-base.server.ts";
import { openConversation } from "~/services/messaging/messages.server.ts";
import { createOrder } from "~/services/orders/order-creation.server.ts";
import { makeOffer, respondToOffer } from "~/services/orders/offers.server.ts";
import { insertAuctionRow } from "../../support/auctions.ts";
import { insertSaleEvent } from "../../support/sale-events.ts";
import { createSaleEvent } from "~/services/sale-events/index.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { ROUTE_CONTEXT, sessionCookie, sessionCookies } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";
import { BID_API_CASE, ROUTE_TABLE, VISITORS, type MatrixCase, type Outcome, type RouteRow, type Visitor } from "./route-table.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

// Stored files (avatars, listing pictures) live in a folder of this file's own.
const UPLOADS_DIR = path.resolve(process.env.TEST_TMP_DIR ?? "tests/.tmp", `uploads-matrix-${crypto.randomUUID()}`);
process.env.UPLOADS_DIR = UPLOADS_DIR;

const ROUTES_DIR = path.resolve("app/routes");

/** The route modules as app/routes holds them now: files, and folders (flat routes' `folder/route.tsx`). */
function routeFiles(): string[] {
  return fs
    .readdirSync(ROUTES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() || /\.(tsx?|jsx?)$/.test(entry.name))
    .map((entry) => entry.name)
    .sort();
}

type Handler = (args: { request: Request; params: Record<string, string>; context: typeof ROUTE_CONTEXT }) => unknown;
interface RouteModule {
  loader?: Handler;
  action?: Handler;
}

async function importRoute(file: string): Promise<RouteModule> {
  const full = path.join(ROUTES_DIR, file);
  const entry = fs.statSync(full).isDirectory() ? fs.readdirSync(full).find((name) => /^route\.(tsx?|jsx?)$/.test(name)) : undefined;
  return (await import(entry ? path.join(full, entry) : full)) as RouteModule;
}

let opened: OpenedDatabase;
const people = {} as Record<Exclude<Visitor, "anonymous">, string>;
/** Fixture ids by placeholder name ({listing}, {auction}, …). */
const fixtures: Record<string, string> = {};
const cookieFor = sessionCookies(() => opened.db);

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  const db = opened.db;
  const accounts: Record<keyof typeof people, { role: Role; confirmed: boolean }> = {
    buyer: { role: "buyer", confirmed: true },
    unconfirmed_buyer: { role: "buyer", confirmed: false },
    seller: { role: "seller", confirmed: true },
    unconfirmed_seller: { role: "seller", confirmed: false },
    admin: { role: "admin", confirmed: true },
    super_admin: { role: "super_admin", confirmed: true },
    moderator: { role: "moderator", confirmed: true },
    dispute_resolution_referee: { role: "dispute_resolution_referee", confirmed: true },
    billing: { role: "billing", confirmed: true },
    support: { role: "support", confirmed: true },
  };
  for (const [name, { role, confirmed }] of Object.entries(accounts)) {
    people[name as keyof typeof people] = await insertUserRow(db, `${name}@example.test`, role, { confirmed });
  }
  const { seller, buyer } = people;

  // It takes offers, so its Make Offer page has something to show.
  const listing = await insertListingRow(db, seller, { title: "Keysight DSOX3034T oscilloscope", accepts_offers: 1 });
  // An offer the seller accepted: its order awaits the buyer's checkout.
  const offered = await insertListingRow(db, seller, { title: "Rohde & Schwarz FSV signal analyzer", accepts_offers: 1 });
  const { offerId: acceptedOffer } = await makeOffer(db, { listingId: offered, buyerId: buyer, amountCents: 80_000 });
  const { orderId: offerOrder } = await respondToOffer(db, { offerId: acceptedOffer, userId: seller, action: "accept" });
  const draft = await insertListingRow(db, seller, { title: "Fluke 87V multimeter (draft)", status: "draft" });
  const { auctionId: auction } = await insertAuctionRow(db, seller);
  const { eventId: saleEvent } = await insertSaleEvent(db, seller, new Date());
  const { eventId: draftSaleEvent } = await insertSaleEvent(db, seller, new Date(), { lots: 1, publish: false });
  // An auction the buyer won: its order awaits the shipping address and the payment.
  const { auctionId: wonAuction, listingId: wonListing } = await insertAuctionRow(db, seller, { status: "ended", winner_id: buyer });
  const order = await createOrder(
    db,
    {
      listingId: wonListing,
      auctionId: wonAuction,
      buyerId: buyer,
      sellerId: seller,
      saleType: "auction",
      amountCents: 120_000,
      currency: "USD",
      createdBy: null,
    },
    new Date(),
  );
  const { conversationId } = await openConversation(db, buyer, listing);
  const notification = await db
    .insertInto("notifications")
    .values({ user_id: buyer, title: "You were outbid", message: "Someone bid more.", type: "bid" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const supportRequest = await db
    .insertInto("support_requests")
    .values({ name: "Ada Lovelace", email: "ada@example.test", subject: "Invoice", message: "Where is my invoice?" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const topic = await createForumTopic(
    db,
    { userId: buyer, canModerate: false },
    { categoryId: "test-measurement", title: "Probe compensation on a DSOX3034T", body: "Square wave overshoots." },
  );
  // A published knowledge-base article and a draft one (drafts are for staff holding can_edit_content).
  const article = await saveArticle(
    db,
    null,
    {
      slug: "reading-calibration-certificates",
      title: "Reading calibration certificates",
      category: "testing-calibration",
      content: "As found, as left.",
      tags: ["calibration"],
      status: "published",
    },
    people.admin,
  );
  const draftArticle = await saveArticle(
    db,
    null,
    {
      slug: "refurbishing-power-supplies",
      title: "Refurbishing power supplies",
      category: "testing-calibration",
      content: "Notes.",
      tags: [],
      status: "draft",
    },
    people.admin,
  );
  const savedSearch = await createSavedSearch(db, {
    userId: buyer,
    name: "Oscilloscopes",
    params: {
      keyword: "oscilloscope",
      category: null,
      categoryName: null,
      minPrice: null,
      maxPrice: null,
      condition: [],
      testLevel: null,
      calibrated: false,
      brand: null,
    },
  });

  const houseEvent = await createSaleEvent(db, seller, {
    title: "Lab clearance",
    startsAt: new Date(Date.now() + 86_400_000),
    firstCloseAt: new Date(Date.now() + 2 * 86_400_000),
  });
  const avatar = `${crypto.randomUUID()}.webp`;
  const image = `${crypto.randomUUID()}.webp`;
  fs.mkdirSync(path.join(UPLOADS_DIR, "avatars"), { recursive: true });
  fs.mkdirSync(path.join(UPLOADS_DIR, "listings", String(listing)), { recursive: true });
  fs.writeFileSync(path.join(UPLOADS_DIR, "avatars", avatar), "RIFF-not-really-webp");
  fs.writeFileSync(path.join(UPLOADS_DIR, "listings", String(listing), image), "RIFF-not-really-webp");
  const { siteStylesheet } = await import("~/web/site-stylesheet.server.ts");

  Object.assign(fixtures, {
    listing: String(listing),
    draft: String(draft),
    auction: String(auction),
    saleEvent: String(saleEvent),
    draftSaleEvent: String(draftSaleEvent),
    wonAuction: String(wonAuction),
    acceptedOffer: String(acceptedOffer),
    offerOrder: String(offerOrder),
    order: String(order.id),
    conversation: String(conversationId),
    notification: String(notification.id),
    savedSearch: String(savedSearch.id),
    article: article.slug,
    draftArticle: draftArticle.slug,
    topic: String(topic),
    member: seller,
    supportRequest: String(supportRequest.id),
    houseEvent: String(houseEvent),
    avatar,
    image,
    stylesheet: siteStylesheet().fileName,
  });
});

afterAll(async () => {
  await opened.close();
  fs.rmSync(UPLOADS_DIR, { recursive: true, force: true });
  console.info(`route × role matrix: ${requestsSent} requests, ${VISITORS.length} visitors`);
});

/** `text` with each {name} replaced by the fixture's id. */
function fill(text: string): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = fixtures[name];
    if (value === undefined) throw new Error(`No fixture for ${whole}`);
    return value;
  });
}

/** JSON with each "{name}" string replaced by the fixture's id as a number. */
function fillJson(value: unknown): string {
  return fill(JSON.stringify(value).replace(/"\{(\w+)\}"/g, "{$1}"));
}

let requestsSent = 0;

/** The request `visitor`'s browser would send: their session cookie, a same-site form or JSON for a POST. */
async function requestOf(visitor: Visitor, url: string, method: "GET" | "POST", matrixCase: MatrixCase, freshSession: boolean): Promise<Request> {
  const headers = new Headers({ Origin: "http://localhost" });
  if (visitor !== "anonymous") {
    // Signing out ends the session it is sent with: that request gets one of its own.
    headers.set("Cookie", freshSession ? await sessionCookie(opened.db, people[visitor]) : await cookieFor(people[visitor]));
  }
  if (method === "GET") return new Request(`http://localhost${url}`, { headers });
  if (matrixCase.json !== undefined) {
    headers.set("Content-Type", "application/json");
    return new Request(`http://localhost${url}`, { method, headers, body: fillJson(matrixCase.json) });
  }
  headers.set("Content-Type", "application/x-www-form-urlencoded");
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(matrixCase.form ?? {})) for (const one of [value].flat()) body.append(name, fill(one));
  return new Request(`http://localhost${url}`, { method, headers, body });
}

interface Answer {
  status: number;
  location: string | null;
  /** What went wrong, for a 5xx. */
  problem?: string;
}

/** What the Remix server would send for what a loader or action returned or threw. */
async function answerOf(work: () => unknown): Promise<Answer> {
  let value: unknown;
  try {
    value = await work();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    // Streams (the event stream) are closed at once: the matrix reads only the status.
    await value.body?.cancel().catch(() => {});
    return { status: value.status, location: value.headers.get("Location") };
  }
  if (value && typeof value === "object" && "type" in value && value.type === "DataWithResponseInit") {
    const { init } = value as unknown as { init: ResponseInit | null };
    return { status: init?.status ?? 200, location: null };
  }
  if (value instanceof Error) return { status: 500, location: null, problem: value.stack ?? value.message };
  return { status: 200, location: null };
}

function locationMatches(expected: string, location: string | null): boolean {
  if (location === null) return false;
  const target = fill(expected);
  return target.endsWith("*") ? location.startsWith(target.slice(0, -1)) : location === target;
}

/** Whether what was answered is the outcome the table expects. */
function matches(expected: Outcome, answer: Answer): boolean {
  const redirected = answer.status >= 300 && answer.status < 400;
  if (expected === "ok") return answer.status >= 200 && answer.status < 300;
  if (expected === "login") return redirected && /^\/login\?from=%2F/.test(answer.location ?? "");
  if (expected.startsWith("to:") || expected.startsWith("away:"))
    return redirected && locationMatches(expected.slice(expected.indexOf(":") + 1), answer.location);
  return answer.status === Number(expected.slice(expected.indexOf(":") + 1));
}

function describeAnswer(answer: Answer): string {
  return answer.location ? `${answer.status} → ${answer.location}` : String(answer.status);
}

const serverErrors: string[] = [];

/**
 * Every visitor's request of one case, one after another. Returns each visitor's outcome: the expected one where it
 * matched, else what was answered (so a failing case prints as a diff of the row).
 */
async function runCase(name: string, matrixCase: MatrixCase, send: (visitor: Visitor) => Promise<Answer>): Promise<Record<Visitor, string>> {
  const seen = {} as Record<Visitor, string>;
  for (const visitor of VISITORS) {
    const answer = await send(visitor);
    requestsSent += 1;
    if (answer.status >= 500) serverErrors.push(`${name} as ${visitor}: ${answer.status} ${answer.problem ?? ""}`);
    const expected = matrixCase.expect[visitor];
    seen[visitor] = matches(expected, answer) ? expected : `got ${describeAnswer(answer)}`;
  }
  return seen;
}

function casesOf(handler: RouteRow["loader"]): MatrixCase[] {
  return handler === "none" ? [] : [handler].flat();
}

describe("the table", () => {
  it("has one row for every route module in app/routes, and no row for a file that is gone", () => {
    const files = routeFiles();
    const rows = ROUTE_TABLE.map((row) => row.file);
    // Route modules without a row in tests/integration/security/route-table.ts, rows whose file is gone, rows twice.
    expect({
      withoutRow: files.filter((file) => !rows.includes(file)),
      withoutFile: rows.filter((file) => !files.includes(file)),
      twice: rows.filter((file, index) => rows.indexOf(file) !== index),
    }).toEqual({ withoutRow: [], withoutFile: [], twice: [] });
  });

  it("says 'none' exactly where a module exports no loader or no action", async () => {
    const wrong: string[] = [];
    for (const row of ROUTE_TABLE) {
      if (!fs.existsSync(path.join(ROUTES_DIR, row.file))) continue;
      const module = await importRoute(row.file);
      for (const kind of ["loader", "action"] as const) {
        const exported = typeof module[kind] === "function";
        if (exported !== (row[kind] !== "none")) wrong.push(`${row.file}: ${kind} is ${exported ? "exported" : "not exported"}`);
      }
    }
    expect(wrong).toEqual([]);
    // Every route module is transformed and imported here, one after another, before the cells below reuse them.
  }, 180_000);
});

for (const row of ROUTE_TABLE) {
  describe(row.file, () => {
    for (const kind of ["loader", "action"] as const) {
      for (const matrixCase of casesOf(row[kind])) {
        const method = kind === "loader" ? "GET" : "POST";
        const url = matrixCase.url ?? row.path;
        it(`${method} ${url}${matrixCase.label ? ` (${matrixCase.label})` : ""}`, async () => {
          const module = await importRoute(row.file);
          const handler = module[kind]!;
          const params = Object.fromEntries(Object.entries(matrixCase.params ?? row.params ?? {}).map(([name, value]) => [name, fill(value)]));
          const seen = await runCase(`${method} ${url}`, matrixCase, async (visitor) => {
            const request = await requestOf(visitor, fill(url), method, matrixCase, row.file === "logout.tsx");
            return answerOf(() => handler({ request, params, context: ROUTE_CONTEXT }));
          });
          expect(seen).toEqual(matrixCase.expect);
        });
      }
    }
  });
}

describe("server.mjs endpoints", () => {
  it(BID_API_CASE.label!, async () => {
    const { answerBidApi } = await import("~/web/bid-form.server.ts");
    const seen = await runCase(BID_API_CASE.label!, BID_API_CASE, async (visitor) => {
      const body = new URLSearchParams(BID_API_CASE.form as Record<string, string>).toString();
      const cookie = visitor === "anonymous" ? null : await cookieFor(people[visitor]);
      const answer = await answerBidApi({ auctionId: fixtures.auction!, cookie, contentType: "application/x-www-form-urlencoded", body });
      return { status: answer.status, location: null };
    });
    expect(seen).toEqual(BID_API_CASE.expect);
  });
});

describe("no request", () => {
  it("was answered with a server error", () => {
    expect(serverErrors).toEqual([]);
  });
});
