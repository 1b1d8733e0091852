// The Saved Searches tab: the service (list newest first; rename, alerts on/off and params scoped to the owner by id
// and user id; every message of docs/product/alerts.md#messages; stale alert keys on changes; Execute = the /listings engine, active only,
// newest first, at most 50, stamping last_executed) and the /watchlist actions and page around it.
import { DomainError } from "~/services/domain-error.ts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { listingsUrl, parseListingFilters, savedSearchFilters, toSavedSearchParams, type SavedSearchParams } from "~/lib/listing-filters.ts";
import { SAVE_SEARCH_MESSAGES } from "~/schemas/saved-search.ts";
import { WATCHLIST_MESSAGES } from "~/schemas/watchlist.ts";
import { getOptionalUser } from "~/web/auth.server.ts";
import { searchListings } from "~/services/listings/listing-search.server.ts";
import {
  createSavedSearch,
  deleteSavedSearch,
  executeSavedSearch,
  listSavedSearches,
  SAVED_SEARCH_ERRORS,
  SAVED_SEARCH_EXECUTE_LIMIT,
  SAVED_SEARCH_UPDATE_ERRORS,
  updateSavedSearch,
} from "~/services/alerts/saved-search.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { routeCalls } from "../../support/route-calls.ts";
import { brokenDatabase, pageRoute, renderPage, ROUTE_CONTEXT as context, type RouteModule } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const route = await import("~/routes/watchlist.tsx");

let opened: OpenedDatabase;
let seller: string;
const { request, answer, post: postTo } = routeCalls<Record<string, unknown>>({ db: () => opened.db });

const paramsOf = (query: string, categoryName: string | null = null): SavedSearchParams =>
  toSavedSearchParams(parseListingFilters(new URLSearchParams(query)).filters, categoryName);

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  seller = await insertUserRow(opened.db, undefined, "seller");
});
afterAll(() => opened.close());

async function rejection(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return (error as Error).message;
  }
  throw new Error("expected the call to be refused");
}

const rowOf = (id: number) => opened.db.selectFrom("saved_searches").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

async function saved(userId: string, name: string, query = "search=oscilloscope") {
  return (await createSavedSearch(opened.db, { userId, name, params: paramsOf(query) })).id;
}

const post = (as: string, form: Record<string, string>) => postTo(route, "/watchlist?tab=saved-searches", as, form);

const page = async (path: string, as: string) => renderPage([pageRoute("/watchlist", route as unknown as RouteModule)], await request(path, as));

describe("listing saved searches", () => {
  it("lists only the user's own, newest first", async () => {
    const buyer = await insertUserRow(opened.db);
    const other = await insertUserRow(opened.db);
    const first = await saved(buyer, "First");
    const second = await saved(buyer, "Second");
    await saved(other, "Not mine");
    await opened.db.updateTable("saved_searches").set({ created_at: "2026-01-01T00:00:00.000Z" }).where("id", "=", first).execute();
    await opened.db.updateTable("saved_searches").set({ created_at: "2026-02-01T00:00:00.000Z" }).where("id", "=", second).execute();
    expect((await listSavedSearches(opened.db, buyer)).map((search) => search.name)).toEqual(["Second", "First"]);
    expect(await rejection(listSavedSearches(opened.db, ""))).toBe(SAVED_SEARCH_ERRORS.userRequired);
  });
});

