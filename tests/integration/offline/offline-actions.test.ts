// POST /resources/offline-actions: a device's outbox applied once per (member, client id) with the rules
// of the online forms. Every outcome (applied, duplicate, gone, refused with the form's words), ids scoped to their
// member, order kept within a request, visitors refused, and bad input answered 400 with a message, never a 500.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import type { OutboxAction, OutboxReplayResult } from "~/lib/offline/contracts.ts";
import type { SavedSearchParams } from "~/lib/listing-filters.ts";
import { OFFLINE_ACTIONS_MAX, OFFLINE_ACTIONS_MESSAGES } from "~/schemas/offline-actions.ts";
import { SAVE_SEARCH_MESSAGES } from "~/schemas/saved-search.ts";
import { WATCHLIST_MESSAGES } from "~/schemas/watchlist.ts";
import { OFFLINE_ACTION_MESSAGES } from "~/services/offline/offline-actions.server.ts";
import { SAVED_SEARCH_ERRORS } from "~/services/alerts/saved-search.server.ts";
import { unwatchListing, watchListing } from "~/services/watchlist/watchlist.server.ts";
import { insertListingRow, OSCILLOSCOPES } from "../../support/listings.ts";
import { ROUTE_CONTEXT, sessionCookies } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const route = await import("~/routes/resources.offline-actions.ts");

let opened: OpenedDatabase;
let seller: string;
const cookieFor = sessionCookies(() => opened.db);

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  seller = await insertUserRow(opened.db, undefined, "seller");
});
afterAll(() => opened.close());

let counter = 0;
const newId = () => `6f1c2d3e-0000-4000-8000-${String(++counter).padStart(12, "0")}`;

interface Answer {
  status: number;
  body: { results?: OutboxReplayResult[]; message?: string };
  cacheControl: string | null;
}

/** A POST as the device sends it: JSON with the member's session cookie (none for a visitor). */
async function send(as: string | null, body: unknown, init: { contentType?: string; raw?: string; method?: string } = {}): Promise<Answer> {
  const headers = new Headers({ "Content-Type": init.contentType ?? "application/json" });
  if (as) headers.set("Cookie", await cookieFor(as));
  const request = new Request("http://localhost/resources/offline-actions", {
    method: init.method ?? "POST",
    headers,
    body: init.raw ?? JSON.stringify(body),
  });
  const response = (await route.action({ request, params: {}, context: ROUTE_CONTEXT } as never)) as Response;
  return { status: response.status, body: (await response.json()) as Answer["body"], cacheControl: response.headers.get("Cache-Control") };
}

async function replay(as: string, actions: OutboxAction[]): Promise<OutboxReplayResult[]> {
  const answer = await send(as, { actions });
  expect(answer.status).toBe(200);
  expect(answer.cacheControl).toBe("no-store");
  return answer.body.results ?? [];
}

const watched = async (userId: string) =>
  (await opened.db.selectFrom("watchlist").select(["listing_id", "notes"]).where("user_id", "=", userId).execute()).map((row) => row.listing_id);
const notesOf = async (userId: string, listingId: number) =>
  (await opened.db.selectFrom("watchlist").select("notes").where("user_id", "=", userId).where("listing_id", "=", listingId).executeTakeFirst())?.notes;
const recorded = (userId: string) =>
  opened.db.selectFrom("offline_actions").select(["action_id", "kind", "outcome"]).where("user_id", "=", userId).orderBy("applied_at").execute();

const PARAMS: SavedSearchParams = {
  keyword: "oscilloscope",
  category: null,
  categoryName: null,
  minPrice: null,
  maxPrice: 5000,
  condition: [],
  testLevel: null,
  calibrated: false,
  brand: null,
};

describe("who may send changes", () => {
  it("refuses visitors with 401 and applies nothing", async () => {
    const listingId = await insertListingRow(opened.db, seller);
    const answer = await send(null, { actions: [{ id: newId(), kind: "watch", listingId }] });
    expect(answer).toMatchObject({ status: 401, body: { message: OFFLINE_ACTIONS_MESSAGES.signInRequired } });
    expect(await opened.db.selectFrom("watchlist").select("id").where("listing_id", "=", listingId).execute()).toEqual([]);
  });

  it("answers a GET with 405", async () => {
    const response = await route.loader();
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });
});

