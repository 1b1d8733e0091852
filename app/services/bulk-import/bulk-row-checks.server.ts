// Checking one bulk import row with the listing form's own schema: its condition mapped to the canonical list, its
// category found (or classified from brand and model), its price read in the file's decimal separator.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { classifyCategory } from "~/lib/ai/category-classifier.ts";
import {
  BULK_FIELDS,
  BULK_LIMITS,
  BULK_MESSAGES,
  bulkConditionOf,
  CONDITION_MESSAGES,
  parseBulkCurrency,
  parseBulkPrice,
  quantityProblem,
  type BulkField,
  type DecimalSeparator,
} from "~/lib/bulk-import.ts";
import { CreateListingSchema, LISTING_MESSAGES, toListingInput, type ListingInput } from "~/schemas/listing.ts";
import { parseJson, type BulkRowIssue } from "./bulk-import-rows.server.ts";

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
export function mappedValues(cells: readonly string[], mapping: ReadonlyArray<BulkField | null>): Record<BulkField, string> {
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
