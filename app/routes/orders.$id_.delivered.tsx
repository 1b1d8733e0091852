// POST /orders/{id}/delivered: "Mark as delivered" with its proof: the seller attaches a photo of the
// delivered item or the signed delivery note; the buyer's inspection period starts and the buyer can contest it by
// opening a dispute. A refusal shows its own page with the way back.
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { EvidenceFormRefusal } from "~/components/orders/EvidenceFormRefusal.tsx";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { ORDER_MESSAGES } from "~/lib/orders.ts";
import { DeliveryProofSchema } from "~/schemas/dispute.ts";
import { markDelivered } from "~/services/orders/index.server.ts";
import { getUploadStore } from "~/services/storage/index.server.ts";
import { requireUser } from "~/web/auth.server.ts";
import { evidenceFormAction } from "~/web/order-evidence-form.server.ts";
import { parseRouteId } from "~/web/route-params.server.ts";

// No redirect here: Remix runs this loader after a refused POST too, and a redirect would lose the refusal's message.
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  return { orderId: parseRouteId(params.id, ORDER_MESSAGES.orderNotFound) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return evidenceFormAction(request, params.id, "delivery_proof", DeliveryProofSchema, async (orderId, value, files) => {
    await markDelivered(getDb(), getUploadStore(), { orderId, actor: { id: user.id, role: user.role }, proof: files, note: value.note });
  });
}

/** Shown only when the form is refused (a success goes back to the order page): what was wrong, and the way back. */
export default EvidenceFormRefusal;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
