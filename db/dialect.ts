// Every engine-specific line lives in db/: this module is what the services and migrations ask of the engine, with
// one implementation per engine, chosen when the database opens from DATABASE_URL (a postgres:// URL → PostgreSQL
// through `pg`, db/postgres.ts; a path or file: URL → the embedded SQLite, db/sqlite.ts). Domain queries live in the
// services; only engine primitives live here (docs/decisions/0030).
import { PostgresAdapter, sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from "kysely";
import { isPostgresUrl, openPostgres, postgresMigrationPlugin } from "./postgres.ts";
import type { Database } from "./schema.ts";
import { openSqlite, sqliteFilePath, type SynchronousMode } from "./sqlite.ts";

export { isPostgresUrl } from "./postgres.ts";
export { sqliteFilePath, type SynchronousMode } from "./sqlite.ts";

export type EngineName = "sqlite" | "postgres";

export interface DatabaseOptions {
  /** `postgres://user:pass@host:port/db`, or for SQLite `file:./data/x.sqlite`, `sqlite:./x.sqlite`, a plain path, or `:memory:`. */
  url: string;
  /** SQLite only. */
  synchronous?: SynchronousMode;
  /** SQLite only. */
  busyTimeoutMs?: number;
  /** PostgreSQL only: connections this process may hold. */
  poolSize?: number;
  /** PostgreSQL only: runs once before the first connection (a test creating its database). */
  beforeConnect?: () => Promise<void>;
}

/** What migrations may ask of the engine: the few SQL fragments that differ between engines. */
export interface MigrationDialect {
  name: EngineName;
  /** Column default for "now" as ISO-8601 UTC text. */
  nowDefault: RawBuilder<string>;
  /** The handle migrations run on (PostgreSQL: integer columns become bigint, auto-increment keys identity columns). */
  prepare<T>(db: Kysely<T>): Kysely<T>;
}

export const sqliteMigrationDialect: MigrationDialect = {
  name: "sqlite",
  nowDefault: sql<string>`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`,
  prepare: (db) => db,
};

export const postgresMigrationDialect: MigrationDialect = {
  name: "postgres",
  nowDefault: sql<string>`(to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`,
  prepare: (db) => db.withPlugin(postgresMigrationPlugin),
};

export interface OpenedDatabase {
  db: Kysely<Database>;
  engine: EngineName;
  dialect: MigrationDialect;
  /** Close the connections (tests and graceful shutdown). */
  close: () => Promise<void>;
  /** What `openDatabase` takes to open this database again (another process of a test, say). */
  url: string;
}

export function openDatabase(options: DatabaseOptions): OpenedDatabase {
  if (isPostgresUrl(options.url)) {
    const { db } = openPostgres({ url: options.url, poolSize: options.poolSize, before: options.beforeConnect });
    return { db, engine: "postgres", dialect: postgresMigrationDialect, close: () => db.destroy(), url: options.url };
  }
  const { db, file } = openSqlite({ file: sqliteFilePath(options.url), synchronous: options.synchronous, busyTimeoutMs: options.busyTimeoutMs });
  return { db, engine: "sqlite", dialect: sqliteMigrationDialect, close: () => db.destroy(), url: file };
}

/** The engine behind a handle (a transaction's handle too). */
export function engineOf(db: Kysely<Database>): EngineName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

/** A cheap round trip that proves the database answers. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** ISO-8601 UTC text for a moment, the format every timestamp column holds. */
export function toDbTime(date: Date): string {
  return date.toISOString();
}

/** Values of a list as a row source for `in (…)`: any number of values in one parameter. */
export function valuesOf<T extends string | number>(db: Kysely<Database>, values: readonly T[]): RawBuilder<T> {
  const json = JSON.stringify(values);
  if (engineOf(db) === "sqlite") return sql<T>`(select value from json_each(${json}))`;
  const numeric = values.length > 0 && values.every((value) => typeof value === "number");
  return numeric
    ? sql<T>`(select value::bigint from jsonb_array_elements_text(${json}::jsonb) as value)`
    : sql<T>`(select value from jsonb_array_elements_text(${json}::jsonb) as value)`;
}

/**
 * A column the query planner may not look up through an index (SQLite: unary plus), for the few queries whose best
 * plan depends on how many rows the full-text index matches, which SQLite cannot know. PostgreSQL keeps statistics and
 * plans these itself: the column as it is.
 */
export function withoutIndex(db: Kysely<Database>, column: string): RawBuilder<unknown> {
  return engineOf(db) === "sqlite" ? sql`+${sql.ref(column)}` : sql`${sql.ref(column)}`;
}

/**
 * `column` contains `lowerCaseText` when the column's ASCII letters are lower-cased (only A–Z fold, on both engines;
 * JavaScript's twin is asciiLowerCase in app/lib/listing-filters.ts, so both sides select the same rows).
 */
export function containsIgnoringAsciiCase(db: Kysely<Database>, column: string, lowerCaseText: string): RawBuilder<SqlBool> {
  if (engineOf(db) === "sqlite") return sql<SqlBool>`instr(lower(${sql.ref(column)}), ${lowerCaseText}) > 0`;
  return sql<SqlBool>`strpos(translate(${sql.ref(column)}, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'), ${lowerCaseText}) > 0`;
}

/**
 * A token that changes whenever anything is written to the database, by this process or another (another server, on
 * PostgreSQL): results cached under it are never stale. SQLite: this connection's rows written and the file's data
 * version. PostgreSQL: the write-ahead log's position, which every committed write moves on.
 */
export async function databaseVersion(db: Kysely<Database>): Promise<{ changes: number; version: string }> {
  if (engineOf(db) === "postgres") {
    const { rows } = await sql<{ version: string }>`select pg_current_wal_lsn()::text as version`.execute(db);
    return { changes: 0, version: rows[0]?.version ?? "" };
  }
  const { rows } = await sql<{ changes: number; version: number }>`select total_changes() as changes, data_version as version from pragma_data_version`.execute(db);
  return { changes: rows[0]?.changes ?? 0, version: String(rows[0]?.version ?? 0) };
}

/**
 * Locks the rows a query reads until the transaction ends (PostgreSQL `FOR UPDATE`), inside `inWriteTransaction`.
 * SQLite's write transaction already holds the whole database: the query as it is.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any select of any table may be locked
export function forUpdate<QB extends SelectQueryBuilder<any, any, any>>(db: Kysely<Database>, query: QB): QB {
  return engineOf(db) === "postgres" ? (query.forUpdate() as QB) : query;
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

// ── Write transactions that must not interleave (bids, purchases, auction lifecycle) ──

/** Connection-bound handles handed to work inside `inWriteTransaction`, so a nested call joins the outer one. */
const boundToWriteTransaction = new WeakSet<Kysely<Database>>();

/** How often a PostgreSQL write transaction is tried again after a serialization failure or a deadlock. */
export const WRITE_TRANSACTION_ATTEMPTS = 12;
const RETRYABLE_POSTGRES_CODES = new Set(["40001", "40P01"]);

function isRetryable(error: unknown): boolean {
  return typeof error === "object" && error !== null && RETRYABLE_POSTGRES_CODES.has(String((error as { code?: unknown }).code));
}

/**
 * Runs `work` in one transaction whose reads cannot change before it writes, in this process or another one:
 * - SQLite: `BEGIN IMMEDIATE` on the single connection holds the database's write lock from the first statement (other
 *   queries of this process wait for it; other processes wait up to the busy timeout).
 * - PostgreSQL: a SERIALIZABLE transaction, so the outcome is that of some order of the transactions one at a time; one
 *   that would break that is rolled back and `work` runs again (up to WRITE_TRANSACTION_ATTEMPTS times), so `work`
 *   must do nothing outside the database that it cannot repeat. Hot rows (an auction's lot) are read with `forUpdate`
 *   in a transaction that decides on locked rows only (below), so that concurrent writers queue for them instead of
 *   failing and retrying.
 * Nested calls run inside the outer transaction.
 *
 * SERIALIZABLE does not let a row lock make writers queue: a transaction that waited for a row another one then
 * changed fails ("could not serialize access due to concurrent update") and starts over. Work that decides only on rows
 * it has first locked with `forUpdate` (a bid on its lot, a purchase of its listing, an auction's start or end) passes
 * `{ decidesOnLockedRows: true }`: on PostgreSQL it runs READ COMMITTED, so each writer of a row waits for its lock and
 * then reads the row as the previous one committed it. (Deadlocks are still retried.) SQLite: no difference.
 */
export async function inWriteTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
  options: { decidesOnLockedRows?: boolean } = {},
): Promise<T> {
  if (boundToWriteTransaction.has(db)) return work(db);
  if (engineOf(db) === "sqlite") {
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
  for (let attempt = 1; ; attempt++) {
    try {
      return await db
        .transaction()
        .setIsolationLevel(options.decidesOnLockedRows ? "read committed" : "serializable")
        .execute(async (trx) => {
          boundToWriteTransaction.add(trx);
          try {
            return await work(trx);
          } finally {
            boundToWriteTransaction.delete(trx);
          }
        });
    } catch (error) {
      if (!isRetryable(error) || attempt >= WRITE_TRANSACTION_ATTEMPTS) throw error;
      // Spread the retries out a little so the same transactions do not collide again at once.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 4 * attempt));
    }
  }
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

// ── Small engine-neutral primitives for the services (errors, text matching) ──

/** SQLite's extended result codes for a broken unique index or primary key; PostgreSQL's SQLSTATE for both. */
const UNIQUE_VIOLATION_CODES = new Set(["SQLITE_CONSTRAINT_UNIQUE", "SQLITE_CONSTRAINT_PRIMARYKEY", "23505"]);

/**
 * Whether a failed statement broke a unique index or a primary key (better-sqlite3's SqliteError code, `pg`'s
 * SQLSTATE), so a service can answer "already exists" without reading the engine's wording.
 */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && UNIQUE_VIOLATION_CODES.has(String((error as { code?: unknown }).code));
}
