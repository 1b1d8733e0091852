// Migrates one template database for the whole vitest run; each test file copies it.
import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "../../db/dialect.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { syncReferenceData } from "../../db/reference-data.ts";

// TEST_TMP_DIR lets two runs on one checkout keep apart.
export const TEMPLATE_DIR = path.resolve(process.env.TEST_TMP_DIR ?? "tests/.tmp");
export const TEMPLATE_FILE = path.join(TEMPLATE_DIR, "template.sqlite");

export default async function setup(): Promise<void> {
  fs.rmSync(TEMPLATE_DIR, { recursive: true, force: true });
  fs.mkdirSync(TEMPLATE_DIR, { recursive: true });
  const opened = openDatabase({ url: TEMPLATE_FILE, synchronous: "OFF" });
  await migrateToLatest(opened.db, opened.dialect);
  await syncReferenceData(opened.db);
  // Fold the WAL into the main file so a plain copy carries everything.
  await opened.close();
  process.env.TEST_TEMPLATE_DB = TEMPLATE_FILE;
}
