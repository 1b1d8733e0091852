// Database time of the /listings query mix, without HTTP or rendering: searchListings (what the /listings loader
// calls) on one connection with the result cache off (SEARCH_RESULT_CACHE=0; the category tree, read once, stays in
// memory as it does in the server) for every distinct address of bench/listing-mix.mjs's mix, once each. Prints
// per-shape p50/p95/max, how many addresses take more than the budget (30 ms at 1M), the slowest ones
// with each statement's time and plan, and the listing page's queries.
//
// Usage: npx tsx bench/listing-queries.ts [--database postgres://…] [--budget 30] [--limit N] [--slowest 15]
//          [--plans N] [--runs 1] [data/bench-1000000.sqlite …]          (also: node bench/listing-queries.mjs …)
//   Default database: data/bench-1000000.sqlite. With --database (or DATABASE_URL) postgres://…, the PostgreSQL copy
//   of data/bench-N.sqlite (bench/bench-database.mjs; N from --listings, default 1000000) and the same mix.
import { parseArgs } from "node:util";
import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  createQueryId,
  type KyselyPlugin,
  type Kysely,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from "kysely";
import { openDatabase } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { parseListingFilters } from "~/lib/listing-filters.ts";
import { getListingDetail, relatedListings } from "~/services/listings/listing-detail.server.ts";
import { searchListings } from "~/services/listings/listing-search.server.ts";
import { benchDatabase, chosenDatabase } from "./bench-database.mjs";
import { listingQueryMix, readVocabulary } from "./listing-mix.mjs";

// Every answer computed, none remembered (read when the service first asks for the configuration).
process.env.SEARCH_RESULT_CACHE = "0";

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    database: { type: "string" },
    listings: { type: "string", default: "1000000" },
    budget: { type: "string", default: "30" },
    limit: { type: "string" },
    distinct: { type: "string", default: "2500" },
    slowest: { type: "string", default: "15" },
    plans: { type: "string", default: "5" },
    runs: { type: "string", default: "1" },
  },
});
const budgetMs = Number(options.budget);
const runs = Math.max(1, Number(options.runs));

interface Statement {
  sql: string;
  parameters: readonly unknown[];
  ms: number;
}

/** Times every statement a handle runs (between compiling it and its result), for the report. */
class StatementTimer implements KyselyPlugin {
  statements: Statement[] = [];
  private started = new WeakMap<object, { sql: string; parameters: readonly unknown[]; at: number }>();
  constructor(private readonly compile: (node: RootOperationNode) => { sql: string; parameters: readonly unknown[] }) {}
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const { sql, parameters } = this.compile(args.node);
    this.started.set(args.queryId, { sql, parameters, at: performance.now() });
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const started = this.started.get(args.queryId);
    // Once: a query compiled once and run again with the same id (the cards of a page) is not compiled again, so a
    // later run has no start here and is left out of the list (its time is still in the address's total).
    this.started.delete(args.queryId);
    if (started) this.statements.push({ sql: started.sql, parameters: started.parameters, ms: performance.now() - started.at });
    return args.result;
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "–");

/** A short name for a statement of the search service. */
function statementKind(sql: string): string {
  if (/from "categories"/.test(sql)) return "categories";
  if (/count\(\*\) as "total"/.test(sql)) return "count";
  if (/count\(\*\) as "matches"/.test(sql)) return "text probe";
  if (/thumbnail_url/.test(sql)) return "cards";
  if (/^select "fts"\."rowid"/.test(sql)) return "top matches";
  if (/ts_filter\(search_vector, '\{a\}'\)/.test(sql)) return "title matches";
  if (/^select "l"\."id" from/.test(sql)) return "page ids";
  if (/data_version|pg_current_snapshot|txid_current/.test(sql)) return "version";
  return sql.replace(/\s+/g, " ").slice(0, 40);
}

async function planOf(db: Kysely<Database>, engine: string, statement: Statement): Promise<string[]> {
  const query = CompiledQuery.raw(`${engine === "sqlite" ? "explain query plan" : "explain"} ${statement.sql}`, [...statement.parameters]);
  const rows = (await db.executeQuery(query)).rows as Array<Record<string, unknown>>;
  return rows.map((row) => String(row.detail ?? row["QUERY PLAN"] ?? JSON.stringify(row)));
}

const chosen = chosenDatabase(options.database);
const targets: Array<{ url: string; sqliteFile: string; engine: string; label: string }> = [];
if (chosen || positionals.length === 0) {
  targets.push(await benchDatabase(Number(options.listings.replace(/_/g, "")), options.database));
} else {
  for (const file of positionals) targets.push({ url: file, sqliteFile: file, engine: "sqlite", label: file });
}

