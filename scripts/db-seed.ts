// `npm run db:seed`: migrates, then seeds the demo marketplace into an empty database.
import { openDatabase } from "../db/dialect.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { syncReferenceData } from "../db/reference-data.ts";
import { seedDemoMarketplace } from "../db/seed/demo.ts";
import { getEnv } from "../app/env.server.ts";
import { uploadStoreFromEnv } from "../app/services/storage/index.server.ts";

const env = getEnv();
const { db, dialect, close } = openDatabase({ url: env.DATABASE_URL, synchronous: env.DATABASE_SYNCHRONOUS });
await migrateToLatest(db, dialect);
await syncReferenceData(db);
console.log(
  (await seedDemoMarketplace(db, { uploads: uploadStoreFromEnv(env) })) ? "Seeded the demo marketplace." : "The database already has users; nothing seeded.",
);
await close();
