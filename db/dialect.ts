// Every engine-specific line lives in db/: this module is what the services and migrations ask of the engine, with
// one implementation per engine, chosen when the database opens from DATABASE_URL (a postgres:// URL → PostgreSQL
// through `pg`, db/postgres.ts; a path or file: URL → the embedded SQLite, db/sqlite.ts). Domain queries live in the
// services; only engine primitives live here (docs/decisions/0030).
import { sql, type Expression, type Kysely, type LogConfig, type RawBuilder, type SelectQueryBuilder, type SqlBool } from "kysely";
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
  /** Kysely's query log (a test counting the statements a service runs). */
  log?: LogConfig;
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
    const { db } = openPostgres({ url: options.url, poolSize: options.poolSize, before: options.beforeConnect, log: options.log });
    recordEngine(db, "postgres");
    return { db, engine: "postgres", dialect: postgresMigrationDialect, close: () => db.destroy(), url: options.url };
  }
  const { db, file } = openSqlite({
    file: sqliteFilePath(options.url),
    synchronous: options.synchronous,
    busyTimeoutMs: options.busyTimeoutMs,
    log: options.log,
  });
  recordEngine(db, "sqlite");
  return { db, engine: "sqlite", dialect: sqliteMigrationDialect, close: () => db.destroy(), url: file };
}

/**
 * Where a handle's engine is written when `openDatabase` opens it: a property of its Kysely adapter, the one object
 * the handle shares with every handle made from it (a transaction's, `connection()`'s, `withPlugin`'s), under a key of
 * the global symbol registry. So every copy of this module in the process reads the same fact: the server build
 * bundles Kysely and db/ into build/server, while the demo seed's build (build/seed) has its own db/ on node_modules'
 * Kysely and is handed the server's handle. `instanceof PostgresAdapter` answered for one copy of Kysely only, and
 * the seed took PostgreSQL for SQLite (docs/decisions/0061).
 */
const ENGINE_OF_ADAPTER = Symbol.for("tradebench.database-engine");

type MarkedAdapter = { [ENGINE_OF_ADAPTER]?: EngineName };

function recordEngine(db: Kysely<Database>, engine: EngineName): void {
  Object.defineProperty(db.getExecutor().adapter, ENGINE_OF_ADAPTER, { value: engine, enumerable: false, writable: false, configurable: false });
}

/**
 * The engine behind a handle (a transaction's handle too), as `openDatabase` recorded it. A handle made some other
 * way has no engine on record: refused, rather than guessed.
 */
