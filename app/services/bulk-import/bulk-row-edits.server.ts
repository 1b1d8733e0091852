// The review step's changes to rows: the column mapping applied to every row, one row edited, removed or restored,
// unknown condition values mapped at once, and the rejected rows as a CSV.
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { BULK_LIMITS, BULK_MESSAGES, CONDITION_MESSAGES, missingRequiredFields, type BulkField, type DecimalSeparator } from "~/lib/bulk-import.ts";
import { isCondition, type Condition } from "~/lib/conditions.ts";
import { csvFile } from "~/lib/csv.ts";
import { DomainError } from "../domain-error.ts";
import { expectStatus, importRowOf, parseJson, rowView, type BulkRowIssue, type BulkRowView, type RowRecord } from "./bulk-import-rows.server.ts";
import { bulkCategoryIndex, checkRow, mappedValues, valuesOfStoredRow } from "./bulk-row-checks.server.ts";

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
