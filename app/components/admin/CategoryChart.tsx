// Category Distribution (docs/product/admin.md#dashboard): live listings per main category as horizontal bars (../charts/BarChartFrame.tsx);
// screen readers get the same figures as a table.
import { Box, Table, VisuallyHidden } from "@chakra-ui/react";
import { BarChartFrame } from "../charts/BarChartFrame.tsx";
import type { CategoryShare } from "~/lib/admin-dashboard.ts";
import { formatCount } from "~/lib/money.ts";

export function CategoryChart({ categories }: { categories: CategoryShare[] }) {
  const data = categories.map((category) => ({ name: category.name, listings: category.listings }));
  const height = Math.max(120, data.length * 28 + 24);
  return (
    <Box>
      <BarChartFrame
        data={data}
        series={[{ name: "listings", color: "blue.solid", label: "Live listings" }]}
        categoryKey="name"
        width={640}
        height={height}
        horizontal
        formatValue={formatCount}
      />
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
