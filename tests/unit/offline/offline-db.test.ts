// The browser's offline copies (IndexedDB through idb, here on fake-indexeddb): what is stored and read back, the
// last 100 browsed listings, actions queued offline and applied to the copies at once, snapshots that keep those
// actions' effects, another user's copies wiped, the outbox replayed against a fake server, and sign-out's wipe.
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  BROWSED_LISTINGS_KEPT,
  OFFLINE_DB_NAME,
  type OfflineListing,
  type OfflineSnapshot,
  type OutboxAction,
  type OutboxReplayResult,
  type SavedSearchCopy,
  type WatchedCopy,
} from "~/lib/offline/contracts.ts";
import {
  claimOwner,
  readBrowsed,
  readListingCopy,
  readListingCopyByAuction,
  readSavedSearches,
  readSyncState,
  readWatchlist,
  rememberBrowsed,
  saveSnapshot,
} from "~/lib/offline/copies.ts";
import { openOfflineDb, wipeOfflineData, type OfflineDb } from "~/lib/offline/offline-db.ts";
import {
  describeAction,
  dismissNotice,
  pendingActions,
  queueAction,
  readNotices,
  REPLAY_MESSAGES,
  REPLAY_URL,
  replayOutbox,
  retryDelayMs,
} from "~/lib/offline/outbox.ts";
import type { SavedSearchParams } from "~/lib/listing-filters.ts";

const T0 = Date.UTC(2026, 10, 21, 9, 0, 0);
const at = (seconds: number) => new Date(T0 + seconds * 1000);
const BUYER = "buyer-1";

function listing(id: number, values: Partial<OfflineListing> = {}): OfflineListing {
  return {
    id,
    title: `Keysight DSOX1204G no. ${id}`,
    url: `/listings/${id}`,
    listingType: "buy_now",
    status: "active",
    currency: "USD",
    priceCents: 120_000 + id,
    currentBidCents: null,
    auctionId: null,
    auctionEndsAt: null,
    condition: "Used - Excellent",
    brand: "Keysight",
    model: "DSOX1204G",
    categoryName: "Oscilloscopes",
    location: "Austin, TX",
    description: "Four channels, 200 MHz.",
    specifications: [{ key: "Bandwidth", value: "200 MHz" }],
    features: ["Wave generator"],
    sellerName: "Bench Supply Co.",
    imageUrls: [`/uploads/listings/${id}/a.webp`],
    ...values,
  };
}

function watched(id: number, watchedAt: Date, notes = ""): WatchedCopy {
  return { listing: listing(id), notes, watchedAt: watchedAt.toISOString(), savedAt: at(0).toISOString() };
}

const SCOPES: SavedSearchParams = {
  keyword: "keysight",
  category: null,
  categoryName: null,
  minPrice: null,
  maxPrice: 5000,
  condition: [],
  testLevel: null,
  calibrated: false,
  brand: null,
};

function savedSearch(serverId: number, name: string): SavedSearchCopy {
  return {
    serverId,
    key: `s${serverId}`,
    name,
    summary: "“keysight” · up to $5,000",
    params: SCOPES,
    listingsUrl: "/listings?search=keysight&maxPrice=5000",
    notifyOnNew: true,
    lastExecuted: null,
    results: [],
    savedAt: at(0).toISOString(),
  };
}

function snapshot(values: Partial<OfflineSnapshot> = {}): OfflineSnapshot {
  return { userId: BUYER, takenAt: at(0).toISOString(), watchlist: [], savedSearches: [], ...values };
}

let counter = 0;
const nextId = () => `00000000-0000-4000-8000-${String(++counter).padStart(12, "0")}`;
const unwatch = (listingId: number): OutboxAction => ({ id: nextId(), kind: "unwatch", listingId });
const watch = (listingId: number, notes?: string): OutboxAction => ({ id: nextId(), kind: "watch", listingId, ...(notes === undefined ? {} : { notes }) });
const notes = (listingId: number, text: string): OutboxAction => ({ id: nextId(), kind: "notes", listingId, notes: text });

/** A server that answers each action with the outcome `answer` gives it, and remembers what it was sent. */
function fakeServer(answer: (action: OutboxAction) => Omit<OutboxReplayResult, "id"> = () => ({ outcome: "applied" })) {
  const requests: Array<{ url: string; method: string; contentType: string | null; actions: OutboxAction[] }> = [];
  const send = (async (url: string, init: RequestInit) => {
    const { actions } = JSON.parse(String(init.body)) as { actions: OutboxAction[] };
    requests.push({ url, method: init.method ?? "GET", contentType: new Headers(init.headers).get("Content-Type"), actions });
    return Response.json({ results: actions.map((action) => ({ id: action.id, ...answer(action) })) });
  }) as typeof fetch;
  return { send, requests };
}

