// `npm run db:copy-to-postgres -- --from ./data/tradebench.sqlite [--to postgres://…]` (--to defaults to DATABASE_URL):
// moves an existing SQLite database into an empty PostgreSQL database.
//
// 1. Migrates the target with the app's own migrations (db/migrate.ts), so PostgreSQL-only members (identity keys,
//    the search vector) come from the target's migrations, never from here.
// 2. Refuses a target that already holds data (only what the migrations and reference data put there is allowed: the
//    default role permissions and the category taxonomy, which the source's rows replace).
// 3. Copies every table the two databases share, parents before children (the target's foreign keys decide the
//    order), streaming the source's rows and inserting them 1000 to a statement, ids kept; SQLite-only tables (the
//    FTS5 `listing_search*` index and its shadow tables, sqlite_*) are skipped. All in one transaction: a copy that
//    fails leaves the target as empty as it was.
// 4. Moves every identity sequence past the largest copied id, runs VACUUM ANALYZE, and checks the row counts per table.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import SQLite from "better-sqlite3";
import pg from "pg";
import { isPostgresUrl, openDatabase, sqliteFilePath } from "../db/dialect.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { MIGRATIONS } from "../migrations/index.ts";

/** Rows per INSERT (fewer for wide tables: one statement takes at most 65535 parameters). */
const ROWS_PER_INSERT = 1000;
const MAX_PARAMETERS = 65_535;
/** Tables the migrations or the reference data fill in an empty database; the source's rows replace them. */
// Rows the target has before the copy: role permissions, the search version and the forum's categories (migrations), the
// taxonomy (its sync).
const PREFILLED_TABLES = new Set(["role_permissions", "categories", "listing_search_state", "forum_categories", "exchange_rates", "reference_rates"]);
const MIGRATOR_TABLES = new Set(["kysely_migration", "kysely_migration_lock"]);
/**
 * Copied before every other table, over the migration's rows: the factors the triggers convert each listing's price
 * with when its auction rows arrive (migration 2026-12-10T0900), so they are never missing meanwhile.
 */
const COPIED_FIRST = new Set(["reference_rates"]);
/**
 * Counts the database keeps by triggers (migration 2026-12-03T1000): copying the rows they count fills them on the way,
 * so they are copied last, over what the triggers wrote, and end as the source's rows.
 */
const TRIGGER_KEPT_TABLES = new Set([
  "listing_counts_by_month",
  "listing_counts_by_category",
  "profile_counts_by_month",
  "order_totals_by_month",
  "order_totals_by_currency",
]);

export interface TableCount {
  table: string;
  sqlite: number;
  postgres: number;
}

export interface CopyReport {
  tables: TableCount[];
  /** Source tables that only SQLite has (the full-text index), left behind. */
  skipped: string[];
  seconds: number;
}

export class CopyRefused extends Error {}

interface TargetTable {
  name: string;
  /** Columns that take values (generated ones excluded), with their PostgreSQL types. */
  columns: Map<string, string>;
  identity: string[];
  primaryKey: string[];
  /** Columns that reference the table itself (a category's parent): filled in a second pass. */
  selfReferences: string[];
  parents: Set<string>;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * SQLite's own tables, the FTS5 index with its shadow tables, and listing_search_rows (the target's triggers write its
 * rows from the listings; listing_search_state is a real table on both).
 */
function isSqliteOnly(table: string): boolean {
  return table.startsWith("sqlite_") || /^listing_search(_(config|content|data|docsize|idx|rows))?$/.test(table);
}

