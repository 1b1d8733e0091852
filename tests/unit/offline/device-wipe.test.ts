// Sign-out's wipe on a shared device: every database and cache the origin holds is found and emptied, whoever made
// it (the service worker's photo index included), and only the app's precache survives.
import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { wipeDevice } from "~/lib/offline/device-wipe.ts";

function open(name: string, stores: string[]): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, 1);
    request.onupgradeneeded = () => stores.forEach((store) => request.result.createObjectStore(store, { autoIncrement: true }));
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function put(db: IDBDatabase, store: string, value: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(store, "readwrite");
    tx.objectStore(store).put(value);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
}

function count(db: IDBDatabase, store: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = db.transaction(store).objectStore(store).count();
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** A minimal CacheStorage: names only, which is all the wipe looks at. */
function fakeCaches(names: string[]): Set<string> {
  const held = new Set(names);
  (globalThis as { caches?: unknown }).caches = {
    keys: async () => [...held],
    delete: async (name: string) => held.delete(name),
  };
  return held;
}

afterEach(() => {
  delete (globalThis as { caches?: unknown }).caches;
});

describe("wiping the device at sign-out", () => {
  it("deletes every database of the origin, not only the ones the app names", async () => {
    for (const name of ["tradebench-offline", "tradebench-ai-wizard", "some-future-store"]) {
      const db = await open(name, ["rows"]);
      await put(db, "rows", { viewed: name });
      db.close();
    }
    await wipeDevice();
    expect(await indexedDB.databases()).toEqual([]);
  });

  it("empties a database another connection keeps open (the service worker's photo index)", async () => {
    const workerConnection = await open("workbox-expiration", ["cache-entries"]);
    await put(workerConnection, "cache-entries", { url: "/uploads/listings/7/a.webp", timestamp: Date.now() });
    expect(await count(workerConnection, "cache-entries")).toBe(1);
    await wipeDevice();
    // Nothing of the user is left in it, and it is kept (a deletion would wait for the worker for ever and hold up
    // every later open of it): the worker goes on using its connection.
    expect(await count(workerConnection, "cache-entries")).toBe(0);
    await put(workerConnection, "cache-entries", { url: "/uploads/listings/8/b.webp", timestamp: Date.now() });
    expect(await count(workerConnection, "cache-entries")).toBe(1);
    expect((await indexedDB.databases()).map((database) => database.name)).toContain("workbox-expiration");
    workerConnection.close();
  });

  it("deletes every cache but the app's precache", async () => {
    const held = fakeCaches(["workbox-precache-v2-http://localhost/", "tradebench-listing-images", "anything-else"]);
    await wipeDevice();
    expect([...held]).toEqual(["workbox-precache-v2-http://localhost/"]);
  });
});
