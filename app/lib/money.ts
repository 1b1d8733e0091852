// Money: amounts are stored as integer hundredths of the currency unit ("cents") and shown in whole units.

export const CURRENCIES = ["USD", "EUR", "GBP", "JPY", "CAD", "AUD"] as const;
export type Currency = (typeof CURRENCIES)[number];

export const CURRENCY_SYMBOLS: Record<Currency, string> = {
  USD: "$",
  EUR: "€",
  GBP: "£",
  JPY: "¥",
  CAD: "C$",
  AUD: "A$",
};

export function isCurrency(value: unknown): value is Currency {
  return typeof value === "string" && (CURRENCIES as readonly string[]).includes(value);
}

const wholeUnits = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const withCents = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "$12,500", "C$980", "¥150,000": the symbol of the spec and no decimals. */
export function formatPrice(cents: number, currency: string = "USD"): string {
  const symbol = isCurrency(currency) ? CURRENCY_SYMBOLS[currency] : `${currency} `;
  return `${symbol}${wholeUnits.format(cents / 100)}`;
}

/** "$12,499.50": for amounts where cents matter (bids, fees). */
export function formatExactPrice(cents: number, currency: string = "USD"): string {
  const symbol = isCurrency(currency) ? CURRENCY_SYMBOLS[currency] : `${currency} `;
  return `${symbol}${withCents.format(cents / 100)}`;
}

/** Whole numbers with thousands separators: 1,250. */
export function formatCount(value: number): string {
  return wholeUnits.format(value);
}

/** Converts a decimal amount (e.g. 1249.5) to integer cents without floating-point drift. */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

/** Cents to a plain decimal string for form fields: 124950 → "1249.50", 100000 → "1000". */
export function centsToInput(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return "";
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** ISO 4217's minor-unit digits of a currency, as Intl knows them: 2 for USD, EUR, GBP, CAD, AUD; 0 for JPY. */
export function isoMinorDigits(currency: string): number {
  return new Intl.NumberFormat("en-US", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * The digits the marketplace stores amounts of a currency in. Every stored amount is in hundredths today, the yen's
 * included (price_cents and the rest); conversions and formatting ask this one function, so moving the yen to its ISO
 * 4217 digits (isoMinorDigits) is one change here plus a data migration (docs/decisions/0062).
 */
export function storedMinorDigits(currency: string): number {
  void currency;
  return 2;
}

/** An amount in minor units times a conversion factor, rounded half up to whole minor units (as the database does). */
export function convertMinorUnits(amount: number, factor: number): number {
  return Math.floor(amount * factor + 0.5);
}

/** "≈ €1,234": an approximate amount in another currency (whole units, the currency's own symbol). */
export function formatApproxPrice(minorUnits: number, currency: string): string {
  return `≈ ${formatPrice(minorUnits, currency)}`;
}
