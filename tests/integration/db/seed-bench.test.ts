// `npm run seed:bench` fills the benchmarks' database with its own fast loader (triggers and indexes dropped while the
// rows load). What /listings reads must still be there afterwards, as the app itself would have written it: a search
// with words finds the listings that hold the word, and the totals are those of the listings. A bench database
// without them once made every word search find nothing and every browse sort every listing, and the benchmarks
// measured that. SQLite only (a PostgreSQL bench database is this same file copied over by db:copy-to-postgres,
// which copy-to-postgres.test.ts covers).
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { openDatabase, type OpenedDatabase } from "#db/dialect.ts";
import { parseListingFilters } from "~/lib/listing-filters.ts";
import { searchListings } from "~/services/listings/listing-search.server.ts";
import { onPostgres } from "../../support/test-database.ts";

const TMP_DIR = path.resolve(process.env.TEST_TMP_DIR ?? "tests/.tmp");
const runId = crypto.randomUUID().replaceAll("-", "");
const databaseFile = path.join(TMP_DIR, `seed-bench-${runId}.sqlite`);
const uploadsDir = path.join(TMP_DIR, `seed-bench-uploads-${runId}`);
const LISTINGS = 1500;

let opened: OpenedDatabase;

const search = (query: string) => searchListings(opened.db, parseListingFilters(new URLSearchParams(query)).filters, { cached: false });

describe.skipIf(onPostgres)("the bench database seed:bench makes", () => {
  beforeAll(() => {
    fs.mkdirSync(TMP_DIR, { recursive: true });
    const seeded = spawnSync(
      process.execPath,
      ["--import", "tsx", "scripts/seed-bench.ts", "--listings", String(LISTINGS), "--database", databaseFile, "--uploads", uploadsDir, "--force"],
      { encoding: "utf8" },
    );
    expect(seeded.stderr + seeded.stdout).toContain(`${LISTINGS.toLocaleString("en-US")} listings`);
    expect(seeded.status).toBe(0);
    opened = openDatabase({ url: databaseFile });
  }, 120_000);

  afterAll(async () => {
    await opened?.close();
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(`${databaseFile}${suffix}`, { force: true });
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  });

  it("finds by words the active listings that hold them, as many as there are", async () => {
    const { rows } = await sql<{ n: number }>`select count(*) as n from equipment_listings
      where status = 'active' and (title like '%oscilloscope%' or description like '%oscilloscope%')`.execute(opened.db);
    const holding = Number(rows[0]?.n);
    expect(holding).toBeGreaterThan(0);
    const found = await search("search=oscilloscope");
    expect(found.total).toBeGreaterThanOrEqual(holding);
    expect(found.listings.length).toBeGreaterThan(0);
    const ids = found.listings.map((listing) => listing.id);
    const { rows: shown } = await sql<{ n: number }>`select count(*) as n from equipment_listings where status = 'active'
      and lower(title || ' ' || description || ' ' || coalesce(brand, '') || ' ' || coalesce(model, '')) like '%oscilloscope%'
      and id in (${sql.join(ids)})`.execute(opened.db);
    expect(Number(shown[0]?.n)).toBe(ids.length);
  });

  it("totals the active listings, overall and by category", async () => {
    const { rows } = await sql<{ category_id: string; n: number }>`select category_id, count(*) as n from equipment_listings
      where status = 'active' group by category_id order by count(*) desc limit 1`.execute(opened.db);
    const [biggest] = rows;
    const { rows: all } = await sql<{ n: number }>`select count(*) as n from equipment_listings where status = 'active'`.execute(opened.db);
    expect((await search("")).total).toBe(Number(all[0]?.n));
    expect((await search(`category=${biggest!.category_id}`)).total).toBe(Number(biggest!.n));
  });
});
