// "Showing X of Y listings": X is how many are on this page, Y how many match.
import { formatCount } from "~/lib/money.ts";
import { ui } from "./listings-styles.ts";

export function resultsSummaryText(shown: number, total: number): string {
  return `Showing ${formatCount(shown)} of ${formatCount(total)} ${total === 1 ? "listing" : "listings"}`;
}

export function ResultsSummary({ shown, total }: { shown: number; total: number }) {
  return (
    <p className={ui.summary} role="status">
      {resultsSummaryText(shown, total)}
    </p>
  );
}
