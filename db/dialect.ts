// Every dialect-specific line lives here. SQLite (better-sqlite3) is the embedded default;
// a PostgreSQL branch can be added beside it without touching services or migrations.
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql, type RawBuilder, type SqlBool } from "kysely";
import type { Database } from "./schema.ts";

export type SynchronousMode = "OFF" | "NORMAL" | "FULL" | "EXTRA";

export interface DatabaseOptions {
  /** `file:./data/x.sqlite`, `sqlite:./x.sqlite`, a plain path, or `:memory:`. */
  url: string;
  synchronous?: SynchronousMode;
  busyTimeoutMs?: number;
}

/** What migrations may ask of the dialect: the few SQL fragments that differ between engines. */
export interface MigrationDialect {
  name: "sqlite";
  /** Column default for "now" as ISO-8601 UTC text. */
  nowDefault: RawBuilder<string>;
}

export const sqliteMigrationDialect: MigrationDialect = {
  name: "sqlite",
  nowDefault: sql<string>`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`,
};

export function sqliteFilePath(url: string): string {
  if (url === ":memory:") return url;
  const stripped = url.replace(/^(file:|sqlite:)(\/\/)?/, "");
  if (/^postgres(ql)?:/.test(url)) {
    throw new Error("DATABASE_URL: PostgreSQL is not supported yet; use a SQLite file path.");
  }
  return stripped;
}

export interface OpenedDatabase {
  db: Kysely<Database>;
  dialect: MigrationDialect;
  /** Close the connection (tests and graceful shutdown). */
  close: () => Promise<void>;
  /** The file behind the database, for tests that copy a template. */
  file: string;
}

