// What the bulk import domain offers to routes and the web layer. The bulk listing import wizard: a CSV upload kept as an import and its rows, the column and condition mapping, each row's checks and edits, the payment step with its fee and promo code, and the rows the import jobs turn into listings.
// Every other part of app/ imports the domain through this index, by these names (ESLint's tradebench/domain-face).
export { parseBulkCsv } from "./bulk-csv.server.ts";
export { bulkImportPayment, type BulkPayment, chargeAndStartBulkImport, startBulkImport } from "./bulk-import-payment.server.ts";
export { type BulkComparable, type BulkImportSummary, type BulkImportView, type BulkRowView } from "./bulk-import-rows.server.ts";
export { backToReview, cancelBulkImport, continueToPayment, createBulkImport } from "./bulk-import-steps.server.ts";
export { type BulkCategoryChoice, bulkCategoryChoices, currentBulkImportId, getBulkImport, listBulkImports } from "./bulk-import-view.server.ts";
export { bulkCategoryIndex, checkRow, listingInputOfRow, valuesOfStoredRow } from "./bulk-row-checks.server.ts";
export { applyBulkMapping, editBulkRow, mapBulkConditionValues, rejectedRowsCsv, setBulkRowRemoved } from "./bulk-row-edits.server.ts";
