// The two ways the admin console writes a moment, in UTC so every member of staff reads the same: a day ("Mar 4, 2026")
// in lists, and a day with its time and zone ("Mar 4, 2026, 09:30 AM UTC") where the hour matters.
export const shortDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

export const dateTimeUtc = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
  timeZoneName: "short",
});