for (const target of targets) {
  const vocabularySource = new SQLite(target.sqliteFile, { readonly: true });
  const vocabulary = readVocabulary(vocabularySource);
  vocabularySource.close();
  const mix = listingQueryMix(vocabulary, { distinct: Number(options.distinct) });
  const seen = new Set<string>();
  let addresses = mix.sequence.filter((item) => !seen.has(item.path) && seen.add(item.path));
  if (options.limit) addresses = addresses.slice(0, Number(options.limit));
  const warmUp = listingQueryMix(vocabulary, { distinct: 40, seed: 99 }).sequence.filter((item) => !seen.has(item.path));

  // One connection, as the server opens it (pragmas, pool of one on PostgreSQL).
  const opened = openDatabase({ url: target.url, poolSize: 1 });
  const executor = opened.db.getExecutor();
  const timer = new StatementTimer((node) => executor.compileQuery(node, createQueryId()));
  const db = opened.db.withPlugin(timer);
  console.log(
    `\n== ${target.label} (${target.engine}): ${vocabulary.active.toLocaleString("en-US")} active listings; ${addresses.length} distinct addresses of the mix, ` +
      `${runs} run(s) each, one connection, result cache off`,
  );

  const search = (path: string) => searchListings(db, parseListingFilters(new URL(path, "http://x").searchParams).filters);
  for (const item of warmUp) await search(item.path);

  const results: Array<{ path: string; shape: string; ms: number; cpuMs: number; total: number; statements: Statement[] }> = [];
  const started = performance.now();
  for (const item of addresses) {
    let best: (typeof results)[number] | undefined;
    for (let run = 0; run < runs; run += 1) {
      timer.statements = [];
      const cpu = process.cpuUsage();
      const at = performance.now();
      const result = await search(item.path);
      const ms = performance.now() - at;
      const used = process.cpuUsage(cpu);
      const sample = {
        path: item.path,
        shape: String(item.shape),
        ms,
        cpuMs: (used.user + used.system) / 1000,
        total: result.total,
        statements: timer.statements,
      };
      // Several runs: the fastest one is the address's service time (the rest is the shared machine's noise).
      if (!best || sample.ms < best.ms) best = sample;
    }
    if (best) results.push(best);
  }
  const seconds = (performance.now() - started) / 1000;

  const shapes = new Map<string, typeof results>();
  for (const r of results) shapes.set(r.shape, [...(shapes.get(r.shape) ?? []), r]);
  console.log(
    `\n${"shape".padEnd(26)} ${"n".padStart(5)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"max ms".padStart(8)} ${"cpu p50".padStart(8)} ${`>${budgetMs} ms`.padStart(8)}`,
  );
  const line = (name: string, list: typeof results) => {
    const ms = list.map((r) => r.ms).sort((a, b) => a - b);
    const cpu = list.map((r) => r.cpuMs).sort((a, b) => a - b);
    const over = list.filter((r) => r.ms > budgetMs).length;
    console.log(
      `${name.padEnd(26)} ${String(list.length).padStart(5)} ${fmt(percentile(ms, 50), 2).padStart(8)} ${fmt(percentile(ms, 95), 2).padStart(8)} ${fmt(ms[ms.length - 1] ?? NaN, 1).padStart(8)} ${fmt(percentile(cpu, 50), 2).padStart(8)} ${String(over).padStart(8)}`,
    );
  };
  for (const [shape, list] of [...shapes].sort((a, b) => a[0].localeCompare(b[0]))) line(shape, list);
  line("all", results);
  const over = results.filter((r) => r.ms > budgetMs).length;
  console.log(
    `${results.length} addresses in ${fmt(seconds)} s; ${over} over ${budgetMs} ms: ${over === 0 ? "PASS" : "FAIL"} (every query of the mix under ${budgetMs} ms)`,
  );

  const slowest = [...results].sort((a, b) => b.ms - a.ms).slice(0, Number(options.slowest));
  console.log(`\nslowest ${slowest.length} addresses (ms, results, statements):`);
  for (const r of slowest) {
    const parts = r.statements.filter((s) => statementKind(s.sql) !== "version").map((s) => `${statementKind(s.sql)} ${fmt(s.ms)}`);
    console.log(
      `  ${fmt(r.ms).padStart(8)}  ${r.total.toLocaleString("en-US").padStart(9)}  ${r.shape.padEnd(22)} ${r.path}\n${" ".repeat(32)}${parts.join(", ")}`,
    );
  }
  const planCount = Number(options.plans);
  for (const r of slowest.slice(0, planCount)) {
    const worst = [...r.statements].sort((a, b) => b.ms - a.ms)[0];
    if (!worst) continue;
    console.log(`\nplan of the slowest statement (${statementKind(worst.sql)}, ${fmt(worst.ms)} ms) of ${r.path}:\n  ${worst.sql.replace(/\s+/g, " ")}`);
    for (const detail of await planOf(opened.db, target.engine, worst)) console.log(`    ${detail}`);
  }

  // The listing page: the listing, its images, its seller and category chain, and four related listings.
  const idSource = new SQLite(target.sqliteFile, { readonly: true });
  const ids = (idSource.prepare("select id from equipment_listings where status = 'active' and id % 997 = 0 limit 60").all() as Array<{ id: number }>).map(
    (r) => r.id,
  );
  idSource.close();
  const detail: number[] = [];
  for (const id of ids) {
    const at = performance.now();
    const listing = await getListingDetail(db, id, null);
    if (listing) await relatedListings(db, listing);
    detail.push(performance.now() - at);
  }
  detail.sort((a, b) => a - b);
  console.log(
    `\ngetListingDetail + relatedListings, ${detail.length} listings: p50 ${fmt(percentile(detail, 50), 2)} ms, max ${fmt(detail[detail.length - 1] ?? NaN)} ms`,
  );
  await opened.close();
}
