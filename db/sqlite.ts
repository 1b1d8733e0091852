// The embedded engine: one better-sqlite3 connection per process on a file (or `:memory:`), in WAL mode.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, type LogConfig } from "kysely";
import type { Database } from "./schema.ts";

export type SynchronousMode = "OFF" | "NORMAL" | "FULL" | "EXTRA";

/** The file of a SQLite URL: `file:./data/x.sqlite`, `sqlite:./x.sqlite`, a plain path, or `:memory:`. */
export function sqliteFilePath(url: string): string {
  if (url === ":memory:") return url;
  return url.replace(/^(file:|sqlite:)(\/\/)?/, "");
}

let driver: typeof SQLite | undefined;

/**
 * better-sqlite3, loaded when the first SQLite database opens: a server on PostgreSQL never loads it (nor its native
 * library), as one on SQLite never loads `pg` (db/postgres.ts; start fast). Required, not imported, so that
 * opening stays synchronous.
 */
function loadBetterSqlite3(): typeof SQLite {
  driver ??= createRequire(import.meta.url)("better-sqlite3") as typeof SQLite;
  return driver;
}

export function openSqlite(options: { file: string; synchronous?: SynchronousMode; busyTimeoutMs?: number; log?: LogConfig }): {
  db: Kysely<Database>;
  file: string;
} {
  const { file } = options;
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const Driver = loadBetterSqlite3();
  const connection = new Driver(file);
  connection.pragma("journal_mode = WAL");
  connection.pragma("foreign_keys = ON");
  connection.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 5000}`);
  connection.pragma(`synchronous = ${options.synchronous ?? "FULL"}`);
  // Read large databases through the page cache of the OS instead of copying pages into SQLite's small one:
  // halves the CPU of queries that touch many rows at a million listings.
  connection.pragma("mmap_size = 2147418112");
  connection.pragma("cache_size = -65536");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(connection) }), log: options.log });
  return { db, file };
}

/**
 * After ANALYZE: no index may be read by skip-scan (docs/decisions/0057). With statistics, SQLite will skip-scan an
 * index whose leading column has many rows per value, reading every value's range and sorting what it found: at a
 * million listings a price range in price order skip-scanned (test_level, status, price_cents) in 32 ms instead of
 * walking (status, price_cents, …) in 0.03 ms. Tradebench's queries are written for the indexes they name, and without
 * statistics (a database never analysed) SQLite never skip-scans, so this keeps an analysed database planning alike.
 * The `noskipscan` token of sqlite_stat1 is SQLite's own switch; the last statement reloads the statistics.
 */
export const WITHOUT_SKIP_SCANS = ["update sqlite_stat1 set stat = stat || ' noskipscan' where stat not like '%noskipscan%'", "analyze sqlite_schema"] as const;

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
