// The bulk CSV import's rules the page also needs (docs/product/listings.md#bulk-import Bulk listing row): the
// row's fields, the header aliases, the required fields, the limits and the spec's messages. Client-safe.
import { CONDITION_LABELS, CONDITIONS, toCanonicalCondition, type Condition } from "./conditions.ts";
import { csvLine } from "./csv.ts";
import { CURRENCIES, isCurrency, storedMinorDigits } from "./money.ts";

/** The fields a CSV column can be mapped to, in the order the template lists them. */
export const BULK_FIELDS = [
  "brand",
  "model",
  "title",
  "condition",
  "price",
  "photo_urls",
  "description",
  "category",
  "specifications",
  "features",
  "location",
  "currency",
  "quantity",
] as const;
export type BulkField = (typeof BULK_FIELDS)[number];

/** The header must give these (docs/product/listings.md#bulk-import). */
export const REQUIRED_BULK_FIELDS: readonly BulkField[] = ["brand", "model", "condition", "price", "photo_urls"];

export const BULK_FIELD_LABELS: Record<BulkField, string> = {
  brand: "Brand",
  model: "Model",
  title: "Title",
  condition: "Condition",
  price: "Price",
  photo_urls: "Photo URLs",
  description: "Description",
  category: "Category",
  specifications: "Specifications",
  features: "Features",
  location: "Location",
  currency: "Currency",
  quantity: "Quantity",
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
  title: "title",
  "listing title": "title",
  name: "title",
  currency: "currency",
  "currency code": "currency",
  ccy: "currency",
  quantity: "quantity",
  qty: "quantity",
  stock: "quantity",
  "quantity available": "quantity",
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
  /** The review threshold: a price this far (share) from the comparables' average is flagged (docs/product/listings.md#bulk-import). */
  priceReviewShare: 0.3,
  /** Comparable listings kept per row (docs/product/listings.md#bulk-import). */
  comparables: 5,
  /** The success screen goes back to step 1 after this long (docs/product/listings.md#bulk-import). */
  successResetMs: 3_000,
  /** A new seller's first import with more ready rows than this waits for staff review (IMPORT_REVIEW_THRESHOLD overrides). */
  reviewThreshold: 200,
  /** Distinct unrecognised values offered for mapping at once on the review step. */
  valueMappings: 30,
} as const;

export const BULK_MESSAGES = {
  /** The badge of a row the built-in generator wrote (no language model configured, or the model failed). */
  generatedWithoutAi: "Generated without AI",
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
  heldForReview: (rows: number) =>
    `This is your first bulk import and it has ${rows.toLocaleString("en-US")} listings, so our staff review it before it is published. Nothing is charged until it is approved; you will get a notification.`,
  awaitingReview: "This import is waiting for staff review.",
  photosHeld: "None of this row's photos loaded: its listing was saved as a draft, not published. Add photos on the listing's edit page and publish it.",
} as const;

/** The file's decimal separator: "." (1,234.56) or "," (1.234,56). */
export type DecimalSeparator = "." | ",";
export const DECIMAL_SEPARATORS: ReadonlyArray<{ value: DecimalSeparator; label: string }> = [
  { value: ".", label: "1,234.56 (decimal point)" },
  { value: ",", label: "1.234,56 (decimal comma)" },
];

/** The decimal separator a file most likely uses: a comma when its cells are separated by semicolons (Excel in most of Europe). */
export function decimalSeparatorOfDelimiter(delimiter: string): DecimalSeparator {
  return delimiter === ";" ? "," : ".";
}

const PRICE_MESSAGES = {
  required: "Price is required",
  unreadable: (raw: string) => `Price '${raw}' is not a number`,
  ambiguous: (raw: string, separator: DecimalSeparator) =>
    separator === "."
      ? `Price '${raw}' is unclear: with a decimal point write 310.50; if this file uses a decimal comma, choose "1.234,56 (decimal comma)" as its number format`
      : `Price '${raw}' is unclear: with a decimal comma write 310,50; if this file uses a decimal point, choose "1,234.56 (decimal point)" as its number format`,
  tooManyDecimals: (raw: string, currency: string, digits: number) =>
    digits === 0 ? `Price '${raw}' has decimals, but ${currency} amounts are whole numbers` : `Price '${raw}' has more than ${digits} decimals for ${currency}`,
  notPositive: "Price must be greater than 0",
} as const;

/**
 * A price cell read in the file's number format, as a plain decimal ("310.50") with at most the currency's stored
 * minor digits (app/lib/money.ts storedMinorDigits). Currency symbols and codes around the number are ignored;
 * thousands separators (the other mark, spaces, apostrophes) must group by three. A value that reads differently in
 * the other format and is not a valid grouping in this one ("310,50" with a decimal point) is refused, never guessed.
 */
