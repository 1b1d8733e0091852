// The size the AI wizard shrinks a photo to before sending it for analysis (app/lib/analysis-photo-size.ts).
import { describe, expect, it } from "vitest";
import { ANALYSIS_PHOTO_EDGE, ANALYSIS_UPLOAD_MAX_PIXELS, analysisUploadSize, fitWithin, fitWithinPixels } from "~/lib/analysis-photo-size.ts";

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

describe("fitWithin (long edge and area)", () => {
  it("brings the long edge down to the limit, rounding the short side", () => {
    expect(fitWithin(4000, 3000, { maxEdge: 1024, maxPixels: 2_000_000 })).toEqual({ width: 1024, height: 768, shrunk: true });
    expect(fitWithin(3000, 4000, { maxEdge: 1024, maxPixels: 2_000_000 })).toEqual({ width: 768, height: 1024, shrunk: true });
    expect(fitWithin(4032, 3024, { maxEdge: 1000, maxPixels: 2_000_000 })).toEqual({ width: 1000, height: 750, shrunk: true });
    expect(fitWithin(3001, 2000, { maxEdge: 1024, maxPixels: 2_000_000 })).toEqual({ width: 1024, height: 682, shrunk: true });
  });

  it("lets the area decide when it is the tighter limit", () => {
    expect(fitWithin(4000, 3000, { maxEdge: 4096, maxPixels: 2_000_000 })).toEqual(fitWithinPixels(4000, 3000, 2_000_000));
    expect(fitWithin(8000, 8000, { maxEdge: 2048, maxPixels: 2_000_000 })).toEqual({ width: 1414, height: 1414, shrunk: true });
  });

  it("leaves a photo within both limits as it is", () => {
    expect(fitWithin(1024, 768, { maxEdge: 1024, maxPixels: 2_000_000 })).toEqual({ width: 1024, height: 768, shrunk: false });
    expect(fitWithin(800, 600, { maxEdge: 1024, maxPixels: 2_000_000 })).toEqual({ width: 800, height: 600, shrunk: false });
  });

  it("keeps every result within both limits, whatever the proportions and limits", () => {
    const limitsList = [
      { maxEdge: 1024, maxPixels: 2_000_000 },
      { maxEdge: 4000, maxPixels: 2_000_000 },
      { maxEdge: 3000, maxPixels: 1_000_000 },
      { maxEdge: 500, maxPixels: 100 },
    ];
    for (const limits of limitsList) {
      for (const [width, height] of [
        [4000, 3000],
        [3000, 4000],
        [6000, 4000],
        [2001, 1000],
        [100_000, 21],
        [21, 100_000],
        [50_000_000, 1],
        [1, 50_000_000],
        [1024, 1024],
        [1025, 3],
      ] as const) {
        const size = fitWithin(width, height, limits);
        const where = `${width}×${height} within ${JSON.stringify(limits)}`;
        expect(Math.max(size.width, size.height), where).toBeLessThanOrEqual(limits.maxEdge);
        expect(size.width * size.height, where).toBeLessThanOrEqual(limits.maxPixels);
        expect(size.width >= 1 && size.height >= 1 && size.width <= width && size.height <= height, where).toBe(true);
        expect(size.shrunk, where).toBe(size.width !== width || size.height !== height);
      }
    }
  });

  it("refuses an edge that is not a positive integer", () => {
    expect(() => fitWithin(100, 100, { maxEdge: 0, maxPixels: 10 })).toThrow(RangeError);
  });
});

describe("analysisUploadSize", () => {
  it("is the vision model's edge within 2 megapixels: a 12-megapixel photo becomes 1024 × 768", () => {
    expect(ANALYSIS_PHOTO_EDGE * ANALYSIS_PHOTO_EDGE).toBeLessThanOrEqual(ANALYSIS_UPLOAD_MAX_PIXELS);
    expect(analysisUploadSize(4000, 3000)).toEqual({ width: 1024, height: 768, shrunk: true });
    expect(analysisUploadSize(3000, 4000)).toEqual({ width: 768, height: 1024, shrunk: true });
    expect(analysisUploadSize(800, 600)).toEqual({ width: 800, height: 600, shrunk: false });
  });
});
