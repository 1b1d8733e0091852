// Growth by month (docs/product/admin.md#reports Admin): new users, sales and new listings of each month as one grouped bar
// chart (../charts/BarChartFrame.tsx; one drawing, not three, to keep the dashboard's server render light); screen
// readers get the same figures as a table.
import { Box, HStack, Table, Text, VisuallyHidden } from "@chakra-ui/react";
import { BarChartFrame } from "../charts/BarChartFrame.tsx";
import { monthLabel, type GrowthMonth } from "~/lib/admin-dashboard.ts";
import { formatCount } from "~/lib/money.ts";

const SERIES = [
  { name: "users", label: "New users", color: "teal.solid" },
  { name: "sales", label: "Sales", color: "purple.solid" },
  { name: "listings", label: "New listings", color: "blue.solid" },
] as const;

export function GrowthChart({ months }: { months: GrowthMonth[] }) {
  const data = months.map((month) => ({ label: monthLabel(month.month), users: month.users, sales: month.sales, listings: month.listings }));
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
      <BarChartFrame data={data} series={SERIES} categoryKey="label" width={960} height={280} valueAxisWidth={56} formatValue={formatCount} />
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
