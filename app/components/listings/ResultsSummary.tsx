// "Showing X of Y listings": X is how many are on this page, Y how many match — "10,000+" when there are more than are
// counted (docs/decisions/0036), and what a search could not cover said in words.
import { LISTINGS_MAX_PAGE } from "~/lib/listing-filters.ts";
import { formatCount } from "~/lib/money.ts";
import { ui } from "./listings-styles.ts";

export function resultsSummaryText(shown: number, total: number, totalIsExact = true): string {
  if (!totalIsExact) return `Showing ${formatCount(shown)} of ${formatCount(total)}+ listings`;
  return `Showing ${formatCount(shown)} of ${formatCount(total)} ${total === 1 ? "listing" : "listings"}`;
}

/** What the page says when a search found more than it can show, or searched only the newest matches. */
export function resultsLimitText({ totalPages, total, pageSize, searchedNewest }: ResultsLimits): string | null {
  if (searchedNewest !== null) {
    return `These words are in so many listings that only the newest ${formatCount(searchedNewest)} of them were searched. Add words or filters to narrow the search.`;
  }
  if (totalPages >= LISTINGS_MAX_PAGE && total > LISTINGS_MAX_PAGE * pageSize) {
    return `Only the first ${LISTINGS_MAX_PAGE} pages are shown. Add words or filters to narrow the search.`;
  }
  return null;
}

interface ResultsLimits {
  total: number;
  totalPages: number;
  pageSize: number;
  searchedNewest: number | null;
}

export function ResultsSummary({ shown, total, totalIsExact = true }: { shown: number; total: number; totalIsExact?: boolean }) {
  return (
    <p className={ui.summary} role="status">
      {resultsSummaryText(shown, total, totalIsExact)}
    </p>
  );
}

export function ResultsLimit(limits: ResultsLimits) {
  const text = resultsLimitText(limits);
  return text ? <p className={ui.summary}>{text}</p> : null;
}
