// What the bulk import pages show: one import with its review table, the seller's current import and history, and the
// categories a row may be given.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { BULK_LIMITS, bulkConditionOf, secondsLeft, type BulkField } from "~/lib/bulk-import.ts";
import {
  importRowOf,
  parseJson,
  rowCounts,
  rowView,
  summaryOf,
  type BulkImportSummary,
  type BulkImportView,
  type RowRecord,
} from "./bulk-import-rows.server.ts";

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
