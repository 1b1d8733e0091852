// A fresh copy of the migrated template database for one test file: a SQLite file, or with TEST_DATABASE_URL set,
// a PostgreSQL database made from the template (tests/support/postgres-test-databases.ts).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { openDatabase, type OpenedDatabase } from "../../db/dialect.ts";
import { createFromTemplate, dropDatabase, newTestDatabaseName, testPostgresUrl, withDatabaseName } from "./postgres-test-databases.ts";

const TMP_DIR = path.resolve(process.env.TEST_TMP_DIR ?? "tests/.tmp");
const TEMPLATE = path.join(TMP_DIR, "template.sqlite");

export function createTestDatabase(): OpenedDatabase {
  const adminUrl = testPostgresUrl();
  if (adminUrl) {
    const name = newTestDatabaseName();
    let created: Promise<void> | undefined;
    const opened = openDatabase({ url: withDatabaseName(adminUrl, name), poolSize: 8, beforeConnect: () => (created ??= createFromTemplate(adminUrl, name)) });
    return {
      ...opened,
      close: async () => {
        await opened.close();
        if (created) await dropDatabase(adminUrl, name);
      },
    };
  }
  const file = path.join(TMP_DIR, `test-${crypto.randomUUID()}.sqlite`);
  fs.copyFileSync(TEMPLATE, file);
  const opened = openDatabase({ url: file, synchronous: "OFF" });
  return {
    ...opened,
    close: async () => {
      await opened.close();
      for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(`${file}${suffix}`, { force: true });
    },
  };
}

/** Whether this run is the PostgreSQL one (for the few tests that are about one engine only). */
export const onPostgres = testPostgresUrl() !== null;
