// One sync of the offline copies (fake-indexeddb, a fake server): the outbox goes first, then the snapshot is stored;
// a page load right after a sync only sends the outbox; a snapshot of someone else, or an error, changes nothing;
// signing out sends what is pending, then wipes everything.
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LISTING_IMAGE_CACHE, OFFLINE_DB_NAME, type OfflineListing, type OfflineSnapshot, type OutboxAction } from "~/lib/offline/contracts.ts";
import { readSyncState, readWatchlist, rememberBrowsed } from "~/lib/offline/copies.ts";
import { openOfflineDb, wipeOfflineData, type OfflineDb } from "~/lib/offline/offline-db.ts";
import { pendingActions, queueAction } from "~/lib/offline/outbox.ts";
import { clearForSignOut, markCopiesStale, SNAPSHOT_URL, syncOfflineData } from "~/lib/offline/offline-sync.ts";

const BUYER = "buyer-1";

const listing = (id: number): OfflineListing => ({
  id,
  title: `Fluke 87V no. ${id}`,
  url: `/listings/${id}`,
  listingType: "buy_now",
  status: "active",
  currency: "USD",
  priceCents: 30_000,
  currentBidCents: null,
  auctionId: null,
  auctionEndsAt: null,
  condition: "New",
  brand: "Fluke",
  model: "87V",
  categoryName: null,
  location: null,
  description: "",
  specifications: [],
  features: [],
  sellerName: "Bench Supply Co.",
  imageUrls: [],
});

function snapshotWith(ids: number[], takenAt = new Date(), userId = BUYER): OfflineSnapshot {
  return {
    userId,
    takenAt: takenAt.toISOString(),
    watchlist: ids.map((id) => ({ listing: listing(id), notes: "", watchedAt: takenAt.toISOString(), savedAt: takenAt.toISOString() })),
    savedSearches: [],
  };
}

/** A server: the outbox endpoint applies everything; the snapshot endpoint answers `snapshot()`. Records the order of calls. */
function fakeServer(snapshot: () => Response) {
  const calls: string[] = [];
  const send = (async (url: string, init?: RequestInit) => {
    calls.push(url);
    if (url === SNAPSHOT_URL) return snapshot();
    const { actions } = JSON.parse(String(init?.body)) as { actions: OutboxAction[] };
    return Response.json({ results: actions.map((action) => ({ id: action.id, outcome: "applied" })) });
  }) as typeof fetch;
  return { send, calls };
}

let db: OfflineDb;
beforeEach(async () => {
  await wipeOfflineData();
  db = await openOfflineDb();
});
afterEach(() => wipeOfflineData());