describe("applying actions", () => {
  it("watches, adds notes, unwatches and saves a search, in the order queued, one answer each", async () => {
    const buyer = await insertUserRow(opened.db);
    const scope = await insertListingRow(opened.db, seller, { title: "Keysight DSOX1204G" });
    const meter = await insertListingRow(opened.db, seller, { title: "Fluke 87V" });
    await watchListing(opened.db, buyer, meter);
    const actions: OutboxAction[] = [
      { id: newId(), kind: "watch", listingId: scope, notes: "Check the fan" },
      { id: newId(), kind: "notes", listingId: scope, notes: "Offer $1,100\r\nthen walk away" },
      { id: newId(), kind: "unwatch", listingId: meter },
      { id: newId(), kind: "saved_search", name: "  Scopes under $5,000  ", params: PARAMS, notifyOnNew: false },
    ];
    const results = await replay(buyer, actions);
    expect(results).toEqual(actions.map((action) => ({ id: action.id, outcome: "applied" })));
    expect(await watched(buyer)).toEqual([scope]);
    // Line endings as the notes form counts them.
    expect(await notesOf(buyer, scope)).toBe("Offer $1,100\nthen walk away");
    const searches = await opened.db.selectFrom("saved_searches").selectAll().where("user_id", "=", buyer).execute();
    expect(searches).toHaveLength(1);
    expect(searches[0]).toMatchObject({ name: "Scopes under $5,000", notify_on_new: 0 });
    expect(JSON.parse(searches[0]!.search_params)).toEqual(PARAMS);
    expect(await recorded(buyer)).toEqual(expect.arrayContaining(actions.map((action) => ({ action_id: action.id, kind: action.kind, outcome: "applied" }))));
  });

  it("reads a saved search's filters as the Save Search form does (category by slug, nonsense dropped)", async () => {
    const buyer = await insertUserRow(opened.db);
    const category = await opened.db.selectFrom("categories").select(["id", "name", "slug"]).where("id", "=", OSCILLOSCOPES).executeTakeFirstOrThrow();
    const params = {
      ...PARAMS,
      category: category.slug,
      condition: ["used_good", "shiny"],
      testLevel: "bogus",
      minPrice: 9000,
    } as unknown as SavedSearchParams;
    const [result] = await replay(buyer, [{ id: newId(), kind: "saved_search", name: "Scopes", params, notifyOnNew: true }]);
    expect(result?.outcome).toBe("applied");
    const row = await opened.db.selectFrom("saved_searches").select("search_params").where("user_id", "=", buyer).executeTakeFirstOrThrow();
    // A minimum above the maximum is dropped with both, as on /listings.
    expect(JSON.parse(row.search_params)).toEqual({
      ...PARAMS,
      category: category.id,
      categoryName: category.name,
      condition: ["used_good"],
      testLevel: null,
      minPrice: null,
      maxPrice: null,
    });
  });
});