async function targetTables(client: pg.Client): Promise<Map<string, TargetTable>> {
  const tables = new Map<string, TargetTable>();
  const { rows: columns } = await client.query<{ table_name: string; column_name: string; type: string; is_identity: string; is_generated: string }>(
    `select c.table_name, c.column_name, c.is_identity, c.is_generated,
            format_type(a.atttypid, a.atttypmod) as type
       from information_schema.columns c
       join pg_attribute a on a.attrelid = (quote_ident(c.table_schema) || '.' || quote_ident(c.table_name))::regclass and a.attname = c.column_name
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = current_schema()
      order by c.table_name, c.ordinal_position`,
  );
  for (const column of columns) {
    if (MIGRATOR_TABLES.has(column.table_name)) continue;
    let table = tables.get(column.table_name);
    if (!table) {
      table = { name: column.table_name, columns: new Map(), identity: [], primaryKey: [], selfReferences: [], parents: new Set() };
      tables.set(column.table_name, table);
    }
    if (column.is_generated === "ALWAYS") continue;
    table.columns.set(column.column_name, column.type);
    if (column.is_identity === "YES") table.identity.push(column.column_name);
  }
  const { rows: constraints } = await client.query<{ child: string; parent: string; type: string; columns: string[] }>(
    `select con.conrelid::regclass::text as child, con.confrelid::regclass::text as parent, con.contype as type,
            array(select a.attname::text from unnest(con.conkey) as k(n) join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n) as columns
       from pg_constraint con
       join pg_namespace n on n.oid = con.connamespace
      where n.nspname = current_schema() and con.contype in ('f', 'p')`,
  );
  for (const constraint of constraints) {
    const child = tables.get(constraint.child.replaceAll('"', ""));
    if (!child) continue;
    if (constraint.type === "p") child.primaryKey = constraint.columns;
    else if (constraint.parent.replaceAll('"', "") === child.name) child.selfReferences.push(...constraint.columns);
    else child.parents.add(constraint.parent.replaceAll('"', ""));
  }
  return tables;
}

/** Tables in an order where every table comes after the tables its foreign keys point at. */
function parentsFirst(tables: TargetTable[]): TargetTable[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const ordered: TargetTable[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (table: TargetTable, trail: string[]) => {
    if (state.get(table.name) === "done") return;
    if (state.get(table.name) === "visiting") throw new Error(`The foreign keys form a cycle (${[...trail, table.name].join(" → ")}); copy by hand.`);
    state.set(table.name, "visiting");
    for (const parent of [...table.parents].sort()) {
      const parentTable = byName.get(parent);
      if (parentTable) visit(parentTable, [...trail, table.name]);
    }
    state.set(table.name, "done");
    ordered.push(table);
  };
  for (const table of [...tables].sort((a, b) => a.name.localeCompare(b.name))) visit(table, []);
  return ordered;
}

function checkMigrations(source: SQLite.Database, sourceFile: string): void {
  const known = Object.keys(MIGRATIONS);
  const hasTable = source.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
  const applied = hasTable ? (source.prepare("select name from kysely_migration").pluck().all() as string[]) : [];
  const missing = known.filter((name) => !applied.includes(name));
  const unknown = applied.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new CopyRefused(
      `${sourceFile} has migrations this version of Tradebench does not know (${unknown.join(", ")}): copy it with the version that made them.`,
    );
  }
  if (missing.length > 0) {
    throw new CopyRefused(
      `${sourceFile} lacks ${missing.length} migration(s) (${missing.join(", ")}). Bring it up to date first:\n  DATABASE_URL=${sourceFile} npm run db:migrate`,
    );
  }
}

async function refuseNonEmpty(client: pg.Client, tables: TargetTable[]): Promise<void> {
  const filled: string[] = [];
  for (const table of tables) {
    if (PREFILLED_TABLES.has(table.name)) continue;
    const { rows } = await client.query<{ n: string }>(`select count(*) as n from (select 1 from ${quote(table.name)} limit 1001) as sample`);
    const count = Number(rows[0]?.n ?? 0);
    if (count > 0) filled.push(`${table.name} (${count > 1000 ? "over 1000" : count} row${count === 1 ? "" : "s"})`);
  }
  if (filled.length > 0) {
    throw new CopyRefused(
      `The PostgreSQL database is not empty: ${filled.join(", ")}.\n` +
        "db:copy-to-postgres copies only into an empty database, so nothing was copied. Create a new database " +
        "(createdb -O tradebench tradebench) and run the copy before any app server starts on it (an app server with " +
        "SEED_DEMO on fills an empty database with the demo marketplace).",
    );
  }
}

/**
 * Streams one table from SQLite into PostgreSQL, `ROWS_PER_INSERT` rows a statement. The next batch is read from the
 * source while PostgreSQL works on the previous one.
 */
