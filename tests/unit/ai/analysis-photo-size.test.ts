// The size the AI wizard shrinks a photo to before sending it for analysis (app/lib/analysis-photo-size.ts).
import { describe, expect, it } from "vitest";
import { ANALYSIS_UPLOAD_MAX_PIXELS, fitWithinPixels } from "~/lib/analysis-photo-size.ts";

describe("fitWithinPixels", () => {
  it("shrinks a 12-megapixel photo to at most 2 megapixels, keeping its proportions", () => {
    const size = fitWithinPixels(4000, 3000);
    expect(size.shrunk).toBe(true);
    expect(size.width * size.height).toBeLessThanOrEqual(ANALYSIS_UPLOAD_MAX_PIXELS);
    // As large as the cap allows: one more pixel on each side would not fit.
    expect((size.width + 1) * (size.height + 1)).toBeGreaterThan(ANALYSIS_UPLOAD_MAX_PIXELS);
    expect(size.width / size.height).toBeCloseTo(4 / 3, 2);
    expect(size).toEqual({ width: 1632, height: 1224, shrunk: true });
  });

  it("treats portrait photos (a phone held upright) like landscape ones, sides swapped", () => {
    expect(fitWithinPixels(3000, 4000)).toEqual({ width: 1224, height: 1632, shrunk: true });
    expect(fitWithinPixels(3024, 4032, 2_000_000).width).toBeLessThan(fitWithinPixels(3024, 4032, 2_000_000).height);
  });

  it("leaves a photo that already fits as it is, and never enlarges", () => {
    expect(fitWithinPixels(1600, 1200)).toEqual({ width: 1600, height: 1200, shrunk: false });
    expect(fitWithinPixels(2000, 1000)).toEqual({ width: 2000, height: 1000, shrunk: false });
    expect(fitWithinPixels(1, 1)).toEqual({ width: 1, height: 1, shrunk: false });
  });

  it("keeps every result within the cap, whatever the proportions", () => {
    for (const [width, height] of [
      [4000, 3000],
      [6000, 4000],
      [8192, 8192],
      [12_000, 9_000],
      [2001, 1000],
      [100_000, 21],
      [21, 100_000],
      [50_000_000, 1],
      [1, 50_000_000],
      [7777, 333],
    ] as const) {
      const size = fitWithinPixels(width, height);
      expect(size.width * size.height, `${width}×${height}`).toBeLessThanOrEqual(ANALYSIS_UPLOAD_MAX_PIXELS);
      expect(size.width, `${width}×${height}`).toBeGreaterThanOrEqual(1);
      expect(size.height, `${width}×${height}`).toBeGreaterThanOrEqual(1);
      expect(size.width, `${width}×${height}`).toBeLessThanOrEqual(width);
      expect(size.height, `${width}×${height}`).toBeLessThanOrEqual(height);
      expect(Number.isInteger(size.width) && Number.isInteger(size.height)).toBe(true);
    }
  });

  it("keeps a one-pixel-high strip one pixel high and cuts its length to the cap", () => {
    expect(fitWithinPixels(50_000_000, 1)).toEqual({ width: ANALYSIS_UPLOAD_MAX_PIXELS, height: 1, shrunk: true });
  });

  it("takes another cap", () => {
    expect(fitWithinPixels(4000, 3000, 12)).toEqual({ width: 4, height: 3, shrunk: true });
  });

  it("refuses sizes that are not positive integers", () => {
    for (const [width, height, cap] of [
      [0, 100, 10],
      [100, -1, 10],
      [Number.NaN, 100, 10],
      [100, 100.5, 10],
      [100, 100, 0],
      [Number.POSITIVE_INFINITY, 100, 10],
    ]) {
      expect(() => fitWithinPixels(width!, height!, cap!)).toThrow(RangeError);
    }
  });
});