describe("syncOfflineData", () => {
  it("sends the outbox first, then stores the snapshot", async () => {
    await queueAction(db, { id: crypto.randomUUID(), kind: "unwatch", listingId: 9 });
    const server = fakeServer(() => Response.json(snapshotWith([1, 2])));
    expect(await syncOfflineData(BUYER, server.send)).toBe("synced");
    expect(server.calls).toEqual(["/resources/offline-actions", SNAPSHOT_URL]);
    expect(await pendingActions(db)).toEqual([]);
    expect((await readWatchlist(db)).map((copy) => copy.listing.id).sort()).toEqual([1, 2]);
    expect((await readSyncState(db)).ownerId).toBe(BUYER);
  });

  it("skips the snapshot when the last one is fresh and nothing was sent", async () => {
    const server = fakeServer(() => Response.json(snapshotWith([1])));
    await syncOfflineData(BUYER, server.send);
    expect(await syncOfflineData(BUYER, server.send, { freshForMs: 60_000 })).toBe("fresh");
    expect(server.calls).toEqual([SNAPSHOT_URL]);
    // Something sent: a new snapshot after all.
    await queueAction(db, { id: crypto.randomUUID(), kind: "watch", listingId: 1, notes: "Ask" });
    expect(await syncOfflineData(BUYER, server.send, { freshForMs: 60_000 })).toBe("synced");
    // A change sent online since (the page may have been left before its own sync): a new snapshot, then fresh again.
    await markCopiesStale();
    expect((await readSyncState(db)).staleSince).not.toBeNull();
    expect(await syncOfflineData(BUYER, server.send, { freshForMs: 60_000 })).toBe("synced");
    expect((await readSyncState(db)).staleSince).toBeNull();
    expect(await syncOfflineData(BUYER, server.send, { freshForMs: 60_000 })).toBe("fresh");
    // Old: a new snapshot.
    const stale = fakeServer(() => Response.json(snapshotWith([1], new Date(Date.now() - 120_000))));
    await syncOfflineData(BUYER, stale.send);
    expect(await syncOfflineData(BUYER, stale.send, { freshForMs: 60_000 })).toBe("synced");
  });

  it("caches the copies' photos still missing, even when the snapshot is fresh", async () => {
    // A Cache Storage of one cache, and photo fetches that answer at once (no service worker in control).
    const cached = new Map<string, Response>();
    const cache = { match: async (url: string) => cached.get(url), put: async (url: string, response: Response) => void cached.set(url, response) };
    vi.stubGlobal("caches", { open: async (name: string) => (name === LISTING_IMAGE_CACHE ? cache : null) });
    const fetched: string[] = [];
    vi.stubGlobal("fetch", async (url: string) => {
      fetched.push(url);
      return new Response("photo", { headers: { "Content-Type": "image/webp" } });
    });
    try {
      const watched = { ...listing(1), imageUrls: ["/uploads/listings/1/a.webp"] };
      const server = fakeServer(() =>
        Response.json({
          ...snapshotWith([]),
          watchlist: [{ listing: watched, notes: "", watchedAt: new Date().toISOString(), savedAt: new Date().toISOString() }],
        }),
      );
      expect(await syncOfflineData(BUYER, server.send)).toBe("synced");
      expect([...cached.keys()]).toEqual(["/uploads/listings/1/a.webp"]);

      // A listing page left before its photos came: the next page load's sync, fresh or not, fetches them.
      await rememberBrowsed(db, { ...listing(2), imageUrls: ["/uploads/listings/2/b.webp", "https://elsewhere.example/c.webp"] });
      expect(await syncOfflineData(BUYER, server.send, { freshForMs: 60_000 })).toBe("fresh");
      expect([...cached.keys()].sort()).toEqual(["/uploads/listings/1/a.webp", "/uploads/listings/2/b.webp"]);
      // Photos already cached are not fetched again; another site's never.
      expect(fetched.sort()).toEqual(["/uploads/listings/1/a.webp", "/uploads/listings/2/b.webp"]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("keeps the copies when the answer is an error or someone else's snapshot", async () => {
    await syncOfflineData(BUYER, fakeServer(() => Response.json(snapshotWith([1]))).send);
    expect(await syncOfflineData(BUYER, fakeServer(() => Response.json({ message: "Sign in" }, { status: 401 })).send)).toBe("failed");
    expect(await syncOfflineData(BUYER, fakeServer(() => Response.json(snapshotWith([5], new Date(), "buyer-2"))).send)).toBe("failed");
    expect(await syncOfflineData(BUYER, fakeServer(() => new Response("offline", { status: 503 })).send)).toBe("offline");
    const offline = (async () => {
      throw new TypeError("Failed to fetch");
    }) as typeof fetch;
    expect(await syncOfflineData(BUYER, offline)).toBe("offline");
    expect((await readWatchlist(db)).map((copy) => copy.listing.id)).toEqual([1]);
  });
});

describe("clearForSignOut", () => {
  it("sends what is pending, then deletes the database", async () => {
    await syncOfflineData(BUYER, fakeServer(() => Response.json(snapshotWith([1]))).send);
    await queueAction(db, { id: crypto.randomUUID(), kind: "unwatch", listingId: 1 });
    const server = fakeServer(() => Response.json(snapshotWith([])));
    await clearForSignOut(server.send);
    expect(server.calls).toEqual(["/resources/offline-actions"]);
    expect((await indexedDB.databases()).map((database) => database.name)).not.toContain(OFFLINE_DB_NAME);
  });
});
