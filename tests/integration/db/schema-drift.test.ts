// db/schema.ts is written by hand beside the migrations; this test holds the two together. It migrates a fresh test
// database (the template, copied), asks the engine for its tables and columns (Kysely's introspection, on SQLite and,
// with TEST_DATABASE_URL, on PostgreSQL), and compares them with what the TypeScript compiler reads from the `Database`
// interface: the same tables, the same columns, and a column may hold null exactly when its selected type includes
// `null`. A migration that adds a column without its line in db/schema.ts (or the reverse) fails here.
import path from "node:path";
import { sql } from "kysely";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { createTestDatabase } from "../../support/test-database.ts";

const SCHEMA_FILE = path.resolve("db/schema.ts");

/**
 * Tables in the database that are deliberately not in the `Database` interface, each with its reason. Kysely's own
 * bookkeeping is also left out by `withInternalKyselyTables: false`; it is named here so the rule is visible.
 */
const NOT_IN_SCHEMA = new Map<string, string>([
  ["kysely_migration", "the Migrator's record of applied migrations"],
  ["kysely_migration_lock", "the Migrator's lock row"],
  // Full-text search: engine-specific tables read and written only through raw SQL in db/full-text.ts.
  ["listing_search_rows", "full-text rows kept by triggers, read by db/full-text.ts only"],
  ["listing_search", "SQLite FTS5 index (virtual table), read by db/full-text.ts only"],
]);
/**
 * Columns the database generates that db/schema.ts leaves out on purpose (no code writes them; the few queries that
 * read them name them in raw SQL). SQLite hides a generated column from its table's column list; PostgreSQL shows it.
 */
const COLUMNS_NOT_IN_SCHEMA = new Map<string, string>([
  ["equipment_listings.brand_key", "generated lower(brand) for the brand filter's index (search-filters.server.ts)"],
  ["equipment_listings.search_vector", "PostgreSQL's generated full-text vector (db/full-text.ts)"],
]);
/** SQLite's FTS5 shadow tables of listing_search (`listing_search_data`, `_idx`, `_content`, `_docsize`, `_config`). */
const FTS5_SHADOW = /^listing_search_(data|idx|content|docsize|config)$/;

interface ColumnShape {
  nullable: boolean;
}
type TableShapes = Map<string, Map<string, ColumnShape>>;

/** The `Database` interface as the compiler reads it: table name → column name → whether its selected type holds null. */
function tablesOfSchema(): TableShapes {
  const program = ts.createProgram([SCHEMA_FILE], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(SCHEMA_FILE);
  if (!source) throw new Error(`${SCHEMA_FILE} not found`);
  const database = source.statements.find((node): node is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(node) && node.name.text === "Database");
  if (!database) throw new Error("db/schema.ts has no `Database` interface");

  const tables: TableShapes = new Map();
  for (const table of checker.getTypeAtLocation(database).getProperties()) {
    const columns = new Map<string, ColumnShape>();
    for (const column of checker.getTypeOfSymbolAtLocation(table, database).getProperties()) {
      let type = checker.getTypeOfSymbolAtLocation(column, database);
      // Generated<T> and ColumnType<S, I, U> are Kysely's { __select__: S, __insert__: I, __update__: U }: a row read
      // back has the select type.
      const select = type.getProperty("__select__");
      if (select) type = checker.getTypeOfSymbolAtLocation(select, database);
      const parts = type.isUnion() ? type.types : [type];
      columns.set(column.name, { nullable: parts.some((part) => (part.flags & ts.TypeFlags.Null) !== 0) });
    }
    tables.set(table.name, columns);
  }
  return tables;
}

let database: OpenedDatabase;
let fromSchema: TableShapes;
let fromDatabase: TableShapes;

beforeAll(async () => {
  database = createTestDatabase();
  fromSchema = tablesOfSchema();
  const metadata = await database.db.introspection.getTables({ withInternalKyselyTables: false });
  fromDatabase = new Map();
  for (const table of metadata) {
    if (table.schema !== undefined && table.schema !== "public") continue; // PostgreSQL: only the application's schema.
    if (NOT_IN_SCHEMA.has(table.name) || FTS5_SHADOW.test(table.name)) continue;
    const columns = table.columns.filter((column) => !COLUMNS_NOT_IN_SCHEMA.has(`${table.name}.${column.name}`));
    fromDatabase.set(table.name, new Map(columns.map((column) => [column.name, { nullable: column.isNullable }])));
  }
  if (database.engine === "sqlite") {
    // SQLite reports a primary-key column without its own NOT NULL as nullable (an INTEGER PRIMARY KEY is the rowid
    // and never null; a text key would take a null only if a row were inserted without it, which the schema's
    // non-null type forbids). PostgreSQL makes every key column NOT NULL, so its run checks these for real.
    for (const [table, columns] of fromDatabase) {
      const { rows } = await sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${table})`.execute(database.db);
      for (const row of rows) if (row.pk > 0) columns.set(row.name, { nullable: false });
    }
  }
}, 60_000);

afterAll(async () => {
  await database?.close();
});

describe("db/schema.ts against the migrated database", () => {
  it("reads a sensible number of tables from both sides (the comparison is not vacuous)", () => {
    expect(fromSchema.size).toBeGreaterThan(50);
    expect(fromDatabase.size).toBeGreaterThan(50);
    expect(fromSchema.get("users")?.get("email_confirmed_at")).toEqual({ nullable: true });
    expect(fromSchema.get("users")?.get("email")).toEqual({ nullable: false });
  });

  it("names the same tables", () => {
    expect([...fromSchema.keys()].sort()).toEqual([...fromDatabase.keys()].sort());
  });

  it("names the same columns in each table", () => {
    const differences: string[] = [];
    for (const [table, columns] of fromSchema) {
      const actual = fromDatabase.get(table);
      if (!actual) continue; // Reported by the test above.
      for (const column of columns.keys()) if (!actual.has(column)) differences.push(`${table}.${column}: in db/schema.ts, not in the database`);
      for (const column of actual.keys()) if (!columns.has(column)) differences.push(`${table}.${column}: in the database, not in db/schema.ts`);
    }
    expect(differences).toEqual([]);
  });

  it("gives each column the database's nullability", () => {
    const differences: string[] = [];
    for (const [table, columns] of fromSchema) {
      const actual = fromDatabase.get(table);
      if (!actual) continue;
      for (const [column, { nullable }] of columns) {
        const stored = actual.get(column);
        if (stored && stored.nullable !== nullable) {
          differences.push(
            `${table}.${column}: ${nullable ? "nullable" : "not null"} in db/schema.ts, ${stored.nullable ? "nullable" : "not null"} in the database`,
          );
        }
      }
    }
    expect(differences).toEqual([]);
  });
});
