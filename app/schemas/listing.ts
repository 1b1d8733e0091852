// The listing form (docs/product/listings.md#create-form /create-listing, Manual create listing), shared by the create and edit
// forms and their actions. Fields are declared in the spec's checking order, so errors come out in that
// order: title, description, category, then the listing type's price fields, then year, then the rest.
import { z } from "zod";
import { CONDITIONS } from "~/lib/conditions.ts";
import { AUCTION_DURATION_DAYS, DEFAULT_AUCTION_DURATION_DAYS } from "~/lib/auctions.ts";
import { CURRENCIES, isCurrency, minorDigits, MONEY_MESSAGES, readMoneyText, toCents, type Currency } from "~/lib/money.ts";
import { TEST_LEVELS } from "~/lib/test-levels.ts";
import { LISTING_TYPES, type ListingType } from "~/lib/listing-types.ts";

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

/** Listing types of the manual form (docs/product/listings.md#create-form): defined in app/lib/listing-types.ts. */
export { isAuctionListingType, LISTING_TYPES, type ListingType } from "~/lib/listing-types.ts";

/** Auction settings the manual form starts with: 7 days, the tiered increment (no fixed one), auto-extend on, starting now. */
export const AUCTION_FORM_DEFAULTS = {
  duration: String(DEFAULT_AUCTION_DURATION_DAYS),
  // Empty: the tiered increment table; a seller may still fix one.
  bidIncrement: "",
  autoExtend: "on",
} as const;

/** The duration choice of the edit form that leaves a live auction's end where it is. */
export const KEEP_DURATION = "keep";

/** Starting an auction later than this is refused (a typo such as 2062 instead of 2026). */
const LATEST_AUCTION_START_DAYS = 365;

export { LISTING_STATUS_LABELS, LISTING_STATUSES, type ListingStatus } from "~/lib/listing-status.ts";
/** A new listing is a draft or goes live at once (docs/product/listings.md#states: the creator makes listings active). */
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
  startingPriceRequired: (type: "auction" | "hybrid") => `Valid starting price is required for ${type} listings`,
  hybridBuyNowPriceRequired: "Valid buy now price is required for hybrid listings",
  buyNowNotAboveStart: "Buy now price must be higher than starting price",
  reserveInvalid: "Reserve price must be a valid amount, or leave it empty for no reserve",
  reserveBelowStart: "Reserve price cannot be lower than the starting price",
  reserveAboveBuyNow: "Reserve price cannot be higher than the buy now price",
  bidIncrement: "Bid increment must be a whole amount of at least 1",
  duration: "Please choose a duration of 1, 3, 7, 14 or 30 days",
  startDateInvalid: "Please enter the start as a date and time",
  startDateInPast: "The start date cannot be in the past. Leave it empty to start the auction now.",
  startDateTooLate: `The start date must be within ${LATEST_AUCTION_START_DAYS} days from now`,
  auctionMustBeActive: "An auction starts when the listing is saved, so choose Active as the status",
  auctionTypeLocked: "This listing has a live auction, so its type cannot change. Cancel the auction first.",
  auctionKeepsActive: "This listing has a live auction, so it stays Active. Cancel the auction first.",
  auctionHasBids: "Bids have been placed, so the auction settings can no longer change.",
  auctionEndsInPast: "With this duration the auction would already have ended: choose a longer one",
  auctionCreateForbidden: "You do not have permission to create an auction for this listing",
  auctionSettingsForbidden: "Only the listing's owner can change its auction settings",
  soldNotAuctioned: "This listing is sold, so it cannot be auctioned",
  deleteHasBids: "This listing's auction has bids, so the listing cannot be deleted. Cancel the auction first.",
  deleteHasOrder: "This listing has an order, so it cannot be deleted.",
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

const optionalText = (label: string, max: number) => z.string().trim().max(max, LISTING_MESSAGES.tooLong(label, max)).optional().default("");

const requiredText = (message: string, label: string, max: number) =>
  z.string({ required_error: message }).trim().min(1, message).max(max, LISTING_MESSAGES.tooLong(label, max));