const failing = (make: () => Response | Promise<Response>) => {
  let calls = 0;
  const send = (async () => {
    calls += 1;
    return make();
  }) as typeof fetch;
  return { send, calls: () => calls };
};

let db: OfflineDb;

beforeEach(async () => {
  await wipeOfflineData();
  db = await openOfflineDb();
});

afterEach(async () => {
  await wipeOfflineData();
});

describe("storing and reading copies", () => {
  it("keeps a snapshot's watchlist (newest watched first) and saved searches, and who they belong to", async () => {
    await saveSnapshot(
      db,
      snapshot({
        watchlist: [watched(1, at(10), "Ask about probes"), watched(2, at(30)), watched(3, at(20))],
        savedSearches: [savedSearch(4, "Older scopes"), savedSearch(9, "Newest scopes")],
      }),
    );
    expect((await readWatchlist(db)).map((copy) => copy.listing.id)).toEqual([2, 3, 1]);
    expect((await readWatchlist(db)).find((copy) => copy.listing.id === 1)?.notes).toBe("Ask about probes");
    expect((await readSavedSearches(db)).map((copy) => copy.name)).toEqual(["Newest scopes", "Older scopes"]);
    expect(await readSyncState(db)).toEqual({ ownerId: BUYER, lastSyncAt: at(0).toISOString(), staleSince: null });
  });

  it("replaces the watchlist and saved searches wholesale with each snapshot", async () => {
    await saveSnapshot(db, snapshot({ watchlist: [watched(1, at(1)), watched(2, at(2))], savedSearches: [savedSearch(4, "Scopes")] }));
    await saveSnapshot(db, snapshot({ takenAt: at(60).toISOString(), watchlist: [watched(2, at(2))], savedSearches: [] }));
    expect((await readWatchlist(db)).map((copy) => copy.listing.id)).toEqual([2]);
    expect(await readSavedSearches(db)).toEqual([]);
    expect((await readSyncState(db)).lastSyncAt).toBe(at(60).toISOString());
  });

  it("finds a listing's freshest copy, whether watched or browsed, and by its auction", async () => {
    await saveSnapshot(db, snapshot({ watchlist: [watched(1, at(1), "Bring a scope probe")] }));
    const copy = await readListingCopy(db, 1);
    expect(copy?.listing.title).toBe("Keysight DSOX1204G no. 1");
    expect(copy?.watched?.notes).toBe("Bring a scope probe");
    expect(copy?.savedAt).toBe(at(0).toISOString());

    await rememberBrowsed(db, listing(1, { title: "Keysight DSOX1204G (renamed)" }), at(120));
    const fresher = await readListingCopy(db, 1);
    expect(fresher?.listing.title).toBe("Keysight DSOX1204G (renamed)");
    expect(fresher?.savedAt).toBe(at(120).toISOString());
    // The watched copy is refreshed too, notes kept.
    expect((await readWatchlist(db))[0]?.listing.title).toBe("Keysight DSOX1204G (renamed)");
    expect((await readWatchlist(db))[0]?.notes).toBe("Bring a scope probe");

    await rememberBrowsed(db, listing(7, { listingType: "auction", auctionId: 70, url: "/auctions/70", priceCents: null, currentBidCents: 5000 }), at(130));
    expect((await readListingCopyByAuction(db, 70))?.listing.id).toBe(7);
    expect((await readListingCopy(db, 7))?.watched).toBeNull();
    expect(await readListingCopy(db, 404)).toBeNull();
    expect(await readListingCopyByAuction(db, 404)).toBeNull();
  });
});

describe("browsed listings", () => {
  it(`keeps the ${BROWSED_LISTINGS_KEPT} most recently viewed, most recent first`, async () => {
    for (let n = 1; n <= BROWSED_LISTINGS_KEPT + 5; n += 1) await rememberBrowsed(db, listing(n), at(n));
    const browsed = await readBrowsed(db);
    expect(browsed).toHaveLength(BROWSED_LISTINGS_KEPT);
    expect(browsed[0]).toEqual({ listing: listing(BROWSED_LISTINGS_KEPT + 5), viewedAt: at(BROWSED_LISTINGS_KEPT + 5).toISOString() });
    expect(browsed.at(-1)?.listing.id).toBe(6);
    expect(await readListingCopy(db, 5)).toBeNull();
  });

  it("moves a listing viewed again to the front, so it outlives the others", async () => {
    for (let n = 1; n <= BROWSED_LISTINGS_KEPT; n += 1) await rememberBrowsed(db, listing(n), at(n));
    await rememberBrowsed(db, listing(1), at(500));
    await rememberBrowsed(db, listing(1000), at(501));
    const ids = (await readBrowsed(db)).map((copy) => copy.listing.id);
    expect(ids.slice(0, 2)).toEqual([1000, 1]);
    expect(ids).toHaveLength(BROWSED_LISTINGS_KEPT);
    expect(ids).not.toContain(2);
  });
});

