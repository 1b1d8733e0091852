// The bulk import wizard's steps: the upload becomes an import at the mapping step; the seller moves it on to payment,
// back to review, or sets it aside.
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { autoMapping, BULK_LIMITS, BULK_MESSAGES, decimalSeparatorOfDelimiter } from "~/lib/bulk-import.ts";
import { DomainError } from "../domain-error.ts";
import type { ParsedCsv } from "./bulk-csv.server.ts";
import { expectStatus, importRowOf, rowCounts, rowKey } from "./bulk-import-rows.server.ts";

/** Rows written per INSERT (SQLite's bound-variable limit and PostgreSQL's both allow far more). */
const INSERT_CHUNK = 200;

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