/**
 * A decimal amount of money in `currency` (at most the currency's decimals: 2 for $, €, £; none for ¥), above 0 and
 * within the form's limit, as integer minor units of that currency; null for anything else.
 */
export function parseMoneyCents(raw: string | undefined, currency: string = "USD"): number | null {
  const reading = readMoneyText(raw ?? "", currency, { maxUnits: LISTING_LIMITS.price });
  return reading.ok ? reading.minorUnits : null;
}

/**
 * The message for a price field that did not read: "JPY has no decimals: …" when the amount had decimals its
 * currency cannot hold, else the field's own message.
 */
function moneyFieldMessage(raw: string | undefined, currency: string, message: string): string {
  const reading = readMoneyText(raw ?? "", currency, { maxUnits: LISTING_LIMITS.price });
  return !reading.ok && reading.reason === "decimals" && minorDigits(currency) === 0 ? MONEY_MESSAGES.noDecimals(currency) : message;
}

/** A whole amount of at least 1 (the bid increment; "10.00" reads as 10) as minor units of `currency`; null for anything else. */
function parseWholeUnitsCents(raw: string | undefined, currency: string): number | null {
  const text = raw?.trim() ?? "";
  if (!/^\d{1,10}(\.0{1,2})?$/.test(text)) return null;
  const units = Number(text);
  return units >= 1 && units <= LISTING_LIMITS.price ? toCents(units, currency) : null;
}

/**
 * A start typed into a date-and-time field ("2026-12-01T14:30", the browser's local time) as an instant.
 * `offsetMinutes` is what the browser's Date#getTimezoneOffset gives for that moment (UTC minus local time);
 * without it (no JavaScript) the time is read as UTC. A trailing "Z" means UTC. Null when unreadable.
 */
function parseStartDate(raw: string, offsetMinutes: number): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z)?$/.exec(raw.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, sec, zulu] = match;
  const parts = [Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(sec ?? 0)] as const;
  const utc = Date.UTC(...parts);
  const check = new Date(utc);
  // Refuses 2026-02-30 and 25:00, which Date.UTC would roll over.
  if (check.getUTCMonth() !== parts[1] || check.getUTCDate() !== parts[2] || parts[3] > 23 || parts[4] > 59 || parts[5] > 59) return null;
  return new Date(utc + (zulu ? 0 : offsetMinutes) * 60_000);
}

/** A four-digit year from the first one the marketplace accepts to this one; blank for none. */
export const yearField = z
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
  // Blank rows are dropped (docs/product/listings.md#fields).
  .transform((rows) => (rows ?? []).filter((row): row is string => Boolean(row)));

