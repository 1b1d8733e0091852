// What a bar chart's drawing is given (BarDrawing.tsx, loaded on demand by BarChartFrame.tsx).

export interface BarSeries {
  /** The data key of the series. */
  name: string;
  label: string;
  /** A theme colour token ("teal.solid"). */
  color: string;
}

export interface BarDrawingProps {
  data: Array<Record<string, string | number>>;
  series: readonly BarSeries[];
  /** The data key of each bar's label (a period, a category). */
  categoryKey: string;
  /** The drawing's own size; it scales to its box. */
  width: number;
  height: number;
  /** Bars growing to the right, labels down the side (else upwards, labels along the bottom). */
  horizontal?: boolean;
  formatValue: (value: number) => string;
  valueAxisWidth?: number;
  categoryAxisWidth?: number;
}
