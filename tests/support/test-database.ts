// A fresh copy of the migrated template database for one test file.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { openDatabase, type OpenedDatabase } from "../../db/dialect.ts";

const TMP_DIR = path.resolve(process.env.TEST_TMP_DIR ?? "tests/.tmp");
const TEMPLATE = path.join(TMP_DIR, "template.sqlite");

export function createTestDatabase(): OpenedDatabase {
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
