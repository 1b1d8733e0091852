// Each currency's own minor unit (docs/decisions/0070): parsing, formatting and conversion per currency,
// the yen with none. "1500.50" in yen is refused with a message; "1500" is ¥1,500.
import { describe, expect, it } from "vitest";
import { readBidAmountIn } from "~/lib/bidding.ts";
import { centsToInput, formatExactPrice, formatPrice, hundredthsToMinorUnits, minorDigits, MONEY_MESSAGES, readMoneyText, toCents } from "~/lib/money.ts";
import { CONDITIONS } from "~/lib/conditions.ts";
import { CreateListingSchema } from "~/schemas/listing.ts";

describe("minor units per currency", () => {
  it("come from Intl's ISO 4217 digits", () => {
    expect(["USD", "EUR", "GBP", "JPY"].map(minorDigits)).toEqual([2, 2, 2, 0]);
  });

  it("parse typed amounts in each currency", () => {
    const read = (text: string, currency: string) => readMoneyText(text, currency, { maxUnits: 1_000_000_000 });
    expect(read("1249.50", "USD")).toEqual({ ok: true, minorUnits: 124_950 });
    expect(read("0.29", "EUR")).toEqual({ ok: true, minorUnits: 29 });
    expect(read("12", "GBP")).toEqual({ ok: true, minorUnits: 1_200 });
    expect(read("1500", "JPY")).toEqual({ ok: true, minorUnits: 1_500 });
    expect(read("1500.00", "JPY")).toEqual({ ok: true, minorUnits: 1_500 });
    expect(read("1500.50", "JPY")).toEqual({ ok: false, reason: "decimals" });
    expect(read("12.345", "USD")).toEqual({ ok: false, reason: "decimals" });
    expect(read("1e3", "USD")).toEqual({ ok: false, reason: "invalid" });
    expect(toCents(1500, "JPY")).toBe(1_500);
    expect(toCents(12.5, "USD")).toBe(1_250);
    expect(hundredthsToMinorUnits(150_000, "JPY")).toBe(1_500);
    expect(hundredthsToMinorUnits(150_050, "JPY")).toBeNull();
    expect(hundredthsToMinorUnits(150_050, "GBP")).toBe(150_050);
  });

  it("format amounts with each currency's digits", () => {
    expect(formatPrice(1_250_000, "USD")).toBe("$12,500");
    expect(formatExactPrice(124_950, "EUR")).toBe("€1,249.50");
    expect(formatExactPrice(99, "GBP")).toBe("£0.99");
    expect(formatPrice(1_500, "JPY")).toBe("¥1,500");
    expect(formatExactPrice(1_500, "JPY")).toBe("¥1,500");
    expect(centsToInput(1_500, "JPY")).toBe("1500");
    expect(centsToInput(124_950, "USD")).toBe("1249.50");
  });

  it("refuse a yen price with decimals on the listing form and in a bid, with a message", () => {
    const base = { title: "Scope", description: "A scope", categoryId: "x", condition: CONDITIONS[0], listingType: "buy_now", status: "active" };
    const refused = CreateListingSchema.safeParse({ ...base, currency: "JPY", price: "1500.50" });
    expect(refused.success).toBe(false);
    if (!refused.success) expect(refused.error.issues.find((issue) => issue.path[0] === "price")?.message).toBe(MONEY_MESSAGES.noDecimals("JPY"));
    expect(MONEY_MESSAGES.noDecimals("JPY")).toMatch(/^JPY has no decimals/);
    const accepted = CreateListingSchema.safeParse({ ...base, currency: "JPY", price: "1500" });
    expect(accepted.success && accepted.data.price).toBe(1_500);
    const dollars = CreateListingSchema.safeParse({ ...base, currency: "USD", price: "1500.50" });
    expect(dollars.success && dollars.data.price).toBe(150_050);
    expect(readBidAmountIn("1500.50", "JPY")).toMatchObject({ ok: false });
    expect(readBidAmountIn("1500", "JPY")).toEqual({ ok: true, cents: 1_500 });
  });
});
