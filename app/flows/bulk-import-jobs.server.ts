// The bulk import's two background jobs, run by the server, not the browser:
// - the AI step: for each row kept, the description (when missing) from the AI service or its built-in generator, the
//   suggested price from price guidance with up to 5 comparables, and needs_price_review when the row's price is more
//   than 30% from their average; a row whose generation fails keeps "Description could not be generated" and the
//   reason in processing_error;
// - the import: photos fetched (SSRF-checked) and converted by the image pipeline, then listings created in batches,
//   each batch in one write transaction, each listing tied to its row's key in that transaction (a resumed or repeated
//   import never creates a row's listing twice); a row that fails is reported and skipped; saved-search alerts after
//   each batch commits.
// Each job holds a lease on its import (renewed as it goes), so one worker runs it at a time across processes; a
// worker killed mid-way leaves rows already done marked done, and the scheduled pass (resumeBulkImportJobs) starts a
// new worker once the lease has run out. Progress goes to the seller over the live-event bus (SSE).
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { classifyCategory } from "~/lib/ai/category-classifier.ts";
import { categoryById } from "~/lib/ai/equipment-catalogue.ts";
import { fallbackListing } from "~/lib/ai/fallback.ts";
import { BULK_LIMITS, BULK_MESSAGES, parseBulkPrice, secondsLeft, type BulkField, type DecimalSeparator } from "~/lib/bulk-import.ts";
import { toCanonicalCondition } from "~/lib/conditions.ts";
import { parseMoneyCents } from "~/schemas/listing.ts";
import { DomainError } from "../services/domain-error.ts";
import { nextTurn } from "../services/event-loop.server.ts";
import { generateAiListing, type AiListingOptions } from "../services/ai/index.server.ts";
import { alertSavedSearchesOfListing } from "../services/alerts/index.server.ts";
import { getLiveEventBus, userTopic, fetchRemotePhoto, type RemotePhotoOptions } from "../services/platform/index.server.ts";
import type { UploadStore } from "../services/storage/index.server.ts";
import { storeNewListing, prepareListingImage, type PreparedImage } from "../services/listings/index.server.ts";
import { bulkCategoryIndex, checkRow, listingInputOfRow, valuesOfStoredRow, type BulkComparable } from "../services/bulk-import/index.server.ts";

/** How long a worker's claim on an import lasts without renewal. */
const BULK_JOB_LEASE_MS = 60_000;
/** Rows per AI pass and per import batch (one write transaction). */
const BULK_AI_CHUNK = 20;
const BULK_IMPORT_BATCH = 25;
/** Rows whose photos are fetched at once. */
const PHOTO_CONCURRENCY = 4;

export type BulkJobPhase = "ai" | "import";

/** What the page hears over SSE (event name `bulk-import`). */
export interface BulkProgressEvent {
  importId: number;
  phase: BulkJobPhase;
  done: number;
  total: number;
  secondsLeft: number | null;
  finished: boolean;
}

export interface BulkJobOptions {
  now?: () => Date;
  /** The AI service's options (tests pass a config without a key: the built-in generator). */
  ai?: AiListingOptions;
  photos?: RemotePhotoOptions;
  /** Tests: called after each row is done; throwing stops the worker as a kill would. */
  afterRow?: (rowNumber: number) => void;
}

const LEASE_COLUMN = { ai: "ai_lease_until", import: "import_lease_until" } as const;

