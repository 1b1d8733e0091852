// GET /resources/notifications: the header bell's data (the latest 5 and the unread count) as JSON, for the signed-in
// member only (visitors get 401 and nothing). Never cached: it changes with every notification.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db.server.ts";
import { getOptionalUser } from "~/web/auth.server.ts";
import { latestNotifications, type InboxNotification } from "~/services/notifications/index.server.ts";
import { onlyGet } from "~/web/resource-route.server.ts";

export interface BellData {
  items: InboxNotification[];
  unreadCount: number;
}

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  if (!user) return Response.json({ items: [], unreadCount: 0 } satisfies BellData, { status: 401, headers: NO_STORE });
  const bell: BellData = await latestNotifications(getDb(), user.id);
  return Response.json(bell, { headers: NO_STORE });
}

/** Only GET: any other method is a 405 with a message (not Remix's "Unexpected Server Error"). */
export const action = onlyGet;
