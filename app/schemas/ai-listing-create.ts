// The AI wizard's listing (docs/product/listings.md#ai-assistant AI wizard, Listing create payload, AI wizard, durations and prefill):
// the review step's fields, the listing-type step's fields, and the form the wizard sends to /create-listing to create
// it. The same checks run in the browser (beside each field, before moving on) and on the server (always).
import { MAX_PHOTO_BYTES } from "~/lib/photo-limits.ts";
import { z } from "zod";
import { CONDITIONS, type Condition } from "~/lib/conditions.ts";
import type { Comparable } from "~/lib/pricing/types.ts";
import { LISTING_LIMITS, LISTING_MESSAGES, LISTING_TYPES, parseMoneyCents, yearField, type ListingType } from "./listing.ts";

/** Auction durations the wizard offers (docs/product/listings.md#ai-assistant), in days. */
export const WIZARD_DURATION_DAYS = [3, 5, 7, 10, 14] as const;
export const DEFAULT_WIZARD_DURATION_DAYS = 7;
/** Choosing Auction or Hybrid prefills the starting price at 80 % and the reserve at 90 % of the price (docs/product/listings.md#ai-assistant). */
const WIZARD_PREFILL = { starting: 0.8, reserve: 0.9 } as const;
/** The photos one generation reads (the AI endpoint's limit), each at most 10 MB. */
export const WIZARD_MAX_PHOTOS = 10;
export const WIZARD_MAX_PHOTO_BYTES = MAX_PHOTO_BYTES;
/** How long an anonymous visitor's generation can still be claimed by the listing they save after signing in. */
export const ANONYMOUS_CLAIM_HOURS = 24;
/** The form field that says which of /create-listing's forms was sent. */
export const AI_CREATE_INTENT = "ai-create";
/** Where the wizard lives; visitors come back here after signing in. */
export const AI_WIZARD_PATH = "/create-listing?tab=ai";

export const AI_LISTING_MESSAGES = {
  brandRequired: "Brand is required",
  modelRequired: "Model is required",
  imageRequired: "At least one image is required",
  invalidCondition: "Invalid condition",
  categoryUndetermined: "Could not determine category for this equipment",
  priceRequired: "Please enter a valid price",
  duration: "Please choose a duration of 3, 5, 7, 10 or 14 days",
  photoNotAnImage: (name: string) => `${name}: Only image files are accepted`,
  photoTooBig: (name: string) => `${name} is larger than 10 MB`,
  tooManyPhotos: `Add at most ${WIZARD_MAX_PHOTOS} photos`,
  rowsUnreadable: "These rows could not be read. Please check them and try again.",
  comparablesUnreadable: "The comparable listings could not be read. Please generate the listing again.",
  generating: "Analyzing equipment and generating listing...",
  failedToGenerate: "Failed to generate listing. Please try again.",
  failedToCreate: LISTING_MESSAGES.failedToCreate,
  created: "Listing Created Successfully",
  signInToSave: "Sign in to save your listing",
  notASeller: "Only sellers and administrators can create listings",
} as const;

/** What the wizard holds for the review and listing-type steps, as the fields show it (text, rows). */
export interface AiListingFields {
  title: string;
  description: string;
  brand: string;
  model: string;
  categoryId: string;
  condition: string;
  /** Decimal text, e.g. "4250" or "4250.50". */
  price: string;
  specifications: Array<{ key: string; value: string }>;
  features: string[];
  location: string;
  year: string;
  serialNumber: string;
  /** "" until the seller picks one. */
  listingType: string;
  startingPrice: string;
  reservePrice: string;
  duration: string;
  /** Make Offer, Buy Now and hybrid listings: "on" when the seller takes offers, and the two optional prices. */
  acceptsOffers?: string;
  autoAcceptPrice?: string;
  autoDeclinePrice?: string;
  /** "on" when the seller keeps automatic prices below half the price. */
  confirmLowPrices?: string;
}

/** The review step's fields, checked. */
export interface AiReviewValues {
  title: string;
  description: string;
  brand: string;
  model: string;
  categoryId: string;
  condition: Condition;
  priceCents: number;
  /** Name → value pairs in the seller's order; blank rows dropped. */
  specifications: Array<[string, string]>;
  features: string[];
  location: string;
  year: number | null;
  serialNumber: string;
}

