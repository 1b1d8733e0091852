// Sign-out on a shared tablet leaves nothing of the person behind: every IndexedDB database and every cache this
// origin holds is found by enumeration (not by a list of names that a new feature would forget to extend) and
// emptied, then deleted. The only cache kept is the service worker's precache: the app's own files, the same for
// every visitor. Stores are emptied before deletion because another tab may hold a database open, which delays its
// deletion until it lets go. The service worker's own databases (workbox-*, e.g. the photo index) are emptied but not
// deleted: the worker keeps them open for its lifetime, so a deletion would stay pending and every later open of them
// — the worker's next photo, or this page's — would wait behind it.

/** The service worker's precache (workbox-precaching names it "workbox-precache-v2-<scope>"): no one's data. */
function isSharedAppCache(name: string): boolean {
  return name.startsWith("workbox-precache");
}

/** Databases the service worker's Workbox modules own and hold open. */
function isServiceWorkerDatabase(name: string): boolean {
  return name.startsWith("workbox-");
}

/** How long the deletion of one database is awaited when another connection holds it open. */
const DELETE_WAIT_MS = 2000;

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** Opens an existing database at its current version (no upgrade) and clears every store it has. */
async function emptyDatabase(name: string): Promise<void> {
  const open = indexedDB.open(name);
  // A database that vanished between listing and opening would be created empty by open(): undo that at once.
  open.onupgradeneeded = () => open.transaction?.abort();
  const db = await request(open);
  try {
    const stores = [...db.objectStoreNames];
    if (stores.length === 0) return;
    const tx = db.transaction(stores, "readwrite");
    await Promise.all(stores.map((store) => request(tx.objectStore(store).clear())));
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

function deleteDatabase(name: string): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, DELETE_WAIT_MS);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const deletion = indexedDB.deleteDatabase(name);
    deletion.onsuccess = done;
    deletion.onerror = done;
  });
}

/**
 * Empties every IndexedDB database of this origin and deletes all but the service worker's, and deletes every cache
 * but the app's precache.
 */
export async function wipeDevice(): Promise<void> {
  if (typeof indexedDB !== "undefined") {
    const databases = await indexedDB.databases().catch(() => [] as IDBDatabaseInfo[]);
    await Promise.all(
      databases.map(async ({ name }) => {
        if (!name) return;
        await emptyDatabase(name).catch(() => {});
        if (!isServiceWorkerDatabase(name)) await deleteDatabase(name);
      }),
    );
  }
  if (typeof caches !== "undefined") {
    const names = await caches.keys().catch(() => [] as string[]);
    await Promise.all(names.filter((name) => !isSharedAppCache(name)).map((name) => caches.delete(name).catch(() => false)));
  }
}
