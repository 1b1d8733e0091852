// `npm run db:migrate`: applies pending migrations and syncs reference data, without seeding.
import { openDatabase } from "../db/dialect.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { syncReferenceData } from "../db/reference-data.ts";
import { getEnv } from "../app/env.server.ts";

const env = getEnv();
const { db, dialect, close } = openDatabase({ url: env.DATABASE_URL, synchronous: env.DATABASE_SYNCHRONOUS });
const applied = await migrateToLatest(db, dialect);
await syncReferenceData(db);
console.log(applied.length ? `Applied: ${applied.join(", ")}` : "The database is up to date.");
await close();
