// PostgreSQL (15+) through Kysely's PostgresDialect on `pg`: chosen when DATABASE_URL is a postgres:// URL.
// Tables keep SQLite's shapes (text timestamps, 0/1 flags, 64-bit integers), so the services run unchanged on both.
import type pg from "pg";
import {
  ColumnDefinitionNode,
  DataTypeNode,
  GeneratedNode,
  Kysely,
  OperationNodeTransformer,
  PostgresDialect,
  type KyselyPlugin,
  type LogConfig,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from "kysely";
import type { Database } from "./schema.ts";

const INT8_OID = 20;
const NUMERIC_OID = 1700;

let pgModule: Promise<typeof pg> | undefined;

/**
 * The `pg` driver, loaded when the first PostgreSQL connection is made: a server on SQLite never parses it, and one
 * on PostgreSQL loads it while it connects (start fast).
 */
export function loadPg(): Promise<typeof pg> {
  pgModule ??= import("pg").then(({ default: driver }) => {
    // Counts, sums and 64-bit columns arrive as numbers, as better-sqlite3 gives them (every value here is far below 2^53).
    driver.types.setTypeParser(INT8_OID, (text) => Number(text));
    driver.types.setTypeParser(NUMERIC_OID, (text) => Number(text));
    return driver;
  });
  return pgModule;
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

export interface PostgresOptions {
  url: string;
  /** Connections this process may hold (DATABASE_POOL_SIZE). */
  poolSize?: number;
  /** Runs once before the pool is made, e.g. a test creating its database from the template. */
  before?: () => Promise<void>;
  /** Kysely's query log. */
  log?: LogConfig;
}

export function openPostgres(options: PostgresOptions): { db: Kysely<Database>; pool: () => pg.Pool | undefined } {
  let pool: pg.Pool | undefined;
  const makePool = async () => {
    await options.before?.();
    const driver = await loadPg();
    pool = new driver.Pool({ connectionString: options.url, max: options.poolSize ?? 10, idleTimeoutMillis: 30_000 });
    // An idle connection that the server drops is an event on the pool, not a crash of the process.
    pool.on("error", (error) => console.error("PostgreSQL pool: an idle connection failed", error.message));
    return pool;
  };
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: makePool }), log: options.log });
  return { db, pool: () => pool };
}

/**
 * Migrations are written once for both engines with SQLite's vocabulary; on PostgreSQL they run through this plugin:
 * an `integer` column is a `bigint` (SQLite's integers are 64-bit) and an auto-increment key an identity column.
 */
class SqliteShapesOnPostgres extends OperationNodeTransformer {
  protected override transformDataType(node: DataTypeNode): DataTypeNode {
    return node.dataType === "integer" ? DataTypeNode.create("bigint") : node;
  }

  protected override transformColumnDefinition(node: ColumnDefinitionNode): ColumnDefinitionNode {
    const transformed = super.transformColumnDefinition(node);
    if (!transformed.autoIncrement) return transformed;
    return ColumnDefinitionNode.cloneWith(transformed, {
      autoIncrement: false,
      generated: GeneratedNode.create({ identity: true, byDefault: true }),
    });
  }
}

export const postgresMigrationPlugin: KyselyPlugin = {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return new SqliteShapesOnPostgres().transformNode(args.node);
  },
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  },
};
