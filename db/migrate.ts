// Applies the migrations in migrations/index.ts, in name order, each in its own transaction.
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from "kysely";
import { MIGRATIONS } from "../migrations/index.ts";
import type { MigrationDialect } from "./dialect.ts";
import type { Database } from "./schema.ts";

class StaticMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: MigrationDialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const [name, migration] of Object.entries(MIGRATIONS)) {
      out[name] = { up: (db) => migration.up(db, this.dialect) };
    }
    return out;
  }
}

/** Where Kysely's Migrator notes the migrations it applied (its default name). */
const MIGRATION_TABLE = "kysely_migration";

/**
 * Whether the database has applied exactly the migrations this code holds: one read. Kysely's Migrator asks the
 * catalog for every table and column twice, makes sure of its lock table and row, then reads its table inside a
 * locked transaction: ~8 round trips and two catalog scans at each start, for a database that is nearly always up to
 * date already (start fast). A database without the table (a fresh one) or holding any other set of
 * names is left to the Migrator, which applies what is missing or refuses what it does not know, as before.
 */
async function holdsExactlyTheseMigrations(db: Kysely<Database>): Promise<boolean> {
  let applied: string[];
  try {
    const { rows } = await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)}`.execute(db);
    applied = rows.map((row) => row.name);
  } catch {
    return false; // No migration table yet: the Migrator makes it.
  }
  const expected = new Set(Object.keys(MIGRATIONS));
  return applied.length === expected.size && applied.every((name) => expected.has(name));
}

export async function migrateToLatest(db: Kysely<Database>, dialect: MigrationDialect): Promise<string[]> {
  if (await holdsExactlyTheseMigrations(db)) return [];
  const migrator = new Migrator({ db: dialect.prepare(db), provider: new StaticMigrationProvider(dialect) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error");
    throw new Error(`Migration ${failed?.migrationName ?? "(unknown)"} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