describe("updating and deleting", () => {
  it("renames with a trimmed name; a blank name, no updates or missing ids get the spec's messages", async () => {
    const buyer = await insertUserRow(opened.db);
    const id = await saved(buyer, "Scopes");
    expect((await updateSavedSearch(opened.db, buyer, id, { name: "  Bench scopes  " })).name).toBe("Bench scopes");
    expect((await rowOf(id)).name).toBe("Bench scopes");
    expect(await rejection(updateSavedSearch(opened.db, buyer, id, { name: "   " }))).toBe(SAVED_SEARCH_ERRORS.nameRequired);
    expect(await rejection(updateSavedSearch(opened.db, buyer, id, {}))).toBe(SAVED_SEARCH_UPDATE_ERRORS.updatesRequired);
    expect(await rejection(updateSavedSearch(opened.db, buyer, id, null))).toBe(SAVED_SEARCH_UPDATE_ERRORS.updatesRequired);
    expect(await rejection(updateSavedSearch(opened.db, buyer, null, { name: "x" }))).toBe(SAVED_SEARCH_UPDATE_ERRORS.searchIdRequired);
    expect(await rejection(updateSavedSearch(opened.db, null, id, { name: "x" }))).toBe(SAVED_SEARCH_ERRORS.userRequired);
    expect(await rejection(deleteSavedSearch(opened.db, buyer, undefined))).toBe(SAVED_SEARCH_UPDATE_ERRORS.searchIdRequired);
    expect(await rejection(executeSavedSearch(opened.db, undefined, id))).toBe(SAVED_SEARCH_ERRORS.userRequired);
    expect((await rowOf(id)).name).toBe("Bench scopes");
  });

  it("finds nothing under another user's id: Saved search not found, and nothing changes", async () => {
    const owner = await insertUserRow(opened.db);
    const stranger = await insertUserRow(opened.db);
    const id = await saved(owner, "Owner's search");
    const before = await rowOf(id);
    expect(await rejection(updateSavedSearch(opened.db, stranger, id, { name: "Taken" }))).toBe(SAVED_SEARCH_UPDATE_ERRORS.notFound);
    expect(await rejection(updateSavedSearch(opened.db, stranger, id, { notifyOnNew: false }))).toBe(SAVED_SEARCH_UPDATE_ERRORS.notFound);
    expect(await rejection(deleteSavedSearch(opened.db, stranger, id))).toBe(SAVED_SEARCH_UPDATE_ERRORS.notFound);
    expect(await rejection(executeSavedSearch(opened.db, stranger, id))).toBe(SAVED_SEARCH_UPDATE_ERRORS.notFound);
    expect(await rowOf(id)).toEqual(before);
    expect(await rejection(updateSavedSearch(opened.db, owner, 987_654, { name: "Gone" }))).toBe(SAVED_SEARCH_UPDATE_ERRORS.notFound);
  });

  it("marks the alert keys stale when the params or notify_on_new change, not on a rename", async () => {
    const buyer = await insertUserRow(opened.db);
    const id = await saved(buyer, "Keysight scopes");
    const keyed = () => opened.db.updateTable("saved_searches").set({ alert_key_version: 7 }).where("id", "=", id).execute();
    await keyed();
    await updateSavedSearch(opened.db, buyer, id, { name: "Renamed" });
    expect((await rowOf(id)).alert_key_version).toBe(7);
    await updateSavedSearch(opened.db, buyer, id, { notifyOnNew: false });
    expect(await rowOf(id)).toMatchObject({ notify_on_new: 0, alert_key_version: 0 });
    await keyed();
    await updateSavedSearch(opened.db, buyer, id, { params: paramsOf("search=keysight&maxPrice=5000") });
    expect((await rowOf(id)).alert_key_version).toBe(0);
    expect(JSON.parse((await rowOf(id)).search_params)).toMatchObject({ keyword: "keysight", maxPrice: 5000 });
    expect(await rejection(updateSavedSearch(opened.db, buyer, id, { params: paramsOf("sort=price:asc") }))).toBe(SAVED_SEARCH_ERRORS.paramsRequired);
  });

  it("deletes the owner's search", async () => {
    const buyer = await insertUserRow(opened.db);
    const id = await saved(buyer, "Short-lived");
    expect((await deleteSavedSearch(opened.db, buyer, id)).name).toBe("Short-lived");
    expect(await opened.db.selectFrom("saved_searches").select("id").where("id", "=", id).execute()).toEqual([]);
    expect(await rejection(deleteSavedSearch(opened.db, buyer, id))).toBe(SAVED_SEARCH_UPDATE_ERRORS.notFound);
  });
});

