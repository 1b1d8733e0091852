// How a message's date reads (docs/product/messaging.md#rules) and how messages are shortened for lists and notifications.
import { describe, expect, it } from "vitest";
import { conversationUrl, formatMessageDate, formatMessageDateTime, messageExcerpt } from "~/lib/messages.ts";

// Thursday 2026-11-19, 15:30 UTC.
const now = Date.parse("2026-11-19T15:30:00.000Z");

describe("formatMessageDate", () => {
  it("shows the time for a message of today", () => {
    expect(formatMessageDate("2026-11-19T09:05:00.000Z", now)).toBe("9:05 AM");
    expect(formatMessageDate("2026-11-19T00:00:00.000Z", now)).toBe("12:00 AM");
    expect(formatMessageDate("2026-11-19T15:29:59.000Z", now)).toBe("3:29 PM");
  });

  it("says Yesterday for the day before, however late or early", () => {
    expect(formatMessageDate("2026-11-18T23:59:00.000Z", now)).toBe("Yesterday");
    expect(formatMessageDate("2026-11-18T00:01:00.000Z", now)).toBe("Yesterday");
  });

  it("shows the weekday for messages under 7 days old", () => {
    expect(formatMessageDate("2026-11-17T12:00:00.000Z", now)).toBe("Tuesday");
    expect(formatMessageDate("2026-11-13T08:00:00.000Z", now)).toBe("Friday");
  });

  it("shows a short date from 7 days on", () => {
    expect(formatMessageDate("2026-11-12T12:00:00.000Z", now)).toBe("Nov 12, 2026");
    expect(formatMessageDate("2025-01-03T12:00:00.000Z", now)).toBe("Jan 3, 2025");
  });

  it("counts calendar days in the given time zone", () => {
    // 02:00 UTC on the 19th is still the 18th in New York; 15:30 UTC is 10:30 there on the 19th.
    expect(formatMessageDate("2026-11-19T02:00:00.000Z", now, "America/New_York")).toBe("Yesterday");
    expect(formatMessageDate("2026-11-19T02:00:00.000Z", now)).toBe("2:00 AM");
  });

  it("shows the time for a clock slightly ahead (never a future weekday), and nothing for a broken date", () => {
    expect(formatMessageDate("2026-11-19T15:31:00.000Z", now)).toBe("3:31 PM");
    expect(formatMessageDate("not a date", now)).toBe("");
  });

  it("gives the full date and time for tooltips", () => {
    expect(formatMessageDateTime("2026-11-19T09:05:00.000Z")).toBe("Nov 19, 2026, 9:05 AM UTC");
  });
});

describe("messageExcerpt", () => {
  it("keeps short messages and folds white space", () => {
    expect(messageExcerpt("  Is the\n\nprobe set   included? ")).toBe("Is the probe set included?");
  });

  it("cuts long ones at a word with an ellipsis", () => {
    const excerpt = messageExcerpt("word ".repeat(100), 40);
    expect(excerpt.length).toBeLessThanOrEqual(40);
    expect(excerpt).toMatch(/^word( word)*…$/);
  });
});

it("links a conversation as the notifications contract says", () => {
  expect(conversationUrl(42)).toBe("/messages?conversation=42");
});