const specificationRow = z
  .object({
    key: z.string().trim().max(LISTING_LIMITS.specificationKey, LISTING_MESSAGES.tooLong("A specification name", LISTING_LIMITS.specificationKey)).optional(),
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
  // A row with a blank name or a blank value is dropped (docs/product/listings.md#fields); the rest keep the seller's order.
  .transform((rows) => (rows ?? []).flatMap((row) => (row?.key && row.value ? [[row.key, row.value] as [string, string]] : [])));

const HEAD_FIELDS = {
  title: requiredText(LISTING_MESSAGES.titleRequired, "Title", LISTING_LIMITS.title),
  description: requiredText(LISTING_MESSAGES.descriptionRequired, "Description", LISTING_LIMITS.description),
  categoryId: requiredText(LISTING_MESSAGES.categoryRequired, "Category", 200),
};

/** What an auction or hybrid listing's auction is created with. */
export interface AuctionSettings {
  startingPriceCents: number;
  /** Hidden from bidders; null for no reserve. */
  reservePriceCents: number | null;
  /** Hybrid listings only. */
  buyNowPriceCents: number | null;
  /** 1, 3, 7, 14 or 30; null keeps a live auction's end (edit form only). */
  durationDays: number | null;
  /** ISO-8601 UTC; null starts the auction at once. */
  startDate: string | null;
  /** The seller's fixed increment; null (the field left empty): the tiered table of app/lib/bidding.ts. */
  bidIncrementCents: number | null;
  autoExtend: boolean;
}

/** A listing's live auction as the edit form shows it beside the settings. */
export interface LiveAuctionSummary {
  id: number;
  status: "upcoming" | "active";
  startsAt: string;
  endsAt: string;
  bidCount: number;
  /** Whole days the auction runs as stored (soft close may have moved its end). */
  days: number;
}

/** The raw type and price fields as the form sends them; which are read depends on the listing type. */
const TYPE_INPUT = z.object({
  listingType: z.enum(LISTING_TYPES, { errorMap: () => ({ message: LISTING_MESSAGES.listingTypeRequired }) }).default("buy_now"),
  price: z.string().optional(),
  startingPrice: z.string().optional(),
  reservePrice: z.string().optional(),
  buyNowPrice: z.string().optional(),
  duration: z.string().optional(),
  bidIncrement: z.string().optional(),
  autoExtend: z.string().optional(),
  startDate: z.string().optional(),
  /** Set by the browser: Date#getTimezoneOffset at the chosen start, so the server reads the seller's local time. */
  startDateOffset: z.string().optional(),
  /** Edit form: start a new auction on a listing whose last auction is over. */
  startAuction: z.string().optional(),
  /** The listing's currency (checked with the other fields below): says how many decimals the amounts may have. */
  currency: z.string().optional(),
});

type TypeInput = z.output<typeof TYPE_INPUT>;

interface TypeFieldsValue {
  listingType: ListingType;
  /** The listing's price in cents: the buy-now price, or an auction's starting price (docs/product/listings.md#listing-types). */
  price: number;
  /** Hybrid listings: the buy-now price; null otherwise. */
  buyNowPrice: number | null;
  /** Auction and hybrid listings: the auction to create (or the live one's new settings). */
  auction: AuctionSettings | null;
  startAuction: boolean;
}

/**
 * The listing type's fields, checked right after the category in the spec's order (docs/product/listings.md#listing-types): buy_now needs a
 * price; auction a starting price; hybrid a starting price, a buy-now price, and the latter above the former. Then
 * the reserve, the increment, the duration and the start. Fields of the other types are ignored, so the form can
 * send them all (without JavaScript every field is on the page). Every field here is optional text, so these
 * checks run even when fields outside this group failed.
 */
function typeFields(options: { allowKeepDuration: boolean }) {
  return TYPE_INPUT.transform((raw: TypeInput, ctx): TypeFieldsValue => {
    const fail = (path: keyof TypeInput, message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
    const type = raw.listingType;
    const startAuction = raw.startAuction === "on";
    const currencyText = raw.currency?.trim() ?? "";
    const currency: Currency = isCurrency(currencyText) ? currencyText : "USD";
    const money = (text: string | undefined) => parseMoneyCents(text, currency);
    const failMoney = (path: keyof TypeInput, message: string) => fail(path, moneyFieldMessage(raw[path], currency, message));
    if (type === "buy_now") {
      const price = money(raw.price);
      if (price === null) failMoney("price", LISTING_MESSAGES.buyNowPriceRequired);
      return { listingType: type, price: price ?? 0, buyNowPrice: null, auction: null, startAuction };
    }

    const starting = money(raw.startingPrice);
    if (starting === null) failMoney("startingPrice", LISTING_MESSAGES.startingPriceRequired(type));
    let buyNow: number | null = null;
    if (type === "hybrid") {
      buyNow = money(raw.buyNowPrice);
      if (buyNow === null) failMoney("buyNowPrice", LISTING_MESSAGES.hybridBuyNowPriceRequired);
      else if (starting !== null && buyNow <= starting) fail("buyNowPrice", LISTING_MESSAGES.buyNowNotAboveStart);
    }

    let reserve: number | null = null;
    if ((raw.reservePrice?.trim() ?? "") !== "") {
      reserve = money(raw.reservePrice);
      if (reserve === null) failMoney("reservePrice", LISTING_MESSAGES.reserveInvalid);
      else if (starting !== null && reserve < starting) fail("reservePrice", LISTING_MESSAGES.reserveBelowStart);
      else if (buyNow !== null && reserve > buyNow) fail("reservePrice", LISTING_MESSAGES.reserveAboveBuyNow);
    }

    const incrementText = raw.bidIncrement?.trim() ?? "";
    // Empty: the increment follows the tiered table; a whole amount fixes it for this auction.
    const increment = incrementText === "" ? null : parseWholeUnitsCents(incrementText, currency);
    if (incrementText !== "" && increment === null) fail("bidIncrement", LISTING_MESSAGES.bidIncrement);

    const durationText = raw.duration?.trim() ?? "";
    let durationDays: number | null = DEFAULT_AUCTION_DURATION_DAYS;
    if (durationText === KEEP_DURATION && options.allowKeepDuration) durationDays = null;
    else if (durationText !== "") {
      durationDays = Number(durationText);
      if (!(AUCTION_DURATION_DAYS as readonly number[]).includes(durationDays)) fail("duration", LISTING_MESSAGES.duration);
    }

    let startDate: string | null = null;
    const startText = raw.startDate?.trim() ?? "";
    if (startText !== "") {
      const offset = Number(raw.startDateOffset ?? 0);
      const start = parseStartDate(startText, Number.isInteger(offset) && Math.abs(offset) <= 16 * 60 ? offset : 0);
      const now = Date.now();
      if (!start) fail("startDate", LISTING_MESSAGES.startDateInvalid);
      else if (start.getTime() <= now) fail("startDate", LISTING_MESSAGES.startDateInPast);
      else if (start.getTime() > now + LATEST_AUCTION_START_DAYS * 24 * 60 * 60 * 1000) fail("startDate", LISTING_MESSAGES.startDateTooLate);
      else startDate = start.toISOString();
    }

    return {
      listingType: type,
      price: starting ?? 0,
      buyNowPrice: buyNow,
      auction: {
        startingPriceCents: starting ?? 0,
        reservePriceCents: reserve,
        buyNowPriceCents: buyNow,
        durationDays,
        startDate,
        bidIncrementCents: increment,
        autoExtend: raw.autoExtend === "on",
      },
      startAuction,
    };
  });
}

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

function listingSchema<S extends readonly [string, ...string[]]>(statuses: S, options: { edit: boolean }) {
  const head = z.object(HEAD_FIELDS);
  const status = z.enum(statuses, { errorMap: () => ({ message: LISTING_MESSAGES.status }) }).optional();
  const tail = z.object({ ...TAIL_FIELDS, status }).superRefine((value, ctx) => {
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
  // Three groups parsed side by side, so each reports its errors even when another failed, in the spec's order:
  // title, description, category; then the type's price fields; then year and the rest.
  return head
    .and(typeFields({ allowKeepDuration: options.edit }))
    .and(tail)
    .superRefine((value, ctx) => {
      // A new listing's auction starts when it is created, so it cannot be a draft. The edit form's rule depends
      // on the stored auction and is checked by the listing service.
      if (!options.edit && value.auction && value.status === "draft") {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["status"], message: LISTING_MESSAGES.auctionMustBeActive });
      }
    });
}

export const CreateListingSchema = listingSchema(CREATE_STATUSES, { edit: false });
export const EditListingSchema = listingSchema(EDIT_STATUSES, { edit: true });

export type ListingFormValues = z.output<typeof EditListingSchema>;

/** What the listing service stores, whichever form it came from. */
export interface ListingInput {
  title: string;
  description: string;
  categoryId: string;
  listingType: ListingType;
  /** Asking price in cents: the buy-now price, or an auction's starting price. */
  priceCents: number;
  /** Hybrid listings: the buy-now price in cents. */
  buyNowPriceCents?: number | null;
  /** Auction and hybrid listings: their auction's settings. */
  auction?: AuctionSettings | null;
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

export function toListingInput(values: Omit<ListingFormValues, "status" | "startAuction">): ListingInput {
  return {
    title: values.title,
    description: values.description,
    categoryId: values.categoryId,
    listingType: values.listingType,
    priceCents: values.price,
    buyNowPriceCents: values.buyNowPrice,
    auction: values.auction,
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

/**
 * The manual form's listing type and auction settings on their own, checked by the same rules in the same order
 * (docs/product/listings.md#create-form): /create-auction starts an auction for an existing listing with them.
 */
export const AuctionTypeFieldsSchema = typeFields({ allowKeepDuration: false });