/** Takes (or renews, with `renew`) the phase's lease on an import; false when another worker holds it. */
async function claimLease(db: Kysely<Database>, importId: number, phase: BulkJobPhase, now: Date, renew = false): Promise<boolean> {
  const column = LEASE_COLUMN[phase];
  const until = new Date(now.getTime() + BULK_JOB_LEASE_MS).toISOString();
  let query = db
    .updateTable("bulk_imports")
    .set({ [column]: until })
    .where("id", "=", importId);
  if (!renew) query = query.where((eb) => eb.or([eb(column, "is", null), eb(column, "<", now.toISOString())]));
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

function publish(userId: string, event: BulkProgressEvent): void {
  getLiveEventBus().publish({ topic: userTopic(userId), name: "bulk-import", data: event });
}

// ── The AI step ──

/** Process with AI: starts the job for the rows kept (rows already processed are not done again). */
export async function startBulkAi(db: Kysely<Database>, userId: string, importId: number, now = new Date()): Promise<void> {
  const imp = await db.selectFrom("bulk_imports").select(["status", "ai_state"]).where("id", "=", importId).where("user_id", "=", userId).executeTakeFirst();
  if (!imp) throw new DomainError("not_found", BULK_MESSAGES.importNotFound);
  if (imp.status !== "review") throw new DomainError("conflict", BULK_MESSAGES.wrongStep);
  if (imp.ai_state === "running") return;
  const counts = await db
    .selectFrom("bulk_import_rows")
    .select((eb) => [eb.fn.countAll<number>().as("total"), eb.fn.sum<number>("ai_done").as("done")])
    .where("import_id", "=", importId)
    .where("removed", "=", 0)
    .executeTakeFirstOrThrow();
  await db
    .updateTable("bulk_imports")
    .set({ ai_state: "running", ai_total: Number(counts.total), ai_done: Number(counts.done ?? 0), ai_started_at: now.toISOString(), ai_lease_until: null })
    .where("id", "=", importId)
    .execute();
}

function conditionOf(text: string) {
  return toCanonicalCondition(text) ?? "used_good";
}

/** Runs (or resumes) the AI step of an import until every row kept is done. Returns false when another worker holds it. */
export async function runBulkAiJob(db: Kysely<Database>, importId: number, options: BulkJobOptions = {}): Promise<boolean> {
  const clock = options.now ?? (() => new Date());
  if (!(await claimLease(db, importId, "ai", clock()))) return false;
  const imp = await db.selectFrom("bulk_imports").selectAll().where("id", "=", importId).executeTakeFirstOrThrow();
  if (imp.ai_state !== "running") return true;
  const categories = await bulkCategoryIndex(db);
  const separator = separatorOf(imp);
  const mapping = JSON.parse(imp.mapping) as Array<BulkField | null>;
  const categoryRows = new Map((await db.selectFrom("categories").select(["id", "name", "slug"]).execute()).map((c) => [c.id, c]));
  const started = imp.ai_started_at ? Date.parse(imp.ai_started_at) : clock().getTime();
  for (;;) {
    const rows = await db
      .selectFrom("bulk_import_rows")
      .selectAll()
      .where("import_id", "=", importId)
      .where("removed", "=", 0)
      .where("ai_done", "=", 0)
      .orderBy("row_number")
      .limit(BULK_AI_CHUNK)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      const category = row.category_id ? (categoryRows.get(row.category_id) ?? null) : null;
      const update: Record<string, unknown> = { ai_done: 1 };
      try {
        const draft = await generateAiListing(
          db,
          {
            userId: imp.user_id,
            brand: row.brand,
            model: row.model,
            condition: conditionOf(row.condition),
            chosenCategory: category ? { id: category.id, name: category.name, slug: category.slug } : null,
            photos: [],
          },
          { ...options.ai, now: clock() },
        );
        const comparables: BulkComparable[] = draft.guidance.comparables
          .slice(0, BULK_LIMITS.comparables)
          .map((c) => ({ title: c.title, priceCents: c.priceCents }));
        const read = parseBulkPrice(row.price, separator, row.currency);
        const priceCents = read.ok ? parseMoneyCents(read.value) : null;
        const average = comparables.length > 0 ? comparables.reduce((sum, c) => sum + c.priceCents, 0) / comparables.length : null;
        const description = row.description || draft.description;
        let categoryText = category ? category.id : "";
        if (!category && draft.category?.certain && categories.ids.has(draft.category.id)) categoryText = draft.category.id;
        const checked = checkRow(valuesOfStoredRow(row, mapping, { description, category: categoryText }), categories, null, separator);
        if (!category && categoryText) checked.category_source = "ai";
        Object.assign(update, checked, {
          // Only a row the language model wrote counts as AI processed; the built-in generator's rows say so.
          ai_processed: draft.fallbackMode ? 0 : 1,
          processing_error: null,
          suggested_price_cents: draft.guidance.suggestion?.recommendedCents ?? null,
          comparable_listings: JSON.stringify(comparables),
          needs_price_review: priceCents !== null && average !== null && Math.abs(priceCents - average) / average > BULK_LIMITS.priceReviewShare ? 1 : 0,
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const description = row.description || BULK_MESSAGES.descriptionFailed;
        Object.assign(update, checkRow(valuesOfStoredRow(row, mapping, { description, category: row.category_id }), categories, null, separator), {
          ai_processed: 0,
          processing_error: message.slice(0, 500),
        });
      }
      // Only a row not done yet is written: a second worker (after a lease ran out) never writes it twice.
      await db.updateTable("bulk_import_rows").set(update).where("id", "=", row.id).where("ai_done", "=", 0).execute();
      options.afterRow?.(row.row_number);
      // A row's generation and write hold the event loop (better-sqlite3 is synchronous): requests go between rows.
      await nextTurn();
    }
    const done = await db
      .selectFrom("bulk_import_rows")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("import_id", "=", importId)
      .where("removed", "=", 0)
      .where("ai_done", "=", 1)
      .executeTakeFirstOrThrow();
    const now = clock();
    await db
      .updateTable("bulk_imports")
      .set({ ai_done: Number(done.n), updated_at: now.toISOString() })
      .where("id", "=", importId)
      .execute();
    const total = Number(imp.ai_total);
    publish(imp.user_id, {
      importId,
      phase: "ai",
      done: Number(done.n),
      total,
      secondsLeft: secondsLeft(Number(done.n), total, now.getTime() - started),
      finished: false,
    });
    await claimLease(db, importId, "ai", now, true);
  }
  const total = await db
    .selectFrom("bulk_import_rows")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("import_id", "=", importId)
    .where("removed", "=", 0)
    .executeTakeFirstOrThrow();
  await db
    .updateTable("bulk_imports")
    .set({ ai_state: "done", ai_done: Number(total.n), ai_total: Number(total.n), ai_lease_until: null, updated_at: clock().toISOString() })
    .where("id", "=", importId)
    .where("ai_state", "=", "running")
    .execute();
  publish(imp.user_id, { importId, phase: "ai", done: Number(total.n), total: Number(total.n), secondsLeft: 0, finished: true });
  return true;
}

type StoredRow = Awaited<ReturnType<typeof rowsToImport>>[number];

function separatorOf(imp: { decimal_separator: string }): DecimalSeparator {
  return imp.decimal_separator === "," ? "," : ".";
}

// ── The import ──

function rowsToImport(db: Kysely<Database>, importId: number, limit: number) {
  return db
    .selectFrom("bulk_import_rows")
    .selectAll()
    .where("import_id", "=", importId)
    .where("removed", "=", 0)
    .where("errors", "=", "[]")
    .where("listing_id", "is", null)
    .where("import_error", "is", null)
    .orderBy("row_number")
    .limit(limit)
    .execute();
}

interface PreparedRow {
  row: StoredRow;
  images: PreparedImage[];
  photoErrors: Array<{ url: string; message: string }>;
}

async function prepareRow(row: StoredRow, options: BulkJobOptions): Promise<PreparedRow> {
  const images: PreparedImage[] = [];
  const photoErrors: PreparedRow["photoErrors"] = [];
  for (const [index, url] of (JSON.parse(row.photo_urls) as string[]).entries()) {
    try {
      const bytes = await fetchRemotePhoto(url, options.photos);
      images.push(await prepareListingImage({ name: `photo-${index + 1}`, bytes }));
    } catch (error) {
      photoErrors.push({ url, message: error instanceof Error ? error.message : String(error) });
    }
  }
  return { row, images, photoErrors };
}

async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

class AlreadyImported extends Error {}

/**
 * Creates one row's listing inside the caller's write transaction and ties it to the row. A row none of whose photos
 * loaded becomes a draft (held_as_draft), never a live listing without a picture. Returns the listing and whether it went live.
 */
async function createRowListing(
  trx: Kysely<Database>,
  uploads: UploadStore,
  userId: string,
  prepared: PreparedRow,
  now: Date,
  separator: DecimalSeparator,
): Promise<{ id: number; active: boolean }> {
  const { row } = prepared;
  let description = row.description;
  if (!description) {
    const category = categoryById(row.category_id) ?? classifyCategory({ brand: row.brand, model: row.model }).category;
    description = fallbackListing({ brand: row.brand, model: row.model, condition: conditionOf(row.condition), category }).description;
  }
  const input = listingInputOfRow({ ...row, description }, separator);
  const active = prepared.images.length > 0;
  const { listingId: id } = await storeNewListing(trx, uploads, userId, input, prepared.images, "draft", now, {
    withinTransaction: async (t, created) => {
      // Made active here, in the same transaction; the saved-search alerts run for the whole batch after it commits.
      if (active) await t.updateTable("equipment_listings").set({ status: "active" }).where("id", "=", created.listingId).execute();
      const tied = await t
        .updateTable("bulk_import_rows")
        .set({ listing_id: created.listingId, photo_errors: JSON.stringify(prepared.photoErrors), held_as_draft: active ? 0 : 1 })
        .where("id", "=", row.id)
        .where("listing_id", "is", null)
        .executeTakeFirst();
      if (Number(tied.numUpdatedRows) !== 1) throw new AlreadyImported();
    },
  });
  return { id, active };
}

/** Runs (or resumes) the import of an import's ready rows. Returns false when another worker holds it. */
export async function runBulkImportJob(db: Kysely<Database>, uploads: UploadStore, importId: number, options: BulkJobOptions = {}): Promise<boolean> {
  const clock = options.now ?? (() => new Date());
  if (!(await claimLease(db, importId, "import", clock()))) return false;
  const imp = await db.selectFrom("bulk_imports").selectAll().where("id", "=", importId).executeTakeFirstOrThrow();
  if (imp.status !== "importing") return true;
  const startedAt = clock().getTime();
  const separator = separatorOf(imp);
  const totalRow = await db
    .selectFrom("bulk_import_rows")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("import_id", "=", importId)
    .where("removed", "=", 0)
    .where("errors", "=", "[]")
    .executeTakeFirstOrThrow();
  const total = Number(totalRow.n);
  for (;;) {
    const rows = await rowsToImport(db, importId, BULK_IMPORT_BATCH);
    if (rows.length === 0) break;
    const prepared = await mapLimited(rows, PHOTO_CONCURRENCY, (row) => prepareRow(row, options));
    const now = clock();
    let created: Array<{ id: number; active: boolean }> = [];
    try {
      created = await inWriteTransaction(db, async (trx) => {
        const ids: Array<{ id: number; active: boolean }> = [];
        for (const item of prepared) ids.push(await createRowListing(trx, uploads, imp.user_id, item, now, separator));
        return ids;
      });
    } catch (batchError) {
      if (batchError instanceof AlreadyImported) continue;
      // One row spoiled the batch: each row again in its own transaction, so only the failing ones are skipped.
      created = [];
      for (const item of prepared) {
        try {
          created.push(await inWriteTransaction(db, (trx) => createRowListing(trx, uploads, imp.user_id, item, now, separator)));
        } catch (error) {
          if (error instanceof AlreadyImported) continue;
          const message = error instanceof Error ? error.message : String(error);
          console.error(`Bulk import ${importId}: row ${item.row.row_number} was not imported:`, message);
          await db
            .updateTable("bulk_import_rows")
            .set({ import_error: message.slice(0, 500) })
            .where("id", "=", item.row.id)
            .where("listing_id", "is", null)
            .execute();
        }
      }
    }
    for (const item of prepared) options.afterRow?.(item.row.row_number);
    for (const listing of created) {
      // A draft (no photo loaded) is not published: nobody is alerted of it.
      if (!listing.active) continue;
      await alertSavedSearchesOfListing(db, listing.id, now);
      await nextTurn();
    }
    const counts = await importCounts(db, importId);
    await db
      .updateTable("bulk_imports")
      .set({ created_count: counts.created, failed_count: counts.failed, updated_at: now.toISOString() })
      .where("id", "=", importId)
      .execute();
    publish(imp.user_id, {
      importId,
      phase: "import",
      done: counts.created + counts.failed,
      total,
      secondsLeft: secondsLeft(counts.created + counts.failed, total, clock().getTime() - startedAt),
      finished: false,
    });
    await claimLease(db, importId, "import", clock(), true);
  }
  const counts = await importCounts(db, importId);
  const finishedAt = clock().toISOString();
  await db
    .updateTable("bulk_imports")
    .set({
      status: "imported",
      created_count: counts.created,
      failed_count: counts.failed,
      completed_at: finishedAt,
      updated_at: finishedAt,
      import_lease_until: null,
    })
    .where("id", "=", importId)
    .where("status", "=", "importing")
    .execute();
  publish(imp.user_id, { importId, phase: "import", done: total, total, secondsLeft: 0, finished: true });
  return true;
}

async function importCounts(db: Kysely<Database>, importId: number): Promise<{ created: number; failed: number }> {
  const row = await db
    .selectFrom("bulk_import_rows")
    .select((eb) => [eb.fn.count<number>("listing_id").as("created"), eb.fn.count<number>("import_error").as("failed")])
    .where("import_id", "=", importId)
    .executeTakeFirstOrThrow();
  return { created: Number(row.created), failed: Number(row.failed) };
}

// ── Starting and resuming workers ──

/** Workers running in this process, so a page load or a scheduled pass does not start a second one here. */
const running = new Set<string>();

/** Starts the phase's worker for an import in the background (no-op when one runs in this process). */
export function kickBulkImportJob(
  db: Kysely<Database>,
  uploads: UploadStore,
  importId: number,
  phase: BulkJobPhase,
  options: BulkJobOptions = {},
): Promise<void> {
  const key = `${phase}:${importId}`;
  if (running.has(key)) return Promise.resolve();
  running.add(key);
  const work = phase === "ai" ? runBulkAiJob(db, importId, options) : runBulkImportJob(db, uploads, importId, options);
  return work
    .then(() => undefined)
    .catch((error: unknown) => {
      console.error(`Bulk import ${importId}: the ${phase} job stopped:`, error);
    })
    .finally(() => running.delete(key));
}

/**
 * The scheduled pass: starts a worker for every import whose job is due and whose lease has run out (a server that
 * stopped mid-way). Returns how many were started; they run in the background.
 */
export async function resumeBulkImportJobs(db: Kysely<Database>, uploads: UploadStore, now = new Date()): Promise<number> {
  const stamp = now.toISOString();
  const due = await db
    .selectFrom("bulk_imports")
    .select(["id", "status", "ai_state", "ai_lease_until", "import_lease_until"])
    .where((eb) =>
      eb.or([
        eb.and([eb("ai_state", "=", "running"), eb.or([eb("ai_lease_until", "is", null), eb("ai_lease_until", "<", stamp)])]),
        eb.and([eb("status", "=", "importing"), eb.or([eb("import_lease_until", "is", null), eb("import_lease_until", "<", stamp)])]),
      ]),
    )
    .limit(20)
    .execute();
  for (const row of due) {
    void kickBulkImportJob(db, uploads, Number(row.id), row.status === "importing" ? "import" : "ai");
  }
  return due.length;
}
