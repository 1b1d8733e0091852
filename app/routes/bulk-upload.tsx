// /bulk-upload: the bulk CSV import (docs/product/listings.md#bulk-import, four steps). Step 1 uploads a CSV (read as a stream,
// bounded while reading) and maps its columns; step 2 reviews every row (checked with the listing form's schema),
// fixes or removes rows, and may run the AI step as a background job whose progress arrives over SSE; step 3 is the
// payment summary (fee, exemption, promo code, staff waiver); step 4 imports in the background and shows the result.
// The wizard's state is on the server (bulk_imports), so a reload or a restart finds it where it was. Every button is
// a plain POST form (works without JavaScript); the history lists past imports with their per-row report.
import { Container, Heading, Stack } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { BulkStepHeader } from "~/components/bulk-upload/BulkStepHeader.tsx";
import { ColumnMappingStep } from "~/components/bulk-upload/ColumnMappingStep.tsx";
import { ImportHistory } from "~/components/bulk-upload/ImportHistory.tsx";
import { ImportStep } from "~/components/bulk-upload/ImportStep.tsx";
import { PaymentStep } from "~/components/bulk-upload/PaymentStep.tsx";
import { ReviewStep } from "~/components/bulk-upload/ReviewStep.tsx";
import { RowReport } from "~/components/bulk-upload/RowReport.tsx";
import { UploadStep } from "~/components/bulk-upload/UploadStep.tsx";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { BULK_MESSAGES } from "~/lib/bulk-import.ts";
import { BulkImportActionSchema, bulkImportUrl, MAPPING_IGNORE } from "~/schemas/bulk-import.ts";
import {
  applyBulkMapping,
  backToReview,
  bulkCategoryChoices,
  bulkImportPayment,
  cancelBulkImport,
  continueToPayment,
  createBulkImport,
  currentBulkImportId,
  editBulkRow,
  getBulkImport,
  listBulkImports,
  mapBulkConditionValues,
  setBulkRowRemoved,
  startBulkImport,
  type BulkPayment,
} from "~/services/bulk-import/index.server.ts";
import { kickBulkImportJob, startBulkAi } from "~/flows/index.server.ts";
import { getUploadStore } from "~/services/storage/index.server.ts";
import { getEnv } from "~/env.server.ts";
import type { BulkField } from "~/lib/bulk-import.ts";
import { requireConfirmedUser, requirePermission } from "~/web/auth.server.ts";
import { refusalsAnswered } from "~/web/domain-answer.server.ts";
import { parseForm } from "~/web/form-data.server.ts";
import { readBulkCsvUpload } from "~/web/bulk-csv-upload.server.ts";
import { isMultipart } from "~/web/multipart.server.ts";
import { routeIdOf } from "~/web/route-params.server.ts";

export const meta: MetaFunction = () => [{ title: "Bulk Upload — Tradebench" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "can_create_listings");
  const db = getDb();
  const url = new URL(request.url);
  const requested = routeIdOf(url.searchParams.get("import"));
  return refusalsAnswered(
    async () => {
      const fresh = url.searchParams.get("new") === "1";
      const id = requested ?? (fresh ? null : await currentBulkImportId(db, user.id));
      const page = routeIdOf(url.searchParams.get("page")) ?? 1;
      const view = id === null ? null : await getBulkImport(db, user.id, id, { page });
      // Showing the page starts no work: the actions start the jobs, and the scheduled pass resumes a job whose
      // server stopped (resumeBulkImportJobs).
      const payment = view && ["payment", "importing", "imported"].includes(view.status) ? await bulkImportPayment(db, user.id, view.id, null) : null;
      const categories = view?.status === "review" ? await bulkCategoryChoices(db) : [];
      return {
        view,
        payment,
        categories,
        history: await listBulkImports(db, user.id),
        justDone: url.searchParams.get("done") === "1",
      };
    },
    { as: "document" },
  );
}

type ActionAnswer = { ok: false; formError: string; rowNumber?: number } | { ok: true; promo: { code: string; message: string; payment: BulkPayment } };

