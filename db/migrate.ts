// Applies the migrations in migrations/index.ts, in name order, each in its own transaction.
import { Migrator, type Kysely, type Migration, type MigrationProvider } from "kysely";
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

export async function migrateToLatest(db: Kysely<Database>, dialect: MigrationDialect): Promise<string[]> {
  const migrator = new Migrator({ db: dialect.prepare(db), provider: new StaticMigrationProvider(dialect) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error");
    throw new Error(`Migration ${failed?.migrationName ?? "(unknown)"} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
