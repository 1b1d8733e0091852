// The listing form (spec 01 §2 /create-listing, §5 Manual create listing), shared by the create and edit
// forms and their actions. Fields are declared in the spec's checking order, so errors come out in that
// order: title, description, category, then the listing type's price fields, then year, then the rest.
import { z } from "zod";
import { CONDITIONS } from "~/lib/conditions.ts";
import { CURRENCIES, toCents } from "~/lib/money.ts";
import { TEST_LEVELS } from "~/lib/test-levels.ts";

export const LISTING_LIMITS = {
  title: 150,
  description: 10_000,
  brand: 100,
  model: 100,
  location: 120,
  serialNumber: 100,
  feature: 300,
  features: 30,
  specificationKey: 100,
  specificationValue: 300,
  specifications: 50,
  installedOptions: 2_000,
  /** The largest price a form accepts, in whole units of the currency. */
  price: 1_000_000_000,
  firstYear: 1900,
} as const;

/** Blank rows the form starts with, so sellers without JavaScript have rows to fill in. */
export const BLANK_FEATURE_ROWS = 3;
export const BLANK_SPECIFICATION_ROWS = 3;

/**
 * Listing types the manual form offers. The auctions issue adds "auction" and "hybrid": a variant in
 * LISTING_TYPE_SHAPES (their price fields and messages) and their fields in ListingTypeFields.
 */
export const LISTING_TYPES = ["buy_now"] as const;
export type ListingType = (typeof LISTING_TYPES)[number];
export const LISTING_TYPE_LABELS: Record<ListingType, string> = { buy_now: "Buy It Now (fixed price)" };

export const LISTING_STATUSES = ["draft", "active", "sold", "archived"] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];
export const LISTING_STATUS_LABELS: Record<ListingStatus, string> = {
  draft: "Draft",
  active: "Active",
  sold: "Sold",
  archived: "Archived",
};
/** A new listing is a draft or goes live at once (spec 01 §4: the creator makes listings active). */
export const CREATE_STATUSES = ["draft", "active"] as const;
/** The edit form never sets sold: a sale does that. */
export const EDIT_STATUSES = ["draft", "active", "archived"] as const;
export type EditableStatus = (typeof EDIT_STATUSES)[number];

export const LISTING_MESSAGES = {
  titleRequired: "Title is required",
  descriptionRequired: "Description is required",
  categoryRequired: "Category is required",
  categoryUnknown: "Please choose a category from the list",
  buyNowPriceRequired: "Valid price is required for buy now listings",
  listingTypeRequired: "Please choose a listing type",
  year: (latest: number) => `Year must be between ${LISTING_LIMITS.firstYear} and ${latest}`,
  conditionRequired: "Condition is required",
  currency: "Please choose a currency from the list",
  testLevel: "Please choose a test level from the list",
  date: "Please enter a date as YYYY-MM-DD",
  calibrationInFuture: "Calibration date cannot be in the future",
  calibrationDueBeforeDate: "Calibration due date must be after the calibration date",
  status: "Please choose a status from the list",
  duplicateSpecification: "Each specification name can be used only once",
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  tooManyRows: (label: string, max: number) => `At most ${max} ${label} can be added`,
  created: "Listing Created Successfully!",
  saved: "Your changes have been saved.",
  deleted: "Your listing has been deleted.",
  failedToCreate: "Failed to create listing. Please try again.",
  notFound: "Listing not found",
  updateForbidden: "You do not have permission to update this listing",
  deleteForbidden: "You do not have permission to delete this listing",
  rechooseImages: "Images are not kept when the form is sent back: please choose them again.",
  deleteConfirmRequired: "Please confirm that you want to delete this listing.",
} as const;

const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, LISTING_MESSAGES.tooLong(label, max)).optional().default("");

const requiredText = (message: string, label: string, max: number) =>
  z.string({ required_error: message }).trim().min(1, message).max(max, LISTING_MESSAGES.tooLong(label, max));

/** A decimal amount of money (up to 2 decimals, above 0) as integer cents, with one message for anything else. */
export const priceField = (message: string) =>
  z.string({ required_error: message }).transform((raw, ctx) => {
    const text = raw.trim();
    const amount = Number(text);
    if (!/^\d{1,10}(\.\d{1,2})?$/.test(text) || !(amount > 0) || amount > LISTING_LIMITS.price) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message });
      return z.NEVER;
    }
    return toCents(amount);
  });

const yearField = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    const text = raw?.trim() ?? "";
    if (text === "") return null;
    const latest = new Date().getUTCFullYear();
    const year = Number(text);
    if (!/^\d{4}$/.test(text) || year < LISTING_LIMITS.firstYear || year > latest) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: LISTING_MESSAGES.year(latest) });
      return z.NEVER;
    }
    return year;
  });

const dateField = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    const text = raw?.trim() ?? "";
    if (text === "") return null;
    const date = new Date(`${text}T00:00:00Z`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: LISTING_MESSAGES.date });
      return z.NEVER;
    }
    return text;
  });

const featuresField = z
  .array(z.string().trim().max(LISTING_LIMITS.feature, LISTING_MESSAGES.tooLong("A feature", LISTING_LIMITS.feature)).optional())
  .max(LISTING_LIMITS.features, LISTING_MESSAGES.tooManyRows("features", LISTING_LIMITS.features))
  .optional()
  // Blank rows are dropped (spec 01 §5).
  .transform((rows) => (rows ?? []).filter((row): row is string => Boolean(row)));

