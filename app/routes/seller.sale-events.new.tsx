// /seller/sale-events/new: a house creates a timed sale event as a draft (createSaleEvent), then adds its lots on
// the event's page. The form is the terms form; the domain checks every rule again.
import { Container, Heading, Stack, Text } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { SaleEventTermsForm } from "~/components/sale-events/house/SaleEventTermsForm.tsx";
import { getDb } from "~/db.server.ts";
import { SALE_EVENT_HOUSE_MESSAGES } from "~/lib/sale-event-house.ts";
import { CLOSE_INTERVAL_SECONDS, DEFAULT_EVENT_EXTENSION_CAP_MINUTES, DEFAULT_EVENT_SOFT_CLOSE_SECONDS } from "~/lib/sale-events.ts";
import { SALE_EVENT_EDITOR_MAX_BYTES, saleEventInputOf, SaleEventTermsSchema } from "~/schemas/sale-event-editor.ts";
import { createSaleEvent } from "~/services/sale-events/index.server.ts";
import { requireConfirmedUser, requirePermission } from "~/web/auth.server.ts";
import { formReply, refusalsAnswered } from "~/web/domain-answer.server.ts";
import { parseForm } from "~/web/form-data.server.ts";

export const meta: MetaFunction = () => [{ title: "New sale event — Tradebench" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "can_create_listings");
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "can_create_listings");
  await requireConfirmedUser(request);
  const { submission } = await parseForm(request, SaleEventTermsSchema, { maxBytes: SALE_EVENT_EDITOR_MAX_BYTES });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  return refusalsAnswered(
    async () => {
      const id = await createSaleEvent(getDb(), user.id, saleEventInputOf(submission.value));
      throw redirect(`/seller/sale-events/${id}?done=${encodeURIComponent(SALE_EVENT_HOUSE_MESSAGES.created)}`);
    },
    { as: (refusal) => ({ result: formReply(submission, refusal) }) },
  );
}

const DEFAULTS = {
  closeIntervalSeconds: String(CLOSE_INTERVAL_SECONDS.default),
  softCloseSeconds: String(DEFAULT_EVENT_SOFT_CLOSE_SECONDS),
  extensionCapMinutes: String(DEFAULT_EVENT_EXTENSION_CAP_MINUTES),
  approvalRequired: "on",
  depositKind: "none",
};

export default function NewSaleEventPage() {
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <Container maxW="4xl" py="8">
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          New sale event
        </Heading>
        <Text color="fg.muted">A timed sale of your auction lots in catalogue order: lot N closes at the first close plus (N − 1) intervals.</Text>
        <SaleEventTermsForm id="new-sale-event" lastResult={answer?.result} defaults={DEFAULTS} submitLabel="Create draft" busy={busy} />
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