export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, "can_create_listings");
  const user = await requireConfirmedUser(request);
  const db = getDb();
  if (isMultipart(request)) {
    return refusalsAnswered(
      async () => {
        const { fileName, parsed } = await readBulkCsvUpload(request);
        const id = await createBulkImport(db, user.id, fileName, parsed);
        throw redirect(bulkImportUrl(id));
      },
      { as: (refusal): ActionAnswer => ({ ok: false, formError: refusal.message }) },
    );
  }
  const { submission } = await parseForm(request, BulkImportActionSchema);
  if (submission.status !== "success") return data<ActionAnswer>({ ok: false, formError: "Please use the buttons on the page." }, { status: 400 });
  const command = submission.value;
  const back = bulkImportUrl(command.importId, routeIdOf(new URL(request.url).searchParams.get("page")) ?? 1);
  return refusalsAnswered(
    async () => {
      switch (command.intent) {
        case "map":
          await applyBulkMapping(
            db,
            user.id,
            command.importId,
            command.mapping.map((choice) => (choice === MAPPING_IGNORE ? null : (choice as BulkField))),
            new Date(),
            command.decimalSeparator,
          );
          throw redirect(bulkImportUrl(command.importId));
        case "map-values":
          await mapBulkConditionValues(
            db,
            user.id,
            command.importId,
            command.from.map((from, index) => ({ from, to: command.to[index] ?? "" })),
          );
          throw redirect(back);
        case "edit-row":
          return refusalsAnswered(
            async () => {
              await editBulkRow(db, user.id, command.importId, command.rowNumber, command);
              throw redirect(back);
            },
            { as: (refusal): ActionAnswer => ({ ok: false, formError: refusal.message, rowNumber: command.rowNumber }) },
          );
        case "remove-row":
        case "restore-row":
          await setBulkRowRemoved(db, user.id, command.importId, command.rowNumber, command.intent === "remove-row");
          throw redirect(back);
        case "process-ai":
          await startBulkAi(db, user.id, command.importId);
          void kickBulkImportJob(db, getUploadStore(), command.importId, "ai");
          throw redirect(back);
        case "to-payment":
          await continueToPayment(db, user.id, command.importId);
          throw redirect(bulkImportUrl(command.importId));
        case "back-to-review":
          await backToReview(db, user.id, command.importId);
          throw redirect(bulkImportUrl(command.importId));
        case "back-to-upload":
          await cancelBulkImport(db, user.id, command.importId);
          throw redirect("/bulk-upload?new=1");
        case "apply-promo": {
          if (command.promoCode.trim() === "") return data<ActionAnswer>({ ok: false, formError: BULK_MESSAGES.invalidPromo }, { status: 400 });
          const payment = await bulkImportPayment(db, user.id, command.importId, command.promoCode);
          return data<ActionAnswer>({ ok: true, promo: { code: payment.promo?.code ?? "", message: payment.promo?.message ?? "", payment } });
        }
        case "import": {
          const started = await startBulkImport(db, user.id, command.importId, command.promoCode.trim() === "" ? null : command.promoCode, new Date(), {
            reviewThreshold: getEnv().IMPORT_REVIEW_THRESHOLD,
          });
          // A new seller's first large import waits for staff: the page says so.
          if (started.held) throw redirect(bulkImportUrl(command.importId));
          void kickBulkImportJob(db, getUploadStore(), command.importId, "import");
          // done=1: when the import has finished, the page shows the success step and returns to step 1 after 3 s.
          throw redirect(`${bulkImportUrl(command.importId)}&done=1`);
        }
      }
    },
    {
      as: (refusal): ActionAnswer => ({
        ok: false,
        formError:
          command.intent === "import"
            ? BULK_MESSAGES.importError(refusal.message)
            : command.intent === "process-ai"
              ? BULK_MESSAGES.aiError(refusal.message)
              : refusal.message,
      }),
    },
  );
}

export default function BulkUploadPage() {
  const { view, payment, categories, history, justDone } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const error = answer && !answer.ok ? answer.formError : null;
  const errorRow = answer && !answer.ok && answer.rowNumber !== undefined ? answer.rowNumber : null;
  const applied = answer && answer.ok ? answer.promo : null;
  const status = view?.status ?? null;
  const step: 1 | 2 | 3 | 4 = status === null || status === "mapping" || status === "cancelled" ? 1 : status === "review" ? 2 : status === "payment" ? 3 : 4;
  return (
    <Container maxW="6xl" py="8">
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          Bulk Upload
        </Heading>
        <BulkStepHeader step={step} />
        {view === null || status === "cancelled" ? <UploadStep error={error} busy={busy} /> : null}
        {view && status === "mapping" ? <ColumnMappingStep view={view} error={error} busy={busy} /> : null}
        {view && status === "review" ? <ReviewStep view={view} categories={categories} error={error} errorRow={errorRow} busy={busy} /> : null}
        {view && status === "payment" && payment ? (
          <PaymentStep view={view} payment={payment} applied={applied} feeWaived={payment.feeWaived} error={error} busy={busy} />
        ) : null}
        {view && (status === "importing" || status === "imported") ? <ImportStep view={view} justDone={justDone} /> : null}
        {view && status === "imported" ? <RowReport view={view} busy={busy} /> : null}
        <ImportHistory history={history} />
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
