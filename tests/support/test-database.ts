// A fresh copy of the migrated template database for one test file.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { openDatabase, type OpenedDatabase } from "../../db/dialect.ts";

const TEMPLATE = path.resolve("tests/.tmp/template.sqlite");

export function createTestDatabase(): OpenedDatabase {
  const file = path.resolve("tests/.tmp", `test-${crypto.randomUUID()}.sqlite`);
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
