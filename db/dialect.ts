// Every dialect-specific line lives here. SQLite (better-sqlite3) is the embedded default;
// a PostgreSQL branch can be added beside it without touching services or migrations.
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql, type RawBuilder } from "kysely";
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
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 12);
  if (words.length === 0) return null;
  return words
    .map((word, index) => `"${word}"${index === words.length - 1 && word.length >= 3 ? "*" : ""}`)
    .join(" ");
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