export function parseBulkPrice(raw: string, separator: DecimalSeparator, currency = "USD"): { ok: true; value: string } | { ok: false; message: string } {
  const shown = raw.trim().slice(0, 40);
  const text = raw
    .trim()
    .replace(/^[A-Za-z]{3}\s*|\s*[A-Za-z]{3}$/g, "")
    .replace(/^[$€£¥]|^[A-Z]?\$|[$€£¥]$/g, "")
    .trim();
  if (shown === "") return { ok: false, message: PRICE_MESSAGES.required };
  const other = separator === "." ? "," : ".";
  if (!/^[0-9.,\s'\u00a0\u202f]+$/.test(text) || !/\d/.test(text)) return { ok: false, message: PRICE_MESSAGES.unreadable(shown) };
  const grouped = text.replace(/[\s'\u00a0\u202f]/g, other);
  const decimalAt = grouped.lastIndexOf(separator);
  if (grouped.indexOf(separator) !== decimalAt) return { ok: false, message: PRICE_MESSAGES.unreadable(shown) };
  const whole = decimalAt === -1 ? grouped : grouped.slice(0, decimalAt);
  const fraction = decimalAt === -1 ? "" : grouped.slice(decimalAt + 1);
  if (!/^\d*$/.test(fraction) || (decimalAt !== -1 && fraction === "")) return { ok: false, message: PRICE_MESSAGES.unreadable(shown) };
  if (whole.includes(other)) {
    // Thousands groups: 1 to 3 digits, then groups of exactly 3.
    const groups = whole.split(other);
    const valid = /^\d{1,3}$/.test(groups[0]!) && groups.slice(1).every((g) => /^\d{3}$/.test(g));
    if (!valid) {
      // "310,50" with a decimal point, "1234.56" with a decimal comma: the other format would read it as a decimal.
      const lastGroup = groups[groups.length - 1]!;
      if (decimalAt === -1 && groups.length === 2 && /^\d{1,2}$/.test(lastGroup)) return { ok: false, message: PRICE_MESSAGES.ambiguous(shown, separator) };
      return { ok: false, message: PRICE_MESSAGES.unreadable(shown) };
    }
  } else if (!/^\d+$/.test(whole)) return { ok: false, message: PRICE_MESSAGES.unreadable(shown) };
  const digits = whole
    .split(other)
    .join("")
    .replace(/^0+(?=\d)/, "");
  const decimals = storedMinorDigits(currency);
  const trimmedFraction = fraction.replace(/0+$/, "");
  if (trimmedFraction.length > decimals) return { ok: false, message: PRICE_MESSAGES.tooManyDecimals(shown, currency, decimals) };
  if (!/[1-9]/.test(digits + trimmedFraction)) return { ok: false, message: PRICE_MESSAGES.notPositive };
  const value = fraction === "" || decimals === 0 ? digits : `${digits}.${fraction.padEnd(decimals, "0").slice(0, decimals)}`;
  return { ok: true, value };
}

const CURRENCY_MESSAGES = {
  unknown: (raw: string) => `Currency '${raw.slice(0, 20)}' is not one of ${CURRENCIES.join(", ")}`,
} as const;

/** A currency cell ("usd", " EUR ") as a supported code; blank is US dollars. */
export function parseBulkCurrency(raw: string): { ok: true; value: string } | { ok: false; message: string } {
  const code = raw.trim().toUpperCase();
  if (code === "") return { ok: true, value: "USD" };
  return isCurrency(code) ? { ok: true, value: code } : { ok: false, message: CURRENCY_MESSAGES.unknown(raw.trim()) };
}

export const CONDITION_MESSAGES = {
  required: "Condition is required",
  unknown: (raw: string) => `Condition '${raw.slice(0, 40)}' is not one of ${CONDITIONS.map((c) => CONDITION_LABELS[c]).join(", ")}`,
} as const;

/** A condition cell as a canonical condition: the marketplace's list, its aliases and eBay's condition names. */
export function bulkConditionOf(raw: string): Condition | undefined {
  return toCanonicalCondition(raw);
}

const QUANTITY_MESSAGE = (raw: string) =>
  `Quantity '${raw.slice(0, 20)}' is not supported yet: each row lists one item. Put each item on its own row, or leave quantity blank or 1.`;

/** A quantity cell: blank or 1 only, until listings carry a quantity. Null when fine, else the message. */
export function quantityProblem(raw: string): string | null {
  const text = raw.trim();
  return text === "" || /^0*1$/.test(text) ? null : QUANTITY_MESSAGE(text);
}

/** The template's columns and its one example row. */
const BULK_TEMPLATE_HEADER: readonly BulkField[] = BULK_FIELDS;
const BULK_TEMPLATE_EXAMPLE: Record<BulkField, string> = {
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
  title: "",
  currency: "USD",
  quantity: "",
};

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
