// Comparable prices over time (docs/product/pricing.md#price-guidance): an inline SVG scatter of sales (filled dots) and Buy Now
// listings (open squares). Screen readers get a one-sentence summary as the image's name and the figures in a
// visually hidden table. No chart library.
import { Box, HStack, Text, VisuallyHidden } from "@chakra-ui/react";
import { useId } from "react";
import { formatPrice } from "~/lib/money.ts";
import { formatShortDate } from "~/lib/dates.ts";
import { priceHistoryChart } from "~/lib/pricing/price-history.ts";
import type { PriceHistoryPoint } from "~/lib/pricing/types.ts";

const MARK = 4;

function SoldMark({ x, y }: { x: number; y: number }) {
  return <circle cx={x} cy={y} r={MARK} fill="currentColor" />;
}

function ListedMark({ x, y }: { x: number; y: number }) {
  return <rect x={x - MARK} y={y - MARK} width={MARK * 2} height={MARK * 2} fill="none" stroke="currentColor" strokeWidth={1.5} />;
}

export function PriceHistoryChart({
  history,
  currency = "USD",
  title = "Price history",
}: {
  history: readonly PriceHistoryPoint[];
  currency?: string;
  title?: string;
}) {
  const headingId = useId();
  const chart = priceHistoryChart(history, currency);
  if (chart.points.length === 0) return null;
  const { plot } = chart;
  return (
    <Box as="figure" aria-labelledby={headingId} m="0">
      <Text as="figcaption" id={headingId} fontWeight="semibold" mb="2">
        {title}
      </Text>
      <Box color="blue.fg" maxW="md">
        <svg viewBox="0 0 320 160" width="100%" role="img" aria-label={chart.summary} style={{ display: "block", overflow: "visible" }}>
          <g stroke="currentColor" strokeOpacity={0.35} strokeWidth={1}>
            <line x1={plot.left} y1={plot.bottom} x2={plot.right} y2={plot.bottom} />
            <line x1={plot.left} y1={plot.top} x2={plot.left} y2={plot.bottom} />
          </g>
          <g fill="currentColor" fontSize={10}>
            {chart.yTicks.map((tick) => (
              <text key={`y${tick.y}`} x={plot.left - 6} y={tick.y} textAnchor="end" dominantBaseline="middle">
                {tick.label}
              </text>
            ))}
            {chart.xTicks.map((tick) => (
              <text key={`x${tick.x}`} x={tick.x} y={plot.bottom + 16} textAnchor={tick.anchor}>
                {tick.label}
              </text>
            ))}
          </g>
          {chart.points.map((point, index) =>
            point.source === "sold" ? <SoldMark key={index} x={point.x} y={point.y} /> : <ListedMark key={index} x={point.x} y={point.y} />,
          )}
        </svg>
      </Box>
      <HStack gap="4" fontSize="sm" color="fg.muted" mt="1" aria-hidden="true">
        <HStack gap="1">
          <Box as="span" color="blue.fg">
            <svg width="10" height="10" viewBox="0 0 10 10">
              <circle cx="5" cy="5" r="4" fill="currentColor" />
            </svg>
          </Box>
          <Text as="span">Sold</Text>
        </HStack>
        <HStack gap="1">
          <Box as="span" color="blue.fg">
            <svg width="10" height="10" viewBox="0 0 10 10">
              <rect x="1" y="1" width="8" height="8" fill="none" stroke="currentColor" strokeWidth="1.5" />
            </svg>
          </Box>
          <Text as="span">Listed</Text>
        </HStack>
      </HStack>
      <VisuallyHidden>
        <table>
          <caption>{title}: the figures</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Price</th>
              <th scope="col">Source</th>
            </tr>
          </thead>
          <tbody>
            {chart.points.map((point, index) => (
              <tr key={index}>
                <td>{formatShortDate(point.date)}</td>
                <td>{formatPrice(point.priceCents, currency)}</td>
                <td>{point.source === "sold" ? "Sold" : "Listed"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Box>
  );
}