describe("each action once", () => {
  it("answers an id seen before as a duplicate and changes nothing", async () => {
    const buyer = await insertUserRow(opened.db);
    const listingId = await insertListingRow(opened.db, seller);
    const watch: OutboxAction = { id: newId(), kind: "watch", listingId };
    expect(await replay(buyer, [watch])).toEqual([{ id: watch.id, outcome: "applied" }]);
    // Unwatched online since; the device, not having heard the answer, sends the watch again.
    await unwatchListing(opened.db, buyer, listingId);
    expect(await replay(buyer, [watch])).toEqual([{ id: watch.id, outcome: "duplicate" }]);
    expect(await watched(buyer)).toEqual([]);
    // Twice in one request: once.
    const notes: OutboxAction = { id: newId(), kind: "watch", listingId, notes: "first" };
    expect(await replay(buyer, [notes, { ...notes, notes: "second" }])).toEqual([
      { id: notes.id, outcome: "applied" },
      { id: notes.id, outcome: "duplicate" },
    ]);
    expect(await notesOf(buyer, listingId)).toBe("first");
    expect((await recorded(buyer)).filter((row) => row.action_id === notes.id)).toHaveLength(1);
  });

  it("keeps each member's ids apart: another member's action with the same id is applied", async () => {
    const [first, second] = [await insertUserRow(opened.db), await insertUserRow(opened.db)];
    const listingId = await insertListingRow(opened.db, seller);
    const id = newId();
    expect(await replay(first, [{ id, kind: "watch", listingId }])).toEqual([{ id, outcome: "applied" }]);
    expect(await replay(second, [{ id, kind: "watch", listingId }])).toEqual([{ id, outcome: "applied" }]);
    expect(await watched(first)).toEqual([listingId]);
    expect(await watched(second)).toEqual([listingId]);
  });
});

describe("actions that cannot be applied", () => {
  it("answers gone for listings that no longer exist or cannot be watched", async () => {
    const buyer = await insertUserRow(opened.db);
    const draft = await insertListingRow(opened.db, seller, { status: "draft" });
    const deleted = await insertListingRow(opened.db, seller);
    await watchListing(opened.db, buyer, deleted);
    await opened.db.deleteFrom("equipment_listings").where("id", "=", deleted).execute();
    const actions: OutboxAction[] = [
      { id: newId(), kind: "watch", listingId: 987_654_321 },
      { id: newId(), kind: "watch", listingId: draft },
      { id: newId(), kind: "notes", listingId: deleted, notes: "Still for sale?" },
    ];
    expect(await replay(buyer, actions)).toEqual(actions.map((action) => ({ id: action.id, outcome: "gone", message: OFFLINE_ACTION_MESSAGES.gone })));
    expect(await watched(buyer)).toEqual([]);
    expect((await recorded(buyer)).map((row) => row.outcome)).toEqual(["gone", "gone", "gone"]);
    // Unwatching what is gone leaves it unwatched: applied.
    const unwatch: OutboxAction = { id: newId(), kind: "unwatch", listingId: 987_654_321 };
    expect(await replay(buyer, [unwatch])).toEqual([{ id: unwatch.id, outcome: "applied" }]);
  });

  it("refuses what the online forms refuse, in their words", async () => {
    const buyer = await insertUserRow(opened.db);
    const listingId = await insertListingRow(opened.db, seller);
    const unwatched = await insertListingRow(opened.db, seller);
    await watchListing(opened.db, buyer, listingId, "kept");
    const actions: OutboxAction[] = [
      { id: newId(), kind: "notes", listingId, notes: "x".repeat(1001) },
      { id: newId(), kind: "watch", listingId, notes: "y".repeat(1001) },
      { id: newId(), kind: "notes", listingId: unwatched, notes: "Never watched" },
      { id: newId(), kind: "saved_search", name: "   ", params: PARAMS, notifyOnNew: true },
      { id: newId(), kind: "saved_search", name: "n".repeat(101), params: PARAMS, notifyOnNew: true },
      { id: newId(), kind: "saved_search", name: "Everything", params: { ...PARAMS, keyword: null, maxPrice: null }, notifyOnNew: true },
    ];
    expect(await replay(buyer, actions)).toEqual([
      { id: actions[0]!.id, outcome: "refused", message: WATCHLIST_MESSAGES.notesTooLong },
      { id: actions[1]!.id, outcome: "refused", message: WATCHLIST_MESSAGES.notesTooLong },
      { id: actions[2]!.id, outcome: "refused", message: WATCHLIST_MESSAGES.notWatched },
      { id: actions[3]!.id, outcome: "refused", message: SAVE_SEARCH_MESSAGES.nameRequired },
      { id: actions[4]!.id, outcome: "refused", message: SAVE_SEARCH_MESSAGES.nameTooLong },
      { id: actions[5]!.id, outcome: "refused", message: SAVED_SEARCH_ERRORS.paramsRequired },
    ]);
    expect(await notesOf(buyer, listingId)).toBe("kept");
    expect(await opened.db.selectFrom("saved_searches").select("id").where("user_id", "=", buyer).execute()).toEqual([]);
    // Exactly 1,000 characters is fine.
    const fits: OutboxAction = { id: newId(), kind: "notes", listingId, notes: "z".repeat(1000) };
    expect(await replay(buyer, [fits])).toEqual([{ id: fits.id, outcome: "applied" }]);
    // A refused id stays answered: sending it again is a duplicate.
    expect(await replay(buyer, [actions[0]!])).toEqual([{ id: actions[0]!.id, outcome: "duplicate" }]);
  });
});

