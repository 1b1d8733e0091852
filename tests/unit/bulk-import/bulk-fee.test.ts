// The bulk import charge (docs/product/listings.md#bulk-import): ceil(count/25) × $5, less the fee exemption, less a promo
// code (percentage of the fee, or a fixed amount), never below 0; nothing for admins. Property tests with fast-check.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bulkImportCharge, bulkImportFeeCents } from "~/lib/fees.ts";

const count = fc.integer({ min: 0, max: 10_000 });
const exemption = fc.integer({ min: 0, max: 100 });
const percentage = fc.record({ type: fc.constant("percentage" as const), value: fc.integer({ min: 0, max: 10_000 }) });
const fixed = fc.record({ type: fc.constant("fixed" as const), value: fc.integer({ min: 0, max: 10_000_000 }) });

describe("bulkImportCharge", () => {
  it("charges $5 per started block of 25", () => {
    expect(bulkImportFeeCents(1)).toBe(500);
    expect(bulkImportFeeCents(25)).toBe(500);
    expect(bulkImportFeeCents(26)).toBe(1000);
    expect(bulkImportFeeCents(5_000)).toBe(100_000);
    fc.assert(fc.property(fc.integer({ min: 1, max: 100_000 }), (n) => bulkImportFeeCents(n) === Math.ceil(n / 25) * 500));
  });

  it("never charges below 0 nor above the fee, and the parts add up", () => {
    fc.assert(
      fc.property(count, exemption, fc.option(fc.oneof(percentage, fixed), { nil: null }), (n, ex, discount) => {
        const charge = bulkImportCharge({ count: n, feeExemptionPercent: ex, discount });
        expect(charge.totalCents).toBeGreaterThanOrEqual(0);
        expect(charge.totalCents).toBeLessThanOrEqual(charge.feeCents);
        expect(charge.feeCents - charge.exemptionCents - charge.discountCents).toBe(charge.totalCents);
        expect(Number.isInteger(charge.totalCents)).toBe(true);
      }),
    );
  });

  it("applies the exemption percent before the promo; a percentage promo takes its share of what is left", () => {
    expect(bulkImportCharge({ count: 30, feeExemptionPercent: 50 })).toMatchObject({ feeCents: 1000, exemptionCents: 500, totalCents: 500 });
    expect(bulkImportCharge({ count: 30, feeExemptionPercent: 50, discount: { type: "percentage", value: 2_000 } }).totalCents).toBe(400);
    fc.assert(
      fc.property(count, exemption, percentage, (n, ex, discount) => {
        const without = bulkImportCharge({ count: n, feeExemptionPercent: ex }).totalCents;
        const charge = bulkImportCharge({ count: n, feeExemptionPercent: ex, discount });
        expect(charge.discountCents).toBe(Math.round((without * discount.value) / 10_000));
      }),
    );
  });

  it("a fixed promo subtracts its amount, down to 0 at most", () => {
    expect(bulkImportCharge({ count: 60, discount: { type: "fixed", value: 700 } }).totalCents).toBe(800);
    expect(bulkImportCharge({ count: 10, discount: { type: "fixed", value: 700 } }).totalCents).toBe(0);
    fc.assert(
      fc.property(count, exemption, fixed, (n, ex, discount) => {
        const without = bulkImportCharge({ count: n, feeExemptionPercent: ex }).totalCents;
        expect(bulkImportCharge({ count: n, feeExemptionPercent: ex, discount }).totalCents).toBe(Math.max(0, without - discount.value));
      }),
    );
  });

  it("waives everything for staff, and reads a non-numeric exemption as 0", () => {
    fc.assert(fc.property(count, (n) => bulkImportCharge({ count: n, feeWaived: true, discount: { type: "fixed", value: 1 } }).totalCents === 0));
    expect(bulkImportCharge({ count: 25, feeExemptionPercent: Number.NaN }).totalCents).toBe(500);
    expect(bulkImportCharge({ count: 25, feeExemptionPercent: 250 }).totalCents).toBe(0);
  });
});