export function engineOf(db: Kysely<Database>): EngineName {
  const engine = (db.getExecutor().adapter as MarkedAdapter)[ENGINE_OF_ADAPTER];
  if (engine === undefined) throw new Error("This database handle was not opened by openDatabase (db/dialect.ts), so its engine is not known.");
  return engine;
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
 * A column to sort by that no index may provide the order of (SQLite: unary plus; PostgreSQL: `coalesce(col, col)`,
 * the same values, which no plain index matches). For a sort over a bounded set of rows the filters' indexes find:
 * walking the sort's index instead, checking the filters per entry, has no bound when the filters and the sort are
 * correlated (construction equipment by price from the cheapest: every cheap multimeter first), and PostgreSQL's
 * planner, which assumes they are not, chose that walk (seconds at 1M listings; docs/decisions/0037).
 */
export function sortedWithoutIndex(db: Kysely<Database>, column: string): RawBuilder<unknown> {
  return engineOf(db) === "sqlite" ? sql`+${sql.ref(column)}` : sql`coalesce(${sql.ref(column)}, ${sql.ref(column)})`;
}

/**
 * `column` contains `lowerCaseText` when the column's ASCII letters are lower-cased (only A–Z fold, on both engines;
 * JavaScript's twin is asciiLowerCase in app/lib/listing-filters.ts, so both sides select the same rows).
 */
export function containsIgnoringAsciiCase(db: Kysely<Database>, column: string, lowerCaseText: string): RawBuilder<SqlBool> {
  if (engineOf(db) === "sqlite") return sql<SqlBool>`instr(lower(${sql.ref(column)}), ${lowerCaseText}) > 0`;
  // A LIKE over the folded column (wildcards in the text escaped): the form the trigram indexes on
  // translate(brand|model, 'A…Z', 'a…z') serve (migration 2026-11-26T0900-postgres-search); same rows as strpos.
  const pattern = `%${lowerCaseText.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return sql<SqlBool>`translate(${sql.ref(column)}, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') like ${pattern}`;
}

/**
 * `column` contains `lowerCaseText` ignoring case, for long text no index serves (knowledge-base articles): SQLite
 * folds A–Z (instr over lower), PostgreSQL every letter (ILIKE, wildcards in the text escaped). Not the ASCII-exact
 * containsIgnoringAsciiCase: its translate() costs PostgreSQL ~3 s per 10 MB of text, ILIKE ~75 ms.
 */
export function containsIgnoringCase(db: Kysely<Database>, column: string, lowerCaseText: string): RawBuilder<SqlBool> {
  if (engineOf(db) === "sqlite") return sql<SqlBool>`instr(lower(${sql.ref(column)}), ${lowerCaseText}) > 0`;
  const pattern = `%${lowerCaseText.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return sql<SqlBool>`${sql.ref(column)} ilike ${pattern}`;
}

/**
 * `column` contains `text` as it is, no case folding: for a column stored already folded (the forum's search_text), so
 * PostgreSQL's trigram index on the bare column serves it and no row pays for a `translate` (SQLite: instr).
 */
export function containsText(db: Kysely<Database>, column: string, text: string): RawBuilder<SqlBool> {
  if (engineOf(db) === "sqlite") return sql<SqlBool>`instr(${sql.ref(column)}, ${text}) > 0`;
  const pattern = `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return sql<SqlBool>`${sql.ref(column)} like ${pattern}`;
}

/**
 * A token that changes whenever anything is written to the database, by this process or another (another server, on
 * PostgreSQL): results cached under it are never stale. SQLite: this connection's rows written and the file's data
 * version. PostgreSQL: the current snapshot (`xmin:xmax:in-progress xids`), which says exactly which committed
 * transactions a query sees, so it changes whenever a write becomes visible (docs/decisions/0034).
 */
export async function databaseVersion(db: Kysely<Database>): Promise<{ changes: number; version: string }> {
  if (engineOf(db) === "postgres") {
    // Not a WAL position (pg_current_wal_lsn, pg_current_wal_insert_lsn): a commit's WAL record is in place before
    // the commit is visible (it waits for its flush, and for synchronous standbys). A search run in that gap sees the
    // old rows, finds the position unchanged afterwards, and its answer would be kept under the new position for good.
    const { rows } = await sql<{ version: string }>`select pg_current_snapshot()::text as version`.execute(db);
    return { changes: 0, version: rows[0]?.version ?? "" };
  }
  const { rows } = await sql<{ changes: number; version: number }>`select total_changes() as changes, data_version as version from pragma_data_version`.execute(
    db,
  );
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

// Full-text search over listings (both engines) is in db/full-text.ts.

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

/**
 * A text with its ASCII letters lower-cased and nothing else changed, the same on both engines (SQLite's `lower` folds
 * only A–Z; PostgreSQL's would fold every letter, so it translates A–Z instead). Compare it with text lower-cased by
 * asciiLowerCase (app/lib/listing-filters.ts), e.g. `foldAsciiCase(db, column) like '%…%'`.
 */
export function foldAsciiCase(db: Kysely<Database>, text: Expression<string | null>): RawBuilder<string | null> {
  if (engineOf(db) === "sqlite") return sql<string | null>`lower(${text})`;
  return sql<string | null>`translate(${text}, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')`;
}
