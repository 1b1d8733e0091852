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
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: connection }) });
  return { db, dialect: sqliteMigrationDialect, close: () => db.destroy(), file };
}

/** A cheap round trip that proves the database answers. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** ISO-8601 UTC text for a moment, the format every timestamp column holds. */
export function toDbTime(date: Date): string {
  return date.toISOString();
}