/** The listing-type step's fields, checked. */
export interface AiTypeValues {
  listingType: ListingType;
  /** Auction and hybrid listings: their auction (starting now, docs/product/listings.md#ai-assistant: startDate null in the wizard). */
  auction: { startingPriceCents: number; reservePriceCents: number | null; durationDays: number } | null;
}

export interface AiListingCreateValues extends AiReviewValues, AiTypeValues {
  /** The generation the draft came from (ai_generations.id), if any. */
  generationId: number | null;
  /** The comparables the price guidance showed, stored with the listing. */
  comparables: Comparable[];
}

/** Field name → messages, in the spec's order; "" holds messages about the whole form. */
export type FieldErrors = Record<string, string[]>;

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

const requiredText = (message: string, label: string, max: number) =>
  z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message).max(max, LISTING_MESSAGES.tooLong(label, max));

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, LISTING_MESSAGES.tooLong(label, max))
    .optional()
    .transform((v) => v ?? "");

const ReviewSchema = z.object({
  title: requiredText(LISTING_MESSAGES.titleRequired, "Title", LISTING_LIMITS.title),
  description: requiredText(LISTING_MESSAGES.descriptionRequired, "Description", LISTING_LIMITS.description),
  brand: requiredText(AI_LISTING_MESSAGES.brandRequired, "Brand", LISTING_LIMITS.brand),
  model: requiredText(AI_LISTING_MESSAGES.modelRequired, "Model", LISTING_LIMITS.model),
  condition: z.enum(CONDITIONS, { errorMap: () => ({ message: AI_LISTING_MESSAGES.invalidCondition }) }),
  categoryId: requiredText(AI_LISTING_MESSAGES.categoryUndetermined, "Category", 200),
  price: z.string({ invalid_type_error: AI_LISTING_MESSAGES.priceRequired, required_error: AI_LISTING_MESSAGES.priceRequired }).transform((raw, ctx) => {
    const cents = parseMoneyCents(raw);
    if (cents === null) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: AI_LISTING_MESSAGES.priceRequired });
      return z.NEVER;
    }
    return cents;
  }),
  specifications: z
    .array(
      z.object(
        {
          key: z
            .string({ invalid_type_error: AI_LISTING_MESSAGES.rowsUnreadable })
            .trim()
            .max(LISTING_LIMITS.specificationKey, LISTING_MESSAGES.tooLong("A specification name", LISTING_LIMITS.specificationKey)),
          value: z
            .string({ invalid_type_error: AI_LISTING_MESSAGES.rowsUnreadable })
            .trim()
            .max(LISTING_LIMITS.specificationValue, LISTING_MESSAGES.tooLong("A specification value", LISTING_LIMITS.specificationValue)),
        },
        { invalid_type_error: AI_LISTING_MESSAGES.rowsUnreadable },
      ),
      { invalid_type_error: AI_LISTING_MESSAGES.rowsUnreadable },
    )
    .max(LISTING_LIMITS.specifications, LISTING_MESSAGES.tooManyRows("specifications", LISTING_LIMITS.specifications))
    .default([])
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((row, index) => {
        if (!row.key || !row.value) return;
        const name = row.key.toLowerCase();
        if (seen.has(name)) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [index, "key"], message: LISTING_MESSAGES.duplicateSpecification });
        seen.add(name);
      });
    })
    // Rows with a blank name or value are dropped (docs/product/listings.md#ai-assistant).
    .transform((rows) => rows.flatMap((row) => (row.key && row.value ? [[row.key, row.value] as [string, string]] : []))),
  features: z
    .array(
      z
        .string({ invalid_type_error: AI_LISTING_MESSAGES.rowsUnreadable })
        .trim()
        .max(LISTING_LIMITS.feature, LISTING_MESSAGES.tooLong("A feature", LISTING_LIMITS.feature)),
      { invalid_type_error: AI_LISTING_MESSAGES.rowsUnreadable },
    )
    .max(LISTING_LIMITS.features, LISTING_MESSAGES.tooManyRows("features", LISTING_LIMITS.features))
    .default([])
    .transform((rows) => rows.filter(Boolean)),
  location: optionalText("Location", LISTING_LIMITS.location),
  year: yearField,
  serialNumber: optionalText("Serial number", LISTING_LIMITS.serialNumber),
});

