// The short date every page shows ("Nov 21, 2026": docs/product/platform.md#formats, short month, day and year in en-US): the one
// formatter. Fixed locale and, unless a caller passes the reader's, the UTC calendar, so the page the server renders
// and the one the browser hydrates say the same.

const SHORT_DATE_OPTIONS = { month: "short", day: "numeric", year: "numeric" } as const;
const formats = new Map<string, Intl.DateTimeFormat>();

function shortDateFormat(locale: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...SHORT_DATE_OPTIONS, timeZone });
    formats.set(key, format);
  }
  return format;
}

/**
 * "Nov 21, 2026" for an ISO-8601 time, a calendar date ("2026-03-04" is that day) or a Date, on the calendar of
 * `timeZone` (UTC unless given) and in en-US unless a `locale` is given; "" when the value is not a readable time.
 */
export function formatShortDate(at: string | number | Date, { timeZone = "UTC", locale = "en-US" }: { timeZone?: string; locale?: string } = {}): string {
  const date = at instanceof Date ? at : new Date(at);
  return Number.isFinite(date.getTime()) ? shortDateFormat(locale, timeZone).format(date) : "";
}

/**
 * "Nov 19, 2026, 9:05 AM UTC": a moment with its time, in en-US. On the UTC clock (and saying so) unless a
 * `timeZone` is given; `timeZone: "local"` is the reader's own clock (the browser's), without a zone name.
 */
export function formatDateTime(at: string | number | Date, { timeZone = "UTC" }: { timeZone?: string } = {}): string {
  const date = at instanceof Date ? at : new Date(at);
  if (!Number.isFinite(date.getTime())) return "";
  const zone = timeZone === "local" ? undefined : timeZone;
  const text = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: zone }).format(date);
  return timeZone === "UTC" ? `${text} UTC` : text;
}
