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
