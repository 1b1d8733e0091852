// The PostgreSQL the service suite runs on under `npm test` (scripts/postgres-cluster.mjs): version 15,
// with pg_trgm available for brand and model partial matches. Runs only when TEST_DATABASE_URL names that cluster.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const clusterUrl = /^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL ?? "") ? process.env.TEST_DATABASE_URL : undefined;

describe.skipIf(!clusterUrl)("the test cluster", () => {
  let client: pg.Client;

  beforeAll(async () => {
    client = new pg.Client({ connectionString: clusterUrl });
    await client.connect();
  });

  afterAll(async () => {
    await client.end();
  });

  it("is PostgreSQL 15", async () => {
    const { rows } = await client.query<{ server_version: string }>("show server_version");
    expect(rows[0].server_version).toMatch(/^15\.\d+/);
  });

  it("can create pg_trgm and compare strings with it", async () => {
    await client.query("begin");
    try {
      await client.query("create extension if not exists pg_trgm");
      const { rows } = await client.query<{ close: boolean; far: boolean }>(
        "select similarity('Tektronix', 'Tektronx') > 0.5 as close, similarity('Tektronix', 'Fluke') > 0.5 as far",
      );
      expect(rows[0]).toEqual({ close: true, far: false });
    } finally {
      // The maintenance database stays as initdb made it.
      await client.query("rollback");
    }
  });

  it("speaks UTF-8", async () => {
    const { rows } = await client.query<{ server_encoding: string; echoed: string }>(
      "select current_setting('server_encoding') as server_encoding, $1::text as echoed",
      ["Größe 10 µF"],
    );
    expect(rows[0]).toEqual({ server_encoding: "UTF8", echoed: "Größe 10 µF" });
  });
});