describe("bad input", () => {
  it("stops reading a body as soon as it passes its bound (413), even one that never ends", async () => {
    const buyer = await insertUserRow(opened.db);
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new TextEncoder().encode(`${"x".repeat(16 * 1024)}`));
      },
    });
    const headers = new Headers({ "Content-Type": "application/json", Cookie: await cookieFor(buyer) });
    const request = new Request("http://localhost/resources/offline-actions", { method: "POST", headers, body: endless, duplex: "half" } as RequestInit);
    const response = (await route.action({ request, params: {}, context: ROUTE_CONTEXT } as never)) as Response;
    expect(response.status).toBe(413);
    expect(((await response.json()) as Answer["body"]).message).toBe(OFFLINE_ACTIONS_MESSAGES.tooLarge);
    expect(pulled).toBeLessThan(100);
  });

  it("answers 400 (413 for a body over its bound) with a message, never a 500", async () => {
    const buyer = await insertUserRow(opened.db);
    const listingId = await insertListingRow(opened.db, seller);
    const cases: Array<{ body?: unknown; init?: Parameters<typeof send>[2]; message: string | RegExp; status?: number }> = [
      { init: { contentType: "application/x-www-form-urlencoded", raw: `actions=1` }, message: OFFLINE_ACTIONS_MESSAGES.notJson },
      { init: { raw: "{ not json" }, message: OFFLINE_ACTIONS_MESSAGES.notJson },
      { init: { raw: "x".repeat(300 * 1024) }, message: OFFLINE_ACTIONS_MESSAGES.tooLarge, status: 413 },
      { body: null, message: /could not be read/ },
      { body: { actions: "all of them" }, message: /could not be read \(actions\)/ },
      { body: { actions: [{ id: newId(), kind: "bid", listingId }] }, message: /could not be read \(actions\.0\.kind\)/ },
      { body: { actions: [{ id: newId(), kind: "watch", listingId: "12" }] }, message: /could not be read \(actions\.0\.listingId\)/ },
      { body: { actions: [{ id: "<script>", kind: "watch", listingId }] }, message: /could not be read \(actions\.0\.id\)/ },
      { body: { actions: [{ id: newId(), kind: "saved_search", name: "x", params: { keyword: 5 } }] }, message: /actions\.0\.params/ },
      {
        body: { actions: Array.from({ length: OFFLINE_ACTIONS_MAX + 1 }, () => ({ id: newId(), kind: "watch", listingId })) },
        message: OFFLINE_ACTIONS_MESSAGES.tooMany,
      },
    ];
    for (const { body, init, message, status } of cases) {
      const answer = await send(buyer, body, init);
      expect(answer.status, String(JSON.stringify(body ?? init ?? null)).slice(0, 80)).toBe(status ?? 400);
      if (typeof message === "string") expect(answer.body.message).toBe(message);
      else expect(answer.body.message).toMatch(message);
    }
    expect(await watched(buyer)).toEqual([]);
    expect(await recorded(buyer)).toEqual([]);
    // Exactly 50 is fine.
    const fifty = Array.from({ length: OFFLINE_ACTIONS_MAX }, () => ({ id: newId(), kind: "watch" as const, listingId }));
    expect((await replay(buyer, fifty)).map((result) => result.outcome)).toEqual(["applied", ...Array(OFFLINE_ACTIONS_MAX - 1).fill("applied")]);
  });
});
