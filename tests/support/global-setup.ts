// Migrates one template database for the whole vitest run; each test file copies it. With TEST_DATABASE_URL set the
// template is a PostgreSQL database on the test cluster; otherwise a SQLite file.
import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "../../db/dialect.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { syncReferenceData } from "../../db/reference-data.ts";
import { onCluster, POSTGRES_TEMPLATE, testPostgresUrl, withDatabaseName } from "./postgres-test-databases.ts";

// TEST_TMP_DIR lets two runs on one checkout keep apart.
export const TEMPLATE_DIR = path.resolve(process.env.TEST_TMP_DIR ?? "tests/.tmp");
export const TEMPLATE_FILE = path.join(TEMPLATE_DIR, "template.sqlite");

export default async function setup(): Promise<void> {
  fs.rmSync(TEMPLATE_DIR, { recursive: true, force: true });
  fs.mkdirSync(TEMPLATE_DIR, { recursive: true });
  const adminUrl = testPostgresUrl();
  if (adminUrl) {
    await onCluster(adminUrl, [`drop database if exists ${POSTGRES_TEMPLATE} with (force)`, `create database ${POSTGRES_TEMPLATE}`]);
    const opened = openDatabase({ url: withDatabaseName(adminUrl, POSTGRES_TEMPLATE), poolSize: 1 });
    await migrateToLatest(opened.db, opened.dialect);
    await syncReferenceData(opened.db);
    // A template may have no connections while databases are made from it.
    await opened.close();
    return;
  }
  const opened = openDatabase({ url: TEMPLATE_FILE, synchronous: "OFF" });
  await migrateToLatest(opened.db, opened.dialect);
  await syncReferenceData(opened.db);
  // Fold the WAL into the main file so a plain copy carries everything.
  await opened.close();
  process.env.TEST_TEMPLATE_DB = TEMPLATE_FILE;
}
