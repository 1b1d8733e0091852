// Runs once when the HTTP server starts: configuration check, migrations, reference data, demo seed, and the
// auction scheduler (starts and ends auctions on time, then the other deadlines of scheduled-work.server.ts; off with
// AUCTION_SCHEDULER_INTERVAL_MS=0).
import { getEnv } from "~/env.server.ts";
import { getDb, prepareDatabase, type DemoSeeder } from "~/db.server.ts";
import { recordSchedulerPass } from "~/services/platform/index.server.ts";
import { runScheduledWork, startAuctionScheduler } from "~/flows/index.server.ts";
import { rekeySavedSearches } from "~/services/alerts/index.server.ts";
import { adoptPrecompiledSiteStylesheet } from "~/web/site-stylesheet.server.ts";

let stopAuctionScheduler: (() => Promise<void>) | undefined;

export interface ServerStartInfo {
  trustProxy: boolean;
  /** The site is served over HTTPS (PUBLIC_URL is https): browsers are told to use nothing else (HSTS). */
  httpsOnly: boolean;
}

/**
 * `seedDemo`: the demo seed, which server.mjs passes in (the app does not import db/seed). `siteStylesheetFile`: the
 * site stylesheet the production build compiled (build/server/site-stylesheet.json), so the first page does not.
 */
export async function prepareServer({ seedDemo, siteStylesheetFile }: { seedDemo?: DemoSeeder; siteStylesheetFile?: string } = {}): Promise<ServerStartInfo> {
  const env = getEnv();
  // The database is asked first: the stylesheet is read while its answers travel (on PostgreSQL, the driver's loading
  // and the connection), instead of after them.
  const databaseReady = prepareDatabase(console.log, seedDemo);
  if (siteStylesheetFile && !adoptPrecompiledSiteStylesheet(siteStylesheetFile)) {
    console.log("The build has no up-to-date compiled site stylesheet: the first page compiles it.");
  }
  await databaseReady;
  // Saved searches keyed under older alert rules are re-keyed (until then the matcher checks each of them).
  await rekeySavedSearches(getDb(), { all: true }).catch((error: unknown) => console.error("Re-keying saved-search alerts failed:", error));
  if (env.AUCTION_SCHEDULER_INTERVAL_MS > 0 && !stopAuctionScheduler) {
    stopAuctionScheduler = startAuctionScheduler(getDb(), {
      intervalMs: env.AUCTION_SCHEDULER_INTERVAL_MS,
      // Each finished pass is noted for /admin/system-status (last pass and lag).
      afterPass: async (db, now) => {
        try {
          await runScheduledWork(db, now);
          recordSchedulerPass({ startedAt: now, finishedAt: new Date(), ok: true });
        } catch (error) {
          recordSchedulerPass({ startedAt: now, finishedAt: new Date(), ok: false });
          throw error;
        }
      },
    });
  }
  return { trustProxy: env.TRUST_PROXY, httpsOnly: env.PUBLIC_URL.startsWith("https:") };
}
