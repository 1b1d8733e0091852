// The drawing of a bar chart (Chakra's charts on recharts), loaded on demand through BarChartFrame: recharts and its
// d3 modules are ~200 ms of a server's start and a large browser chunk, and only dashboards draw charts. The drawing
// has a fixed size scaled to its box, so it renders on the server and stays readable at 360 px; colours are theme
// tokens, so dark mode follows.
import { Chart, useChart } from "@chakra-ui/charts";
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import type { BarDrawingProps } from "./bar-chart-frame.ts";

export default function BarDrawing({
  data,
  series,
  categoryKey,
  width,
  height,
  horizontal = false,
  formatValue,
  valueAxisWidth = 48,
  categoryAxisWidth = 200,
}: BarDrawingProps) {
  const chart = useChart({ data, series: series.map((item) => ({ name: item.name, label: item.label, color: item.color })) });
  const tickFormatter = (value: number) => formatValue(value);
  return (
    <Chart.Root chart={chart} aspectRatio="auto" maxW="full">
      {/* recharts sizes its wrapper div to width×height in an inline style; the style prop overrides it, so the wrapper
          takes its box's width and the drawing scales down with it (else it keeps its full width on a phone). */}
      <BarChart
        accessibilityLayer={false}
        layout={horizontal ? "vertical" : "horizontal"}
        data={chart.data}
        width={width}
        height={height}
        style={{ width: "100%", height: "auto" }}
        margin={horizontal ? { top: 4, right: 16, bottom: 4, left: 8 } : { top: 8, right: 8, bottom: 0, left: 0 }}
      >
        <CartesianGrid stroke={chart.color("border.muted")} vertical={horizontal} horizontal={!horizontal} />
        {horizontal ? (
          <>
            <XAxis type="number" allowDecimals={false} tickLine={false} axisLine={false} tickFormatter={tickFormatter} />
            <YAxis type="category" dataKey={categoryKey} width={categoryAxisWidth} tickLine={false} axisLine={false} />
          </>
        ) : (
          <>
            <XAxis dataKey={categoryKey} tickLine={false} axisLine={false} interval="preserveStartEnd" minTickGap={12} />
            <YAxis tickLine={false} axisLine={false} allowDecimals={false} width={valueAxisWidth} tickFormatter={tickFormatter} />
          </>
        )}
        <Tooltip cursor={{ fill: chart.color("bg.muted") }} animationDuration={0} content={<Chart.Tooltip />} />
        {chart.series.map((item) => (
          <Bar key={String(item.name)} isAnimationActive={false} dataKey={chart.key(item.name)} fill={chart.color(item.color)} name={String(item.label)} />
        ))}
      </BarChart>
    </Chart.Root>
  );
}
