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

/** The currency of a region (ISO 3166 code) among those the marketplace uses. */
const REGION_CURRENCIES: Record<string, Currency> = {
  US: "USD", GB: "GBP", UK: "GBP", JP: "JPY", CA: "CAD", AU: "AUD",
  DE: "EUR", FR: "EUR", ES: "EUR", IT: "EUR", NL: "EUR", BE: "EUR", AT: "EUR", IE: "EUR", PT: "EUR", FI: "EUR", GR: "EUR", LU: "EUR", SK: "EUR", SI: "EUR", EE: "EUR", LV: "EUR", LT: "EUR", HR: "EUR", MT: "EUR", CY: "EUR",
};
/** A language without a region, read as its main region's currency ("ja" → JPY, "de" → EUR). */
const LANGUAGE_CURRENCIES: Record<string, Currency> = { ja: "JPY", de: "EUR", fr: "EUR", es: "EUR", it: "EUR", nl: "EUR", pt: "EUR", fi: "EUR", el: "EUR", ga: "EUR" };

/**
 * The currency a visitor most likely thinks in, from the browser's Accept-Language header ("en-GB,en;q=0.8" → GBP):
 * the first language whose region (or, without one, the language itself) names a marketplace currency; null otherwise.
 * At most the first ten entries are read.
 */
export function currencyOfAcceptLanguage(header: string | null | undefined): Currency | null {
  if (!header) return null;
  for (const entry of header.slice(0, 500).split(",").slice(0, 10)) {
    const tag = entry.split(";")[0]!.trim();
    const [language = "", region = ""] = tag.split(/[-_]/);
    const byRegion = REGION_CURRENCIES[region.toUpperCase()];
    if (byRegion) return byRegion;
    if (!region) {
      const byLanguage = LANGUAGE_CURRENCIES[language.toLowerCase()];
      if (byLanguage) return byLanguage;
    }
  }
  return null;
}

/** What a card needs to say "≈ {amount}" in the viewer's currency: that currency and each currency's reference factor. */
export interface ApproxPrices {
  currency: string;
  factors: Record<string, number>;
}

/** `minorUnits` of `currency` in the viewer's currency, or null when it is the same currency or a rate is missing. */
export function approxAmount(approx: ApproxPrices | undefined, minorUnits: number, currency: string): number | null {
  if (!approx || approx.currency === currency) return null;
  const from = approx.factors[currency];
  const to = approx.factors[approx.currency];
  if (from === undefined || to === undefined || to === 0) return null;
  return convertMinorUnits(minorUnits, from / to);
}
