// Category Distribution (spec 02 §2.4): live listings per main category as horizontal bars (Chakra's charts on
// recharts). Fixed drawing size scaled to its box, so it renders on the server; axis text and bars use theme tokens,
// so dark mode follows; screen readers get the same figures as a table (the drawing is hidden from them).
import { Box, Table, VisuallyHidden } from "@chakra-ui/react";
import { Chart, useChart } from "@chakra-ui/charts";
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import type { CategoryShare } from "~/lib/admin-dashboard.ts";
import { formatCount } from "~/lib/money.ts";

export function CategoryChart({ categories }: { categories: CategoryShare[] }) {
  const data = categories.map((category) => ({ name: category.name, listings: category.listings }));
  const chart = useChart({ data, series: [{ name: "listings", color: "blue.solid", label: "Live listings" }] });
  const height = Math.max(120, data.length * 28 + 24);
  return (
    <Box>
      <Box aria-hidden="true" css={{ "& svg": { width: "100%", height: "auto" } }}>
        <Chart.Root chart={chart} aspectRatio="auto" maxW="full">
          <BarChart accessibilityLayer={false} layout="vertical" data={chart.data} width={640} height={height} margin={{ top: 4, right: 16, bottom: 4, left: 8 }}>
            <CartesianGrid stroke={chart.color("border.muted")} horizontal={false} />
            <XAxis type="number" allowDecimals={false} tickLine={false} axisLine={false} tickFormatter={(value: number) => formatCount(value)} />
            <YAxis type="category" dataKey="name" width={200} tickLine={false} axisLine={false} />
            <Tooltip cursor={{ fill: chart.color("bg.muted") }} animationDuration={0} content={<Chart.Tooltip />} />
            {chart.series.map((item) => (
              <Bar key={String(item.name)} isAnimationActive={false} dataKey={chart.key(item.name)} fill={chart.color(item.color)} name="Live listings" />
            ))}
          </BarChart>
        </Chart.Root>
      </Box>
      <VisuallyHidden>
        <Table.Root>
          <Table.Caption>Live listings by main category</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader scope="col">Category</Table.ColumnHeader>
              <Table.ColumnHeader scope="col">Live listings</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {categories.map((category) => (
              <Table.Row key={category.categoryId}>
                <Table.Cell>{category.name}</Table.Cell>
                <Table.Cell>{formatCount(category.listings)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </VisuallyHidden>
    </Box>
  );
}