export function openDatabase(options: DatabaseOptions): OpenedDatabase {
  const file = sqliteFilePath(options.url);
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const connection = new SQLite(file);
  connection.pragma("journal_mode = WAL");
  connection.pragma("foreign_keys = ON");
  connection.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 5000}`);
  connection.pragma(`synchronous = ${options.synchronous ?? "FULL"}`);
  // Read large databases through the page cache of the OS instead of copying pages into SQLite's small one:
  // halves the CPU of queries that touch many rows at a million listings.
  connection.pragma("mmap_size = 1073741824");
  connection.pragma("cache_size = -65536");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(connection) }) });
  return { db, dialect: sqliteMigrationDialect, close: () => db.destroy(), file };
}

const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely asks better-sqlite3 to prepare every query afresh; compiling the SQL is a large part of a small query's
 * cost (a fifth of a bid). Queries are built from a fixed set of shapes, so their prepared statements are kept by
 * SQL text (least recently used dropped past 1000). Safe because Kysely runs one query at a time on this connection.
 */
function withStatementCache(connection: SQLite.Database): SQLite.Database {
  const statements = new Map<string, SQLite.Statement>();
  const prepare = (source: string): SQLite.Statement => {
    let statement = statements.get(source);
    if (statement) {
      statements.delete(source);
    } else {
      statement = connection.prepare(source);
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
    }
    statements.set(source, statement);
    return statement;
  };
  return new Proxy(connection, {
    get(target, property, receiver) {
      if (property === "prepare") return prepare;
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** A cheap round trip that proves the database answers. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** ISO-8601 UTC text for a moment, the format every timestamp column holds. */
export function toDbTime(date: Date): string {
  return date.toISOString();
}

// ── Full-text search over listings (SQLite FTS5; table and triggers in the listings migration) ──

/**
 * Turns what a buyer typed into a full-text query: every word must match (stemmed), the last word
 * may be the start of a longer one. Operators and punctuation are dropped, so input can never be
 * read as query syntax. Null when nothing searchable is left.
 */
export function listingSearchExpression(text: string): string | null {
  const phrases = listingSearchPhrases(text);
  if (phrases.length === 0) return null;
  return phrases.map(({ word, prefix }) => `"${word}"${prefix ? "*" : ""}`).join(" ");
}

/** The words of `listingSearchExpression`, each a quoted phrase; the last one (of 3 or more letters) also matches as a prefix. */
export function listingSearchPhrases(text: string): { word: string; prefix: boolean }[] {
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 12);
  return words.map((word, index) => ({ word, prefix: index === words.length - 1 && word.length >= 3 }));
}

/** Ids of listings whose title, description, brand or model match, for `where id in (…)`. */
export function listingIdsMatching(expression: string): RawBuilder<number> {
  return sql<number>`(select rowid from listing_search where listing_search match ${expression})`;
}

/** The search index as a row source with `rowid` and `rank` (lower is better), for best-match ordering. */
export const listingSearchTable = sql<{ rowid: number; rank: number }>`listing_search`.as("fts");

/** The condition that limits `listingSearchTable` to matching rows. */
export function listingSearchMatches(expression: string): RawBuilder<boolean> {
  return sql<boolean>`listing_search match ${expression}`;
}

/**
 * Best-match score of a row of `listingSearchTable` (lower is better): BM25 with a title match
 * weighing most, then brand and model, then the description.
 */
export const listingSearchRank: RawBuilder<number> = sql<number>`bm25(listing_search, 10.0, 1.0, 4.0, 4.0)`;

/**
 * A column the query planner may not look up through an index (SQLite: unary plus), for the few
 * queries whose best plan depends on how many rows the full-text index matches, which SQLite cannot know.
 */
export function withoutIndex(column: string): RawBuilder<unknown> {
  return sql`+${sql.ref(column)}`;
}

/**
 * `column` contains `lowerCaseText` when the column's ASCII letters are lower-cased (SQLite's built-in lower() folds
 * A–Z only; JavaScript's twin is asciiLowerCase in app/lib/listing-filters.ts, so both sides select the same rows).
 */
export function containsIgnoringAsciiCase(column: string, lowerCaseText: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`instr(lower(${sql.ref(column)}), ${lowerCaseText}) > 0`;
}

/**
 * Changes whenever anything is written to the database, by this connection (`changes`, rows written since it
 * opened) or another process (`version`): results cached under it are never stale.
 */
export async function databaseVersion(db: Kysely<Database>): Promise<{ changes: number; version: number }> {
  const { rows } = await sql<{ changes: number; version: number }>`select total_changes() as changes, data_version as version from pragma_data_version`.execute(db);
  return rows[0] ?? { changes: 0, version: 0 };
}

// ── Write transactions that must not interleave (bids, purchases, auction lifecycle) ──

/** Connection-bound handles handed to work inside `inWriteTransaction`, so a nested call joins the outer one. */
const boundToWriteTransaction = new WeakSet<Kysely<Database>>();

/**
 * Runs `work` in one transaction that holds the database's write lock from its first statement, so what it reads
 * cannot change before it writes, in this process or another one on the same file. SQLite: `BEGIN IMMEDIATE` on the
 * single connection (other queries of this process wait for it; other processes wait up to the busy timeout).
 * A PostgreSQL branch will run `work` in an ordinary transaction whose reads use `SELECT … FOR UPDATE`
 * to lock the rows it reads. Nested calls run inside the outer transaction.
 */
export async function inWriteTransaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  if (boundToWriteTransaction.has(db)) return work(db);
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    boundToWriteTransaction.add(connection);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => undefined);
      throw error;
    } finally {
      boundToWriteTransaction.delete(connection);
    }
  });
}

// ── Full-text terms, as the listing search index stores them (saved-search alerts compare them with match keys) ──

/** The tokenizer of the listing_search table (listings migration); the term helpers below must tokenize alike. */
export const LISTING_SEARCH_TOKENIZER = "porter unicode61 remove_diacritics 2";

/** A term of a text as the listing search index holds it (folded, diacritics removed, stemmed), in text order. */
export interface FullTextToken {
  /** The index of the text it came from. */
  text: number;
  term: string;
  /** Its position among the text's tokens. */
  position: number;
}

const termTables = new WeakMap<Kysely<Database>, Promise<void>>();
/** Rows of the scratch table are numbered apart per call, so concurrent calls never read each other's text. */
let nextScratchRow = 1;

function ensureTermTables(db: Kysely<Database>): Promise<void> {
  let ready = termTables.get(db);
  if (!ready) {
    // A per-connection TEMP table with the listing index's own tokenizer, and its vocabulary by token instance:
    // SQLite itself stems, so the terms are exactly those the index stores and a search query looks up.
    ready = (async () => {
      await sql
        .raw(
          `create virtual table if not exists temp.full_text_scratch using fts5(body, content='', contentless_delete=1, tokenize='${LISTING_SEARCH_TOKENIZER}')`,
        )
        .execute(db);
      await sql`create virtual table if not exists temp.full_text_scratch_terms using fts5vocab(temp, 'full_text_scratch', 'instance')`.execute(db);
    })();
    ready.catch(() => termTables.delete(db));
    termTables.set(db, ready);
  }
  return ready;
}

/** The full-text terms of each text, as the listing search index (and its queries) would tokenize it. */
export async function fullTextTokens(db: Kysely<Database>, texts: readonly string[]): Promise<FullTextToken[]> {
  if (texts.length === 0) return [];
  await ensureTermTables(db);
  const first = nextScratchRow;
  const last = first + texts.length - 1;
  nextScratchRow = last + 1 >= Number.MAX_SAFE_INTEGER ? 1 : last + 1;
  await sql`insert into temp.full_text_scratch(rowid, body) select cast(${first} as integer) + key, value from json_each(${JSON.stringify(texts)})`.execute(db);
  try {
    const { rows } = await sql<{ doc: number; term: string; offset: number }>`select doc, term, "offset" from temp.full_text_scratch_terms where doc between ${first} and ${last}`.execute(db);
    return rows
      .map((row) => ({ text: row.doc - first, term: row.term, position: row.offset }))
      .sort((a, b) => a.text - b.text || a.position - b.position);
  } finally {
    await sql`delete from temp.full_text_scratch where rowid between ${first} and ${last}`.execute(db);
  }
}

/**
 * Which of the full-text expressions (from `listingSearchExpression`) match one listing: the search's own
 * `listing_search match ?` restricted to that row, so the answer is the search's answer.
 * The cast matters: better-sqlite3 binds JavaScript numbers as REAL, and FTS5 silently ignores a `rowid = ?`
 * constraint whose value is REAL (SQLite 3.53), answering for every matching row instead.
 */
export async function listingMatchesExpressions(db: Kysely<Database>, listingId: number, expressions: readonly string[]): Promise<boolean[]> {
  if (expressions.length === 0) return [];
  const { rows } = await sql<{ i: number }>`select e.key as i from json_each(${JSON.stringify(expressions)}) as e
    where exists (select 1 from listing_search where listing_search match e.value and rowid = cast(${listingId} as integer))`.execute(db);
  const matched = new Set(rows.map((row) => Number(row.i)));
  return expressions.map((_, index) => matched.has(index));
}

/** Values of a JSON array as a row source for `in (…)`: any number of values in one parameter. */
export function jsonValues<T extends string | number>(values: readonly T[]): RawBuilder<T> {
  return sql<T>`(select value from json_each(${JSON.stringify(values)}))`;
}

// ── Saved-search alerts: the searches a new listing may match, by their match keys ──

export interface AlertCandidateQuery {
  keyVersion: number;
  sellerId: string;
  priceCents: number;
  /** Every value a search's category may hold that covers the listing's category. */
  categories: readonly string[];
  /** The listing's full-text terms, and every prefix of them. */
  terms: readonly string[];
  prefixes: readonly string[];
}

/**
 * Saved searches with alerts on (not the seller's) whose keys admit the listing: keyed by one of its terms (exact) or
 * by a prefix of one, or without words (looked up by category), plus rows whose keys are stale (any key version but
 * the current one), all within the category and price keys. SQLite details: the literal `notify_on_new = 1` and
 * `alert_term is null` let the planner use the partial indexes of the buyers' loop migration; the key version is kept
 * out of the plan where every row shares it; INDEXED BY names the index where SQLite, without statistics, would
 * walk every search without words (or every search) instead.
 */
export async function savedSearchAlertCandidates(
  db: Kysely<Database>,
  query: AlertCandidateQuery,
): Promise<{ id: number; search_params: string }[]> {
  const keys = sql`user_id != ${query.sellerId}
    and (alert_min_cents is null or alert_min_cents <= ${query.priceCents})
    and (alert_max_cents is null or alert_max_cents >= ${query.priceCents})`;
  const inCategory = sql`(alert_category is null or alert_category in (select value from json_each(${JSON.stringify(query.categories)})))`;
  const current = sql`+alert_key_version = ${query.keyVersion}`;
  const { rows } = await sql<{ id: number; search_params: string }>`
    select id, search_params from saved_searches
      where notify_on_new = 1 and alert_term in (select value from json_each(${JSON.stringify(query.terms)})) and alert_term_prefix = 0
        and ${current} and ${keys} and ${inCategory}
    union all
    select id, search_params from saved_searches
      where notify_on_new = 1 and alert_term in (select value from json_each(${JSON.stringify(query.prefixes)})) and alert_term_prefix = 1
        and ${current} and ${keys} and ${inCategory}
    union all
    select id, search_params from saved_searches indexed by saved_searches_alert_unkeyed
      where notify_on_new = 1 and alert_term is null and alert_category in (select value from json_each(${JSON.stringify(query.categories)}))
        and ${current} and ${keys}
    union all
    select id, search_params from saved_searches indexed by saved_searches_alert_unkeyed
      where notify_on_new = 1 and alert_term is null and alert_category is null and ${current} and ${keys}
    union all
    select id, search_params from saved_searches indexed by saved_searches_alert_key_version
      where notify_on_new = 1 and (alert_key_version < ${query.keyVersion} or alert_key_version > ${query.keyVersion}) and ${keys} and ${inCategory}`.execute(db);
  return rows;
}

/** Records that a listing matched these saved searches (a pair already recorded stays as it was); returns how many are new. */
export async function recordSavedSearchMatches(
  db: Kysely<Database>,
  listingId: number,
  savedSearchIds: readonly number[],
  matchedAt: string,
): Promise<number> {
  if (savedSearchIds.length === 0) return 0;
  const result = await sql`insert into saved_search_matches (saved_search_id, listing_id, matched_at)
    select value, ${listingId}, ${matchedAt} from json_each(${JSON.stringify(savedSearchIds)}) where true
    on conflict (saved_search_id, listing_id) do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