const specificationRow = z
  .object({
    key: z
      .string()
      .trim()
      .max(LISTING_LIMITS.specificationKey, LISTING_MESSAGES.tooLong("A specification name", LISTING_LIMITS.specificationKey))
      .optional(),
    value: z
      .string()
      .trim()
      .max(LISTING_LIMITS.specificationValue, LISTING_MESSAGES.tooLong("A specification value", LISTING_LIMITS.specificationValue))
      .optional(),
  })
  .optional();

const specificationsField = z
  .array(specificationRow)
  .max(LISTING_LIMITS.specifications, LISTING_MESSAGES.tooManyRows("specifications", LISTING_LIMITS.specifications))
  .optional()
  .superRefine((rows, ctx) => {
    const seen = new Set<string>();
    (rows ?? []).forEach((row, index) => {
      if (!row?.key || !row.value) return;
      const name = row.key.toLowerCase();
      if (seen.has(name)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [index, "key"], message: LISTING_MESSAGES.duplicateSpecification });
      }
      seen.add(name);
    });
  })
  // A row with a blank name or a blank value is dropped (spec 01 §5); the rest keep the seller's order.
  .transform((rows) =>
    (rows ?? []).flatMap((row) => (row?.key && row.value ? [[row.key, row.value] as [string, string]] : [])),
  );

const HEAD_FIELDS = {
  title: requiredText(LISTING_MESSAGES.titleRequired, "Title", LISTING_LIMITS.title),
  description: requiredText(LISTING_MESSAGES.descriptionRequired, "Description", LISTING_LIMITS.description),
  categoryId: requiredText(LISTING_MESSAGES.categoryRequired, "Category", 200),
};

/**
 * The listing type and its price fields, checked right after the category. buy_now is the only type so
 * far; the auctions issue adds auction and hybrid with their fields and messages (spec 01 §5), e.g. by
 * making these optional here and checking them per type in a refinement over the whole object.
 */
const TYPE_FIELDS = {
  listingType: z.enum(LISTING_TYPES, { errorMap: () => ({ message: LISTING_MESSAGES.listingTypeRequired }) }).default("buy_now"),
  price: priceField(LISTING_MESSAGES.buyNowPriceRequired),
};

const TAIL_FIELDS = {
  year: yearField,
  condition: z.enum(CONDITIONS, { errorMap: () => ({ message: LISTING_MESSAGES.conditionRequired }) }),
  brand: optionalText("Brand", LISTING_LIMITS.brand),
  model: optionalText("Model", LISTING_LIMITS.model),
  currency: z.enum(CURRENCIES, { errorMap: () => ({ message: LISTING_MESSAGES.currency }) }).default("USD"),
  location: optionalText("Location", LISTING_LIMITS.location),
  serialNumber: optionalText("Serial number", LISTING_LIMITS.serialNumber),
  features: featuresField,
  specifications: specificationsField,
  testLevel: z
    .enum(TEST_LEVELS, { errorMap: () => ({ message: LISTING_MESSAGES.testLevel }) })
    .optional()
    .transform((v) => v ?? null),
  calibrationDate: dateField,
  calibrationDue: dateField,
  calibrationAccredited: z
    .literal("on")
    .optional()
    .transform((v) => v === "on"),
  installedOptions: optionalText("Installed options", LISTING_LIMITS.installedOptions),
};

function listingSchema<S extends readonly [string, ...string[]]>(statuses: S) {
  const status = z.enum(statuses, { errorMap: () => ({ message: LISTING_MESSAGES.status }) }).optional();
  return z.object({ ...HEAD_FIELDS, ...TYPE_FIELDS, ...TAIL_FIELDS, status }).superRefine((value, ctx) => {
    // Zod also runs this when other fields failed; a date that failed its own check is not a string then.
    const date = typeof value.calibrationDate === "string" ? value.calibrationDate : null;
    const due = typeof value.calibrationDue === "string" ? value.calibrationDue : null;
    const today = new Date().toISOString().slice(0, 10);
    if (date && date > today) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["calibrationDate"], message: LISTING_MESSAGES.calibrationInFuture });
    }
    if (date && due && due <= date) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["calibrationDue"], message: LISTING_MESSAGES.calibrationDueBeforeDate });
    }
  });
}

export const CreateListingSchema = listingSchema(CREATE_STATUSES);
export const EditListingSchema = listingSchema(EDIT_STATUSES);

export type ListingFormValues = z.output<typeof EditListingSchema>;

/** What the listing service stores, whichever form it came from. */
export interface ListingInput {
  title: string;
  description: string;
  categoryId: string;
  listingType: ListingType;
  /** Asking price in cents. */
  priceCents: number;
  currency: string;
  condition: string;
  brand: string;
  model: string;
  location: string;
  year: number | null;
  serialNumber: string;
  features: string[];
  /** Name → value pairs in the seller's order. */
  specifications: Array<[string, string]>;
  testLevel: string | null;
  calibrationDate: string | null;
  calibrationDue: string | null;
  calibrationAccredited: boolean;
  installedOptions: string;
}

export function toListingInput(values: Omit<ListingFormValues, "status">): ListingInput {
  return {
    title: values.title,
    description: values.description,
    categoryId: values.categoryId,
    listingType: values.listingType,
    priceCents: values.price,
    currency: values.currency,
    condition: values.condition,
    brand: values.brand,
    model: values.model,
    location: values.location,
    year: values.year,
    serialNumber: values.serialNumber,
    features: values.features,
    specifications: values.specifications,
    testLevel: values.testLevel,
    calibrationDate: values.calibrationDate,
    calibrationDue: values.calibrationDue,
    calibrationAccredited: values.calibrationAccredited,
    installedOptions: values.installedOptions,
  };
}

/** The form's raw values (what conform reads and writes). */
export type ListingFormInput = z.input<typeof EditListingSchema>;
