// GET /resources/offline-snapshot: the signed-in member's watchlist and saved searches as copies for offline use
//. Visitors get 401 and nothing. Never cached anywhere: it is one member's data and changes with them.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db.server.ts";
import { getOptionalUser } from "~/web/auth.server.ts";
import { buildOfflineSnapshot } from "~/services/offline/index.server.ts";
import { onlyGet } from "~/web/resource-route.server.ts";

const NO_STORE = { "Cache-Control": "no-store" };

export const OFFLINE_SNAPSHOT_MESSAGES = {
  signInRequired: "Sign in to keep copies of your watchlist and saved searches.",
  failed: "Could not prepare your offline copies. Please try again.",
} as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  if (!user) return Response.json({ message: OFFLINE_SNAPSHOT_MESSAGES.signInRequired }, { status: 401, headers: NO_STORE });
  // Stays: a crash answers the JSON 500 the offline page reads, not the HTML error page.
  try {
    const snapshot = await buildOfflineSnapshot(getDb(), { id: user.id, role: user.role });
    return Response.json(snapshot, { headers: NO_STORE });
  } catch (error) {
    console.error("Could not build an offline snapshot", error);
    return Response.json({ message: OFFLINE_SNAPSHOT_MESSAGES.failed }, { status: 500, headers: NO_STORE });
  }
}

/** Only GET: any other method is a 405 with a message (not Remix's "Unexpected Server Error"). */
export const action = onlyGet;
