// A bar chart drawn as plain SVG, for the server's HTML and the first paint: recharts 3 renders only an empty wrapper
// on the server, so without this a chart is a blank box until the script has loaded (and stays one without script).
// BarChartFrame shows it until the page has hydrated and recharts (tooltips, hover) has loaded. Same size and colours
// as the recharts drawing: grouped bars, a value axis with rounded ticks, category labels that do not collide.
import type { BarDrawingProps } from "./bar-chart-frame.ts";

const MARGIN = { top: 8, right: 12, bottom: 24 };
const TICKS = 4;
const LABEL_FONT = 12;
/** Room a category label along the bottom needs (characters of a "Nov 19" or "Jan 2026" label at 12 px). */
const CATEGORY_LABEL_PX = 64;

/** A theme colour token ("teal.solid") as its CSS variable. */
const tokenColour = (token: string) => `var(--chakra-colors-${token.replace(/\./g, "-")})`;

/** The value axis's top: the smallest 1, 2 or 5 × 10ⁿ step whose TICKS steps reach `max`. */
export function valueAxisTicks(max: number): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / TICKS;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough) ?? 10 * power;
  return Array.from({ length: Math.ceil(max / step) + 1 }, (_, index) => index * step);
}

export function StaticBarDrawing({
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
  const values = data.flatMap((row) => series.map((item) => Number(row[item.name]) || 0));
  const ticks = valueAxisTicks(Math.max(0, ...values));
  const top = ticks[ticks.length - 1]!;
  const left = horizontal ? categoryAxisWidth : valueAxisWidth;
  const plotWidth = width - left - MARGIN.right;
  const plotHeight = height - MARGIN.top - MARGIN.bottom;
  const bandLength = (horizontal ? plotHeight : plotWidth) / Math.max(1, data.length);
  const barThickness = (bandLength * 0.8) / Math.max(1, series.length);
  const scale = (value: number) => (value / top) * (horizontal ? plotWidth : plotHeight);
  const labelEvery = horizontal ? 1 : Math.max(1, Math.ceil(data.length / Math.max(1, Math.floor(plotWidth / CATEGORY_LABEL_PX))));
  const muted = tokenColour("fg.muted");
  return (
    <svg className="tb-chart-drawing" viewBox={`0 0 ${width} ${height}`} width={width} height={height} fontSize={LABEL_FONT} role="presentation">
      {ticks.map((tick) => {
        const at = horizontal ? left + scale(tick) : MARGIN.top + plotHeight - scale(tick);
        return horizontal ? (
          <g key={tick}>
            <line x1={at} x2={at} y1={MARGIN.top} y2={MARGIN.top + plotHeight} stroke={tokenColour("border.muted")} />
            <text x={at} y={height - 6} textAnchor="middle" fill={muted}>
              {formatValue(tick)}
            </text>
          </g>
        ) : (
          <g key={tick}>
            <line x1={left} x2={left + plotWidth} y1={at} y2={at} stroke={tokenColour("border.muted")} />
            <text x={left - 6} y={at + 4} textAnchor="end" fill={muted}>
              {formatValue(tick)}
            </text>
          </g>
        );
      })}
      {data.map((row, index) => {
        const bandStart = (horizontal ? MARGIN.top : left) + index * bandLength + bandLength * 0.1;
        const label = String(row[categoryKey] ?? "");
        return (
          <g key={`${label}-${index}`}>
            {series.map((item, place) => {
              const length = scale(Number(row[item.name]) || 0);
              const along = bandStart + place * barThickness;
              return horizontal ? (
                <rect key={item.name} className="tb-chart-bar" x={left} y={along} width={length} height={barThickness} fill={tokenColour(item.color)} />
              ) : (
                <rect
                  key={item.name}
                  className="tb-chart-bar"
                  x={along}
                  y={MARGIN.top + plotHeight - length}
                  width={barThickness}
                  height={length}
                  fill={tokenColour(item.color)}
                />
              );
            })}
            {index % labelEvery === 0 ? (
              horizontal ? (
                <text x={left - 8} y={bandStart + (bandLength * 0.8) / 2 + 4} textAnchor="end" fill={muted}>
                  {label}
                </text>
              ) : (
                <text x={bandStart + (bandLength * 0.8) / 2} y={height - 6} textAnchor="middle" fill={muted}>
                  {label}
                </text>
              )
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
