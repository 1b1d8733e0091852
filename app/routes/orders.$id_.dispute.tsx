// POST /orders/{id}/dispute: a message in the order's dispute from its buyer, its seller or a referee, with up to
// five photos or PDF documents. The form lives on the order page and works without JavaScript; A refusal shows
// its own page (EvidenceFormRefusal) with the way back.
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { EvidenceFormRefusal } from "~/components/orders/EvidenceFormRefusal.tsx";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { DisputeMessageSchema } from "~/schemas/dispute.ts";
import { postDisputeMessage } from "~/services/orders/index.server.ts";
import { getUploadStore } from "~/services/storage/index.server.ts";
import { requireUser } from "~/web/auth.server.ts";
import { evidenceFormAction } from "~/web/order-evidence-form.server.ts";
import { parseRouteId } from "~/web/route-params.server.ts";
import { ORDER_MESSAGES } from "~/lib/orders.ts";

// No redirect here: Remix runs this loader after a refused POST too, and a redirect would lose the refusal's message.
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  return { orderId: parseRouteId(params.id, ORDER_MESSAGES.orderNotFound) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return evidenceFormAction(request, params.id, "dispute_message", DisputeMessageSchema, async (orderId, value, files) => {
    await postDisputeMessage(getDb(), getUploadStore(), { orderId, actor: { id: user.id, role: user.role }, body: value.body, files });
  });
}

/** Shown only when the form is refused (a success goes back to the order page): what was wrong, and the way back. */
export default EvidenceFormRefusal;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
