// The one strict reading of numbers and dates typed into forms: money, percentages, counts and dates (
// admin number and date fields took `0x10`, `1e3`, `+5` and the year 0000, since JavaScript's Number() and
// Date.parse() read far more than a person types). Digits, at most one decimal point and the given number of
// decimals, nothing else: no sign, exponent, hexadecimal, thousands separator or spaces inside. Dates are real
// calendar days (2026-02-30 is refused) in the years of DATE_YEARS. Client-safe: the forms and the actions share it.

/** The earliest and latest years a date field accepts. */
const DATE_YEARS = { first: 1900, last: 9999 } as const;

export interface DecimalRule {
  /** Decimals allowed after the point (0: whole numbers only). */
  decimals: number;
  min: number;
  max: number;
}

/** A decimal typed as digits with at most `decimals` decimals, within [min, max]; null for anything else. */
export function parseDecimal(raw: unknown, rule: DecimalRule): number | null {
  if (typeof raw !== "string") return null;
  const text = raw.trim();
  const pattern = rule.decimals > 0 ? new RegExp(`^\\d{1,15}(\\.\\d{1,${rule.decimals}})?$`) : /^\d{1,15}$/;
  if (!pattern.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= rule.min && value <= rule.max ? value : null;
}

/** A whole number within [min, max]; null for anything else ("10.0", "1e3", "+5" and "0x10" included). */
export function parseWholeNumber(raw: unknown, min: number, max: number): number | null {
  return parseDecimal(raw, { decimals: 0, min, max });
}

/** An amount of money in the currency's main unit (12.50) as minor units (1250), with `decimals` minor digits. */
export function parseMoneyMinorUnits(raw: unknown, rule: { min: number; max: number; decimals?: number }): number | null {
  const decimals = rule.decimals ?? 2;
  const value = parseDecimal(raw, { decimals, min: rule.min, max: rule.max });
  if (value === null) return null;
  // From the digits, not by multiplying a float: "0.29" is 29, never 28.999….
  const [units, fraction = ""] = String(raw).trim().split(".");
  return Number(units) * 10 ** decimals + Number(fraction.padEnd(decimals, "0") || "0");
}

function realDay(year: number, month: number, day: number): boolean {
  if (year < DATE_YEARS.first || year > DATE_YEARS.last || month < 1 || month > 12 || day < 1) return false;
  const check = new Date(Date.UTC(year, month - 1, day));
  return check.getUTCMonth() === month - 1 && check.getUTCDate() === day;
}

/** A calendar day typed as YYYY-MM-DD (what a date field sends); null for anything else. */
export function parseDay(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw.trim());
  if (!match) return null;
  return realDay(Number(match[1]), Number(match[2]), Number(match[3])) ? match[0] : null;
}

/**
 * A date and time as a datetime-local field sends it (YYYY-MM-DDTHH:MM, optional :SS and .mmm), read as UTC, or with
 * a trailing Z; as an ISO-8601 instant, or null for anything else.
 */
export function parseUtcDateTime(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?Z?$/.exec(raw.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const milli = Number((match[7] ?? "0").padEnd(3, "0"));
  if (!realDay(year, month, day) || hour > 23 || minute > 59 || second > 59) return null;
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second, milli));
  return date.toISOString();
}
