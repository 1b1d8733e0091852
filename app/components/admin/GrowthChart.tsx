// Growth by month (issue 19 §2, spec 01 §7 Admin): new users, sales and new listings of each month as one grouped bar
// chart (Chakra's charts on recharts; one drawing, not three, to keep the dashboard's server render light). Fixed
// drawing size scaled to its box, so it renders on the server; theme tokens, so dark mode follows; screen readers get
// the same figures as a table (the drawing is hidden from them).
import { Box, HStack, Table, Text, VisuallyHidden } from "@chakra-ui/react";
import { Chart, useChart } from "@chakra-ui/charts";
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { monthLabel, type GrowthMonth } from "~/lib/admin-dashboard.ts";
import { formatCount } from "~/lib/money.ts";

const SERIES = [
  { name: "users", label: "New users", color: "teal.solid" },
  { name: "sales", label: "Sales", color: "purple.solid" },
  { name: "listings", label: "New listings", color: "blue.solid" },
] as const;

export function GrowthChart({ months }: { months: GrowthMonth[] }) {
  const data = months.map((month) => ({ label: monthLabel(month.month), users: month.users, sales: month.sales, listings: month.listings }));
  const chart = useChart({ data, series: SERIES.map((series) => ({ name: series.name, label: series.label, color: series.color })) });
  return (
    <Box>
      <HStack aria-hidden="true" gap="4" wrap="wrap" mb="2">
        {SERIES.map((series) => (
          <HStack key={series.name} gap="1.5">
            <Box boxSize="3" rounded="sm" bg={series.color} />
            <Text fontSize="sm">{series.label}</Text>
          </HStack>
        ))}
      </HStack>
      <Box aria-hidden="true" css={{ "& svg": { width: "100%", height: "auto" } }}>
        <Chart.Root chart={chart} aspectRatio="auto" maxW="full">
          <BarChart accessibilityLayer={false} data={chart.data} width={960} height={280} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid stroke={chart.color("border.muted")} vertical={false} />
            <XAxis dataKey="label" tickLine={false} axisLine={false} interval="preserveStartEnd" minTickGap={12} />
            <YAxis tickLine={false} axisLine={false} allowDecimals={false} width={56} tickFormatter={(value: number) => formatCount(value)} />
            <Tooltip cursor={{ fill: chart.color("bg.muted") }} animationDuration={0} content={<Chart.Tooltip />} />
            {chart.series.map((item) => (
              <Bar key={String(item.name)} isAnimationActive={false} dataKey={chart.key(item.name)} fill={chart.color(item.color)} name={String(item.label)} />
            ))}
          </BarChart>
        </Chart.Root>
      </Box>
      <VisuallyHidden>
        <Table.Root>
          <Table.Caption>New users, sales and new listings by month</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader scope="col">Month</Table.ColumnHeader>
              {SERIES.map((series) => (
                <Table.ColumnHeader key={series.name} scope="col">
                  {series.label}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.map((row) => (
              <Table.Row key={row.label}>
                <Table.Cell>{row.label}</Table.Cell>
                <Table.Cell>{formatCount(row.users)}</Table.Cell>
                <Table.Cell>{formatCount(row.sales)}</Table.Cell>
                <Table.Cell>{formatCount(row.listings)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </VisuallyHidden>
    </Box>
  );
}
