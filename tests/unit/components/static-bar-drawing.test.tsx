// The server-drawn bar chart (app/components/charts/StaticBarDrawing.tsx): what a visitor sees before the script runs
// (and without it) must be the same figures as the table beside it — bar lengths in proportion, one bar per value,
// a value axis whose top is at least the largest value.
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StaticBarDrawing, valueAxisTicks } from "~/components/charts/StaticBarDrawing.tsx";

const bars = (html: string) =>
  [...html.matchAll(/<rect class="tb-chart-bar" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)" fill="([^"]+)"/g)].map((m) => ({
    x: Number(m[1]),
    y: Number(m[2]),
    width: Number(m[3]),
    height: Number(m[4]),
    fill: m[5],
  }));

describe("the server's bar drawing", () => {
  it("draws one bar per value, lengths in proportion, in the series' theme colours", () => {
    const html = renderToString(
      <StaticBarDrawing
        data={[
          { day: "Nov 1", views: 5, sales: 1 },
          { day: "Nov 2", views: 10, sales: 0 },
          { day: "Nov 3", views: 0, sales: 2 },
        ]}
        series={[
          { name: "views", label: "Views", color: "teal.solid" },
          { name: "sales", label: "Sales", color: "purple.solid" },
        ]}
        categoryKey="day"
        width={640}
        height={240}
        formatValue={String}
      />,
    );
    const drawn = bars(html);
    expect(drawn).toHaveLength(6);
    const [views1, sales1, views2] = drawn;
    expect(views2!.height).toBeCloseTo(views1!.height * 2, 6);
    expect(sales1!.height * 5).toBeCloseTo(views1!.height, 6);
    expect(drawn.filter((bar) => bar.fill === "var(--chakra-colors-teal-solid)")).toHaveLength(3);
    // Bars stand on the same baseline, left to right in the data's order.
    expect(new Set(drawn.map((bar) => (bar.y + bar.height).toFixed(6))).size).toBe(1);
    expect(drawn.map((bar) => bar.x)).toEqual([...drawn.map((bar) => bar.x)].sort((a, b) => a - b));
    expect(html).toContain(">Nov 2</text>");
  });

  it("lays horizontal bars out from the category labels, longest for the largest value", () => {
    const html = renderToString(
      <StaticBarDrawing
        data={[
          { name: "Oscilloscopes", count: 40 },
          { name: "PLCs", count: 10 },
        ]}
        series={[{ name: "count", label: "Listings", color: "blue.solid" }]}
        categoryKey="name"
        width={600}
        height={200}
        horizontal
        formatValue={String}
      />,
    );
    const [scopes, plcs] = bars(html);
    expect(scopes!.width).toBeCloseTo(plcs!.width * 4, 6);
    expect(scopes!.x).toBe(plcs!.x);
    expect(html).toContain(">Oscilloscopes</text>");
  });

  it("rounds the value axis to 1, 2 or 5 × 10ⁿ steps reaching the largest value; an all-zero chart still has an axis", () => {
    expect(valueAxisTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(valueAxisTicks(1_000)).toEqual([0, 500, 1000]);
    expect(valueAxisTicks(19_500)).toEqual([0, 5000, 10000, 15000, 20000]);
    expect(valueAxisTicks(0)).toEqual([0, 1]);
  });
});
