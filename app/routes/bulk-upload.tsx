// /bulk-upload: the bulk CSV import (docs/product/listings.md#bulk-import, four steps). Step 1 uploads a CSV (read as a stream,
// bounded while reading) and maps its columns; step 2 reviews every row (checked with the listing form's schema),
// fixes or removes rows, and may run the AI step as a background job whose progress arrives over SSE; step 3 is the
// payment summary (fee, exemption, promo code, staff waiver); step 4 imports in the background and shows the result.
// The wizard's state is on the server (bulk_imports), so a reload or a restart finds it where it was. Every button is
// a plain POST form (works without JavaScript); the history lists past imports with their per-row report.
import { Alert, Badge, Box, Button, Card, Container, Heading, HStack, Input, Link, NativeSelect, Progress, Stack, Table, Text, Textarea } from "@chakra-ui/react";
import { unstable_parseMultipartFormData, data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type UploadHandler } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigate, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { BULK_FIELD_LABELS, BULK_FIELDS, BULK_LIMITS, BULK_MESSAGES, DECIMAL_SEPARATORS, REQUIRED_BULK_FIELDS, timeLeftText } from "~/lib/bulk-import.ts";
import { CONDITION_OPTIONS } from "~/lib/conditions.ts";
import { formatShortDate } from "~/lib/dates.ts";
import { formatExactPrice, formatPrice } from "~/lib/money.ts";
import { BulkImportActionSchema, bulkImportUrl, MAPPING_IGNORE } from "~/schemas/bulk-import.ts";
import { isDomainError, DomainError } from "~/services/domain-error.ts";
import {
  applyBulkMapping,
  backToReview,
  bulkImportPayment,
  cancelBulkImport,
  continueToPayment,
  createBulkImport,
  currentBulkImportId,
  editBulkRow,
  getBulkImport,
  listBulkImports,
  mapBulkConditionValues,
  parseBulkCsv,
  setBulkRowRemoved,
  startBulkImport,
  type BulkImportView,
  type BulkPayment,
  type BulkRowView,
} from "~/services/listings/index.server.ts";
import { kickBulkImportJob, startBulkAi, type BulkProgressEvent } from "~/flows/index.server.ts";
import { getUploadStore } from "~/services/storage/index.server.ts";
import { getEnv } from "~/env.server.ts";
import type { BulkField } from "~/lib/bulk-import.ts";
import { requireConfirmedUser, requirePermission } from "~/web/auth.server.ts";
import { refusalsAnswered } from "~/web/domain-answer.server.ts";
import { parseForm } from "~/web/form-data.server.ts";
import { isMultipart, originalFileName } from "~/web/multipart.server.ts";
import { routeIdOf } from "~/web/route-params.server.ts";

export const meta: MetaFunction = () => [{ title: "Bulk Upload — Tradebench" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "can_create_listings");
  const db = getDb();
  const url = new URL(request.url);
  const requested = routeIdOf(url.searchParams.get("import"));
  return refusalsAnswered(async () => {
    const fresh = url.searchParams.get("new") === "1";
    const id = requested ?? (fresh ? null : await currentBulkImportId(db, user.id));
    const page = routeIdOf(url.searchParams.get("page")) ?? 1;
    const view = id === null ? null : await getBulkImport(db, user.id, id, { page });
    // A job this server is not running yet (after a restart) is started again; its lease keeps it single.
    if (view?.ai.state === "running") void kickBulkImportJob(db, getUploadStore(), view.id, "ai");
    if (view?.status === "importing") void kickBulkImportJob(db, getUploadStore(), view.id, "import");
    const payment = view && ["payment", "importing", "imported"].includes(view.status) ? await bulkImportPayment(db, user.id, view.id, null) : null;
    const categories =
      view?.status === "review" ? await db.selectFrom("categories").select(["id", "name"]).where("level", "=", 3).orderBy("name").execute() : [];
    return {
      view,
      payment,
      categories,
      history: await listBulkImports(db, user.id),
      justDone: url.searchParams.get("done") === "1",
    };
  }, { as: "document" });
}

type ActionAnswer = { ok: false; formError: string; rowNumber?: number } | { ok: true; promo: { code: string; message: string; payment: BulkPayment } };

