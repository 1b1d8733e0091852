// What /healthz reports: whether the database answers, and the version running.
import type { Kysely } from "kysely";
import { pingDatabase } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
// The attribute lets Node load it too (the e2e fixtures reach this file outside Vite), not only the bundler.
import packageJson from "../../../package.json" with { type: "json" };

export interface Health {
  status: "ok" | "degraded";
  database: "ok" | "error";
  version: string;
}

export async function checkHealth(db: Kysely<Database>): Promise<Health> {
  try {
    await pingDatabase(db);
    return { status: "ok", database: "ok", version: packageJson.version };
  } catch {
    return { status: "degraded", database: "error", version: packageJson.version };
  }
}
