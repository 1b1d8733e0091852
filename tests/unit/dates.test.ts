// The one short date (app/lib/dates.ts): "Nov 21, 2026" in en-US on the UTC calendar, so server and browser agree.
import { describe, expect, it } from "vitest";
import { formatDateTime, formatShortDate } from "~/lib/dates.ts";

describe("formatShortDate", () => {
  it("shows short month, day and year on the UTC calendar", () => {
    expect(formatShortDate("2026-11-21T17:04:00.000Z")).toBe("Nov 21, 2026");
    // Late on New Year's Eve in UTC is still the 31st, whatever the machine's own zone.
    expect(formatShortDate("2026-12-31T23:30:00.000Z")).toBe("Dec 31, 2026");
    expect(formatShortDate(new Date(Date.UTC(2026, 0, 2)))).toBe("Jan 2, 2026");
  });

  it("reads a calendar date as that day", () => {
    expect(formatShortDate("2026-03-04")).toBe("Mar 4, 2026");
  });

  it("uses the reader's time zone or locale when given", () => {
    expect(formatShortDate("2026-12-31T23:30:00.000Z", { timeZone: "Asia/Tokyo" })).toBe("Jan 1, 2027");
    expect(formatShortDate("2025-01-02T03:04:05.000Z", { locale: "de-DE" })).toBe("2. Jan. 2025");
  });

  it("is empty for what is not a time", () => {
    expect(formatShortDate("garbage")).toBe("");
    expect(formatShortDate(Number.NaN)).toBe("");
  });
});

describe("formatDateTime", () => {
  it("says a moment on the UTC clock, naming it", () => {
    expect(formatDateTime("2026-11-19T09:05:00.000Z")).toBe("Nov 19, 2026, 9:05 AM UTC");
  });
  it("uses another clock when given one, without a zone name", () => {
    expect(formatDateTime("2026-11-19T09:05:00.000Z", { timeZone: "America/Chicago" })).toBe("Nov 19, 2026, 3:05 AM");
  });
  it("is empty for what is not a time", () => {
    expect(formatDateTime("soon")).toBe("");
  });
});
