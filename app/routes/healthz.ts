// GET /healthz: is the server up and does the database answer?
import { getDb } from "~/db.server.ts";
import { checkHealth } from "~/services/platform/index.server.ts";
import { onlyGet } from "~/web/resource-route.server.ts";

export async function loader() {
  const health = await checkHealth(getDb());
  return Response.json(health, { status: health.status === "ok" ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}

/** Only GET: any other method is a 405 with a message (not Remix's "Unexpected Server Error"). */
export const action = onlyGet;
