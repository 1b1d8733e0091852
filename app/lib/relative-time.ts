// Relative times for notifications (docs/product/platform.md#formats): under a minute "Just now", then minutes, hours and days ago up to
// 6 days, then a date. Pure and client-safe: the server renders it and the browser keeps it fresh.
import { formatShortDate } from "./dates.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** docs/product/platform.md#formats: days are counted up to 6; from the 7th day on the date is shown. */
const MAX_DAYS = 6;

function ago(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? "" : "s"} ago`;
}

/**
 * "Just now", "5 minutes ago", "1 hour ago", "6 days ago", then a date such as "Nov 3, 2026" (in `timeZone`,
 * UTC unless given, so the server and the browser agree). Times a little in the future (clock skew) read as now.
 */
export function formatRelativeTime(at: string | Date, now: Date | number = Date.now(), { locale = "en-US", timeZone = "UTC" } = {}): string {
  const when = typeof at === "string" ? new Date(at) : at;
  const elapsed = (typeof now === "number" ? now : now.getTime()) - when.getTime();
  if (!Number.isFinite(elapsed)) return "";
  if (elapsed < MINUTE) return "Just now";
  if (elapsed < HOUR) return ago(Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return ago(Math.floor(elapsed / HOUR), "hour");
  const days = Math.floor(elapsed / DAY);
  if (days <= MAX_DAYS) return ago(days, "day");
  return formatShortDate(when, { timeZone, locale });
}