function reviewValues({ price, ...rest }: z.output<typeof ReviewSchema>): AiReviewValues {
  return { ...rest, priceCents: price };
}

/** Zod issues as field name → messages ("specifications.1.key" style paths; "" for the whole form). */
function errorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const list = (errors[issue.path.join(".")] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return errors;
}

/** The review step (docs/product/listings.md#ai-assistant step 2): title, description, brand, model, category, condition, price and the rest. */
export function checkReview(fields: Partial<AiListingFields>): Checked<AiReviewValues> {
  const parsed = ReviewSchema.safeParse(fields);
  if (!parsed.success) return { ok: false, errors: errorsOf(parsed.error) };
  return { ok: true, value: reviewValues(parsed.data) };
}

/** Cents as the decimal text of a price field: 425000 → "4250", 425050 → "4250.50". */
export function centsToField(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** The starting price and reserve prefilled when Auction or Hybrid is chosen, in cents (rounded to the cent). */
export function auctionPrefill(priceCents: number): { startingPriceCents: number; reservePriceCents: number } {
  return {
    startingPriceCents: Math.round(priceCents * WIZARD_PREFILL.starting),
    reservePriceCents: Math.round(priceCents * WIZARD_PREFILL.reserve),
  };
}

/**
 * The listing-type step (docs/product/listings.md#ai-assistant step 3) for a reviewed price: a type must be chosen; auctions and hybrids need a
 * starting price; a hybrid's buy-now price is the listing's price and must be above the starting price; the reserve
 * is optional, at least the starting price and (hybrid) at most the buy-now price; durations 3, 5, 7, 10 or 14 days.
 */
export function checkListingType(fields: Partial<AiListingFields>, priceCents: number | null): Checked<AiTypeValues> {
  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);
  const type = (LISTING_TYPES as readonly string[]).includes(fields.listingType ?? "") ? (fields.listingType as ListingType) : null;
  if (!type) {
    fail("listingType", LISTING_MESSAGES.listingTypeRequired);
    return { ok: false, errors };
  }
  if (type === "buy_now") return { ok: true, value: { listingType: type, auction: null } };

  const starting = parseMoneyCents(fields.startingPrice);
  if (starting === null) fail("startingPrice", LISTING_MESSAGES.startingPriceRequired(type));
  else if (type === "hybrid" && priceCents !== null && priceCents <= starting) fail("startingPrice", LISTING_MESSAGES.buyNowNotAboveStart);

  let reserve: number | null = null;
  if ((fields.reservePrice?.trim() ?? "") !== "") {
    reserve = parseMoneyCents(fields.reservePrice);
    if (reserve === null) fail("reservePrice", LISTING_MESSAGES.reserveInvalid);
    else if (starting !== null && reserve < starting) fail("reservePrice", LISTING_MESSAGES.reserveBelowStart);
    else if (type === "hybrid" && priceCents !== null && reserve > priceCents) fail("reservePrice", LISTING_MESSAGES.reserveAboveBuyNow);
  }

  const durationText = fields.duration?.trim() ?? "";
  const durationDays = durationText === "" ? DEFAULT_WIZARD_DURATION_DAYS : Number(durationText);
  if (!(WIZARD_DURATION_DAYS as readonly number[]).includes(durationDays)) fail("duration", AI_LISTING_MESSAGES.duration);

  if (Object.keys(errors).length > 0 || starting === null) return { ok: false, errors };
  return { ok: true, value: { listingType: type, auction: { startingPriceCents: starting, reservePriceCents: reserve, durationDays } } };
}

const ComparableSchema = z.object({
  source: z.enum(["sold", "listed"]),
  listingId: z.number().int().positive(),
  title: z.string().max(300),
  priceCents: z.number().int().nonnegative(),
  condition: z.string().max(50),
  date: z.string().max(40),
  url: z.string().regex(/^\/listings\/\d+$/),
  location: z.string().max(200).nullable(),
  imageUrl: z.string().max(500).nullable(),
  verified: z.boolean(),
  relevance: z.number(),
}) satisfies z.ZodType<Comparable>;

