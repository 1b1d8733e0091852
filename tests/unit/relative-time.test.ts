// Relative notification times (docs/product/platform.md#formats).
import { describe, expect, it } from "vitest";
import { formatRelativeTime } from "~/lib/relative-time.ts";

const NOW = new Date("2026-11-21T12:00:00.000Z");
const before = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("formatRelativeTime", () => {
  it("reads under a minute (and a clock slightly ahead) as Just now", () => {
    expect(formatRelativeTime(before(0), NOW)).toBe("Just now");
    expect(formatRelativeTime(before(59 * SECOND), NOW)).toBe("Just now");
    expect(formatRelativeTime(before(-5 * SECOND), NOW)).toBe("Just now");
  });

  it("counts whole minutes, then hours, then days, singular for one", () => {
    expect(formatRelativeTime(before(MINUTE), NOW)).toBe("1 minute ago");
    expect(formatRelativeTime(before(59 * MINUTE + 59 * SECOND), NOW)).toBe("59 minutes ago");
    expect(formatRelativeTime(before(HOUR), NOW)).toBe("1 hour ago");
    expect(formatRelativeTime(before(23 * HOUR + 59 * MINUTE), NOW)).toBe("23 hours ago");
    expect(formatRelativeTime(before(DAY), NOW)).toBe("1 day ago");
    expect(formatRelativeTime(before(6 * DAY + 23 * HOUR), NOW)).toBe("6 days ago");
  });

  it("shows a date from the seventh day on", () => {
    expect(formatRelativeTime(before(7 * DAY), NOW)).toBe("Nov 14, 2026");
    expect(formatRelativeTime("2025-01-02T03:04:05.000Z", NOW)).toBe("Jan 2, 2025");
    expect(formatRelativeTime("2025-01-02T03:04:05.000Z", NOW, { locale: "de-DE" })).toBe("2. Jan. 2025");
  });

  it("accepts Date values and epoch milliseconds, and gives nothing for a broken time", () => {
    expect(formatRelativeTime(new Date(NOW.getTime() - 3 * HOUR), NOW.getTime())).toBe("3 hours ago");
    expect(formatRelativeTime("not a time", NOW)).toBe("");
  });
});
