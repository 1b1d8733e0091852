// /seller/sale-events/$id: the house edits its sale event (every term before it opens; only the description after,
// which the domain records in the audit log), builds the catalogue from its own auction listings (add, move up or
// down, move to a position, remove, or a CSV of lot numbers and listing ids), publishes it and may cancel it.
// Every change is a plain form post; the domain checks each one again.
import { Container, Heading, Stack, Text } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { FormErrors, FormSuccess } from "~/components/forms/index.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { HouseEditorSections } from "~/components/sale-events/house/HouseEditorSections.tsx";
import { getDb } from "~/db.server.ts";
import { LOT_CSV_MAX_BYTES } from "~/lib/sale-event-house.ts";
import { hasOpened, SALE_EVENT_MESSAGES } from "~/lib/sale-events.ts";
import { SALE_EVENT_EDITOR_MAX_BYTES, SaleEventEditorActionSchema } from "~/schemas/sale-event-editor.ts";
import { houseLotCandidates, houseSaleEvent, saleEventCatalogue } from "~/services/sale-events/index.server.ts";
import { requireConfirmedUser, requirePermission } from "~/web/auth.server.ts";
import { formReply, refusalsAnswered } from "~/web/domain-answer.server.ts";
import { parseForm } from "~/web/form-data.server.ts";
import { parseRouteId } from "~/web/route-params.server.ts";
import { applyEditorAction, applyLotsCsv } from "~/web/sale-event-editor.server.ts";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: `${loaded?.event.title ?? "Sale event"} — Tradebench` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "can_create_listings");
  const id = parseRouteId(params.id, SALE_EVENT_MESSAGES.notFound);
  const db = getDb();
  return refusalsAnswered(
    async () => {
      const event = await houseSaleEvent(db, user.id, id);
      const { lots } = await saleEventCatalogue(db, id, { viewerId: user.id });
      const editable = !hasOpened(event.status) && event.status !== "cancelled";
      const candidates = editable ? await houseLotCandidates(db, user.id, id) : [];
      return { event, lots, candidates, done: new URL(request.url).searchParams.get("done")?.slice(0, 200) ?? null };
    },
    { as: "document" },
  );
}

type Answer = { intent: string; message: string; result?: ReturnType<typeof formReply>; problems: Array<{ line: number; message: string }> };

const CsvIntent = z.object({ intent: z.literal("csv") });

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "can_create_listings");
  await requireConfirmedUser(request);
  const id = parseRouteId(params.id, SALE_EVENT_MESSAGES.notFound);
  const db = getDb();
  // Only the house reaches the forms (the domain checks again).
  await refusalsAnswered(() => houseSaleEvent(db, user.id, id), { as: "document" });
  const back = (message: string) => redirect(`/seller/sale-events/${id}?done=${encodeURIComponent(message)}`);
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    const { files } = await parseForm(request, CsvIntent, {
      files: { field: "lots", maxFileBytes: LOT_CSV_MAX_BYTES, maxFiles: 1, maxFields: 5, maxFieldBytes: 64, maxTotalBytes: 2 * LOT_CSV_MAX_BYTES },
    });
    return refusalsAnswered(
      async () => {
        const outcome = await applyLotsCsv(db, user.id, id, files[0]);
        if (outcome.problems.length === 0) throw back(outcome.message);
        return data<Answer>({ intent: "csv", ...outcome }, { status: 400 });
      },
      { as: (refusal): Answer => ({ intent: "csv", message: refusal.message, problems: [] }), page: ["not_found", "forbidden"] },
    );
  }
  const { submission, fields } = await parseForm(request, SaleEventEditorActionSchema, { maxBytes: SALE_EVENT_EDITOR_MAX_BYTES });
  const intent = String(fields.get("intent") ?? "");
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "Please check the form.";
    return data<Answer>({ intent, message, result: submission.reply(), problems: [] }, { status: 400 });
  }
  return refusalsAnswered(
    async () => {
      throw back(await applyEditorAction(db, user.id, id, submission.value));
    },
    { as: (refusal): Answer => ({ intent, message: refusal.message, result: formReply(submission, refusal), problems: [] }), page: ["not_found", "forbidden"] },
  );
}

export default function HouseSaleEventPage() {
  const { event, lots, candidates, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <Container maxW="6xl" py="8">
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          {event.title}
        </Heading>
        {done && !answer ? <FormSuccess>{done}</FormSuccess> : null}
        {answer && answer.intent !== "details" ? <FormErrors errors={[answer.message]} /> : null}
        <Text color="fg.muted">
          {event.lotCount} {event.lotCount === 1 ? "lot" : "lots"} · {event.currency}
        </Text>
        <HouseEditorSections event={event} lots={lots} candidates={candidates} answer={answer} busy={busy} />
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
