// The client-safe offer rules (app/lib/offers.ts): offers left, time left, the negotiation's lines.
import { describe, expect, it } from "vitest";
import { offerExpiresAt, offerLine, offersRemaining, offersRemainingText, offerTimeLeftText } from "~/lib/offers.ts";

describe("offers left", () => {
  it("counts down from three and never below zero", () => {
    expect([0, 1, 2, 3, 4].map(offersRemaining)).toEqual([3, 2, 1, 0, 0]);
    expect([3, 1, 0].map(offersRemainingText)).toEqual(["3 offers left on this listing", "1 offer left on this listing", "No offers left on this listing"]);
  });
});

describe("time left", () => {
  const made = new Date("2026-12-02T09:00:00.000Z");
  it("expires 48 hours after the offer was made, reading hours and minutes until then", () => {
    const expires = offerExpiresAt(made).toISOString();
    expect(expires).toBe("2026-12-04T09:00:00.000Z");
    expect(offerTimeLeftText(expires, made)).toBe("Expires in 48 h 0 min");
    expect(offerTimeLeftText(expires, new Date("2026-12-04T08:50:30.000Z"))).toBe("Expires in 10 min");
    expect(offerTimeLeftText(expires, new Date("2026-12-03T06:30:00.000Z"))).toBe("Expires in 26 h 30 min");
    expect(offerTimeLeftText(expires, new Date(expires))).toBe("Expired");
  });
});

describe("negotiation lines", () => {
  it("name who offered or countered and the amount", () => {
    expect(offerLine("buyer", 190_000, "USD", false)).toBe("The buyer offered $1,900.00");
    expect(offerLine("seller", 220_000, "USD", true)).toBe("The seller countered with $2,200.00");
    expect(offerLine("buyer", 205_000, "USD", true)).toBe("The buyer countered with $2,050.00");
  });
});
