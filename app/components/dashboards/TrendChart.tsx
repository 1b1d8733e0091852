// A bar chart of a series over time (views per day, sales per month) with Chakra's charts on recharts. The chart has a
// fixed drawing size scaled to its box, so it renders on the server and stays readable at 360 px; screen readers get the
// same figures as a table (the drawing is hidden from them). Colours are theme tokens, so dark mode follows.
import { Box, Table, VisuallyHidden } from "@chakra-ui/react";
import { Chart, useChart } from "@chakra-ui/charts";
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";

export interface TrendPoint {
  /** The axis label ("Nov 3", "Jan 2026"). */
  label: string;
  value: number;
}

export function TrendChart({
  points,
  caption,
  valueLabel,
  formatValue = (value) => value.toLocaleString("en-US"),
  color = "teal.solid",
}: {
  points: TrendPoint[];
  caption: string;
  valueLabel: string;
  formatValue?: (value: number) => string;
  color?: string;
}) {
  const chart = useChart({ data: points, series: [{ name: "value", color, label: valueLabel }] });
  return (
    <Box>
      <Box aria-hidden="true" css={{ "& svg": { width: "100%", height: "auto" } }}>
        <Chart.Root chart={chart} aspectRatio="auto" maxW="full">
          {/* recharts sizes its wrapper div to width×height in an inline style; the style prop overrides it, so the wrapper
              takes its box's width and the 640×240 drawing scales down with it (else it is 640 px wide on a phone). */}
          <BarChart
            data={chart.data}
            width={640}
            height={240}
            style={{ width: "100%", height: "auto" }}
            margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
            accessibilityLayer={false}
          >
            <CartesianGrid stroke={chart.color("border.muted")} vertical={false} />
            <XAxis dataKey="label" tickLine={false} axisLine={false} interval="preserveStartEnd" minTickGap={12} />
            <YAxis tickLine={false} axisLine={false} allowDecimals={false} width={48} tickFormatter={(value: number) => formatValue(value)} />
            <Tooltip cursor={{ fill: chart.color("bg.muted") }} animationDuration={0} content={<Chart.Tooltip />} />
            {chart.series.map((item) => (
              <Bar key={String(item.name)} isAnimationActive={false} dataKey={chart.key(item.name)} fill={chart.color(item.color)} name={valueLabel} />
            ))}
          </BarChart>
        </Chart.Root>
      </Box>
      <VisuallyHidden>
        <Table.Root>
          <Table.Caption>{caption}</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader scope="col">Period</Table.ColumnHeader>
              <Table.ColumnHeader scope="col">{valueLabel}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {points.map((point) => (
              <Table.Row key={point.label}>
                <Table.Cell>{point.label}</Table.Cell>
                <Table.Cell>{formatValue(point.value)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </VisuallyHidden>
    </Box>
  );
}
