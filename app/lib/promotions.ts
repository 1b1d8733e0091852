// Promo codes' client-safe rules and words (docs/product/admin.md#promo-codes PROMO_CODE): the discount a
// code gives on an amount, the bounds of the create form, the generator's alphabet, and the messages. Defined once;
// the promotions service, the fee schedule (app/lib/fees.ts, bulk import) and the admin pages import them.

export const PROMO_DISCOUNT_TYPES = ["percentage", "fixed"] as const;
export type PromoDiscountType = (typeof PROMO_DISCOUNT_TYPES)[number];

/**
 * How a code's value is stored: a percentage in hundredths of a percent (12.5 % → 1250, at most 10000), a fixed
 * amount in cents ($5 → 500). Integers only, so money is never a floating-point sum.
 */
export interface PromoDiscount {
  discountType: PromoDiscountType;
  discountValue: number;
}

/** The longest code, description and prefix the service accepts. */
export const PROMO_CODE_MAX_LENGTH = 32;
export const PROMO_DESCRIPTION_MAX_LENGTH = 500;
export const PROMO_PREFIX_MAX_LENGTH = 16;
/** A code is letters, digits, - and _ (upper case once stored). */
export const PROMO_CODE_PATTERN = /^[A-Z0-9_-]+$/;
/** The largest fixed discount a code may give, in cents ($100,000), and the largest usage cap. */
export const PROMO_FIXED_MAX_CENTS = 10_000_000;
export const PROMO_MAX_USES_LIMIT = 1_000_000;
/** Codes on one page of the promo-code list. */
export const PROMO_CODES_PAGE_SIZE = 50;

/** docs/product/admin.md#promo-codes: the generator's default prefix, random length, alphabet and attempts. */
export const PROMO_GENERATOR = {
  defaultPrefix: "PROMO",
  length: 8,
  alphabet: "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
  attempts: 10,
} as const;

/** docs/product/admin.md#promo-codes: a code is compared in upper case; surrounding blanks never count. */
export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The discount in cents a code gives on `amountCents`: a share rounded half up, or the fixed amount; never above the amount. */
export function promoDiscountCents(amountCents: number, discount: PromoDiscount): number {
  const amount = Math.max(0, Math.trunc(Number.isFinite(amountCents) ? amountCents : 0));
  const value = Math.max(0, Math.trunc(discount.discountValue));
  const cents = discount.discountType === "percentage" ? Math.round((amount * Math.min(value, 10_000)) / 10_000) : value;
  return Math.min(amount, cents);
}

/** "15%" or "$5" (no decimals when whole), as the spec's discount column and success message show it. */
export function formatPromoDiscount(discount: PromoDiscount): string {
  if (discount.discountType === "percentage") return `${Number((discount.discountValue / 100).toFixed(2))}%`;
  const dollars = discount.discountValue / 100;
  return `$${Number.isInteger(dollars) ? dollars.toLocaleString("en-US") : dollars.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** "used / max", ∞ when unlimited (docs/product/admin.md#console). */
export function formatPromoUsage(currentUses: number, maxUses: number | null): string {
  return `${currentUses} / ${maxUses === null ? "∞" : maxUses}`;
}

export const PROMO_MESSAGES = {
  // docs/product/admin.md#promo-codes.
  invalid: "Invalid promo code",
  applied: (discount: PromoDiscount) => `Promo code applied: ${formatPromoDiscount(discount)} discount`,
  applyFailed: (message: string) => `Error applying promo code: ${message}`,
  created: "Promo code created successfully",
  createFailed: (message: string) => `Error creating promo code: ${message}`,
  deactivated: "Promo code deactivated successfully",
  deactivateFailed: (message: string) => `Error deactivating promo code: ${message}`,
  deactivateConfirm: "Are you sure you want to deactivate this promo code?",
  generatorExhausted: "Unable to generate unique promo code after multiple attempts",
  noDescription: "No description",
  // The server's checks, in Tradebench's words where the spec has none.
  notYetValid: "This promo code is not valid yet.",
  expired: "This promo code has expired.",
  usedUp: "This promo code has been used the maximum number of times.",
  alreadyUsed: "You have already used this promo code.",
  codeRequired: "Enter a code.",
  codeTaken: "A promo code with this code already exists.",
  codeFormat: `Use up to ${PROMO_CODE_MAX_LENGTH} letters, digits, - or _.`,
  valueRange: "The value must be at least 0.",
  valueFormat: "Enter the value in digits, such as 10 or 12.5.",
  percentageRange: "A percentage can be at most 100.",
  fixedRange: "The discount can be at most $100,000.",
  maxUsesRange: "Max uses must be at least 1, or blank for unlimited.",
  validityOrder: "Valid until must be after valid from.",
  descriptionTooLong: `Keep the description under ${PROMO_DESCRIPTION_MAX_LENGTH} characters.`,
  notFound: "Promo code not found",
} as const;