/** Reads the upload as it arrives: the CSV part goes straight into the parser, other parts are small fields. */
async function readUpload(request: Request): Promise<{ fileName: string; parsed: Awaited<ReturnType<typeof parseBulkCsv>> }> {
  const declared = Number(request.headers.get("Content-Length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > BULK_LIMITS.fileBytes + 64 * 1024) throw new DomainError("too_large", BULK_MESSAGES.tooLarge);
  let fileName: string | null = null;
  let parsed: Awaited<ReturnType<typeof parseBulkCsv>> | null = null;
  let failure: unknown = null;
  let parts = 0;
  const handler: UploadHandler = async (part) => {
    parts += 1;
    if (parts > 5) throw new DomainError("too_large", BULK_MESSAGES.tooLarge);
    if (part.name !== "file" || typeof part.filename !== "string") {
      let size = 0;
      for await (const chunk of part.data) {
        size += chunk.byteLength;
        if (size > 1024) throw new DomainError("too_large", BULK_MESSAGES.tooLarge);
      }
      return undefined;
    }
    fileName = originalFileName(part.filename);
    if (!/\.csv$/i.test(fileName)) throw new DomainError("invalid", BULK_MESSAGES.notCsv);
    try {
      parsed = await parseBulkCsv(part.data);
    } catch (error) {
      failure = error;
      throw error;
    }
    return undefined;
  };
  try {
    await unstable_parseMultipartFormData(request, handler);
  } catch (error) {
    if (isDomainError(failure)) throw failure;
    if (isDomainError(error)) throw error;
    throw new DomainError("invalid", BULK_MESSAGES.notCsv);
  }
  if (!fileName || !parsed) throw new DomainError("invalid", BULK_MESSAGES.notCsv);
  return { fileName, parsed };
}

export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, "can_create_listings");
  const user = await requireConfirmedUser(request);
  const db = getDb();
  if (isMultipart(request)) {
    return refusalsAnswered(async () => {
      const { fileName, parsed } = await readUpload(request);
      const id = await createBulkImport(db, user.id, fileName, parsed);
      throw redirect(bulkImportUrl(id));
    }, { as: (refusal): ActionAnswer => ({ ok: false, formError: refusal.message }) });
  }
  const { submission } = await parseForm(request, BulkImportActionSchema);
  if (submission.status !== "success") return data<ActionAnswer>({ ok: false, formError: "Please use the buttons on the page." }, { status: 400 });
  const command = submission.value;
  const back = bulkImportUrl(command.importId, routeIdOf(new URL(request.url).searchParams.get("page")) ?? 1);
  return refusalsAnswered(async () => {
    switch (command.intent) {
      case "map":
        await applyBulkMapping(db, user.id, command.importId, command.mapping.map((choice) => (choice === MAPPING_IGNORE ? null : (choice as BulkField))), new Date(), command.decimalSeparator);
        throw redirect(bulkImportUrl(command.importId));
      case "map-values":
        await mapBulkConditionValues(db, user.id, command.importId, command.from.map((from, index) => ({ from, to: command.to[index] ?? "" })));
        throw redirect(back);
      case "edit-row":
        return refusalsAnswered(async () => {
          await editBulkRow(db, user.id, command.importId, command.rowNumber, command);
          throw redirect(back);
        }, { as: (refusal): ActionAnswer => ({ ok: false, formError: refusal.message, rowNumber: command.rowNumber }) });
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
  }, {
    as: (refusal): ActionAnswer => ({
      ok: false,
      formError: command.intent === "import" ? BULK_MESSAGES.importError(refusal.message) : command.intent === "process-ai" ? BULK_MESSAGES.aiError(refusal.message) : refusal.message,
    }),
  });
}

// ── The page ──

/** Listens to the seller's live events for this import's progress; null until the first event. */
function useBulkProgress(importId: number | null, active: boolean): BulkProgressEvent | null {
  const [progress, setProgress] = useState<BulkProgressEvent | null>(null);
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active || importId === null) return;
    let poll: ReturnType<typeof setInterval> | null = null;
    const startPolling = () => {
      poll ??= setInterval(() => revalidator.revalidate(), 3_000);
    };
    // A slow check as well: a job that ends before the stream is open sends its last event to nobody.
    const check = setInterval(() => revalidator.revalidate(), 5_000);
    if (typeof EventSource === "undefined") {
      startPolling();
      return () => {
        clearInterval(check);
        clearInterval(poll!);
      };
    }
    const source = new EventSource("/events");
    source.addEventListener("bulk-import", (event) => {
      const next = JSON.parse((event as MessageEvent<string>).data) as BulkProgressEvent;
      if (next.importId !== importId) return;
      setProgress(next);
      if (next.finished) revalidator.revalidate();
    });
    source.addEventListener("error", startPolling);
    return () => {
      source.close();
      clearInterval(check);
      if (poll) clearInterval(poll);
    };
    // The revalidator object changes on every render; the subscription depends on the import only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [importId, active]);
  return progress;
}

