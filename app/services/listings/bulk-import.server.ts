// The bulk import wizard's state (docs/product/listings.md#bulk-import Bulk listing row): an upload becomes a
// bulk_imports row and one bulk_import_rows row per CSV row (its key `{import}:{row}`), so the wizard survives a
// reload and a restart. Each row is checked with the listing form's own schema (CreateListingSchema) after its
// condition is mapped to the canonical list and its category found (or classified from brand and model); rows with
// errors are kept, reported, editable and removable. The payment step computes the fee (app/lib/fees.ts), applies a
// promo code in the same write transaction as the ledger entry (bulk_import_charges), and hands over to the import job
// (app/flows/bulk-import-jobs.server.ts).
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { classifyCategory } from "~/lib/ai/category-classifier.ts";
import {
  autoMapping,
  BULK_FIELDS,
  BULK_LIMITS,
  BULK_MESSAGES,
  bulkConditionOf,
  CONDITION_MESSAGES,
  decimalSeparatorOfDelimiter,
  missingRequiredFields,
  parseBulkCurrency,
  parseBulkPrice,
  quantityProblem,
  secondsLeft,
  type BulkField,
  type DecimalSeparator,
} from "~/lib/bulk-import.ts";
import { isCondition, type Condition } from "~/lib/conditions.ts";
import { csvFile } from "~/lib/csv.ts";
import { bulkImportCharge, type BulkImportCharge } from "~/lib/fees.ts";
import { normalizeRole } from "~/lib/roles.ts";
import { CreateListingSchema, LISTING_MESSAGES, toListingInput, type ListingInput } from "~/schemas/listing.ts";
import { roleHasPermission } from "../accounts/permissions.server.ts";
import { DomainError } from "../domain-error.ts";
import { previewPromoCode, redeemPromoCode } from "../promotions/promo-codes.server.ts";
import type { ParsedCsv } from "./bulk-csv.server.ts";

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

/** Rows written per INSERT (SQLite's bound-variable limit and PostgreSQL's both allow far more). */
const INSERT_CHUNK = 200;

function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

function rowKey(importId: number, rowNumber: number): string {
  return `${importId}:${rowNumber}`;
}

// ── Upload ──