describe("actions taken offline", () => {
  it("applies each to the copies at once and lists it as pending, oldest first", async () => {
    await saveSnapshot(db, snapshot({ watchlist: [watched(1, at(1)), watched(2, at(2))] }));
    await rememberBrowsed(db, listing(3), at(3));
    const removed = unwatch(1);
    await queueAction(db, removed, at(10));
    await queueAction(db, notes(2, "Offer $1,100"), at(10));
    await queueAction(db, watch(3, "Check the fan"), at(10));
    const search: OutboxAction = { id: nextId(), kind: "saved_search", name: "Scopes under $5,000", params: SCOPES, notifyOnNew: true };
    await queueAction(db, search, at(11));

    const watchlist = await readWatchlist(db);
    expect(watchlist.map((copy) => copy.listing.id).sort()).toEqual([2, 3]);
    expect(watchlist.find((copy) => copy.listing.id === 2)?.notes).toBe("Offer $1,100");
    expect(watchlist.find((copy) => copy.listing.id === 3)?.notes).toBe("Check the fan");
    // The unwatched listing can still be opened (and watched again) offline.
    expect((await readListingCopy(db, 1))?.watched).toBeNull();

    const searches = await readSavedSearches(db);
    expect(searches[0]).toMatchObject({ serverId: null, key: search.id, name: "Scopes under $5,000", results: [] });
    expect(searches[0]?.summary).toContain("keysight");
    expect(searches[0]?.listingsUrl).toBe("/listings?search=keysight&maxPrice=5000");

    const pending = await pendingActions(db);
    expect(pending.map((entry) => entry.description)).toEqual([
      "Unwatch: Keysight DSOX1204G no. 1",
      "Notes: Keysight DSOX1204G no. 2",
      "Watch: Keysight DSOX1204G no. 3",
      "Save search: Scopes under $5,000",
    ]);
    // Taken in the same millisecond, still in order.
    expect(new Set(pending.map((entry) => entry.createdAt)).size).toBe(4);
    expect(pending[0]).toMatchObject({ action: removed, attempts: 0, lastError: null });
  });

  it("describes actions on listings it has no copy of by their number", () => {
    expect(describeAction({ id: "x", kind: "watch", listingId: 42 })).toBe("Watch: listing #42");
    expect(describeAction({ id: "x", kind: "unwatch", listingId: 42 }, "Fluke 87V")).toBe("Unwatch: Fluke 87V");
  });

  it("keeps their effects when a snapshot taken before they replayed arrives", async () => {
    await saveSnapshot(db, snapshot({ watchlist: [watched(1, at(1)), watched(2, at(2), "old notes")] }));
    await rememberBrowsed(db, listing(3), at(3));
    await queueAction(db, unwatch(1), at(10));
    await queueAction(db, notes(2, "new notes"), at(11));
    await queueAction(db, watch(3), at(12));
    await queueAction(db, { id: nextId(), kind: "saved_search", name: "Made offline", params: SCOPES, notifyOnNew: false }, at(13));

    await saveSnapshot(
      db,
      snapshot({
        takenAt: at(20).toISOString(),
        watchlist: [watched(1, at(1)), watched(2, at(2), "old notes")],
        savedSearches: [savedSearch(4, "From the server")],
      }),
    );
    const watchlist = await readWatchlist(db);
    expect(watchlist.map((copy) => copy.listing.id).sort()).toEqual([2, 3]);
    expect(watchlist.find((copy) => copy.listing.id === 2)?.notes).toBe("new notes");
    expect((await readSavedSearches(db)).map((copy) => copy.name)).toEqual(["Made offline", "From the server"]);
  });
});