async function copyTable(source: SQLite.Database, client: pg.Client, table: TargetTable, columns: string[]): Promise<void> {
  const perInsert = Math.max(1, Math.min(ROWS_PER_INSERT, Math.floor(MAX_PARAMETERS / columns.length)));
  const selfReferencing = new Set(table.selfReferences);
  const selected = columns.map((column) => (selfReferencing.has(column) ? "null" : quote(column))).join(", ");
  const order = table.primaryKey.length > 0 ? ` order by ${table.primaryKey.map(quote).join(", ")}` : "";
  const rows = source
    .prepare(`select ${selected} from ${quote(table.name)}${order}`)
    .raw()
    .iterate() as IterableIterator<unknown[]>;
  const overriding = table.identity.length > 0 ? " overriding system value" : "";
  const head = `insert into ${quote(table.name)} (${columns.map(quote).join(", ")})${overriding} values `;
  const statements = new Map<number, string>();
  const statementFor = (count: number) => {
    let text = statements.get(count);
    if (!text) {
      const tuples: string[] = [];
      for (let row = 0; row < count; row += 1) {
        tuples.push(`(${columns.map((_, column) => `$${row * columns.length + column + 1}`).join(", ")})`);
      }
      text = head + tuples.join(", ");
      statements.set(count, text);
    }
    return text;
  };
  const readBatch = (): unknown[] => {
    const values: unknown[] = [];
    for (let count = 0; count < perInsert; count += 1) {
      const next = rows.next();
      if (next.done) break;
      for (const value of next.value) values.push(value);
    }
    return values;
  };
  let pending: Promise<unknown> | null = null;
  for (let values = readBatch(); values.length > 0;) {
    const count = values.length / columns.length;
    if (pending) await pending;
    pending = client.query(statementFor(count), values);
    values = readBatch();
  }
  if (pending) await pending;

  // Second pass for references to the same table: every row exists now, so any order holds.
  for (const column of table.selfReferences) {
    const [key] = table.primaryKey;
    if (!key || table.primaryKey.length !== 1) throw new Error(`${table.name}.${column} refers to its own table, which has no single-column key`);
    const keyType = table.columns.get(key) ?? "text";
    const columnType = table.columns.get(column) ?? "text";
    const links = source
      .prepare(`select ${quote(key)}, ${quote(column)} from ${quote(table.name)} where ${quote(column)} is not null`)
      .raw()
      .iterate() as IterableIterator<unknown[]>;
    let batch: unknown[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const tuples = Array.from({ length: batch.length / 2 }, (_, i) => `($${2 * i + 1}::${keyType}, $${2 * i + 2}::${columnType})`);
      await client.query(
        `update ${quote(table.name)} as t set ${quote(column)} = v.ref from (values ${tuples.join(", ")}) as v(key, ref) where t.${quote(key)} = v.key`,
        batch,
      );
      batch = [];
    };
    for (const link of links) {
      batch.push(link[0], link[1]);
      if (batch.length >= 2 * ROWS_PER_INSERT) await flush();
    }
    await flush();
  }
}

