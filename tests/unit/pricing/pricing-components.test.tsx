// The pricing components as the server renders them: the smart pricing panel, the market analysis with its
// "+N more" note and empty text, and the accessible price-history chart.
import { ChakraProvider } from "@chakra-ui/react";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MarketAnalysis, NO_COMPARABLES_MESSAGE } from "~/components/pricing/MarketAnalysis.tsx";
import { PriceHintNote } from "~/components/pricing/PriceHintNote.tsx";
import { PriceHistoryChart } from "~/components/pricing/PriceHistoryChart.tsx";
import { SmartPricingPanel, sliderStepCents } from "~/components/pricing/SmartPricingPanel.tsx";
import type { Comparable, PriceGuidance } from "~/lib/pricing/types.ts";
import { system } from "~/theme.ts";

const render = (element: ReactElement) => renderToString(<ChakraProvider value={system}>{element}</ChakraProvider>);
/** The page's text, tags and styles removed, entities decoded. */
const text = (html: string) =>
  html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, "")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ")
    .trim();

const comparable = (id: number, values: Partial<Comparable> = {}): Comparable => ({
  source: "sold",
  listingId: id,
  title: `Keysight DSOX1204G unit ${id}`,
  priceCents: 100_000 + id * 1_000,
  condition: "used_good",
  date: "2026-10-01T00:00:00.000Z",
  url: `/listings/${id}`,
  location: "Austin, TX",
  imageUrl: null,
  verified: id === 1,
  relevance: 20,
  ...values,
});

const GUIDANCE: PriceGuidance = {
  suggestion: {
    minCents: 90_000,
    maxCents: 110_000,
    recommendedCents: 100_000,
    confidence: "high",
    message: "Based on 12 comparable sales and listings of this brand and model on Tradebench.",
  },
  insufficientMessage: null,
  comparables: [1, 2, 3, 4, 5, 6].map((id) => comparable(id, id === 2 ? { source: "listed" } : {})),
  trend: {
    direction: "rising",
    changePercent: 12.3,
    message: "Prices are rising: comparable equipment sold for 12.3% more in the last 90 days than in the previous 90 days.",
  },
  history: [
    { date: "2026-06-01T00:00:00.000Z", priceCents: 90_000, source: "sold" },
    { date: "2026-09-01T00:00:00.000Z", priceCents: 110_000, source: "listed" },
  ],
};
const EMPTY: PriceGuidance = {
  suggestion: null,
  insufficientMessage: "Insufficient data to provide accurate pricing.",
  comparables: [],
  trend: { direction: "stable", changePercent: null, message: "Not enough recent sales of comparable equipment to show a market trend." },
  history: [],
};
const noop = () => {};

describe("SmartPricingPanel", () => {
  it("shows the confidence, the labelled range slider, the custom price, the condition guidance and the trend", () => {
    const html = render(<SmartPricingPanel guidance={GUIDANCE} priceCents={95_000} onPriceChange={noop} condition="used_very_good" />);
    const words = text(html);
    expect(words).toContain("Smart pricing");
    expect(words).toContain("Confidence: High");
    expect(words).toContain("Suggested price range");
    expect(words).toContain("$900 – $1,100");
    expect(words).toContain("Recommended: $1,000");
    expect(words).toContain("Use recommended price");
    expect(words).toContain("Custom price ($)");
    expect(words).toContain("Used - Very Good: Equipment in good condition typically sells for 60-70% of retail.");
    expect(words).toContain("Rising (+12.3%)");
    expect(words).toContain(GUIDANCE.trend.message);
    // The slider thumb is a keyboard control named by the label, with the price as its value text.
    expect(html).toMatch(/role="slider"[^>]*aria-valuetext="\$950"|aria-valuetext="\$950"[^>]*role="slider"/);
    expect(html).toMatch(/role="slider"[^>]*tabindex="0"|tabindex="0"[^>]*role="slider"/);
    expect(html).toMatch(/<input[^>]*type="number"[^>]*value="950"/);
  });

  it("says a price outside the range is outside it", () => {
    expect(text(render(<SmartPricingPanel guidance={GUIDANCE} priceCents={150_000} onPriceChange={noop} condition="new" />))).toContain(
      "Your price of $1,500 is above the suggested range.",
    );
  });

  it("says there is not enough data, and still offers the custom price, guidance and trend", () => {
    const words = text(render(<SmartPricingPanel guidance={EMPTY} priceCents={50_000} onPriceChange={noop} condition="parts_only" />));
    expect(words).toContain("Insufficient data to provide accurate pricing.");
    expect(words).not.toContain("Confidence:");
    expect(words).toContain("Custom price");
    expect(words).toContain("Parts Only: Equipment sold for parts typically fetches 10-20% of retail.");
    expect(words).toContain("No trend yet");
  });

  it.each([
    [50_000, 100],
    [100_000, 1_000],
    [999_999, 1_000],
    [1_000_000, 10_000],
  ])("moves the slider in the rounding rule's steps: %d → %d", (recommended, step) => {
    expect(sliderStepCents(recommended)).toBe(step);
  });
});

