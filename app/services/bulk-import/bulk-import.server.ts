// The bulk import wizard's state (docs/product/listings.md#bulk-import Bulk listing row): an upload becomes a
// bulk_imports row and one bulk_import_rows row per CSV row (its key `{import}:{row}`), so the wizard survives a
// reload and a restart. Each row is checked with the listing form's own schema (CreateListingSchema) after its
// condition is mapped to the canonical list and its category found (or classified from brand and model); rows with
// errors are kept, reported, editable and removable. The payment step computes the fee (app/lib/fees.ts), applies a
// promo code in the same write transaction as the ledger entry (bulk_import_charges), and hands over to the import job
// (app/flows/bulk-import-jobs.server.ts).
//
// The wizard's parts live beside this file, one module each; this one names what tests, the seed and the bench use of them (app/ goes through index.server.ts).
export type {
  BulkComparable,
  BulkImportStatus,
  BulkImportSummary,
  BulkImportView,
  BulkReviewState,
  BulkRowIssue,
  BulkRowView,
} from "./bulk-import-rows.server.ts";
export { continueToPayment, createBulkImport } from "./bulk-import-steps.server.ts";
export { getBulkImport, listBulkImports, type BulkCategoryChoice } from "./bulk-import-view.server.ts";
export { type BulkCategoryIndex, type CheckedRow, type RowForListing } from "./bulk-row-checks.server.ts";
export { applyBulkMapping, editBulkRow, mapBulkConditionValues, rejectedRowsCsv, setBulkRowRemoved, type BulkRowEdits } from "./bulk-row-edits.server.ts";
export { bulkImportPayment, startBulkImport, type BulkPayment, type StartBulkImportOptions } from "./bulk-import-payment.server.ts";
