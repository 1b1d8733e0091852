// The application's database handle, opened once per process from DATABASE_URL.
import type { Kysely } from "kysely";
import { openDatabase, type OpenedDatabase } from "#db/dialect.ts";
import { migrateToLatest } from "#db/migrate.ts";
import { syncReferenceData } from "#db/reference-data.ts";
import { oneServerAtATime } from "#db/server-coordination.ts";
import type { Database } from "#db/schema.ts";
import { getEnv } from "~/env.server.ts";
import { applyReferenceRates } from "~/services/pricing/index.server.ts";
import { getUploadStore, type UploadStore } from "~/services/storage/index.server.ts";

let opened: OpenedDatabase | undefined;

function getOpenedDatabase(): OpenedDatabase {
  if (!opened) {
    const env = getEnv();
    opened = openDatabase({ url: env.DATABASE_URL, synchronous: env.DATABASE_SYNCHRONOUS, poolSize: env.DATABASE_POOL_SIZE });
  }
  return opened;
}

export function getDb(): Kysely<Database> {
  return getOpenedDatabase().db;
}

/**
 * Fills an empty database with the demo marketplace and says whether it did. The app never imports the seed: the
 * server's start passes it in (server.mjs loads db/seed/demo.ts, built beside the app by vite.config.ts).
 */
export type DemoSeeder = (db: Kysely<Database>, options: { uploads: UploadStore }) => Promise<boolean>;

/** Migrates, syncs the reference data (categories, role permissions) and, with SEED_DEMO on, seeds an empty database. */
export async function prepareDatabase(log: (line: string) => void = console.log, seedDemo?: DemoSeeder): Promise<void> {
  const { db, dialect } = getOpenedDatabase();
  const applied = await migrateToLatest(db, dialect);
  if (applied.length > 0) log(`Applied migrations: ${applied.join(", ")}`);
  await syncReferenceData(db);
  // Listings' reference amounts follow REFERENCE_CURRENCY and the latest rates (a no-op when neither changed).
  const rewritten = await db.transaction().execute((trx) => applyReferenceRates(trx));
  if (rewritten.length > 0) log(`Reference amounts rewritten for ${rewritten.join(", ")} (reference currency ${getEnv().REFERENCE_CURRENCY}).`);
  if (getEnv().SEED_DEMO && seedDemo) {
    // Servers started together on an empty database seed it once: the others wait, then find it seeded.
    const seeded = await oneServerAtATime(getOpenedDatabase(), "demo-seed", () => seedDemo(db, { uploads: getUploadStore() }));
    if (seeded) log("Seeded the demo marketplace (see README for the demo accounts).");
  }
}