describe("MarketAnalysis", () => {
  it("shows the first 4 comparables and how many more there are", () => {
    const html = render(<MarketAnalysis guidance={GUIDANCE} />);
    const words = text(html);
    expect((html.match(/<li[\s>]/g) ?? []).length).toBe(4);
    for (const id of [1, 2, 3, 4]) expect(words).toContain(`Keysight DSOX1204G unit ${id}`);
    expect(words).not.toContain("unit 5");
    expect(words).toContain("+2 more comparable listings");
    expect(words).toContain("Sold Oct 1, 2026 · Austin, TX");
    expect(words).toContain("Listed Oct 1, 2026");
    expect(words).toContain("Verified seller");
    expect(html).toContain('href="/listings/1"');
  });

  it("has no note when there are 4 or fewer", () => {
    const words = text(render(<MarketAnalysis guidance={{ ...GUIDANCE, comparables: GUIDANCE.comparables.slice(0, 4) }} />));
    expect(words).not.toContain("more comparable");
  });

  it("says the spec's words when there are none", () => {
    const words = text(render(<MarketAnalysis guidance={EMPTY} />));
    expect(words).toContain(NO_COMPARABLES_MESSAGE);
    expect(NO_COMPARABLES_MESSAGE).toBe("No comparable listings found. Our AI has generated a price based on equipment type and condition.");
  });
});

describe("PriceHistoryChart", () => {
  it("is an image named by its summary, with the figures in a table", () => {
    const html = render(<PriceHistoryChart history={GUIDANCE.history} />);
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="Comparable prices over time: 1 sale and 1 listing from Jun 1, 2026 to Sep 1, 2026, between $900 and $1,100."');
    expect(html).toMatch(
      /<table[\s\S]*<th scope="col">Date<\/th>[\s\S]*<td>Jun 1, 2026<\/td><td>\$900<\/td><td>Sold<\/td>[\s\S]*<td>Sep 1, 2026<\/td><td>\$1,100<\/td><td>Listed<\/td>/,
    );
    expect((html.match(/<circle/g) ?? []).length).toBeGreaterThanOrEqual(1);
  });

  it("draws nothing without points", () => {
    expect(render(<PriceHistoryChart history={[]} />)).not.toContain("<svg");
  });
});

describe("PriceHintNote", () => {
  it("says what similar listings sell for, in a polite live region", () => {
    const html = render(
      <PriceHintNote
        hint={{
          cents: 120_000,
          conditionLabel: "Used - Good",
          count: 4,
          scope: "brand",
          text: "Similar listings in Used - Good condition sell around $1,200.",
        }}
      />,
    );
    expect(html).toContain('aria-live="polite"');
    expect(text(html)).toBe(
      "Similar listings in Used - Good condition sell around $1,200. Based on 4 sales and listings of this brand in the category on Tradebench.",
    );
  });

  it("keeps the live region, empty, without a hint", () => {
    const html = render(<PriceHintNote hint={null} />);
    expect(html).toContain('aria-live="polite"');
    expect(text(html)).toBe("");
  });
});