/** Copies the SQLite database `from` into the PostgreSQL database `to` (see the top of this file). */
export async function copySqliteToPostgres(options: { from: string; to: string; log?: (line: string) => void }): Promise<CopyReport> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  if (!isPostgresUrl(options.to)) throw new CopyRefused(`The target must be a postgres:// URL (got "${options.to}").`);
  const sourceFile = path.resolve(sqliteFilePath(options.from));
  let source: SQLite.Database;
  try {
    source = new SQLite(sourceFile, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new CopyRefused(`Cannot open the SQLite database ${sourceFile}: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    checkMigrations(source, sourceFile);

    const target = openDatabase({ url: options.to, poolSize: 1 });
    try {
      const applied = await migrateToLatest(target.db, target.dialect);
      log(applied.length > 0 ? `Migrated the target: ${applied.length} migration(s).` : "The target's schema is up to date.");
    } finally {
      await target.close();
    }

    const client = new pg.Client({ connectionString: options.to });
    await client.connect();
    try {
      const tables = await targetTables(client);
      const sourceTables = source.prepare("select name from sqlite_master where type = 'table' order by name").pluck().all() as string[];
      const skipped = sourceTables.filter((name) => isSqliteOnly(name));
      const shared = [...tables.values()].filter((table) => sourceTables.includes(table.name) && !isSqliteOnly(table.name));
      const leftOver = sourceTables.filter((name) => !isSqliteOnly(name) && !MIGRATOR_TABLES.has(name) && !tables.has(name));
      if (leftOver.length > 0) throw new Error(`The target has no table for ${leftOver.join(", ")}: are both databases at the same migration?`);
      const ordered = parentsFirst(shared);
      const columnsOf = new Map<string, string[]>();
      for (const table of ordered) {
        const sourceColumns = (source.pragma(`table_info(${quote(table.name)})`) as Array<{ name: string }>).map((column) => column.name);
        const missing = sourceColumns.filter((column) => !table.columns.has(column));
        if (missing.length > 0) throw new Error(`The target's ${table.name} has no column ${missing.join(", ")}`);
        columnsOf.set(table.name, sourceColumns);
      }

      await client.query("begin");
      try {
        await refuseNonEmpty(client, ordered);
        // The migrations' default role permissions and the synced taxonomy give way to the source's rows (children first).
        for (const table of [...ordered].reverse()) {
          if (PREFILLED_TABLES.has(table.name) && !COPIED_FIRST.has(table.name)) await client.query(`delete from ${quote(table.name)}`);
        }
        const triggerKept = ordered.filter((table) => TRIGGER_KEPT_TABLES.has(table.name));
        const first = ordered.filter((table) => COPIED_FIRST.has(table.name));
        const middle = ordered.filter((table) => !TRIGGER_KEPT_TABLES.has(table.name) && !COPIED_FIRST.has(table.name));
        for (const table of [...first, ...middle, ...triggerKept]) {
          if (TRIGGER_KEPT_TABLES.has(table.name) || COPIED_FIRST.has(table.name)) await client.query(`delete from ${quote(table.name)}`);
          const tableStarted = performance.now();
          await copyTable(source, client, table, columnsOf.get(table.name) ?? []);
          const seconds = (performance.now() - tableStarted) / 1000;
          if (seconds >= 1) log(`  ${table.name}: ${seconds.toFixed(1)} s`);
        }
        for (const table of ordered) {
          for (const column of table.identity) {
            await client.query(
              `select setval(pg_get_serial_sequence($1, $2), coalesce((select max(${quote(column)}) from ${quote(table.name)}), 0) + 1, false)`,
              [quote(table.name), column],
            );
          }
        }
        await client.query("commit");
      } catch (error) {
        await client.query("rollback").catch(() => undefined);
        throw error;
      }
      // VACUUM too: a freshly copied table has no visibility map, so no index-only scan (a bounded count, a walk of
      // (status, created_at)) could skip the rows themselves until autovacuum came by (docs/decisions/0037).
      await client.query("vacuum analyze");

      const counts: TableCount[] = [];
      for (const table of ordered) {
        const sqliteCount = Number(
          source
            .prepare(`select count(*) from ${quote(table.name)}`)
            .pluck()
            .get(),
        );
        const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${quote(table.name)}`);
        counts.push({ table: table.name, sqlite: sqliteCount, postgres: Number(rows[0]?.n ?? 0) });
      }
      return { tables: counts, skipped, seconds: (performance.now() - started) / 1000 };
    } finally {
      await client.end();
    }
  } finally {
    source.close();
  }
}

/** The row counts as a table, one line per table, and whether every count agrees. */
export function formatCounts(report: CopyReport): { text: string; allEqual: boolean } {
  const width = Math.max(5, ...report.tables.map((row) => row.table.length));
  const lines = [`${"table".padEnd(width)}  ${"sqlite".padStart(10)}  ${"postgres".padStart(10)}`];
  let allEqual = true;
  for (const row of report.tables) {
    const equal = row.sqlite === row.postgres;
    allEqual &&= equal;
    lines.push(`${row.table.padEnd(width)}  ${String(row.sqlite).padStart(10)}  ${String(row.postgres).padStart(10)}${equal ? "" : "  ← differs"}`);
  }
  return { text: lines.join("\n"), allEqual };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { from: { type: "string", default: "./data/tradebench.sqlite" }, to: { type: "string" } },
  });
  const to = values.to ?? process.env.DATABASE_URL ?? "";
  if (!isPostgresUrl(to)) {
    console.error(
      "Usage: DATABASE_URL=postgres://user@host/db npm run db:copy-to-postgres -- --from ./data/tradebench.sqlite\n   or: npm run db:copy-to-postgres -- --from ./data/tradebench.sqlite --to postgres://user@host/db",
    );
    process.exit(2);
  }
  const from = values.from ?? "./data/tradebench.sqlite";
  console.log(`Copying ${path.resolve(sqliteFilePath(from))} into ${new URL(to).pathname.slice(1) || "postgres"} on ${new URL(to).host} …`);
  const report = await copySqliteToPostgres({ from, to, log: (line) => console.log(line) });
  const { text, allEqual } = formatCounts(report);
  console.log(`\n${text}`);
  if (report.skipped.length > 0) console.log(`\nLeft behind (SQLite's full-text index; PostgreSQL keeps its own): ${report.skipped.join(", ")}`);
  console.log(`\n${allEqual ? "Every table has the same number of rows on both sides" : "Some tables differ"} (${report.seconds.toFixed(1)} s).`);
  if (!allEqual) process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof CopyRefused ? `\n${error.message}\n` : error);
    process.exit(1);
  });
}
