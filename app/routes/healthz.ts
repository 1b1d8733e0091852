// GET /healthz: is the server up and does the database answer?
import { getDb } from "~/db.server.ts";
import { checkHealth } from "~/services/platform/index.server.ts";

export async function loader() {
  const health = await checkHealth(getDb());
  return Response.json(health, { status: health.status === "ok" ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
