// The seller dashboard's database time (p95 ≤ 100 ms for a seller with 10,000 listings and 1M listing views),
// without HTTP or rendering: the five section reads /dashboard makes for a seller (stats, Your Listings, Performance
// Overview, Top Performing, Needs your attention), in parallel as the loader runs them, on one connection.
//
// The data: a copy of data/bench-100000.sqlite at .scratch/dashboards-bench.sqlite (the bench file itself is never
// written), migrated with the dashboards migration, plus one seller with 10,000 listings (copies of bench listings)
// and 1,000,000 rows of listing_views over the last 90 days, their per-day counts rebuilt from those rows the way
// the migration fills them. Made once, reused afterwards (--fresh makes it again).
//
// Usage: npx tsx bench/seller-dashboard.ts [--runs 300] [--fresh] [--source data/bench-100000.sqlite]
//        (also: node bench/seller-dashboard.mjs …). Prints p50/p95/max wall time, CPU time per dashboard, each
//        statement's query plan, and the machine's load average.
import fs from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { openDatabase } from "#db/dialect.ts";
import { up as dashboardsMigration } from "../migrations/2026-12-03T1300-dashboards.ts";
import { getSellerListingRows, getSellerPerformance, getSellerStats, getSellerTasks } from "~/services/dashboards/index.server.ts";

const { values: options } = parseArgs({
  options: {
    runs: { type: "string", default: "300" },
    fresh: { type: "boolean", default: false },
    source: { type: "string", default: "data/bench-100000.sqlite" },
    target: { type: "string", default: ".scratch/dashboards-bench.sqlite" },
    listings: { type: "string", default: "10000" },
    views: { type: "string", default: "1000000" },
  },
});
const SELLER = "bench-dashboard-seller";
const listingCount = Number(options.listings);
const viewCount = Number(options.views);

if (options.fresh || !fs.existsSync(options.target)) {
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(`${options.target}${suffix}`, { force: true });
  console.log(`Copying ${options.source} to ${options.target} …`);
  fs.copyFileSync(options.source, options.target);
}

const opened = openDatabase({ url: options.target });
const db = opened.db;

const hasRollups = await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'seller_view_days'`.execute(db);
if (Number(hasRollups.rows[0]?.n ?? 0) === 0) {
  console.log("Applying the dashboards migration …");
  await dashboardsMigration(db);
}

const existing = await db
  .selectFrom("equipment_listings")
  .select((eb) => eb.fn.countAll<number>().as("n"))
  .where("user_id", "=", SELLER)
  .executeTakeFirstOrThrow();
if (Number(existing.n) < listingCount) {
  console.log(`Building the seller: ${listingCount} listings, ${viewCount} views …`);
  const started = performance.now();
  await db
    .insertInto("users")
    .values({ id: SELLER, email: "bench-dashboard-seller@example.test", password_hash: "x", email_confirmed_at: new Date().toISOString() })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto("profiles")
    .values({ id: SELLER, email: "bench-dashboard-seller@example.test", role: "seller", is_verified: 1, first_name: "Bench" })
    .onConflict((oc) => oc.doNothing())
    .execute();
  // Copies of existing listings: every status, prices and dates as the bench seed made them.
  await sql`
    INSERT INTO equipment_listings (user_id, title, description, brand, model, category_id, condition, listing_type, price_cents, currency, location, status, ai_generated, is_featured, calibration_accredited, accepts_offers, created_at, updated_at)
    SELECT ${SELLER}, title, description, brand, model, category_id, condition, listing_type, price_cents, currency, location, status, 0, 0, 0, 0, created_at, updated_at
    FROM equipment_listings WHERE user_id != ${SELLER} ORDER BY id LIMIT ${listingCount}
  `.execute(db);
  const ids = (await db.selectFrom("equipment_listings").select("id").where("user_id", "=", SELLER).orderBy("id").execute()).map((row) => row.id);
  const now = Date.now();
  // 1M views spread over 90 days, skewed so some listings are much more viewed than others.
  await sql`
    WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ${viewCount})
    INSERT INTO listing_views (listing_id, user_id, viewer_hash, ip_hash, viewed_at, created_at)
    SELECT
      ${ids[0]!} + ((i * i) % ${ids.length}) % ((i % 7) * ${Math.ceil(ids.length / 7)} + 1),
      NULL,
      printf('%016x', i),
      printf('%016x', i),
      strftime('%Y-%m-%dT%H:%M:%fZ', ${now / 1000} - (i * 7919 % (90 * 86400)), 'unixepoch'),
      strftime('%Y-%m-%dT%H:%M:%fZ', ${now / 1000} - (i * 7919 % (90 * 86400)), 'unixepoch')
    FROM n
  `.execute(db);
  await sql`DELETE FROM listing_view_days WHERE listing_id IN (SELECT id FROM equipment_listings WHERE user_id = ${SELLER})`.execute(db);
  await sql`
    INSERT INTO listing_view_days (listing_id, day, views)
    SELECT v.listing_id, substr(v.viewed_at, 1, 10), count(*) FROM listing_views v JOIN equipment_listings l ON l.id = v.listing_id
    WHERE l.user_id = ${SELLER} GROUP BY v.listing_id, substr(v.viewed_at, 1, 10)
  `.execute(db);
  await sql`DELETE FROM seller_view_days WHERE seller_id = ${SELLER}`.execute(db);
  await sql`INSERT INTO seller_view_days (seller_id, day, views) SELECT ${SELLER}, d.day, sum(d.views) FROM listing_view_days d JOIN equipment_listings l ON l.id = d.listing_id WHERE l.user_id = ${SELLER} GROUP BY d.day`.execute(
    db,
  );
  await sql`UPDATE equipment_listings SET views = (SELECT count(*) FROM listing_views v WHERE v.listing_id = equipment_listings.id) WHERE user_id = ${SELLER}`.execute(
    db,
  );
  await sql`ANALYZE`.execute(db);
  console.log(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const counts = await sql<{ listings: number; views: number }>`
  SELECT (SELECT count(*) FROM equipment_listings WHERE user_id = ${SELLER}) AS listings,
         (SELECT count(*) FROM listing_views v JOIN equipment_listings l ON l.id = v.listing_id WHERE l.user_id = ${SELLER}) AS views