/** Keeps a parsed upload as a new import at the mapping step. Returns its id. */
export async function createBulkImport(db: Kysely<Database>, userId: string, fileName: string, parsed: ParsedCsv, now = new Date()): Promise<number> {
  const stamp = now.toISOString();
  return inWriteTransaction(db, async (trx) => {
    const created = await trx
      .insertInto("bulk_imports")
      .values({
        user_id: userId,
        file_name: fileName.slice(0, 200),
        headers: JSON.stringify(parsed.headers),
        mapping: JSON.stringify(autoMapping(parsed.headers)),
        decimal_separator: decimalSeparatorOfDelimiter(parsed.delimiter),
        row_count: parsed.rows.length,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const id = Number(created.id);
    for (let start = 0; start < parsed.rows.length; start += INSERT_CHUNK) {
      await trx
        .insertInto("bulk_import_rows")
        .values(
          parsed.rows.slice(start, start + INSERT_CHUNK).map((cells, index) => ({
            import_id: id,
            row_number: start + index + 1,
            row_key: rowKey(id, start + index + 1),
            cells: JSON.stringify(cells.map((cell) => cell.slice(0, BULK_LIMITS.cell))),
          })),
        )
        .execute();
    }
    return id;
  });
}

// ── Reading ──

type ImportRow = Awaited<ReturnType<typeof importRowOf>>;

async function importRowOf(db: Kysely<Database>, userId: string, importId: number) {
  const row = await db.selectFrom("bulk_imports").selectAll().where("id", "=", importId).where("user_id", "=", userId).executeTakeFirst();
  if (!row) throw new DomainError("not_found", BULK_MESSAGES.importNotFound);
  return row;
}

function expectStatus(row: { status: string }, ...statuses: BulkImportStatus[]): void {
  if (!statuses.includes(row.status as BulkImportStatus)) throw new DomainError("conflict", BULK_MESSAGES.wrongStep);
}

type RowRecord = Database["bulk_import_rows"] extends infer T ? { [K in keyof T]: unknown } : never;

function rowView(row: Record<keyof RowRecord, unknown>): BulkRowView {
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

function summaryOf(row: ImportRow): BulkImportSummary {
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

async function rowCounts(db: Kysely<Database>, importId: number): Promise<{ ready: number; errors: number; removed: number }> {
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

/**
 * One import as the wizard shows it. The review table lists rows with errors first, then the rest, `BULK_LIMITS.reviewPage`
 * at a time; `onlyErrors` keeps to the rows with errors.
 */
export async function getBulkImport(
  db: Kysely<Database>,
  userId: string,
  importId: number,
  options: { page?: number; now?: Date } = {},
): Promise<BulkImportView> {
  const row = await importRowOf(db, userId, importId);
  const counts = await rowCounts(db, importId);
  const total = Number(row.row_count);
  const pageCount = Math.max(1, Math.ceil(total / BULK_LIMITS.reviewPage));
  const page = Math.min(pageCount, Math.max(1, options.page ?? 1));
  const rows = await db
    .selectFrom("bulk_import_rows")
    .selectAll()
    .where("import_id", "=", importId)
    .orderBy((eb) => eb.case().when("errors", "=", "[]").then(1).else(0).end())
    .orderBy("row_number")
    .limit(BULK_LIMITS.reviewPage)
    .offset((page - 1) * BULK_LIMITS.reviewPage)
    .execute();
  const preview =
    row.status === "mapping"
      ? (
          await db
            .selectFrom("bulk_import_rows")
            .select("cells")
            .where("import_id", "=", importId)
            .orderBy("row_number")
            .limit(BULK_LIMITS.previewRows)
            .execute()
        ).map((r) => parseJson<string[]>(r.cells, []))
      : [];
  const unknownConditions = row.status === "review" ? await unknownConditionValues(db, importId) : [];
  const started = row.ai_started_at ? Date.parse(row.ai_started_at) : null;
  const done = Number(row.ai_done);
  const aiTotal = Number(row.ai_total);
  return {
    ...summaryOf(row),
    headers: parseJson<string[]>(row.headers, []),
    mapping: parseJson<Array<BulkField | null>>(row.mapping, []),
    preview,
    readyCount: counts.ready,
    errorCount: counts.errors,
    removedCount: counts.removed,
    ai: {
      state: row.ai_state as "idle" | "running" | "done",
      done,
      total: aiTotal,
      secondsLeft: started === null ? null : secondsLeft(done, aiTotal, (options.now ?? new Date()).getTime() - started),
    },
    rows: rows.map((r) => rowView(r as unknown as Record<keyof RowRecord, unknown>)),
    page,
    pageCount,
    unknownConditions,
  };
}

/** The kept rows' condition values that name no condition (blank ones excepted), most rows first. */
async function unknownConditionValues(db: Kysely<Database>, importId: number): Promise<Array<{ value: string; rows: number }>> {
  const values = await db
    .selectFrom("bulk_import_rows")
    .select((eb) => ["condition", eb.fn.countAll<number | string>().as("n")])
    .where("import_id", "=", importId)
    .where("removed", "=", 0)
    .where("condition", "<>", "")
    .groupBy("condition")
    .orderBy("condition")
    .limit(500)
    .execute();
  return values
    .filter((v) => bulkConditionOf(v.condition) === undefined)
    .map((v) => ({ value: v.condition, rows: Number(v.n) }))
    .sort((a, b) => b.rows - a.rows)
    .slice(0, BULK_LIMITS.valueMappings);
}

/** The import the seller is in the middle of (not imported, not cancelled), newest first; null when none. */
export async function currentBulkImportId(db: Kysely<Database>, userId: string): Promise<number | null> {
  const row = await db
    .selectFrom("bulk_imports")
    .select("id")
    .where("user_id", "=", userId)
    .where("status", "not in", ["imported", "cancelled"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** How many past imports the history lists. */
const BULK_HISTORY_LIMIT = 50;

/** The seller's imports, newest first (the history on /bulk-upload). */
export async function listBulkImports(db: Kysely<Database>, userId: string): Promise<BulkImportSummary[]> {
  const rows = await db
    .selectFrom("bulk_imports")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(BULK_HISTORY_LIMIT)
    .execute();
  return rows.map(summaryOf);
}

/** A category a bulk row can be put in (the review step's choice list). */
export interface BulkCategoryChoice {
  id: string;
  name: string;
}

/** The leaf categories (level 3) by name: what the review step offers for each row. */
export async function bulkCategoryChoices(db: Kysely<Database>): Promise<BulkCategoryChoice[]> {
  return db.selectFrom("categories").select(["id", "name"]).where("level", "=", 3).orderBy("name").execute();
}

// ── Mapping and validation ──

export interface BulkCategoryIndex {
  byKey: Map<string, { id: string; name: string }>;
  ids: Set<string>;
}

/** Every category by id, slug and name (lower case): a CSV may name a category any of these ways. */
export async function bulkCategoryIndex(db: Kysely<Database>): Promise<BulkCategoryIndex> {
  const rows = await db.selectFrom("categories").select(["id", "name", "slug", "level"]).orderBy("level", "desc").execute();
  const byKey = new Map<string, { id: string; name: string }>();
  for (const row of rows) {
    for (const key of [row.id, row.slug, row.name]) byKey.set(key.trim().toLowerCase(), { id: row.id, name: row.name });
  }
  return { byKey, ids: new Set(rows.map((r) => r.id)) };
}

/** A row's values, from its cells and the mapping. */
function mappedValues(cells: readonly string[], mapping: ReadonlyArray<BulkField | null>): Record<BulkField, string> {
  const values = Object.fromEntries(BULK_FIELDS.map((field) => [field, ""])) as Record<BulkField, string>;
  mapping.forEach((field, index) => {
    if (field) values[field] = (cells[index] ?? "").trim();
  });
  return values;
}

/** photo_urls split on semicolons (docs/product/listings.md#bulk-import). */
function splitPhotoUrls(text: string): string[] {
  return text
    .split(";")
    .map((url) => url.trim())
    .filter(Boolean);
}

function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** The fields of the review table, by the listing form's field names. */
const FORM_FIELD_OF: Record<string, string> = { categoryId: "category", price: "price", description: "description", condition: "condition" };

/** What validation gives a row: its columns to store. */
export interface CheckedRow {
  brand: string;
  model: string;
  title: string;
  condition: string;
  price: string;
  currency: string;
  category_id: string;
  category_source: string;
  description: string;
  specifications: string;
  features: string;
  location: string;
  photo_urls: string;
  errors: string;
}

/** Text placed in the description while it is still to be written (by the AI step or, at import, the built-in generator). */
const DESCRIPTION_TO_WRITE = "(to be written)";

/** The stored columns a listing is made from. */
export type RowForListing = Omit<CheckedRow, "errors" | "photo_urls" | "category_source">;

/** The listing form's values for a row (what CreateListingSchema reads); the price read in the file's number format. */
function formValuesOf(row: RowForListing, separator: DecimalSeparator) {
  const title = (row.title.trim() || `${row.brand} ${row.model}`).trim().replace(/\s+/g, " ");
  const price = parseBulkPrice(row.price, separator, row.currency);
  const specifications = row.specifications
    .split(";")
    .map((pair) => pair.split(":"))
    .filter((parts) => parts.length >= 2)
    .map(([key, ...value]) => ({ key: key!.trim(), value: value.join(":").trim() }));
  return {
    title,
    description: row.description || DESCRIPTION_TO_WRITE,
    categoryId: row.category_id,
    listingType: "buy_now",
    price: price.ok ? price.value : "",
    condition: bulkConditionOf(row.condition) ?? row.condition,
    brand: row.brand,
    model: row.model,
    location: row.location,
    currency: row.currency,
    features: row.features
      .split(";")
      .map((f) => f.trim())
      .filter(Boolean)
      .slice(0, 30),
    specifications: specifications.slice(0, 50),
    status: "active",
  };
}

/**
 * Checks one row with the listing form's schema (CreateListingSchema) and the bulk rules (photo URLs; the category
 * named by id, slug or name, or classified from brand and model when blank). The report lists each field's first message.
 */
export function checkRow(
  values: Record<BulkField, string>,
  categories: BulkCategoryIndex,
  previous?: { category_id: string; category_source: string } | null,
  separator: DecimalSeparator = ".",
): CheckedRow {
  const issues: BulkRowIssue[] = [];
  let categoryId = "";
  let categorySource = "";
  const categoryText = values.category.trim();
  if (categoryText !== "") {
    const found = categories.byKey.get(categoryText.toLowerCase());
    if (found) {
      categoryId = found.id;
      categorySource = previous?.category_source === "seller" && previous.category_id === found.id ? "seller" : "file";
    } else issues.push({ field: "category", message: LISTING_MESSAGES.categoryUnknown });
  } else {
    const guess = classifyCategory({ brand: values.brand, model: values.model });
    if (guess.source !== "default" && categories.ids.has(guess.category.id)) {
      categoryId = guess.category.id;
      categorySource = "classifier";
    }
  }
  const photos = splitPhotoUrls(values.photo_urls);
  if (photos.length === 0 || photos.some((url) => !isWebAddress(url))) issues.push({ field: "photo_urls", message: BULK_MESSAGES.photoUrl });
  else if (photos.length > BULK_LIMITS.photos) issues.push({ field: "photo_urls", message: BULK_MESSAGES.tooManyPhotos });

  const currency = parseBulkCurrency(values.currency);
  if (!currency.ok) issues.push({ field: "currency", message: currency.message });
  const row = {
    brand: values.brand,
    model: values.model,
    title: values.title,
    condition: values.condition,
    price: values.price,
    currency: currency.ok ? currency.value : values.currency.slice(0, 20),
    category_id: categoryId,
    description: values.description,
    specifications: values.specifications,
    features: values.features,
    location: values.location,
  };
  if (!row.brand) issues.push({ field: "brand", message: "Brand is required" });
  if (!row.model) issues.push({ field: "model", message: "Model is required" });
  // The condition's own message: what was given and the list, not "is required" for a value the list lacks.
  if (row.condition === "") issues.push({ field: "condition", message: CONDITION_MESSAGES.required });
  else if (bulkConditionOf(row.condition) === undefined) issues.push({ field: "condition", message: CONDITION_MESSAGES.unknown(row.condition) });
  const price = parseBulkPrice(row.price, separator, currency.ok ? currency.value : "USD");
  if (!price.ok) issues.push({ field: "price", message: price.message });
  const quantity = quantityProblem(values.quantity);
  if (quantity) issues.push({ field: "quantity", message: quantity });
  const parsed = CreateListingSchema.safeParse(formValuesOf({ ...row, currency: currency.ok ? currency.value : "USD" }, separator));
  if (!parsed.success) {
    const seen = new Set(issues.map((i) => i.field));
    for (const issue of parsed.error.issues) {
      const formField = String(issue.path[0] ?? "");
      const field = FORM_FIELD_OF[formField] ?? formField;
      if (field === "category" && categoryText !== "" && seen.has("category")) continue;
      if (seen.has(field)) continue;
      seen.add(field);
      issues.push({ field, message: issue.message });
    }
  }
  return { ...row, category_source: categorySource, photo_urls: JSON.stringify(photos), errors: JSON.stringify(issues) };
}

/** The listing a ready row becomes (the description written by then). Throws when the row does not pass the schema. */
export function listingInputOfRow(row: RowForListing, separator: DecimalSeparator): ListingInput {
  const parsed = CreateListingSchema.parse(formValuesOf(row, separator));
  return toListingInput(parsed);
}

/** A stored row's values again (to check it after a change), with some replaced. */
export function valuesOfStoredRow(
  row: {
    brand: string;
    model: string;
    title: string;
    condition: string;
    price: string;
    currency: string;
    photo_urls: string;
    description: string;
    category_id: string;
    specifications: string;
    features: string;
    location: string;
    cells: string;
  },
  mapping: ReadonlyArray<BulkField | null>,
  over: Partial<Record<BulkField, string>> = {},
): Record<BulkField, string> {
  return {
    brand: row.brand,
    model: row.model,
    title: row.title,
    condition: row.condition,
    price: row.price,
    currency: row.currency,
    photo_urls: parseJson<string[]>(row.photo_urls, []).join(";"),
    description: row.description,
    category: row.category_id,
    specifications: row.specifications,
    features: row.features,
    location: row.location,
    // Quantity is not kept in a column: it is read from the file's cells each time.
    quantity: mappedValues(parseJson<string[]>(row.cells, []), mapping).quantity,
    ...over,
  };
}

/** Rows read and written per pass while validating a whole file. */
const VALIDATE_CHUNK = 500;

/**
 * Sets the column mapping (the seller's, from the mapping step) and checks every row: the import moves to the review
 * step. Refuses "Missing required fields: …" when a required field has no column.
 */
export async function applyBulkMapping(
  db: Kysely<Database>,
  userId: string,
  importId: number,
  mapping: ReadonlyArray<BulkField | null>,
  now = new Date(),
  decimalSeparator?: DecimalSeparator,
): Promise<void> {
  const row = await importRowOf(db, userId, importId);
  const separator: DecimalSeparator = decimalSeparator ?? (row.decimal_separator === "," ? "," : ".");
  expectStatus(row, "mapping");
  const headers = parseJson<string[]>(row.headers, []);
  if (mapping.length !== headers.length) throw new DomainError("invalid", BULK_MESSAGES.wrongStep);
  const used = new Set<BulkField>();
  for (const field of mapping) {
    if (!field) continue;
    if (used.has(field)) throw new DomainError("invalid", `Each field can be chosen for one column only (${field} is chosen twice)`, { field: "mapping" });
    used.add(field);
  }
  const missing = missingRequiredFields(mapping);
  if (missing.length > 0) throw new DomainError("invalid", BULK_MESSAGES.missingFields(missing), { field: "mapping" });
  const categories = await bulkCategoryIndex(db);
  await inWriteTransaction(db, async (trx) => {
    const current = await trx.selectFrom("bulk_imports").select("status").where("id", "=", importId).executeTakeFirstOrThrow();
    expectStatus(current, "mapping");
    for (let after = 0; ;) {
      const rows = await trx
        .selectFrom("bulk_import_rows")
        .select(["id", "row_number", "cells"])
        .where("import_id", "=", importId)
        .where("row_number", ">", after)
        .orderBy("row_number")
        .limit(VALIDATE_CHUNK)
        .execute();
      if (rows.length === 0) break;
      for (const r of rows) {
        const checked = checkRow(mappedValues(parseJson<string[]>(r.cells, []), mapping), categories, null, separator);
        await trx.updateTable("bulk_import_rows").set(checked).where("id", "=", r.id).execute();
      }
      after = Number(rows[rows.length - 1]!.row_number);
    }
    await trx
      .updateTable("bulk_imports")
      .set({ mapping: JSON.stringify(mapping), decimal_separator: separator, status: "review", updated_at: now.toISOString() })
      .where("id", "=", importId)
      .execute();
  });
}

export interface BulkRowEdits {
  price: string;
  condition: string;
  description: string;
  category: string;
  /** Left out: unchanged. */
  brand?: string;
  model?: string;
  title?: string;
  /** Addresses separated by semicolons or line breaks. */
  photoUrls?: string;
}

/** The seller's fix of one row in the review table: brand, model, title, photo URLs, price, condition, description and category, checked again. */
export async function editBulkRow(db: Kysely<Database>, userId: string, importId: number, rowNumber: number, edits: BulkRowEdits): Promise<BulkRowView> {
  const imp = await importRowOf(db, userId, importId);
  expectStatus(imp, "review");
  const categories = await bulkCategoryIndex(db);
  return inWriteTransaction(db, async (trx) => {
    const row = await trx.selectFrom("bulk_import_rows").selectAll().where("import_id", "=", importId).where("row_number", "=", rowNumber).executeTakeFirst();
    if (!row) throw new DomainError("not_found", "This row was not found.");
    const values = valuesOfStoredRow(row, parseJson<Array<BulkField | null>>(imp.mapping, []), {
      condition: edits.condition.trim(),
      price: edits.price.trim(),
      description: edits.description.trim(),
      category: edits.category.trim(),
      ...(edits.brand !== undefined ? { brand: edits.brand.trim() } : {}),
      ...(edits.model !== undefined ? { model: edits.model.trim() } : {}),
      ...(edits.title !== undefined ? { title: edits.title.trim() } : {}),
      ...(edits.photoUrls !== undefined
        ? {
            photo_urls: edits.photoUrls
              .split(/[;\r\n]+/)
              .map((u) => u.trim())
              .filter(Boolean)
              .join(";"),
          }
        : {}),
    });
    const checked = checkRow(values, categories, { category_id: edits.category.trim(), category_source: "seller" }, imp.decimal_separator === "," ? "," : ".");
    if (edits.category.trim() !== "" && checked.category_id !== "") checked.category_source = "seller";
    // A price the seller changed is reviewed by them: the AI's flag no longer applies.
    const priceChanged = edits.price.trim() !== row.price;
    await trx
      .updateTable("bulk_import_rows")
      .set({ ...checked, ...(priceChanged ? { needs_price_review: 0 } : {}) })
      .where("id", "=", row.id)
      .execute();
    const updated = await trx.selectFrom("bulk_import_rows").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow();
    return rowView(updated as unknown as Record<keyof RowRecord, unknown>);
  });
}

/** Removes a row from the import (or puts it back). */
export async function setBulkRowRemoved(db: Kysely<Database>, userId: string, importId: number, rowNumber: number, removed: boolean): Promise<void> {
  const imp = await importRowOf(db, userId, importId);
  expectStatus(imp, "review");
  const result = await db
    .updateTable("bulk_import_rows")
    .set({ removed: removed ? 1 : 0 })
    .where("import_id", "=", importId)
    .where("row_number", "=", rowNumber)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new DomainError("not_found", "This row was not found.");
}

/**
 * Maps condition values for every row at once (the review step's "Used → Used - Good"): each kept row whose condition
 * is one of `pairs`' values (case and spaces ignored) takes the chosen condition and is checked again. Returns how
 * many rows changed.
 */
export async function mapBulkConditionValues(
  db: Kysely<Database>,
  userId: string,
  importId: number,
  pairs: ReadonlyArray<{ from: string; to: string }>,
): Promise<number> {
  const imp = await importRowOf(db, userId, importId);
  expectStatus(imp, "review");
  const chosen = new Map<string, Condition>();
  for (const pair of pairs.slice(0, BULK_LIMITS.valueMappings)) {
    if (pair.to === "") continue;
    if (!isCondition(pair.to)) throw new DomainError("invalid", CONDITION_MESSAGES.unknown(pair.to), { field: "condition" });
    chosen.set(pair.from.trim().toLowerCase(), pair.to);
  }
  if (chosen.size === 0) throw new DomainError("invalid", "Choose a condition for at least one value.", { field: "condition" });
  const mapping = parseJson<Array<BulkField | null>>(imp.mapping, []);
  const separator: DecimalSeparator = imp.decimal_separator === "," ? "," : ".";
  const categories = await bulkCategoryIndex(db);
  return inWriteTransaction(db, async (trx) => {
    let changed = 0;
    for (let after = 0; ;) {
      const rows = await trx
        .selectFrom("bulk_import_rows")
        .selectAll()
        .where("import_id", "=", importId)
        .where("removed", "=", 0)
        .where("row_number", ">", after)
        .orderBy("row_number")
        .limit(VALIDATE_CHUNK)
        .execute();
      if (rows.length === 0) break;
      for (const row of rows) {
        const to = chosen.get(row.condition.trim().toLowerCase());
        if (!to) continue;
        const checked = checkRow(valuesOfStoredRow(row, mapping, { condition: to }), categories, row, separator);
        await trx.updateTable("bulk_import_rows").set(checked).where("id", "=", row.id).execute();
        changed += 1;
      }
      after = Number(rows[rows.length - 1]!.row_number);
    }
    return changed;
  });
}

/** The rejected rows as CSV: the file's columns plus an `error` column with each row's messages. */
export async function rejectedRowsCsv(db: Kysely<Database>, userId: string, importId: number): Promise<string> {
  const imp = await importRowOf(db, userId, importId);
  const headers = parseJson<string[]>(imp.headers, []);
  const rows = await db
    .selectFrom("bulk_import_rows")
    .select(["cells", "errors", "import_error", "photo_errors", "row_number"])
    .where("import_id", "=", importId)
    .where((eb) => eb.or([eb("errors", "<>", "[]"), eb("import_error", "is not", null)]))
    .orderBy("row_number")
    .execute();
  const lines: string[][] = [[...headers, "error"]];
  for (const row of rows) {
    const issues = parseJson<BulkRowIssue[]>(row.errors, []).map((i) => `${i.field}: ${i.message}`);
    if (row.import_error) issues.push(row.import_error);
    lines.push([...parseJson<string[]>(row.cells, []), issues.join("; ")]);
  }
  // With a byte order mark, so Excel reads the file as UTF-8.
  return csvFile(lines);
}

// ── Moving between steps ──

/** Back to Upload: the import is set aside (it stays in the history as cancelled). */
export async function cancelBulkImport(db: Kysely<Database>, userId: string, importId: number, now = new Date()): Promise<void> {
  const row = await importRowOf(db, userId, importId);
  expectStatus(row, "mapping", "review", "payment");
  await db
    .updateTable("bulk_imports")
    .set({ status: "cancelled", ai_state: row.ai_state === "running" ? "done" : row.ai_state, updated_at: now.toISOString() })
    .where("id", "=", importId)
    .where("status", "in", ["mapping", "review", "payment"])
    .execute();
}

/** Continue to Payment: every row kept must be ready, and one at least; the AI step may be skipped but not running. */
export async function continueToPayment(db: Kysely<Database>, userId: string, importId: number, now = new Date()): Promise<void> {
  const row = await importRowOf(db, userId, importId);
  expectStatus(row, "review");
  if (row.ai_state === "running") throw new DomainError("conflict", "Please wait until the AI step has finished.");
  const counts = await rowCounts(db, importId);
  if (counts.errors > 0) throw new DomainError("invalid", BULK_MESSAGES.fixRowsFirst);
  if (counts.ready === 0) throw new DomainError("invalid", BULK_MESSAGES.nothingToImport);
  await db
    .updateTable("bulk_imports")
    .set({ status: "payment", updated_at: now.toISOString() })
    .where("id", "=", importId)
    .where("status", "=", "review")
    .execute();
}

/** Back to Preview from the payment step. */
export async function backToReview(db: Kysely<Database>, userId: string, importId: number, now = new Date()): Promise<void> {
  const row = await importRowOf(db, userId, importId);
  expectStatus(row, "payment");
  if (row.review_state === "held") throw new DomainError("conflict", BULK_MESSAGES.awaitingReview);
  await db
    .updateTable("bulk_imports")
    .set({ status: "review", updated_at: now.toISOString() })
    .where("id", "=", importId)
    .where("status", "=", "payment")
    .execute();
}

// ── Payment ──

export interface BulkPayment extends BulkImportCharge {
  count: number;
  feeExemptionPercent: number;
  /** The importer's role holds can_waive_bulk_fees: nothing is charged and no promo code applies. */
  feeWaived: boolean;
  promo: { code: string; message: string } | null;
}

/** What the importer pays: their fee exemption, and whether their role holds can_waive_bulk_fees (read now). */
async function payer(db: Kysely<Database>, userId: string): Promise<{ feeWaived: boolean; feeExemptionPercent: number }> {
  const profile = await db.selectFrom("profiles").select(["role", "fee_exemption"]).where("id", "=", userId).executeTakeFirst();
  const feeWaived = profile ? await roleHasPermission(db, normalizeRole(profile.role), "can_waive_bulk_fees") : false;
  return { feeWaived, feeExemptionPercent: Number(profile?.fee_exemption ?? 0) };
}

/** Whether the importer's role holds can_skip_import_review: a first large import is not held for staff review. */
async function skipsImportReview(db: Kysely<Database>, userId: string): Promise<boolean> {
  const profile = await db.selectFrom("profiles").select("role").where("id", "=", userId).executeTakeFirst();
  return profile ? roleHasPermission(db, normalizeRole(profile.role), "can_skip_import_review") : false;
}

/** The payment summary; with a promo code, its preview (Apply: nothing is counted until the import). */
export async function bulkImportPayment(
  db: Kysely<Database>,
  userId: string,
  importId: number,
  promoCode: string | null,
  now = new Date(),
): Promise<BulkPayment> {
  const row = await importRowOf(db, userId, importId);
  expectStatus(row, "payment", "importing", "imported");
  const { ready } = await rowCounts(db, importId);
  const who = await payer(db, userId);
  const base = bulkImportCharge({ count: ready, ...who });
  let promo: BulkPayment["promo"] = null;
  let discountCents = 0;
  if (promoCode && !who.feeWaived && base.totalCents > 0) {
    const applied = await previewPromoCode(db, { code: promoCode, userId, amountCents: base.totalCents, now });
    promo = { code: applied.code, message: applied.message };
    discountCents = applied.discountCents;
  }
  return { ...base, discountCents, totalCents: base.totalCents - discountCents, count: ready, ...who, promo };
}

export interface StartBulkImportOptions {
  /** A new seller's first import with more ready rows than this is held for staff review (IMPORT_REVIEW_THRESHOLD). */
  reviewThreshold?: number;
}

/** Whether this would be the seller's first import to be published (none before it imported or importing). */
async function isFirstImport(db: Kysely<Database>, userId: string, importId: number): Promise<boolean> {
  const earlier = await db
    .selectFrom("bulk_imports")
    .select("id")
    .where("user_id", "=", userId)
    .where("id", "<>", importId)
    .where("status", "in", ["importing", "imported"])
    .limit(1)
    .executeTakeFirst();
  return earlier === undefined;
}

/**
 * "Import {n} Listings": records the charge in the ledger (bulk_import_charges) and uses the promo code in one write
 * transaction, and moves the import to `importing` (the job creates the listings). Running it twice charges once.
 * A seller's first import with more ready rows than the review threshold is held instead (review_state "held",
 * nothing charged) until staff approve it (approveHeldBulkImport charges and starts it then); `held` says so.
 */
export async function startBulkImport(
  db: Kysely<Database>,
  userId: string,
  importId: number,
  promoCode: string | null,
  now = new Date(),
  options: StartBulkImportOptions = {},
): Promise<BulkPayment & { held: boolean }> {
  const imp = await importRowOf(db, userId, importId);
  if (imp.review_state === "held") throw new DomainError("conflict", BULK_MESSAGES.awaitingReview);
  const who = await payer(db, userId);
  const threshold = options.reviewThreshold ?? BULK_LIMITS.reviewThreshold;
  if (imp.review_state !== "approved" && imp.status === "payment" && !(await skipsImportReview(db, userId))) {
    const { ready } = await rowCounts(db, importId);
    if (ready > threshold && (await isFirstImport(db, userId, importId))) {
      if (promoCode) await previewPromoCode(db, { code: promoCode, userId, amountCents: bulkImportCharge({ count: ready, ...who }).totalCents, now });
      const held = await db
        .updateTable("bulk_imports")
        .set({ review_state: "held", review_promo_code: promoCode, updated_at: now.toISOString() })
        .where("id", "=", importId)
        .where("status", "=", "payment")
        .where("review_state", "is", null)
        .executeTakeFirst();
      if (Number(held.numUpdatedRows) !== 1) throw new DomainError("conflict", BULK_MESSAGES.wrongStep);
      return { ...(await bulkImportPayment(db, userId, importId, null, now)), held: true };
    }
  }
  return { ...(await chargeAndStartBulkImport(db, userId, importId, promoCode, now)), held: false };
}

/** The charge and the move to `importing`, in one write transaction (the seller's Import, or staff approving a held import). */
export async function chargeAndStartBulkImport(
  db: Kysely<Database>,
  userId: string,
  importId: number,
  promoCode: string | null,
  now = new Date(),
): Promise<BulkPayment> {
  const who = await payer(db, userId);
  return inWriteTransaction(
    db,
    async (trx) => {
      const current = await trx.selectFrom("bulk_imports").select("status").where("id", "=", importId).executeTakeFirstOrThrow();
      expectStatus(current, "payment");
      const { ready } = await rowCounts(trx, importId);
      if (ready === 0) throw new DomainError("invalid", BULK_MESSAGES.nothingToImport);
      const base = bulkImportCharge({ count: ready, ...who });
      let promo: BulkPayment["promo"] = null;
      let discountCents = 0;
      if (promoCode && !who.feeWaived && base.totalCents > 0) {
        const applied = await redeemPromoCode(trx, { code: promoCode, userId, amountCents: base.totalCents, now });
        promo = { code: applied.code, message: applied.message };
        discountCents = applied.discountCents;
      }
      const totalCents = base.totalCents - discountCents;
      await trx
        .insertInto("bulk_import_charges")
        .values({
          import_id: importId,
          user_id: userId,
          listing_count: ready,
          fee_cents: base.feeCents,
          exemption_percent: Math.round(who.feeExemptionPercent),
          exemption_cents: base.exemptionCents,
          promo_code: promo?.code ?? null,
          discount_cents: discountCents,
          total_cents: totalCents,
          status: base.waived ? "waived" : "invoiced",
          created_at: now.toISOString(),
        })
        .execute();
      await trx
        .updateTable("bulk_imports")
        .set({ status: "importing", total_cents: totalCents, updated_at: now.toISOString() })
        .where("id", "=", importId)
        .execute();
      return { ...base, discountCents, totalCents, count: ready, ...who, promo };
    },
    // The promo code's row is locked by redeemPromoCode: concurrent imports queue on it.
    { decidesOnLockedRows: true },
  );
}