describe("Execute", () => {
  it("runs the /listings engine: active only, newest first, at most 50, and stamps last_executed", async () => {
    const buyer = await insertUserRow(opened.db);
    const word = "zanthoscope";
    const base = Date.UTC(2026, 5, 1);
    for (let n = 0; n < 55; n += 1) {
      await insertListingRow(opened.db, seller, {
        title: `Zanthoscope ${word} model ${n}`,
        price_cents: 200_000,
        created_at: new Date(base + n * 60_000).toISOString(),
      });
    }
    // Newer, but not on sale: never in the results.
    for (const status of ["sold", "draft", "archived"]) {
      await insertListingRow(opened.db, seller, { title: `Zanthoscope ${word} ${status}`, status, created_at: new Date(base + 3_600_000).toISOString() });
    }
    // Outside the price range.
    await insertListingRow(opened.db, seller, {
      title: `Zanthoscope ${word} dear`,
      price_cents: 900_000,
      created_at: new Date(base + 3_600_000).toISOString(),
    });
    const id = (await createSavedSearch(opened.db, { userId: buyer, name: "Zanthoscopes", params: paramsOf(`search=${word}&maxPrice=5000`) })).id;
    expect((await rowOf(id)).last_executed).toBeNull();

    const now = new Date("2026-11-21T12:00:00.000Z");
    const run = await executeSavedSearch(opened.db, buyer, id, now);
    expect(run.listings).toHaveLength(SAVED_SEARCH_EXECUTE_LIMIT);
    expect(run.listings[0]!.title).toBe(`Zanthoscope ${word} model 54`);
    expect(run.listings.at(-1)!.title).toBe(`Zanthoscope ${word} model 5`);
    expect(run.listings.every((listing) => /model \d+$/.test(listing.title))).toBe(true);
    expect(run.listings[0]!.createdAt).toBe(new Date(base + 54 * 60_000).toISOString());
    expect((await rowOf(id)).last_executed).toBe(now.toISOString());

    // The same listings as /listings shows for the saved search, sorted newest first.
    const params = JSON.parse((await rowOf(id)).search_params) as SavedSearchParams;
    const engine = await searchListings(opened.db, { ...savedSearchFilters(params), sort: "created_at:desc", page: 1 }, { pageSize: 50 });
    expect(run.listings.map((listing) => listing.id)).toEqual(engine.listings.map((listing) => listing.id));
    expect(listingsUrl(savedSearchFilters(params))).toBe(`/listings?search=${word}&maxPrice=5000`);
  });

  it("through the page: results in the answer, or none", async () => {
    const buyer = await insertUserRow(opened.db);
    const id = (await createSavedSearch(opened.db, { userId: buyer, name: "Nothing like it", params: paramsOf("search=qwxzyvutsr") })).id;
    const ran = await post(buyer, { intent: "execute", searchId: String(id) });
    expect(ran).toMatchObject({ status: 200, data: { ok: true, intent: "execute", searchId: id, results: [] } });
    expect((await rowOf(id)).last_executed).not.toBeNull();
  });
});

