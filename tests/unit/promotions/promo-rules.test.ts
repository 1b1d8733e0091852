// The promo-code rules the browser shares with the server (app/lib/promotions.ts): the discount on an amount, how a
// discount and its usage are shown, and the code's normal form.
import { describe, expect, it } from "vitest";
import { formatPromoDiscount, formatPromoUsage, normalizePromoCode, promoDiscountCents, PROMO_MESSAGES } from "~/lib/promotions.ts";

describe("promo codes", () => {
  it("take a share rounded half up, or a fixed amount, never more than the amount", () => {
    expect(promoDiscountCents(1500, { discountType: "percentage", discountValue: 2500 })).toBe(375);
    expect(promoDiscountCents(1001, { discountType: "percentage", discountValue: 5000 })).toBe(501);
    expect(promoDiscountCents(1000, { discountType: "percentage", discountValue: 10_000 })).toBe(1000);
    expect(promoDiscountCents(1000, { discountType: "fixed", discountValue: 250 })).toBe(250);
    expect(promoDiscountCents(500, { discountType: "fixed", discountValue: 1000 })).toBe(500);
    expect(promoDiscountCents(0, { discountType: "fixed", discountValue: 1000 })).toBe(0);
    expect(promoDiscountCents(1000, { discountType: "fixed", discountValue: -5 })).toBe(0);
  });

  it("are shown as the spec shows them", () => {
    expect(formatPromoDiscount({ discountType: "percentage", discountValue: 1250 })).toBe("12.5%");
    expect(formatPromoDiscount({ discountType: "fixed", discountValue: 500 })).toBe("$5");
    expect(formatPromoDiscount({ discountType: "fixed", discountValue: 750 })).toBe("$7.50");
    expect(PROMO_MESSAGES.applied({ discountType: "percentage", discountValue: 1000 })).toBe("Promo code applied: 10% discount");
    expect(formatPromoUsage(3, null)).toBe("3 / ∞");
    expect(formatPromoUsage(3, 10)).toBe("3 / 10");
    expect(normalizePromoCode("  spring-25 ")).toBe("SPRING-25");
  });
});
