// /admin/sale-event-deposits: billing staff (can_confirm_payments) record each sale-event bidder's deposit payment
// with its reference and confirm it; the list holds every deposit not yet confirmed, across sales.
import { Heading, Stack } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FormErrors, FormSuccess } from "~/components/forms/index.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { DepositQueue } from "~/components/sale-events/house/DepositQueue.tsx";
import { getDb } from "~/db.server.ts";
import { SALE_EVENT_HOUSE_MESSAGES } from "~/lib/sale-event-house.ts";
import { DepositActionSchema } from "~/schemas/sale-event-editor.ts";
import { confirmDeposit, depositsAwaitingConfirmation, recordDeposit } from "~/services/sale-events/index.server.ts";
import { requirePermission } from "~/web/auth.server.ts";
import { refusalsAnswered } from "~/web/domain-answer.server.ts";
import { parseForm } from "~/web/form-data.server.ts";

export const meta: MetaFunction = () => [{ title: "Sale deposits — Tradebench" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "can_confirm_payments");
  const deposits = await refusalsAnswered(() => depositsAwaitingConfirmation(getDb(), user.id), { as: "document" });
  return { deposits, done: new URL(request.url).searchParams.get("done")?.slice(0, 200) ?? null };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "can_confirm_payments");
  const { submission } = await parseForm(request, DepositActionSchema);
  if (submission.status !== "success") return data({ message: Object.values(submission.error ?? {}).flat()[0] ?? "Please check the form." }, { status: 400 });
  const form = submission.value;
  return refusalsAnswered(
    async () => {
      if (form.intent === "record") {
        await recordDeposit(getDb(), user.id, { eventId: form.eventId, userId: form.userId, amountCents: form.amount, reference: form.reference });
      } else await confirmDeposit(getDb(), user.id, { eventId: form.eventId, userId: form.userId });
      const done = form.intent === "record" ? SALE_EVENT_HOUSE_MESSAGES.depositRecorded : SALE_EVENT_HOUSE_MESSAGES.depositConfirmed;
      throw redirect(`/admin/sale-event-deposits?done=${encodeURIComponent(done)}`);
    },
    { as: (refusal) => ({ message: refusal.message }) },
  );
}

export default function SaleEventDepositsPage() {
  const { deposits, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        Sale deposits awaiting confirmation
      </Heading>
      {done && !answer ? <FormSuccess>{done}</FormSuccess> : null}
      {answer ? <FormErrors errors={[answer.message]} /> : null}
      <DepositQueue deposits={deposits} />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
