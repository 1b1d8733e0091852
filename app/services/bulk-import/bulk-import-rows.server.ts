// A bulk import and its rows as the wizard reads them: the import's status, each row's view and the counts.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { BULK_MESSAGES, type BulkField, type DecimalSeparator } from "~/lib/bulk-import.ts";
import { DomainError } from "../domain-error.ts";

export type BulkImportStatus = "mapping" | "review" | "payment" | "importing" | "imported" | "cancelled";

export interface BulkRowIssue {
  field: string;
  message: string;
}

export interface BulkComparable {
  title: string;
  priceCents: number;
}

export interface BulkRowView {
  rowNumber: number;
  key: string;
  brand: string;
  model: string;
  title: string;
  condition: string;
  price: string;
  currency: string;
  categoryId: string;
  categorySource: string;
  description: string;
  photoUrls: string[];
  errors: BulkRowIssue[];
  removed: boolean;
  aiDone: boolean;
  aiProcessed: boolean;
  suggestedPriceCents: number | null;
  needsPriceReview: boolean;
  comparables: BulkComparable[];
  processingError: string | null;
  photoErrors: Array<{ url: string; message: string }>;
  listingId: number | null;
  importError: string | null;
  /** Photos that actually loaded at import (the addresses given, less those that failed). */
  photosLoaded: number;
  /** None of the photos loaded: the listing was kept as a draft. */
  heldAsDraft: boolean;
}

export type BulkReviewState = "held" | "approved" | "rejected" | null;

export interface BulkImportSummary {
  id: number;
  fileName: string;
  status: BulkImportStatus;
  createdAt: string;
  rowCount: number;
  createdCount: number;
  failedCount: number;
  totalCents: number;
  decimalSeparator: DecimalSeparator;
  reviewState: BulkReviewState;
  reviewNote: string | null;
}

export interface BulkImportView extends BulkImportSummary {
  headers: string[];
  mapping: Array<BulkField | null>;
  /** The first rows as read, for the mapping step. */
  preview: string[][];
  readyCount: number;
  errorCount: number;
  removedCount: number;
  ai: { state: "idle" | "running" | "done"; done: number; total: number; secondsLeft: number | null };
  rows: BulkRowView[];
  page: number;
  pageCount: number;
  /** Condition values of kept rows that are not a known condition, for mapping all their rows at once. */
  unknownConditions: Array<{ value: string; rows: number }>;
}

export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function rowKey(importId: number, rowNumber: number): string {
  return `${importId}:${rowNumber}`;
}

export type ImportRow = Awaited<ReturnType<typeof importRowOf>>;

export async function importRowOf(db: Kysely<Database>, userId: string, importId: number) {
  const row = await db.selectFrom("bulk_imports").selectAll().where("id", "=", importId).where("user_id", "=", userId).executeTakeFirst();
  if (!row) throw new DomainError("not_found", BULK_MESSAGES.importNotFound);
  return row;
}

export function expectStatus(row: { status: string }, ...statuses: BulkImportStatus[]): void {
  if (!statuses.includes(row.status as BulkImportStatus)) throw new DomainError("conflict", BULK_MESSAGES.wrongStep);
}

export type RowRecord = Database["bulk_import_rows"] extends infer T ? { [K in keyof T]: unknown } : never;

export function rowView(row: Record<keyof RowRecord, unknown>): BulkRowView {
  return {
    rowNumber: Number(row.row_number),
    key: String(row.row_key),
    brand: String(row.brand),
    model: String(row.model),
    title: String(row.title ?? ""),
    condition: String(row.condition),
    price: String(row.price),
    currency: String(row.currency ?? "USD"),
    categoryId: String(row.category_id),
    categorySource: String(row.category_source),
    description: String(row.description),
    photoUrls: parseJson<string[]>(String(row.photo_urls), []),
    errors: parseJson<BulkRowIssue[]>(String(row.errors), []),
    removed: Number(row.removed) === 1,
    aiDone: Number(row.ai_done) === 1,
    aiProcessed: Number(row.ai_processed) === 1,
    suggestedPriceCents: row.suggested_price_cents === null ? null : Number(row.suggested_price_cents),
    needsPriceReview: Number(row.needs_price_review) === 1,
    comparables: parseJson<BulkComparable[]>(String(row.comparable_listings), []),
    processingError: row.processing_error === null ? null : String(row.processing_error),
    photoErrors: parseJson<Array<{ url: string; message: string }>>(String(row.photo_errors), []),
    listingId: row.listing_id === null ? null : Number(row.listing_id),
    importError: row.import_error === null ? null : String(row.import_error),
    photosLoaded:
      row.listing_id === null
        ? 0
        : Math.max(0, parseJson<string[]>(String(row.photo_urls), []).length - parseJson<unknown[]>(String(row.photo_errors), []).length),
    heldAsDraft: Number(row.held_as_draft) === 1,
  };
}

export function summaryOf(row: ImportRow): BulkImportSummary {
  return {
    id: Number(row.id),
    fileName: row.file_name,
    status: row.status as BulkImportStatus,
    createdAt: row.created_at,
    rowCount: Number(row.row_count),
    createdCount: Number(row.created_count),
    failedCount: Number(row.failed_count),
    totalCents: Number(row.total_cents),
    decimalSeparator: row.decimal_separator === "," ? "," : ".",
    reviewState: row.review_state ?? null,
    reviewNote: row.review_note ?? null,
  };
}

export async function rowCounts(db: Kysely<Database>, importId: number): Promise<{ ready: number; errors: number; removed: number }> {
  const counts = await db
    .selectFrom("bulk_import_rows")
    .select((eb) => [eb.fn.countAll<number>().as("all"), eb.fn.sum<number>(eb.case().when("removed", "=", 1).then(1).else(0).end()).as("removed")])
    .where("import_id", "=", importId)
    .executeTakeFirstOrThrow();
  // Errors count only on rows kept: a removed row's errors do not matter.
  const errors = await db
    .selectFrom("bulk_import_rows")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("import_id", "=", importId)
    .where("removed", "=", 0)
    .where("errors", "<>", "[]")
    .executeTakeFirstOrThrow();
  const removed = Number(counts.removed ?? 0);
  const withErrors = Number(errors.n);
  return { ready: Number(counts.all) - removed - withErrors, errors: withErrors, removed };
}