/** At most 8 comparables are kept (docs/product/listings.md#ai-assistant). */
const ComparablesSchema = z.array(ComparableSchema).max(8);

function jsonField(value: FormDataEntryValue | null): unknown {
  if (typeof value !== "string" || value.trim() === "") return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return null;
  }
}

function textField(fields: FormData, name: string): string | undefined {
  const value = fields.get(name);
  return typeof value === "string" ? value : undefined;
}

/** The wizard's fields as a form (text fields; rows, features and comparables as JSON), for /create-listing. */
export function aiCreateFormData(fields: AiListingFields, extra: { generationId: number | null; comparables: Comparable[] }): FormData {
  const form = new FormData();
  form.set("intent", AI_CREATE_INTENT);
  for (const name of [
    "title",
    "description",
    "brand",
    "model",
    "categoryId",
    "condition",
    "price",
    "location",
    "year",
    "serialNumber",
    "listingType",
    "startingPrice",
    "reservePrice",
    "duration",
  ] as const) {
    form.set(name, fields[name]);
  }
  // The offer settings are read on the server beside the listing's own fields (app/web/offer-settings.server.ts).
  if (fields.acceptsOffers === "on" && fields.listingType !== "auction") {
    form.set("acceptsOffers", "on");
    form.set("autoAcceptPrice", fields.autoAcceptPrice ?? "");
    form.set("autoDeclinePrice", fields.autoDeclinePrice ?? "");
    if (fields.confirmLowPrices === "on") form.set("confirmLowPrices", "on");
  }
  form.set("specifications", JSON.stringify(fields.specifications));
  form.set("features", JSON.stringify(fields.features));
  form.set("comparableListings", JSON.stringify(extra.comparables));
  if (extra.generationId !== null) form.set("generationId", String(extra.generationId));
  return form;
}

/**
 * The whole create form (server side): the review fields, the listing type, the generation and the comparables.
 * Every problem comes back as a message under its field, in the spec's order.
 */
export function checkAiCreateForm(form: FormData): Checked<AiListingCreateValues> {
  const specifications = jsonField(form.get("specifications"));
  const features = jsonField(form.get("features"));
  const fields = {
    title: textField(form, "title"),
    description: textField(form, "description"),
    brand: textField(form, "brand"),
    model: textField(form, "model"),
    categoryId: textField(form, "categoryId"),
    condition: textField(form, "condition"),
    price: textField(form, "price"),
    location: textField(form, "location"),
    year: textField(form, "year"),
    serialNumber: textField(form, "serialNumber"),
    listingType: textField(form, "listingType"),
    startingPrice: textField(form, "startingPrice"),
    reservePrice: textField(form, "reservePrice"),
    duration: textField(form, "duration"),
  };
  const errors: FieldErrors = {};
  const review = ReviewSchema.safeParse({ ...fields, specifications, features });
  if (!review.success) Object.assign(errors, errorsOf(review.error));
  const type = checkListingType(fields, review.success ? review.data.price : parseMoneyCents(fields.price));
  if (!type.ok) Object.assign(errors, type.errors);

  const rawGeneration = textField(form, "generationId")?.trim() ?? "";
  const generationId = /^\d{1,12}$/.test(rawGeneration) ? Number(rawGeneration) : null;
  const rawComparables = jsonField(form.get("comparableListings"));
  const comparables = rawComparables === undefined ? { success: true as const, data: [] } : ComparablesSchema.safeParse(rawComparables);
  if (!comparables.success) errors[""] = [AI_LISTING_MESSAGES.comparablesUnreadable];

  if (!review.success || !type.ok || !comparables.success) return { ok: false, errors };
  return { ok: true, value: { ...reviewValues(review.data), ...type.value, generationId, comparables: comparables.data } };
}

/** What /create-listing answers the wizard's create form. */
export type AiCreateAnswer = { status: "ai-created"; listingId: number; auctionId: number | null } | { status: "ai-invalid"; errors: FieldErrors };
