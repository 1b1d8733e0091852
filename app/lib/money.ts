// Money: amounts are stored as integers in the minor unit of their own currency (ISO 4217 through Intl: hundredths of
// the dollar, euro and pound; whole yen, which has no minor unit), whatever a column's name says ("price_cents" and
// the other "*_cents" columns hold minor units of the row's currency: docs/decisions/0070). minorDigits is the one
// definition of how many digits a currency's minor unit has; parsing, formatting and conversion all ask it.

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
const exactFormats = new Map<number, Intl.NumberFormat>();
function exactFormat(digits: number): Intl.NumberFormat {
  let format = exactFormats.get(digits);
  if (!format) {
    format = new Intl.NumberFormat("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
    exactFormats.set(digits, format);
  }
  return format;
}

const digitsByCurrency = new Map<string, number>();
/**
 * Decimal digits of a currency's minor unit, ISO 4217's as Intl knows them (resolvedOptions().maximumFractionDigits
 * for style "currency"): 2 for USD, EUR, GBP, CAD, AUD; 0 for JPY. A code Intl does not know counts as 2.
 */
export function minorDigits(currency: string): number {
  const known = digitsByCurrency.get(currency);
  if (known !== undefined) return known;
  let digits = 2;
  try {
    digits = new Intl.NumberFormat("en-US", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    digits = 2;
  }
  digitsByCurrency.set(currency, digits);
  return digits;
}

/** Minor units in one whole unit of the currency: 100 for USD, 1 for JPY. */
export function minorUnitsPerUnit(currency: string): number {
  return 10 ** minorDigits(currency);
}

/** "$12,500", "C$980", "¥150,000": the symbol of the spec and no decimals. */
export function formatPrice(minorUnits: number, currency: string = "USD"): string {
  const symbol = isCurrency(currency) ? CURRENCY_SYMBOLS[currency] : `${currency} `;
  return `${symbol}${wholeUnits.format(minorUnits / minorUnitsPerUnit(currency))}`;
}

/** "$12,499.50", "¥1,500": for amounts where the minor unit matters (bids, fees), with the currency's own digits. */
export function formatExactPrice(minorUnits: number, currency: string = "USD"): string {
  const symbol = isCurrency(currency) ? CURRENCY_SYMBOLS[currency] : `${currency} `;
  const digits = minorDigits(currency);
  return `${symbol}${exactFormat(digits).format(minorUnits / 10 ** digits)}`;
}

/** Whole numbers with thousands separators: 1,250. */
export function formatCount(value: number): string {
  return wholeUnits.format(value);
}

/** Converts a decimal amount of `currency` (e.g. 1249.5) to its integer minor units without floating-point drift. */
export function toCents(amount: number, currency: string = "USD"): number {
  return Math.round(amount * minorUnitsPerUnit(currency));
}

/** Minor units to a plain decimal string for form fields: 124950 → "1249.50", 100000 → "1000"; ¥1500 → "1500". */
export function centsToInput(minorUnits: number | null | undefined, currency: string = "USD"): string {
  if (minorUnits === null || minorUnits === undefined) return "";
  const perUnit = minorUnitsPerUnit(currency);
  return minorUnits % perUnit === 0 ? String(minorUnits / perUnit) : (minorUnits / perUnit).toFixed(minorDigits(currency));
}

/** ISO 4217's minor-unit digits of a currency, as Intl knows them (the same as minorDigits). */
export function isoMinorDigits(currency: string): number {
  return minorDigits(currency);
}

/** The digits the marketplace stores amounts of a currency in: its ISO 4217 minor unit (docs/decisions/0070). */
export function storedMinorDigits(currency: string): number {
  return minorDigits(currency);
}

export const MONEY_MESSAGES = {
  /** A typed amount with decimals in a currency without a minor unit (¥). */
  noDecimals: (currency: string) => `${currency} has no decimals: enter a whole amount such as 1500`,
  /** A typed amount with more decimals than the currency's minor unit has. */
  tooManyDecimals: (currency: string) => `${currency} amounts have at most ${minorDigits(currency)} decimals`,
} as const;

/** A typed amount read in one currency: its minor units, or why not ("decimals": more decimals than the currency has). */
export type MoneyReading = { ok: true; minorUnits: number } | { ok: false; reason: "invalid" | "decimals" };

/**
 * Reads an amount typed as digits with an optional decimal point ("1249.50", "1500") in `currency`'s minor units,
 * from the digits (never by multiplying a float). More decimals than the currency has are refused as such
 * ("1500.50" in JPY), so the form can say why; anything else that is not plain digits is "invalid". `maxUnits`
 * bounds the amount in whole units; `positive` refuses 0.
 */
export function readMoneyText(raw: unknown, currency: string, options: { maxUnits: number; positive?: boolean }): MoneyReading {
  if (typeof raw !== "string") return { ok: false, reason: "invalid" };
  const text = raw.trim();
  const match = /^(\d{1,15})(?:\.(\d{1,15}))?$/.exec(text);
  if (!match) return { ok: false, reason: "invalid" };
  const digits = minorDigits(currency);
  const fraction = match[2] ?? "";
  // Trailing zeros say nothing ("1500.00" is ¥1,500; "12.50" has two decimals).
  const significant = fraction.replace(/0+$/, "");
  if (significant.length > digits) return { ok: false, reason: "decimals" };
  const units = Number(match[1]);
  if (units > options.maxUnits) return { ok: false, reason: "invalid" };
  const minorUnits = units * 10 ** digits + Number(significant.padEnd(digits, "0") || "0");
  if (!Number.isSafeInteger(minorUnits) || (units === options.maxUnits && minorUnits > units * 10 ** digits)) return { ok: false, reason: "invalid" };
  if ((options.positive ?? true) && minorUnits <= 0) return { ok: false, reason: "invalid" };
  return { ok: true, minorUnits };
}

/**
 * An amount read in hundredths of a unit whatever the currency (what the bid and offer forms read, which do not know
 * the lot's currency) as minor units of `currency`; null when it has a fraction the currency cannot hold (¥12.50).
 */
export function hundredthsToMinorUnits(hundredths: number, currency: string): number | null {
  const digits = minorDigits(currency);
  if (digits >= 2) return hundredths * 10 ** (digits - 2);
  const step = 10 ** (2 - digits);
  return hundredths % step === 0 ? hundredths / step : null;
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
  US: "USD",
  GB: "GBP",
  UK: "GBP",
  JP: "JPY",
  CA: "CAD",
  AU: "AUD",
  DE: "EUR",
  FR: "EUR",
  ES: "EUR",
  IT: "EUR",
  NL: "EUR",
  BE: "EUR",
  AT: "EUR",
  IE: "EUR",
  PT: "EUR",
  FI: "EUR",
  GR: "EUR",
  LU: "EUR",
  SK: "EUR",
  SI: "EUR",
  EE: "EUR",
  LV: "EUR",
  LT: "EUR",
  HR: "EUR",
  MT: "EUR",
  CY: "EUR",
};
/** A language without a region, read as its main region's currency ("ja" → JPY, "de" → EUR). */
const LANGUAGE_CURRENCIES: Record<string, Currency> = {
  ja: "JPY",
  de: "EUR",
  fr: "EUR",
  es: "EUR",
  it: "EUR",
  nl: "EUR",
  pt: "EUR",
  fi: "EUR",
  el: "EUR",
  ga: "EUR",
};

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
