// The exchange-rate form's words and bounds (docs/decisions/0062, 0069), shared by the /admin page's
// form, its schema and the pricing service that checks every entry again. Client-safe.
import { parseDay, parseDecimal } from "./strict-numbers.ts";
import { CURRENCIES } from "./money.ts";

export const EXCHANGE_RATE_MESSAGES = {
  currency: `Choose one of ${CURRENCIES.join(", ")}`,
  date: "Enter the rate's date as YYYY-MM-DD",
  future: "A rate cannot be dated after today",
  rate: "Enter how many units one US dollar buys, a positive number such as 0.92 (at most 10 decimals)",
  usd: "The US dollar is always 1 per US dollar",
  empty: "The file holds no rate for a currency the marketplace uses",
  tooLarge: "The file is too large: at most 256 KB",
  tooMany: "At most 200 rates at once",
  csvHeader: "The first line must name the columns currency,date,units_per_usd",
  ecb: "This is not the ECB's daily reference rates file (eurofxref-daily.xml)",
  noFile: "Choose a CSV file or the ECB's eurofxref-daily.xml to upload",
  notText: "The file is not a text file (CSV or XML in UTF-8)",
  saved: (currency: string, date: string) => `Saved: the ${currency} rate of ${date}.`,
  unchanged: "Nothing changed: the marketplace already has these rates.",
  imported: (recorded: number, unchanged: number) =>
    `Imported ${recorded} ${recorded === 1 ? "rate" : "rates"}${unchanged > 0 ? ` (${unchanged} already recorded, left as they were)` : ""}.`,
} as const;

/** The largest file of rates the page reads (checked before it is parsed). */
export const MAX_RATE_FILE_BYTES = 256 * 1024;

/** The most a rate may be (units of a currency per US dollar) and its decimals. */
const RATE_RULE = { decimals: 10, min: 0, max: 999_999_999 } as const;

/** A rate typed in: digits with at most 10 decimals, above zero (no sign, exponent, hexadecimal or separators). */
export function parseRate(raw: unknown): number | null {
  const value = parseDecimal(raw, RATE_RULE);
  return value !== null && value > 0 ? value : null;
}

/** A rate's day as YYYY-MM-DD, a real calendar day; null otherwise. */
export function parseRateDay(raw: unknown): string | null {
  return parseDay(raw);
}
