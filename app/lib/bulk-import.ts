// The bulk CSV import's rules the page also needs (issue 21; spec 02 §2.14, §3 Bulk listing row, §5, §8, §9): the
// row's fields, the header aliases, the required fields, the limits and the spec's messages. Client-safe.
import { csvLine } from "./csv.ts";

/** The fields a CSV column can be mapped to, in the order the template lists them. */
export const BULK_FIELDS = [
  "brand",
  "model",
  "condition",
  "price",
  "photo_urls",
  "description",
  "category",
  "specifications",
  "features",
  "location",
] as const;
export type BulkField = (typeof BULK_FIELDS)[number];

/** The header must give these (spec 02 §5). */
export const REQUIRED_BULK_FIELDS: readonly BulkField[] = ["brand", "model", "condition", "price", "photo_urls"];

export const BULK_FIELD_LABELS: Record<BulkField, string> = {
  brand: "Brand",
  model: "Model",
  condition: "Condition",
  price: "Price",
  photo_urls: "Photo URLs",
  description: "Description",
  category: "Category",
  specifications: "Specifications",
  features: "Features",
  location: "Location",
};

/** Header names (lower case, spaces/dashes/underscores folded to one space) that stand for a field. */
const HEADER_ALIASES: Record<string, BulkField> = {
  brand: "brand",
  manufacturer: "brand",
  make: "brand",
  maker: "brand",
  model: "model",
  "model number": "model",
  "part number": "model",
  "part no": "model",
  mpn: "model",
  condition: "condition",
  price: "price",
  "asking price": "price",
  "price usd": "price",
  "photo urls": "photo_urls",
  photos: "photo_urls",
  images: "photo_urls",
  "image urls": "photo_urls",
  pictures: "photo_urls",
  description: "description",
  details: "description",
  category: "category",
  "category id": "category",
  specifications: "specifications",
  specs: "specifications",
  features: "features",
  location: "location",
  city: "location",
};

/** The field a header cell names, or null (case-insensitive, with the common aliases). */
export function fieldOfHeader(header: string): BulkField | null {
  const key = header
    .trim()
    .toLowerCase()
    .replace(/[\s_\-.]+/g, " ")
    .replace(/[()]/g, "")
    .trim();
  return HEADER_ALIASES[key] ?? null;
}

/** The automatic mapping of a header: each field to its first matching column; later repeats stay unmapped. */
export function autoMapping(headers: readonly string[]): Array<BulkField | null> {
  const taken = new Set<BulkField>();
  return headers.map((header) => {
    const field = fieldOfHeader(header);
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

/** The required fields a mapping leaves out, in the spec's order. */
export function missingRequiredFields(mapping: ReadonlyArray<BulkField | null>): BulkField[] {
  return REQUIRED_BULK_FIELDS.filter((field) => !mapping.includes(field));
}

export const BULK_LIMITS = {
  /** Largest upload (bytes). */
  fileBytes: 15 * 1024 * 1024,
  /** Most data rows in one file. */
  rows: 5_000,
  /** Most columns in one file. */
  columns: 60,
  /** Longest cell (characters). */
  cell: 10_000,
  /** Rows shown in the mapping preview. */
  previewRows: 5,
  /** Rows per page of the review table. */
  reviewPage: 50,
  /** Photo URLs kept per row. */
  photos: 10,
  /** The review threshold: a price this far (share) from the comparables' average is flagged (spec 02 §9). */
  priceReviewShare: 0.3,
  /** Comparable listings kept per row (spec 02 §9). */
  comparables: 5,
  /** The success screen goes back to step 1 after this long (spec 02 §2.14, §9). */
  successResetMs: 3_000,
} as const;

export const BULK_MESSAGES = {
  notCsv: "Please upload a CSV file",
  missingFields: (fields: readonly string[]) => `Missing required fields: ${fields.join(", ")}`,
  tooLarge: `The file is larger than ${BULK_LIMITS.fileBytes / 1024 / 1024} MB. Please split it into smaller files.`,
  tooManyRows: `The file has more than ${BULK_LIMITS.rows.toLocaleString("en-US")} listings. Please split it into smaller files.`,
  tooManyColumns: `The file has more than ${BULK_LIMITS.columns} columns.`,
  empty: "The file has no listings under its header row.",
  unreadable: (line: number) => `The file could not be read as CSV near line ${line}. Check its quotes.`,
  aiError: (message: string) => `Error processing listings with AI: ${message}`,
  importError: (message: string) => `Error processing import: ${message}`,
  descriptionFailed: "Description could not be generated",
  photoUrl: "Photo URLs must be http or https addresses separated by semicolons",
  tooManyPhotos: `At most ${BULK_LIMITS.photos} photo URLs per listing`,
  imported: (n: number) => `Successfully imported ${n} listings!`,
  importSuccessful: "Import Successful!",
  adminsWaived: "All fees are waived for admin accounts.",
  invalidPromo: "Invalid promo code",
  promoApplied: (value: string) => `Promo code applied: ${value} discount`,
  promoError: (message: string) => `Error applying promo code: ${message}`,
  nothingToImport: "No listings are ready to import. Fix or remove the rows with errors first.",
  importNotFound: "This import was not found.",
  wrongStep: "This import has moved on. The page shows where it stands now.",
  fixRowsFirst: "Some rows still have errors. Fix them or remove them before paying.",
} as const;

/** The bulk list's conditions (spec 02 §3). */
export const BULK_CONDITIONS = ["new", "like_new", "excellent", "good", "fair", "poor"] as const;

/** The template's columns and its one example row. */
export const BULK_TEMPLATE_HEADER: readonly BulkField[] = BULK_FIELDS;
export const BULK_TEMPLATE_EXAMPLE: Record<BulkField, string> = {
  brand: "Fluke",
  model: "87V",
  condition: "good",
  price: "325.00",
  photo_urls: "https://example.com/photos/fluke-87v-front.jpg;https://example.com/photos/fluke-87v-back.jpg",
  description: "True-RMS multimeter, calibrated last spring. Leads and holster included.",
  category: "",
  specifications: "Display: 6000 counts; Accuracy: 0.05% DC",
  features: "True RMS; Min/Max recording",
  location: "Dayton, OH",
};

/** The one CSV writer (app/lib/csv.ts), also what the bulk upload's files are written with. */
export { csvCell, csvLine } from "./csv.ts";

/** The downloadable template: the header and one example row. */
export function bulkTemplateCsv(): string {
  return csvLine(BULK_TEMPLATE_HEADER) + csvLine(BULK_TEMPLATE_HEADER.map((field) => BULK_TEMPLATE_EXAMPLE[field]));
}

/** Time left from progress so far: null until one row is done. */
export function secondsLeft(done: number, total: number, elapsedMs: number): number | null {
  if (done <= 0 || total <= done) return done >= total ? 0 : null;
  return Math.ceil(((elapsedMs / done) * (total - done)) / 1000);
}

/** "about 2 min left", "12 s left". */
export function timeLeftText(seconds: number | null): string {
  if (seconds === null) return "estimating time left…";
  if (seconds < 60) return `${seconds} s left`;
  return `about ${Math.ceil(seconds / 60)} min left`;
}
