// Keeps the offline copies in step while a member is signed in: a sync on sign-in and first load, after
// each change to the watchlist or saved searches (a watch toggle, notes, Remove, Save Search...), every 10 minutes
// while the page is visible and online, and on reconnecting (which sends the outbox first). For visitors it only
// wipes copies a signed-in user left behind. Renders nothing.
import { useFetchers, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { markCopiesStale, OFFLINE_SYNC_REQUEST_EVENT, syncOfflineData, wipeLeftoverData, type SyncOptions } from "~/lib/offline/offline-sync.ts";

const SYNC_EVERY_MS = 10 * 60 * 1000;
/** A page load within this time of the last snapshot only sends the outbox (unless a change left the copies behind). */
const FRESH_ON_LOAD_MS = 2 * 60 * 1000;
/** Changes come in bursts (hearts on a grid): one sync after they settle. */
const SETTLE_MS = 1500;

/** Posts that change what the copies hold: the watch toggle, the /watchlist forms and Save Search on /listings. */
const CHANGES_COPIES = /^\/(listings\/\d+\/watch|watchlist|listings)(?:[/?#]|$)/;

function changesCopies(formAction: string | undefined, formMethod: string | undefined): boolean {
  return Boolean(formAction && formMethod && formMethod.toUpperCase() !== "GET" && CHANGES_COPIES.test(formAction));
}

/** One sync at a time; a request during a sync runs one more afterwards. */
function createRunner(userId: string) {
  let running = false;
  let again = false;
  let lastRun = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = async (options: SyncOptions = {}): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      let first = true;
      do {
        again = false;
        lastRun = Date.now();
        await syncOfflineData(userId, fetch, first ? options : {}).catch((error: unknown) => {
          console.warn("Offline copies could not be updated", error);
        });
        first = false;
      } while (again);
    } finally {
      running = false;
    }
  };
  return {
    run,
    soon() {
      clearTimeout(timer);
      timer = setTimeout(() => void run(), SETTLE_MS);
    },
    stale: () => Date.now() - lastRun >= SYNC_EVERY_MS,
    stop: () => clearTimeout(timer),
  };
}

export function OfflineSync({ userId }: { userId: string | null }) {
  const runner = useRef<ReturnType<typeof createRunner> | null>(null);

  useEffect(() => {
    if (userId === null) {
      void wipeLeftoverData().catch(() => {});
      return;
    }
    const sync = createRunner(userId);
    runner.current = sync;
    const visibleAndOnline = () => document.visibilityState === "visible" && navigator.onLine;
    // First load (or sign-in): a snapshot unless one was taken moments ago (the outbox is sent either way).
    void sync.run({ freshForMs: FRESH_ON_LOAD_MS });
    const onOnline = () => void sync.run();
    const onRequest = () => sync.soon();
    const onVisible = () => {
      if (visibleAndOnline() && sync.stale()) void sync.run();
    };
    const interval = setInterval(() => {
      if (visibleAndOnline()) void sync.run();
    }, SYNC_EVERY_MS);
    window.addEventListener("online", onOnline);
    window.addEventListener(OFFLINE_SYNC_REQUEST_EVENT, onRequest);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearInterval(interval);
      sync.stop();
      window.removeEventListener("online", onOnline);
      window.removeEventListener(OFFLINE_SYNC_REQUEST_EVENT, onRequest);
      document.removeEventListener("visibilitychange", onVisible);
      if (runner.current === sync) runner.current = null;
    };
  }, [userId]);

  // A change made online (a fetcher or a form post that changes the copies): sync once it has been answered.
  const fetchers = useFetchers();
  const navigation = useNavigation();
  const inFlight = useRef(new Set<string>());
  useEffect(() => {
    const now = new Set<string>();
    for (const fetcher of fetchers) if (changesCopies(fetcher.formAction, fetcher.formMethod)) now.add(`fetcher:${fetcher.key}`);
    if (changesCopies(navigation.formAction, navigation.formMethod)) now.add("navigation");
    const started = [...now].some((key) => !inFlight.current.has(key));
    const finished = [...inFlight.current].some((key) => !now.has(key));
    inFlight.current = now;
    // Marked as soon as the change is sent: should the page be left before the sync, the next load still syncs.
    if (started && runner.current) void markCopiesStale();
    if (finished) runner.current?.soon();
  }, [fetchers, navigation]);

  return null;
}
