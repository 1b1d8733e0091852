// A bar chart of a series over time (views per day, sales per month): the drawing (../charts/BarChartFrame.tsx) and,
// for screen readers, the same figures as a table.
import { Box, Table, VisuallyHidden } from "@chakra-ui/react";
import { BarChartFrame } from "../charts/BarChartFrame.tsx";

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
  return (
    <Box>
      <BarChartFrame
        data={points.map((point) => ({ label: point.label, value: point.value }))}
        series={[{ name: "value", color, label: valueLabel }]}
        categoryKey="label"
        width={640}
        height={240}
        formatValue={formatValue}
      />
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
