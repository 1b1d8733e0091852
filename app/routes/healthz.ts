// GET /healthz: is the server up and does the database answer?
import { pingDatabase } from "#db/dialect.ts";
import { getDb } from "~/db.server.ts";
import packageJson from "../../package.json";

export async function loader() {
  let database: "ok" | "error" = "ok";
  try {
    await pingDatabase(getDb());
  } catch {
    database = "error";
  }
  return Response.json(
    { status: database === "ok" ? "ok" : "degraded", database, version: packageJson.version },
    { status: database === "ok" ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