function StepHeader({ step }: { step: 1 | 2 | 3 | 4 }) {
  const steps = ["Upload CSV", "Review Listings", "Payment & Import Summary", "Import"];
  return (
    <Box as="ol" display="flex" gap="3" flexWrap="wrap" listStyleType="none" aria-label="Bulk upload steps">
      {steps.map((label, index) => (
        <Box as="li" key={label} aria-current={index + 1 === step ? "step" : undefined}>
          <Badge colorPalette={index + 1 === step ? "blue" : index + 1 < step ? "green" : "gray"} variant={index + 1 === step ? "solid" : "subtle"} size="lg">
            {index + 1}. {label}
          </Badge>
        </Box>
      ))}
    </Box>
  );
}

function ErrorBanner({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}

function ProgressBar({ label, done, total, secondsLeft }: { label: string; done: number; total: number; secondsLeft: number | null }) {
  const percent = total === 0 ? 100 : Math.round((done / total) * 100);
  return (
    <Stack gap="1" data-testid="bulk-progress">
      <Progress.Root value={percent} max={100} size="md" colorPalette="blue">
        <Progress.Track aria-label={label} aria-valuetext={`${done} of ${total} rows`}>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="sm" aria-live="polite">
        {label}: {done} of {total} rows · {timeLeftText(secondsLeft)}
      </Text>
    </Stack>
  );
}

function IntentButton({ importId, intent, children, colorPalette = "gray", variant = "outline", busy }: { importId: number; intent: string; children: string; colorPalette?: string; variant?: "solid" | "outline" | "ghost"; busy: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="importId" value={importId} />
      <Button type="submit" colorPalette={colorPalette} variant={variant} disabled={busy}>
        {children}
      </Button>
    </Form>
  );
}

function UploadStep({ error, busy }: { error: string | null; busy: boolean }) {
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="4">
          <Heading as="h2" size="md">
            Upload CSV
          </Heading>
          <Text>
            List many pieces of equipment at once. Each row of your file becomes one Buy Now listing. The columns {REQUIRED_BULK_FIELDS.join(", ")} are required;
            description, category, specifications, features and location are optional. Put several photo addresses in one cell, separated by semicolons. Files up to{" "}
            {BULK_LIMITS.fileBytes / 1024 / 1024} MB and {BULK_LIMITS.rows.toLocaleString("en-US")} rows; comma, semicolon or tab separated.
          </Text>
          <Link asChild colorPalette="blue" width="fit-content">
            <a href="/bulk-upload.csv?file=template" download>
              Download the template CSV
            </a>
          </Link>
          <ErrorBanner message={error} />
          <Form method="post" encType="multipart/form-data">
            <Stack gap="3" maxW="md">
              <label htmlFor="bulk-file">
                <Text fontWeight="medium">CSV file</Text>
              </label>
              <Input id="bulk-file" type="file" name="file" accept=".csv,text/csv" required p="1" />
              <Button type="submit" colorPalette="blue" width="fit-content" loading={busy}>
                Upload and continue
              </Button>
            </Stack>
          </Form>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function MappingStep({ view, error, busy }: { view: BulkImportView; error: string | null; busy: boolean }) {
  return (
    <Card.Root>
      <Card.Body>
        <Form method="post">
          <input type="hidden" name="intent" value="map" />
          <input type="hidden" name="importId" value={view.id} />
          <Stack gap="4">
            <Heading as="h2" size="md">
              Match your columns
            </Heading>
            <Text>
              {view.fileName}: {view.rowCount} rows. We matched the columns we recognised; choose a field for the others, or leave them out. Required: {REQUIRED_BULK_FIELDS.map((f) => BULK_FIELD_LABELS[f]).join(", ")}.
            </Text>
            <ErrorBanner message={error} />
            <Stack gap="1" maxW="sm">
              <label htmlFor="decimal-separator">Number format of the prices</label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field id="decimal-separator" name="decimalSeparator" defaultValue={view.decimalSeparator}>
                  {DECIMAL_SEPARATORS.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Stack>
            <Box overflowX="auto" position="relative">
              <Table.Root size="sm" variant="outline">
                <Table.Caption>The first {view.preview.length} rows of your file</Table.Caption>
                <Table.Header>
                  <Table.Row>
                    {view.headers.map((header, index) => (
                      <Table.ColumnHeader key={index} minW="40">
                        <Stack gap="1">
                          <label htmlFor={`mapping-${index}`}>
                            <Text fontWeight="semibold">{header || `Column ${index + 1}`}</Text>
                          </label>
                          <NativeSelect.Root size="sm">
                            <NativeSelect.Field id={`mapping-${index}`} name={`mapping[${index}]`} defaultValue={view.mapping[index] ?? MAPPING_IGNORE}>
                              <option value={MAPPING_IGNORE}>Leave out</option>
                              {BULK_FIELDS.map((field) => (
                                <option key={field} value={field}>
                                  {BULK_FIELD_LABELS[field]}
                                </option>
                              ))}
                            </NativeSelect.Field>
                            <NativeSelect.Indicator />
                          </NativeSelect.Root>
                        </Stack>
                      </Table.ColumnHeader>
                    ))}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {view.preview.map((cells, r) => (
                    <Table.Row key={r}>
                      {view.headers.map((_, c) => (
                        <Table.Cell key={c} maxW="60" truncate>
                          {cells[c] ?? ""}
                        </Table.Cell>
                      ))}
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
            <HStack>
              <Button type="submit" colorPalette="blue" loading={busy}>
                Check the rows
              </Button>
            </HStack>
          </Stack>
        </Form>
        <Box mt="3">
          <IntentButton importId={view.id} intent="back-to-upload" busy={busy}>
            Back to Upload
          </IntentButton>
        </Box>
      </Card.Body>
    </Card.Root>
  );
}

function RowCard({ row, importId, categories, editable, busy, error }: { row: BulkRowView; importId: number; categories: Array<{ id: string; name: string }>; editable: boolean; busy: boolean; error: string | null }) {
  const hasErrors = row.errors.length > 0 && !row.removed;
  const category = categories.find((c) => c.id === row.categoryId);
  return (
    <Card.Root borderColor={hasErrors ? "red.500" : undefined} borderWidth={hasErrors ? "2px" : "1px"} data-testid={`bulk-row-${row.rowNumber}`} opacity={row.removed ? 0.6 : 1}>
      <Card.Body gap="2">
        <HStack justify="space-between" flexWrap="wrap">
          <Heading as="h3" size="sm">
            Row {row.rowNumber}: {row.brand} {row.model}
          </Heading>
          <HStack flexWrap="wrap">
            {row.removed ? <Badge>Removed</Badge> : hasErrors ? <Badge colorPalette="red">Needs a fix</Badge> : <Badge colorPalette="green">Ready</Badge>}
            {row.aiProcessed ? (
              <Badge colorPalette="purple">AI processed</Badge>
            ) : row.aiDone && row.processingError === null ? (
              <Badge>{BULK_MESSAGES.generatedWithoutAi}</Badge>
            ) : null}
            {row.needsPriceReview ? <Badge colorPalette="orange">Price review</Badge> : null}
            {row.listingId !== null ? (
              <Link asChild colorPalette="blue">
                <RemixLink to={`/listings/${row.listingId}`}>Listing #{row.listingId}</RemixLink>
              </Link>
            ) : null}
          </HStack>
        </HStack>
        <Text fontSize="sm">
          {row.condition || "no condition"} · {row.price ? `$${row.price}` : "no price"} · {category?.name ?? (row.categoryId || "no category")}
          {row.categorySource === "classifier" || row.categorySource === "ai" ? " (detected)" : ""} · {row.listingId !== null ? `${row.photosLoaded} of ${row.photoUrls.length} photos loaded` : `${row.photoUrls.length} photo${row.photoUrls.length === 1 ? "" : "s"}`}
        </Text>
        {row.description ? (
          <Text fontSize="sm" color="fg.muted" lineClamp={2}>
            {row.description}
          </Text>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            No description yet: the AI step writes one, or the built-in generator at import.
          </Text>
        )}
        {row.suggestedPriceCents !== null ? (
          <Text fontSize="sm">
            Suggested price {formatPrice(row.suggestedPriceCents)}
            {row.comparables.length > 0 ? ` from ${row.comparables.length} comparable listing${row.comparables.length === 1 ? "" : "s"}: ${row.comparables.map((c) => `${c.title} (${formatPrice(c.priceCents)})`).join("; ")}` : ""}
          </Text>
        ) : null}
        {row.processingError ? <Text fontSize="sm" color="red.fg">AI: {row.processingError}</Text> : null}
        {hasErrors ? (
          <Box as="ul" pl="5" color="red.fg" fontSize="sm">
            {row.errors.map((issue) => (
              <li key={issue.field}>
                {BULK_FIELD_LABELS[issue.field as BulkField] ?? issue.field}: {issue.message}
              </li>
            ))}
          </Box>
        ) : null}
        {row.photoErrors.map((p) => (
          <Text key={p.url} fontSize="sm" color="orange.fg">
            Photo {p.url}: {p.message}
          </Text>
        ))}
        {row.importError ? <Text fontSize="sm" color="red.fg">Not imported: {row.importError}</Text> : null}
        {row.heldAsDraft ? <Text fontSize="sm" color="orange.fg">{BULK_MESSAGES.photosHeld}</Text> : null}
        {editable && !row.removed ? (
          <details open={hasErrors}>
            <summary>Edit row {row.rowNumber}</summary>
            <Form method="post">
              <input type="hidden" name="intent" value="edit-row" />
              <input type="hidden" name="importId" value={importId} />
              <input type="hidden" name="rowNumber" value={row.rowNumber} />
              <Stack gap="2" mt="2" maxW="xl">
                <ErrorBanner message={error} />
                <HStack gap="3" flexWrap="wrap" align="end">
                  <Stack gap="1">
                    <label htmlFor={`brand-${row.rowNumber}`}>Brand</label>
                    <Input id={`brand-${row.rowNumber}`} name="brand" defaultValue={row.brand} size="sm" maxW="40" />
                  </Stack>
                  <Stack gap="1">
                    <label htmlFor={`model-${row.rowNumber}`}>Model</label>
                    <Input id={`model-${row.rowNumber}`} name="model" defaultValue={row.model} size="sm" maxW="40" />
                  </Stack>
                  <Stack gap="1">
                    <label htmlFor={`title-${row.rowNumber}`}>Title (blank: brand and model)</label>
                    <Input id={`title-${row.rowNumber}`} name="title" defaultValue={row.title} size="sm" maxW="64" />
                  </Stack>
                </HStack>
                <Stack gap="1">
                  <label htmlFor={`photos-${row.rowNumber}`}>Photo URLs (one a line)</label>
                  <Textarea id={`photos-${row.rowNumber}`} name="photoUrls" defaultValue={row.photoUrls.join("\n")} size="sm" rows={2} />
                </Stack>
                <HStack gap="3" flexWrap="wrap" align="end">
                  <Stack gap="1">
                    <label htmlFor={`price-${row.rowNumber}`}>Price ({row.currency})</label>
                    <Input id={`price-${row.rowNumber}`} name="price" defaultValue={row.price} size="sm" maxW="32" inputMode="decimal" />
                  </Stack>
                  <Stack gap="1">
                    <label htmlFor={`condition-${row.rowNumber}`}>Condition</label>
                    <NativeSelect.Root size="sm" width="48">
                      <NativeSelect.Field id={`condition-${row.rowNumber}`} name="condition" defaultValue={row.condition}>
                        {CONDITION_OPTIONS.some((o) => o.value === row.condition) ? null : <option value={row.condition}>{row.condition || "Choose…"}</option>}
                        {CONDITION_OPTIONS.map((o) => (
                          <option key={o.value} value={o.value}>
                            {o.label}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Stack>
                  <Stack gap="1">
                    <label htmlFor={`category-${row.rowNumber}`}>Category</label>
                    <NativeSelect.Root size="sm" width="64">
                      <NativeSelect.Field id={`category-${row.rowNumber}`} name="category" defaultValue={row.categoryId}>
                        <option value="">Choose a category…</option>
                        {categories.map((c) => (
                          <option key={c.id} value={c.id}>
                            {c.name}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Stack>
                </HStack>
                <Stack gap="1">
                  <label htmlFor={`description-${row.rowNumber}`}>Description</label>
                  <Textarea id={`description-${row.rowNumber}`} name="description" defaultValue={row.description} size="sm" rows={3} />
                </Stack>
                <Button type="submit" size="sm" colorPalette="blue" width="fit-content" disabled={busy}>
                  Save row {row.rowNumber}
                </Button>
              </Stack>
            </Form>
          </details>
        ) : null}
        {editable ? (
          <Form method="post">
            <input type="hidden" name="intent" value={row.removed ? "restore-row" : "remove-row"} />
            <input type="hidden" name="importId" value={importId} />
            <input type="hidden" name="rowNumber" value={row.rowNumber} />
            <Button type="submit" size="xs" variant="ghost" colorPalette={row.removed ? "gray" : "red"} disabled={busy}>
              {row.removed ? `Put row ${row.rowNumber} back` : `Remove row ${row.rowNumber}`}
            </Button>
          </Form>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

function Pages({ view }: { view: BulkImportView }) {
  if (view.pageCount <= 1) return null;
  return (
    <HStack as="nav" aria-label="Rows pages" flexWrap="wrap">
      {Array.from({ length: view.pageCount }, (_, i) => i + 1)
        .filter((p) => p === 1 || p === view.pageCount || Math.abs(p - view.page) <= 2)
        .map((p) => (
          <Link key={p} asChild aria-current={p === view.page ? "page" : undefined} fontWeight={p === view.page ? "bold" : "normal"}>
            <RemixLink to={bulkImportUrl(view.id, p)}>{p}</RemixLink>
          </Link>
        ))}
    </HStack>
  );
}

function ReviewStep({ view, categories, error, errorRow, busy }: { view: BulkImportView; categories: Array<{ id: string; name: string }>; error: string | null; errorRow: number | null; busy: boolean }) {
  const running = view.ai.state === "running";
  const progress = useBulkProgress(view.id, running);
  const done = progress?.phase === "ai" ? progress.done : view.ai.done;
  return (
    <Stack gap="4">
      <Card.Root>
        <Card.Body gap="3">
          <Heading as="h2" size="md">
            Review imported listings
          </Heading>
          <Text>
            {view.readyCount} ready · {view.errorCount} to fix · {view.removedCount} removed. Rows with errors come first; fix them here or remove them.
          </Text>
          {view.errorCount > 0 || view.failedCount > 0 ? (
            <Link asChild colorPalette="blue" width="fit-content">
              <a href={`/bulk-upload.csv?import=${view.id}`} download>
                Download the rejected rows (CSV with an error column)
              </a>
            </Link>
          ) : null}
          {running ? (
            <ProgressBar label="Processing with AI" done={done} total={view.ai.total} secondsLeft={progress?.phase === "ai" ? progress.secondsLeft : view.ai.secondsLeft} />
          ) : view.ai.state === "done" ? (
            <Text color="green.fg">AI processing finished: descriptions written where missing and prices compared with the market.</Text>
          ) : null}
          {errorRow === null ? <ErrorBanner message={error} /> : null}
          {view.unknownConditions.length > 0 ? (
            <Form method="post">
              <input type="hidden" name="intent" value="map-values" />
              <input type="hidden" name="importId" value={view.id} />
              <Stack gap="2">
                <Heading as="h3" size="sm">
                  Map condition values for all rows
                </Heading>
                {view.unknownConditions.map((unknown, index) => (
                  <HStack key={unknown.value} gap="3" flexWrap="wrap">
                    <input type="hidden" name="from" value={unknown.value} />
                    <label htmlFor={`map-condition-${index}`}>
                      “{unknown.value}” ({unknown.rows === 1 ? "1 row" : `${unknown.rows} rows`}) becomes
                    </label>
                    <NativeSelect.Root size="sm" width="48">
                      <NativeSelect.Field id={`map-condition-${index}`} name="to" defaultValue="">
                        <option value="">Leave as it is</option>
                        {CONDITION_OPTIONS.map((o) => (
                          <option key={o.value} value={o.value}>
                            {o.label}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </HStack>
                ))}
                <Button type="submit" size="sm" variant="outline" width="fit-content" disabled={busy}>
                  Apply to all rows
                </Button>
              </Stack>
            </Form>
          ) : null}
          <HStack flexWrap="wrap" gap="2">
            <IntentButton importId={view.id} intent="back-to-upload" busy={busy}>
              Back to Upload
            </IntentButton>
            <IntentButton importId={view.id} intent="process-ai" colorPalette="purple" busy={busy || running}>
              {view.ai.state === "done" ? "Process with AI again" : "Process with AI"}
            </IntentButton>
            <IntentButton importId={view.id} intent="to-payment" colorPalette="blue" variant="solid" busy={busy || running}>
              Continue to Payment
            </IntentButton>
          </HStack>
        </Card.Body>
      </Card.Root>
      <Pages view={view} />
      <Stack gap="3">
        {view.rows.map((row) => (
          <RowCard key={row.rowNumber} row={row} importId={view.id} categories={categories} editable busy={busy} error={errorRow === row.rowNumber ? error : null} />
        ))}
      </Stack>
      <Pages view={view} />
    </Stack>
  );
}

function PaymentStep({ view, payment, feeWaived, error, busy }: { view: BulkImportView; payment: BulkPayment; feeWaived: boolean; error: string | null; busy: boolean }) {
  const answer = useActionData<typeof action>();
  const applied = answer && answer.ok ? answer.promo : null;
  const shown = applied?.payment ?? payment;
  if (view.reviewState === "held") {
    return (
      <Card.Root>
        <Card.Body gap="3">
          <Heading as="h2" size="md">
            Waiting for staff review
          </Heading>
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>{BULK_MESSAGES.heldForReview(shown.count)}</Alert.Title>
          </Alert.Root>
          <IntentButton importId={view.id} intent="back-to-upload" busy={busy}>
            Withdraw this import
          </IntentButton>
        </Card.Body>
      </Card.Root>
    );
  }
  return (
    <Card.Root>
      <Card.Body gap="4">
        <Heading as="h2" size="md">
          Payment & Import Summary
        </Heading>
        <Box as="dl" display="grid" gridTemplateColumns="auto auto" gap="2" maxW="md">
          <dt>Listings to import</dt>
          <dd>{shown.count}</dd>
          <dt>Fee per 25 items</dt>
          <dd>$5.00</dd>
          <dt>Fee</dt>
          <dd>{formatExactPrice(shown.feeCents)}</dd>
          {!feeWaived && shown.exemptionCents > 0 ? (
            <>
              <dt>Your fee exemption ({shown.feeExemptionPercent}%)</dt>
              <dd>−{formatExactPrice(shown.exemptionCents)}</dd>
            </>
          ) : null}
          <dt>Promo discount</dt>
          <dd>{shown.discountCents > 0 ? `−${formatExactPrice(shown.discountCents)}` : "—"}</dd>
          <dt>
            <strong>Total</strong>
          </dt>
          <dd data-testid="bulk-total">
            <strong>{formatExactPrice(shown.totalCents)}</strong>
          </dd>
        </Box>
        {feeWaived ? <Text color="green.fg">{BULK_MESSAGES.adminsWaived}</Text> : <Text fontSize="sm">The fee is added to your next payout statement; nothing is charged to a card.</Text>}
        {applied ? (
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Title>{applied.message}</Alert.Title>
          </Alert.Root>
        ) : null}
        <ErrorBanner message={error} />
        {!feeWaived && payment.totalCents > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="apply-promo" />
            <input type="hidden" name="importId" value={view.id} />
            <HStack align="end" gap="2" maxW="md">
              <Stack gap="1" flex="1">
                <label htmlFor="promo-code">Promo code</label>
                <Input id="promo-code" name="promoCode" defaultValue={applied?.code ?? ""} textTransform="uppercase" autoComplete="off" />
              </Stack>
              <Button type="submit" variant="outline" disabled={busy}>
                Apply
              </Button>
            </HStack>
          </Form>
        ) : null}
        <HStack gap="2" flexWrap="wrap">
          <IntentButton importId={view.id} intent="back-to-review" busy={busy}>
            Back to Preview
          </IntentButton>
          <Form method="post">
            <input type="hidden" name="intent" value="import" />
            <input type="hidden" name="importId" value={view.id} />
            <input type="hidden" name="promoCode" value={applied?.code ?? ""} />
            <Button type="submit" colorPalette="blue" loading={busy}>
              Import {shown.count} Listings
            </Button>
          </Form>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

function ImportStep({ view, justDone }: { view: BulkImportView; justDone: boolean }) {
  const importing = view.status === "importing";
  const progress = useBulkProgress(view.id, importing);
  const navigate = useNavigate();
  useEffect(() => {
    if (view.status !== "imported" || !justDone) return;
    const timer = setTimeout(() => navigate("/bulk-upload?new=1"), BULK_LIMITS.successResetMs);
    return () => clearTimeout(timer);
  }, [view.status, justDone, navigate]);
  if (importing) {
    return (
      <Card.Root>
        <Card.Body gap="3">
          <Heading as="h2" size="md">
            Importing your listings
          </Heading>
          <Text>You can leave this page: the import carries on, and your listings appear as it goes.</Text>
          <ProgressBar label="Importing" done={progress?.phase === "import" ? progress.done : view.createdCount + view.failedCount} total={view.readyCount} secondsLeft={progress?.secondsLeft ?? null} />
        </Card.Body>
      </Card.Root>
    );
  }
  return (
    <Card.Root>
      <Card.Body gap="3">
        <Heading as="h2" size="md">
          {BULK_MESSAGES.importSuccessful}
        </Heading>
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Title>{BULK_MESSAGES.imported(view.createdCount)}</Alert.Title>
        </Alert.Root>
        {view.failedCount > 0 ? (
          <Text color="red.fg">
            {view.failedCount} row{view.failedCount === 1 ? " was" : "s were"} not imported: see the report below, or{" "}
            <Link asChild colorPalette="blue">
              <a href={`/bulk-upload.csv?import=${view.id}`} download>
                download them as CSV
              </a>
            </Link>
            .
          </Text>
        ) : null}
        {justDone ? <Text fontSize="sm">Back to a new upload in a few seconds.</Text> : null}
        <HStack gap="2">
          <Button asChild colorPalette="blue">
            <RemixLink to="/dashboard">Go to Dashboard</RemixLink>
          </Button>
          <Button asChild variant="outline">
            <RemixLink to="/bulk-upload?new=1">Upload More Listings</RemixLink>
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

function Report({ view, busy }: { view: BulkImportView; busy: boolean }) {
  return (
    <Stack gap="3" as="section" aria-label="Per-row report">
      <Heading as="h2" size="md">
        Per-row report
      </Heading>
      <Pages view={view} />
      {view.rows.map((row) => (
        <RowCard key={row.rowNumber} row={row} importId={view.id} categories={[]} editable={false} busy={busy} error={null} />
      ))}
    </Stack>
  );
}

const STATUS_LABELS: Record<string, string> = {
  mapping: "Matching columns",
  review: "In review",
  payment: "Awaiting payment",
  importing: "Importing",
  imported: "Imported",
  cancelled: "Set aside",
};

function History({ history }: { history: Awaited<ReturnType<typeof listBulkImports>> }) {
  return (
    <Stack gap="2" as="section" aria-labelledby="bulk-history">
      <Heading as="h2" size="md" id="bulk-history">
        Past imports
      </Heading>
      {history.length === 0 ? (
        <Text color="fg.muted">No imports yet.</Text>
      ) : (
        <Box overflowX="auto" position="relative">
          <Table.Root size="sm" variant="outline">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Date</Table.ColumnHeader>
                <Table.ColumnHeader>File</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Rows</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Created</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Failed</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Fee</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {history.map((entry) => (
                <Table.Row key={entry.id}>
                  <Table.Cell>{formatShortDate(entry.createdAt)}</Table.Cell>
                  <Table.Cell>
                    <Link asChild colorPalette="blue">
                      <RemixLink to={bulkImportUrl(entry.id)}>{entry.fileName}</RemixLink>
                    </Link>
                  </Table.Cell>
                  <Table.Cell>{STATUS_LABELS[entry.status] ?? entry.status}</Table.Cell>
                  <Table.Cell textAlign="end">{entry.rowCount}</Table.Cell>
                  <Table.Cell textAlign="end">{entry.createdCount}</Table.Cell>
                  <Table.Cell textAlign="end">{entry.failedCount}</Table.Cell>
                  <Table.Cell textAlign="end">{entry.status === "imported" || entry.status === "importing" ? formatExactPrice(entry.totalCents) : "—"}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
    </Stack>
  );
}

export default function BulkUploadPage() {
  const { view, payment, categories, history, justDone } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const error = answer && !answer.ok ? answer.formError : null;
  const errorRow = answer && !answer.ok && answer.rowNumber !== undefined ? answer.rowNumber : null;
  const status = view?.status ?? null;
  const step: 1 | 2 | 3 | 4 = status === null || status === "mapping" || status === "cancelled" ? 1 : status === "review" ? 2 : status === "payment" ? 3 : 4;
  return (
    <Container maxW="6xl" py="8">
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          Bulk Upload
        </Heading>
        <StepHeader step={step} />
        {view === null || status === "cancelled" ? <UploadStep error={error} busy={busy} /> : null}
        {view && status === "mapping" ? <MappingStep view={view} error={error} busy={busy} /> : null}
        {view && status === "review" ? <ReviewStep view={view} categories={categories} error={error} errorRow={errorRow} busy={busy} /> : null}
        {view && status === "payment" && payment ? <PaymentStep view={view} payment={payment} feeWaived={payment.feeWaived} error={error} busy={busy} /> : null}
        {view && (status === "importing" || status === "imported") ? <ImportStep view={view} justDone={justDone} /> : null}
        {view && status === "imported" ? <Report view={view} busy={busy} /> : null}
        <History history={history} />
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
