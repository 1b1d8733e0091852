// The profile's client-safe words: how a seller's response time and rate read, and a follower notice.
import { describe, expect, it } from "vitest";
import { followedSellerAlertMessage } from "~/lib/follows.ts";
import { formatResponseRate, formatResponseTime } from "~/lib/profiles.ts";

const HOUR = 3_600_000;

describe("response figures as the profile shows them", () => {
  it("reads the median time in hours under a day, in days beyond", () => {
    expect(formatResponseTime(null)).toBe("—");
    expect(formatResponseTime(20 * 60_000)).toBe("within an hour");
    expect(formatResponseTime(HOUR)).toBe("within an hour");
    expect(formatResponseTime(HOUR + 1)).toBe("within 2 hours");
    expect(formatResponseTime(23.5 * HOUR)).toBe("within 24 hours");
    expect(formatResponseTime(24 * HOUR)).toBe("within a day");
    expect(formatResponseTime(50 * HOUR)).toBe("within 3 days");
  });

  it("reads the rate as a percentage, or a dash before anyone wrote", () => {
    expect(formatResponseRate(null)).toBe("—");
    expect(formatResponseRate(67)).toBe("67%");
  });
});

it("tells a follower of one new listing or of several", () => {
  expect(followedSellerAlertMessage(1, "Corelab Instruments")).toBe("Corelab Instruments listed something new.");
  expect(followedSellerAlertMessage(3, "Corelab Instruments")).toBe("Corelab Instruments listed 3 new items.");
});
