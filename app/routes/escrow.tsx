// /escrow: the escrow desk. Billing and administrators confirm bank transfers that arrived (the order is then paid
// and its funds held in escrow); referees and administrators open the disputes waiting for a decision.
import { Button, Container, Heading, Stack, Text } from "@chakra-ui/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { FormSuccess } from "~/components/forms/index.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { EscrowQueue } from "~/components/orders/EscrowQueue.tsx";
import { getDb } from "~/db.server.ts";
import { isOrderAction, ORDER_ACTION_DONE } from "~/lib/orders.ts";
import { requirePermission, userHasPermission } from "~/web/auth.server.ts";
import { escrowDesk } from "~/services/orders/index.server.ts";

export const meta: MetaFunction = () => [{ title: "Escrow desk — Tradebench" }];

export async function loader({ request }: LoaderFunctionArgs) {
  // A capability, not a role (docs/decisions/0025): who confirms payments (billing) or resolves disputes (the referee).
  const user = await requirePermission(request, ["can_confirm_payments", "can_resolve_disputes"]);
  const payments = await userHasPermission(user, "can_confirm_payments");
  const disputes = await userHasPermission(user, "can_resolve_disputes");
  const desk = await escrowDesk(getDb(), { payments, disputes });
  const done = new URL(request.url).searchParams.get("done");
  return { payments, disputes, ...desk, done: isOrderAction(done) ? ORDER_ACTION_DONE[done] : null };
}

export default function EscrowDeskPage() {
  const { payments, disputes, awaitingPayment, openDisputes, done } = useLoaderData<typeof loader>();
  return (
    <Container maxW="7xl" py={{ base: "6", md: "10" }}>
      <Stack gap="8">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            Escrow desk
          </Heading>
          <Text color="fg.muted">Orders waiting for Tradebench, oldest first.</Text>
        </Stack>
        {done ? <FormSuccess>{done}</FormSuccess> : null}

        {payments ? (
          <EscrowQueue
            id="payments"
            title="Awaiting payment"
            instructions="Confirm an order once its bank transfer, quoting the order's reference, has arrived in the escrow account."
            empty="No orders are waiting for a payment."
            caption="Orders awaiting payment"
            orders={awaitingPayment}
            sinceLabel="Ordered"
            since={(order) => order.createdAt}
            action={(order) => (
              // The confirmation asks for the amount received and its value date, on the order's page (no JavaScript needed).
              <Button asChild size="sm" colorPalette="blue" aria-label={`Confirm payment received for order ${order.reference}`}>
                <RemixLink to={`/orders/${order.id}#order-actions-heading`}>Confirm payment…</RemixLink>
              </Button>
            )}
          />
        ) : null}

        {disputes ? (
          <EscrowQueue
            id="disputes"
            title="Open disputes"
            instructions="Open an order to read both sides and refund the buyer or release the payment to the seller."
            empty="No disputes are open."
            caption="Open disputes"
            orders={openDisputes}
            sinceLabel="Opened"
            since={(order) => order.since}
            showReason
          />
        ) : null}
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