`.execute(db);
console.log(`Seller ${SELLER}: ${counts.rows[0]?.listings} listings, ${counts.rows[0]?.views} rows of listing_views`);

async function dashboard() {
  const now = new Date();
  return Promise.all([
    getSellerStats(db, SELLER, now),
    getSellerListingRows(db, SELLER, "created", 5),
    getSellerPerformance(db, SELLER, now),
    getSellerListingRows(db, SELLER, "views", 3),
    getSellerTasks(db, SELLER, now),
  ]);
}

// Warm-up (page cache, prepared statements), then the timed runs.
const [stats] = await dashboard();
console.log(`Figures: ${stats.totalListings} listings (${stats.activeListings} active), ${stats.viewsThisMonth} views this month`);
for (let i = 0; i < 20; i++) await dashboard();
const runs = Number(options.runs);
const times: number[] = [];
const cpuStart = process.cpuUsage();
for (let i = 0; i < runs; i++) {
  const started = performance.now();
  await dashboard();
  times.push(performance.now() - started);
}
const cpu = process.cpuUsage(cpuStart);
times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!;
console.log(
  `Seller dashboard (5 sections), ${runs} runs on SQLite: p50 ${pct(50).toFixed(2)} ms, p95 ${pct(95).toFixed(2)} ms, max ${pct(100).toFixed(2)} ms; CPU ${((cpu.user + cpu.system) / 1000 / runs).toFixed(2)} ms per dashboard`,
);
console.log(
  `Load average while measuring: ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")} (${os.cpus().length} cores)`,
);

// The plans: every statement uses an index (no full scan of listing_views, listings or orders).
const monthStart = `${new Date().toISOString().slice(0, 7)}-01`;
const plans: Array<[string, string]> = [
  ["status counts", `SELECT status, count(*) FROM equipment_listings WHERE user_id = '${SELLER}' GROUP BY status`],
  ["views this month", `SELECT sum(views) FROM seller_view_days WHERE seller_id = '${SELLER}' AND day >= '${monthStart}'`],
  ["newest 5", `SELECT id FROM equipment_listings WHERE user_id = '${SELLER}' ORDER BY created_at DESC, id DESC LIMIT 5`],
  ["top 3 by views", `SELECT id FROM equipment_listings WHERE user_id = '${SELLER}' ORDER BY views DESC, id DESC LIMIT 3`],
  ["sales", `SELECT currency, count(*) FROM orders WHERE seller_id = '${SELLER}' AND status IN ('paid','shipped') GROUP BY currency`],
];
for (const [label, statement] of plans) {
  const plan = await sql.raw<{ detail: string }>(`EXPLAIN QUERY PLAN ${statement}`).execute(db);
  console.log(`  ${label}: ${plan.rows.map((row) => row.detail).join(" | ")}`);
}
// The baseline the per-day counts replace: this month's views counted from listing_views itself (one run).
{
  const started = performance.now();
  const direct = await sql<{
    n: number;
  }>`SELECT count(*) AS n FROM listing_views v JOIN equipment_listings l ON l.id = v.listing_id WHERE l.user_id = ${SELLER} AND v.viewed_at >= ${monthStart}`.execute(
    db,
  );
  console.log(
    `Baseline, Views This Month counted from listing_views directly: ${direct.rows[0]?.n} in ${(performance.now() - started).toFixed(0)} ms (the per-day counts said ${stats.viewsThisMonth})`,
  );
}
await opened.close();