describe("whose copies these are", () => {
  it("wipes another user's copies and queued actions when a different user's snapshot arrives", async () => {
    await saveSnapshot(db, snapshot({ watchlist: [watched(1, at(1))] }));
    await rememberBrowsed(db, listing(2), at(2));
    await queueAction(db, unwatch(1), at(3));
    await saveSnapshot(db, snapshot({ userId: "buyer-2", watchlist: [watched(5, at(5))] }));
    expect((await readWatchlist(db)).map((copy) => copy.listing.id)).toEqual([5]);
    expect(await readBrowsed(db)).toEqual([]);
    expect(await pendingActions(db)).toEqual([]);
    expect((await readSyncState(db)).ownerId).toBe("buyer-2");
  });

  it("claiming for the same user keeps everything; for another user wipes first", async () => {
    await saveSnapshot(db, snapshot({ watchlist: [watched(1, at(1))] }));
    await queueAction(db, unwatch(1), at(3));
    expect(await claimOwner(db, BUYER)).toBe(false);
    expect(await pendingActions(db)).toHaveLength(1);
    expect(await claimOwner(db, "buyer-2")).toBe(true);
    expect(await pendingActions(db)).toEqual([]);
    expect(await readListingCopy(db, 1)).toBeNull();
    expect((await readSyncState(db)).ownerId).toBe("buyer-2");
  });
});

