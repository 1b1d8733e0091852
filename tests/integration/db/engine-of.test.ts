// The engine of a database handle is the one `openDatabase` recorded, whichever copy of db/ and of Kysely asks
//. The production build bundles Kysely and db/ into build/server, while the demo seed's build loads
// node_modules' Kysely and is handed the server's handle: with `instanceof PostgresAdapter` the seed took a
// PostgreSQL handle for SQLite and sent it `begin immediate`. Here a second copy of db/dialect.ts is bundled with its
// own Kysely the way the server build does it (vite, `ssr.noExternal: ["kysely"]`), and the two copies read each
// other's handles.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Kysely, sql, SqliteDialect } from "kysely";
import SQLite from "better-sqlite3";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as sourceDialect from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { createTestDatabase, onPostgres } from "../../support/test-database.ts";

const TMP_DIR = path.resolve(process.env.TEST_TMP_DIR ?? "tests/.tmp");
/** A PostgreSQL address nothing listens on: a handle connects only at its first query, and these never query. */
const UNCONNECTED_POSTGRES = "postgres://nobody@127.0.0.1:9/never";

type DialectModule = typeof sourceDialect;
let bundled: DialectModule;
let outDir = "";

beforeAll(async () => {
  outDir = path.join(TMP_DIR, `bundled-dialect-${crypto.randomUUID()}`);
  await build({
    configFile: false,
    logLevel: "silent",
    publicDir: false,
    ssr: { noExternal: ["kysely"] },
    build: {
      ssr: path.resolve("db/dialect.ts"),
      target: "node20",
      outDir,
      emptyOutDir: true,
      minify: false,
      rollupOptions: { output: { entryFileNames: "dialect.mjs", format: "es" } },
    },
  });
  const file = path.join(outDir, "dialect.mjs");
  // The bundle holds its own Kysely: no import of the package is left in it (else the test would prove nothing).
  const imports = fs.readFileSync(file, "utf8").match(/^import .*$/gm) ?? [];
  expect(imports.filter((line) => line.includes("kysely"))).toEqual([]);
  bundled = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as DialectModule;
}, 60_000);

afterAll(() => {
  if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
});

describe("the engine of a handle", () => {
  it("comes from a copy of Kysely other than the one that asks", () => {
    const bundledAdapter = bundled.openDatabase({ url: UNCONNECTED_POSTGRES });
    const sourceAdapter = sourceDialect.openDatabase({ url: UNCONNECTED_POSTGRES });
    // Two copies indeed: the handles' adapters are of different classes.
    expect(bundledAdapter.db.getExecutor().adapter.constructor).not.toBe(sourceAdapter.db.getExecutor().adapter.constructor);
    expect(sourceDialect.engineOf(bundledAdapter.db)).toBe("postgres");
    expect(bundled.engineOf(sourceAdapter.db)).toBe("postgres");
    const sqliteFromBundle = bundled.openDatabase({ url: ":memory:" });
    expect(sourceDialect.engineOf(sqliteFromBundle.db)).toBe("sqlite");
    return Promise.all([bundledAdapter.close(), sourceAdapter.close(), sqliteFromBundle.close()]);
  });

  it("is the same for a transaction's, a pinned connection's and a plugin's handle", async () => {
    const opened = bundled.openDatabase({ url: UNCONNECTED_POSTGRES });
    expect(sourceDialect.engineOf(opened.db.withPlugin({ transformQuery: (args) => args.node, transformResult: async (args) => args.result }))).toBe(
      "postgres",
    );
    expect(sourceDialect.engineOf(opened.dialect.prepare(opened.db))).toBe("postgres");
    await opened.close();
    const local = sourceDialect.openDatabase({ url: ":memory:" });
    await local.db.transaction().execute(async (trx) => expect(bundled.engineOf(trx)).toBe("sqlite"));
    await local.db.connection().execute(async (connection) => expect(bundled.engineOf(connection)).toBe("sqlite"));
    await local.close();
  });

  it("is refused, not guessed, for a handle openDatabase did not open", async () => {
    const stray = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(":memory:") }) });
    expect(() => sourceDialect.engineOf(stray)).toThrow(/not opened by openDatabase/);
    await stray.destroy();
  });

  it("chooses the engine's write transaction for a handle the other copy opened", async () => {
    // The seed's path on a real database of this run's engine: the server's copy opens it, the other copy writes.
    const database = createTestDatabase();
    // The test database exists once a first query has run (PostgreSQL makes it from the template then).
    await database.db.selectFrom("users").select("id").limit(1).execute();
    const other = bundled.openDatabase({ url: database.url, poolSize: 2 });
    try {
      const written = await sourceDialect.inWriteTransaction(other.db, async (trx) => {
        await trx
          .insertInto("newsletter_subscriptions")
          .values({ email: `engine-${crypto.randomUUID()}@example.com` })
          .execute();
        const { rows } = await sql<{ count: number }>`select count(*) as count from newsletter_subscriptions`.execute(trx);
        return Number(rows[0]?.count);
      });
      expect(written).toBeGreaterThan(0);
      expect(sourceDialect.engineOf(other.db)).toBe(onPostgres ? "postgres" : "sqlite");
    } finally {
      await other.close();
      await database.close();
    }
  });
});
