// Database time of the listing pages, without HTTP or rendering: the services the /listings and
// /listings/{id} loaders call, timed on the seed:bench databases, with each SQL statement's own time and plan.
// Usage: npx tsx bench/listing-queries.ts [--plans] [--mmap-mb N] [data/bench-100000.sqlite data/bench-1000000.sqlite ...]
// (--plans prints every statement's query plan, not only the benchmark query's.)
import fs from "node:fs";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, type LogEvent } from "kysely";
import type { Database } from "#db/schema.ts";
import { parseListingFilters } from "~/lib/listing-filters.ts";
import { getListingDetail, relatedListings } from "~/services/listings/listing-detail.server.ts";
import { searchListings } from "~/services/listings/listing-search.server.ts";

const showAllPlans = process.argv.includes("--plans");
// --mmap-mb N: let SQLite map N MB of the file (the server opens it without mmap), to see what page reads cost.
const mmapAt = process.argv.indexOf("--mmap-mb");
const mmapMb = mmapAt > 0 ? Number(process.argv[mmapAt + 1]) : 0;
const files = process.argv.slice(2).filter((arg, i, all) => !arg.startsWith("--") && all[i - 1] !== "--mmap-mb");
if (files.length === 0) files.push("data/bench-100000.sqlite", "data/bench-1000000.sqlite");

const SEARCHES = [
  "search=oscilloscope&condition=used_good&sort=price:asc&page=3",
  "search=oscilloscope",
  "search=oscilloscope&sort=relevance",
  "",
  "category=test_measurement&sort=price:desc&page=2",
  "condition=good&minPrice=1000&maxPrice=5000",
  "search=keysight%20analyzer&calibrated=1",
];
const RUNS = 30;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
function summary(samples: number[], cpu?: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const line = `p50 ${percentile(sorted, 50).toFixed(2)} ms  p95 ${percentile(sorted, 95).toFixed(2)} ms  max ${(sorted[sorted.length - 1] ?? NaN).toFixed(2)} ms`;
  if (!cpu) return line;
  // CPU time of this process: what the query costs when the machine is shared with other work.
  const cpuSorted = [...cpu].sort((a, b) => a - b);
  return `${line}  | cpu p50 ${percentile(cpuSorted, 50).toFixed(2)} ms`;
}
/** A short name for a statement of the search service, for the report. */
function statementKind(sql: string): string {
  if (/from "categories"/.test(sql)) return "category";
  if (/count\(\*\) as "total"/.test(sql)) return "count";
  if (/count\(\*\)/.test(sql) && /match/.test(sql)) return "fts probe";
  if (/thumbnail_url/.test(sql)) return "cards";
  if (/^select "l"\."id" from/.test(sql)) return "page ids";
  return sql.slice(0, 40);
}
function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

for (const file of files) {
  if (!fs.existsSync(file)) {
    console.log(`\n${file}: missing (npm run seed:bench -- --listings N)`);
    continue;
  }
  const connection = new SQLite(file, { readonly: true });
  // The same pragmas the server opens the database with (db/dialect.ts), minus what needs writing.
  connection.pragma("busy_timeout = 5000");
  if (mmapMb > 0) connection.pragma(`mmap_size = ${mmapMb * 1024 * 1024}`);
  let statements: Array<{ sql: string; parameters: readonly unknown[]; ms: number }> = [];
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: connection }),
    log: (event: LogEvent) => {
      if (event.level === "query") {
        statements.push({ sql: event.query.sql, parameters: event.query.parameters, ms: event.queryDurationMillis });
      }
    },
  });
  const count = (connection.prepare("select count(*) as n from equipment_listings").get() as { n: number }).n;
  console.log(`\n== ${file}: ${count.toLocaleString("en-US")} listings`);

  for (const query of SEARCHES) {
    const { filters } = parseListingFilters(new URLSearchParams(query));
    await searchListings(db, filters); // warm the page cache
    const samples: number[] = [];
    const cpu: number[] = [];
    let total = 0;
    const perStatement = new Map<string, number[]>();
    for (let i = 0; i < RUNS; i += 1) {
      statements = [];
      const started = performance.now();
      const cpuStart = process.cpuUsage();
      const result = await searchListings(db, filters);
      samples.push(performance.now() - started);
      cpu.push(cpuMs(cpuStart));
      total = result.total;
      for (const s of statements) perStatement.set(s.sql, [...(perStatement.get(s.sql) ?? []), s.ms]);
    }
    console.log(`\nsearchListings(${query || "(no filters)"}) → ${total.toLocaleString("en-US")} results\n  total   ${summary(samples, cpu)}`);
    for (const [sql, ms] of perStatement) {
      console.log(`  ${statementKind(sql).padEnd(9)} ${summary(ms)}  (${ms.length} of ${RUNS} runs)`);
    }
    if (query === SEARCHES[0] || showAllPlans) {
      for (const s of statements) {
        const plan = connection.prepare(`explain query plan ${s.sql}`).all(...(s.parameters as unknown[])) as Array<{ detail: string }>;
        console.log(`  plan of ${statementKind(s.sql)}:\n${plan.map((p) => `    ${p.detail}`).join("\n")}`);
      }
    }
  }

  // The detail page: the listing, its images, its seller and category chain, and four related listings.
  const ids = (
    connection.prepare("select id from equipment_listings where status = 'active' order by id desc limit 50").all() as Array<{ id: number }>
  ).map((r) => r.id);
  const samples: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS * 2; i += 1) {
    const id = ids[i % ids.length] as number;
    const started = performance.now();
    const cpuStart = process.cpuUsage();
    const listing = await getListingDetail(db, id, null);
    if (listing) await relatedListings(db, listing);
    samples.push(performance.now() - started);
    cpu.push(cpuMs(cpuStart));
  }
  console.log(`\ngetListingDetail + relatedListings\n  total   ${summary(samples, cpu)}`);
  await db.destroy();
}