describe("replaying the outbox", () => {
  it("posts the actions oldest first as JSON and drops them once applied", async () => {
    const first = unwatch(1);
    const second = notes(2, "Offer $1,100");
    await queueAction(db, first, at(1));
    await queueAction(db, second, at(2));
    const server = fakeServer();
    expect(await replayOutbox(db, server.send, { now: () => at(5) })).toEqual({ applied: 2, remaining: 0 });
    expect(server.requests).toEqual([{ url: REPLAY_URL, method: "POST", contentType: "application/json", actions: [first, second] }]);
    expect(await pendingActions(db)).toEqual([]);
    // Nothing left: no request at all.
    expect(await replayOutbox(db, server.send, { now: () => at(6) })).toEqual({ applied: 0, remaining: 0 });
    expect(server.requests).toHaveLength(1);
  });

  it("counts an action the server had already applied as done (duplicate)", async () => {
    await queueAction(db, unwatch(1), at(1));
    const server = fakeServer(() => ({ outcome: "duplicate" }));
    expect(await replayOutbox(db, server.send, { now: () => at(5) })).toEqual({ applied: 1, remaining: 0 });
    expect(await readNotices(db)).toEqual([]);
  });

  it("drops refused and gone actions and says once why they could not be applied", async () => {
    await saveSnapshot(db, snapshot({ watchlist: [watched(2, at(2))] }));
    const tooLong = notes(2, "x".repeat(1001));
    const goneWatch = watch(99);
    await queueAction(db, tooLong, at(3));
    await queueAction(db, goneWatch, at(4));
    const server = fakeServer((action) =>
      action.kind === "notes" ? { outcome: "refused", message: "Notes can be at most 1,000 characters." } : { outcome: "gone" },
    );
    expect(await replayOutbox(db, server.send, { now: () => at(5) })).toEqual({ applied: 0, remaining: 0 });
    const notices = await readNotices(db);
    expect(notices.map((notice) => notice.text)).toEqual([
      "Notes: Keysight DSOX1204G no. 2 — could not be applied: Notes can be at most 1,000 characters.",
      `Watch: listing #99 — could not be applied: ${REPLAY_MESSAGES.gone}`,
    ]);
    await dismissNotice(db, notices[0]!.id);
    expect((await readNotices(db)).map((notice) => notice.id)).toEqual([goneWatch.id]);
  });

  it("stops at a lost connection and keeps the actions, without backing off", async () => {
    await queueAction(db, unwatch(1), at(1));
    await queueAction(db, unwatch(2), at(2));
    const offline = failing(() => {
      throw new TypeError("Failed to fetch");
    });
    expect(await replayOutbox(db, offline.send, { now: () => at(5) })).toEqual({ applied: 0, remaining: 2 });
    expect(offline.calls()).toBe(1);
    const pending = await pendingActions(db);
    expect(pending.map((entry) => [entry.attempts, entry.lastError, entry.nextAttemptAt])).toEqual([
      [0, REPLAY_MESSAGES.noConnection, null],
      [0, REPLAY_MESSAGES.noConnection, null],
    ]);
    // The service worker's answer to a POST with no connection reads the same.
    const serviceWorker = failing(() => new Response("You are offline. This needs a connection.", { status: 503 }));
    await replayOutbox(db, serviceWorker.send, { now: () => at(6) });
    expect((await pendingActions(db)).map((entry) => entry.attempts)).toEqual([0, 0]);
    // Back online: sent at once.
    const server = fakeServer();
    expect(await replayOutbox(db, server.send, { now: () => at(7) })).toEqual({ applied: 2, remaining: 0 });
  });

  it("backs off after an error answer: 2^attempts seconds, at most 5 minutes", async () => {
    const first = unwatch(1);
    await queueAction(db, first, at(0));
    const broken = failing(() => Response.json({ message: "Database is busy" }, { status: 500 }));
    await replayOutbox(db, broken.send, { now: () => at(10) });
    let [entry] = await pendingActions(db);
    expect(entry).toMatchObject({ attempts: 1, lastError: "Database is busy", nextAttemptAt: at(12).toISOString() });

    // Not due yet: nothing is sent, and a newer action waits behind it (never out of order).
    const second = unwatch(2);
    await queueAction(db, second, at(11));
    await replayOutbox(db, broken.send, { now: () => at(11) });
    expect(broken.calls()).toBe(1);

    await replayOutbox(db, broken.send, { now: () => at(12) });
    expect(broken.calls()).toBe(2);
    [entry] = await pendingActions(db);
    expect(entry).toMatchObject({ attempts: 2, nextAttemptAt: at(16).toISOString() });
    expect(retryDelayMs(8)).toBe(256_000);
    expect(retryDelayMs(9)).toBe(300_000);
    expect(retryDelayMs(20)).toBe(300_000);

    const server = fakeServer();
    expect(await replayOutbox(db, server.send, { now: () => at(16) })).toEqual({ applied: 2, remaining: 0 });
    expect(server.requests[0]?.actions).toEqual([first, second]);
  });

  it("keeps actions the server did not answer for, and an unreadable answer, as errors", async () => {
    const answered = unwatch(1);
    const skipped = unwatch(2);
    await queueAction(db, answered, at(0));
    await queueAction(db, skipped, at(1));
    const partial = (async () => Response.json({ results: [{ id: answered.id, outcome: "applied" }] })) as unknown as typeof fetch;
    expect(await replayOutbox(db, partial, { now: () => at(5) })).toEqual({ applied: 1, remaining: 1 });
    expect((await pendingActions(db))[0]).toMatchObject({ action: skipped, attempts: 1, lastError: REPLAY_MESSAGES.unanswered });

    const garbled = failing(() => new Response("<html>", { status: 200 }));
    await replayOutbox(db, garbled.send, { now: () => at(10) });
    expect((await pendingActions(db))[0]).toMatchObject({ attempts: 2, lastError: REPLAY_MESSAGES.serverError });
  });

  it("sends a long outbox 50 at a time", async () => {
    for (let n = 0; n < 120; n += 1) await queueAction(db, unwatch(n + 1), at(0));
    const server = fakeServer();
    expect(await replayOutbox(db, server.send, { now: () => at(5) })).toEqual({ applied: 120, remaining: 0 });
    expect(server.requests.map((request) => request.actions.length)).toEqual([50, 50, 20]);
    expect(server.requests.flatMap((request) => request.actions.map((action) => action.kind === "unwatch" && action.listingId))).toEqual(
      Array.from({ length: 120 }, (_, n) => n + 1),
    );
  });

  it("leaves the actions when the session has ended, with a message", async () => {
    await queueAction(db, unwatch(1), at(0));
    const signedOut = failing(() => Response.json({ message: "Sign in" }, { status: 401 }));
    expect(await replayOutbox(db, signedOut.send, { now: () => at(5) })).toEqual({ applied: 0, remaining: 1 });
    expect((await pendingActions(db))[0]).toMatchObject({ attempts: 0, lastError: REPLAY_MESSAGES.signedOut });
  });
});

describe("opening the database", () => {
  it("repairs a database made under its name without the stores", async () => {
    await wipeOfflineData();
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open(OFFLINE_DB_NAME);
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error);
    });
    db = await openOfflineDb();
    await rememberBrowsed(db, listing(1), at(1));
    expect((await readBrowsed(db)).map((copy) => copy.listing.id)).toEqual([1]);
  });
});

describe("signing out", () => {
  it("deletes the database with every copy and queued action", async () => {
    await saveSnapshot(db, snapshot({ watchlist: [watched(1, at(1))], savedSearches: [savedSearch(4, "Scopes")] }));
    await rememberBrowsed(db, listing(2), at(2));
    await queueAction(db, unwatch(1), at(3));
    await wipeOfflineData();
    expect((await indexedDB.databases()).map((database) => database.name)).not.toContain(OFFLINE_DB_NAME);
    db = await openOfflineDb();
    expect(await readWatchlist(db)).toEqual([]);
    expect(await readSavedSearches(db)).toEqual([]);
    expect(await readBrowsed(db)).toEqual([]);
    expect(await pendingActions(db)).toEqual([]);
    expect(await readSyncState(db)).toEqual({ ownerId: null, lastSyncAt: null, staleSince: null });
  });
});