describe("the /watchlist actions for saved searches", () => {
  it("rename: the name is required and trimmed, with the form's message", async () => {
    const buyer = await insertUserRow(opened.db);
    const id = await saved(buyer, "Old name");
    const blank = await post(buyer, { intent: "rename", searchId: String(id), name: "   " });
    expect(blank).toMatchObject({ status: 400, data: { fieldError: SAVE_SEARCH_MESSAGES.nameRequired, searchId: id } });
    const renamed = await post(buyer, { intent: "rename", searchId: String(id), name: "  New name " });
    expect(renamed).toMatchObject({ status: 200, data: { ok: true, message: WATCHLIST_MESSAGES.renamed("New name") } });
    expect((await rowOf(id)).name).toBe("New name");
  });

  it("notify: turns alerts off and on, and says so; a failure reads the spec's message", async () => {
    const buyer = await insertUserRow(opened.db);
    const id = await saved(buyer, "Alerts");
    expect(await post(buyer, { intent: "notify", searchId: String(id), notifyOnNew: "off" })).toMatchObject({
      status: 200,
      data: { notifyOnNew: false, message: WATCHLIST_MESSAGES.notifyOff("Alerts") },
    });
    expect((await rowOf(id)).notify_on_new).toBe(0);
    expect(await post(buyer, { intent: "notify", searchId: String(id), notifyOnNew: "on" })).toMatchObject({ data: { notifyOnNew: true } });
    expect((await rowOf(id)).notify_on_new).toBe(1);

    const failing = await request("/watchlist?tab=saved-searches", buyer, { intent: "notify", searchId: String(id), notifyOnNew: "off" });
    await getOptionalUser(failing);
    database.current = brokenDatabase();
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const failed = await answer(async () => route.action({ request: failing, params: {}, context }));
      expect(failed).toMatchObject({ status: 500, data: { ok: false, error: WATCHLIST_MESSAGES.notifyFailed } });
    } finally {
      database.current = opened.db;
      quiet.mockRestore();
    }
  });

  it("delete, execute, rename and notify with another user's id change nothing: Saved search not found", async () => {
    const owner = await insertUserRow(opened.db);
    const stranger = await insertUserRow(opened.db);
    const id = await saved(owner, "Owner only");
    const before = await rowOf(id);
    const forms: Array<Record<string, string>> = [
      { intent: "delete" },
      { intent: "execute" },
      { intent: "rename", name: "Mine now" },
      { intent: "notify", notifyOnNew: "off" },
    ];
    for (const form of forms) {
      const refused = await post(stranger, { ...form, searchId: String(id) });
      expect(refused).toMatchObject({ status: 404, data: { ok: false, error: SAVED_SEARCH_UPDATE_ERRORS.notFound } });
    }
    expect(await rowOf(id)).toEqual(before);
  });

  it("delete: the owner's search goes, with a message", async () => {
    const buyer = await insertUserRow(opened.db);
    const id = await saved(buyer, "To delete");
    expect(await post(buyer, { intent: "delete", searchId: String(id) })).toMatchObject({
      status: 200,
      data: { message: WATCHLIST_MESSAGES.deleted("To delete") },
    });
    expect(await opened.db.selectFrom("saved_searches").select("id").where("id", "=", id).execute()).toEqual([]);
  });
});

describe("the Saved Searches tab", () => {
  it("shows the empty state with a link to /listings", async () => {
    const buyer = await insertUserRow(opened.db);
    const rendered = await page("/watchlist?tab=saved-searches", buyer);
    expect(rendered.text).toContain("No saved searches");
    expect(rendered.html).toContain('href="/listings"');
  });

  it("shows each search's name (else its words), filters, last run and alert state, and the confirmation on request", async () => {
    const buyer = await insertUserRow(opened.db);
    const named = (
      await createSavedSearch(opened.db, {
        userId: buyer,
        name: "Mid-range scopes",
        params: paramsOf("search=tektronix&condition=good&minPrice=1000&maxPrice=5000"),
      })
    ).id;
    await opened.db.updateTable("saved_searches").set({ name: "", notify_on_new: 0 }).where("id", "=", named).execute();
    const rendered = await page(`/watchlist?tab=saved-searches&confirm-delete=${named}`, buyer);
    expect(rendered.text).toContain("tektronix");
    expect(rendered.text).toContain("Condition: Good");
    expect(rendered.text).toContain("Price: $1,000 – $5,000");
    expect(rendered.text).toContain("Last executed: Never");
    expect(rendered.html).toMatch(/aria-pressed="false"[^>]*>.*Notify me of new listings/);
    expect(rendered.html).toContain(`href="/listings?search=tektronix&amp;condition=good&amp;minPrice=1000&amp;maxPrice=5000"`);
    expect(rendered.text).toContain(WATCHLIST_MESSAGES.confirmDelete);
  });
});
