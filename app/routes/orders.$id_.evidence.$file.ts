// GET /orders/{id}/evidence/{file}: a dispute attachment or a proof of delivery, only for those who may see the order
// (its buyer, its seller, escrow staff); everyone else gets 404. Always served by the app, never a public address.
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db.server.ts";
import { ORDER_MESSAGES } from "~/lib/orders.ts";
import { getOrderForViewer, orderEvidenceKey } from "~/services/orders/index.server.ts";
import { getUploadStore } from "~/services/storage/index.server.ts";
import { requireUser } from "~/web/auth.server.ts";
import { onlyGet, resourceHandler } from "~/web/resource-route.server.ts";
import { parseRouteId } from "~/web/route-params.server.ts";

async function serveEvidence({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const orderId = parseRouteId(params.id, ORDER_MESSAGES.orderNotFound);
  const view = await getOrderForViewer(getDb(), orderId, { id: user.id, role: user.role });
  const key = view ? orderEvidenceKey(orderId, params.file ?? "") : null;
  const stored = key ? await getUploadStore().get(key) : null;
  if (!stored) throw data({ message: "Not found" }, { status: 404 });
  return new Response(stored.bytes, {
    headers: {
      "Content-Type": stored.contentType,
      "Content-Length": String(stored.bytes.byteLength),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export const loader = resourceHandler(serveEvidence);
export const action = onlyGet;
