// "Showing X of Y listings": X is how many are on this page, Y how many match.
import { Text } from "@chakra-ui/react";
import { formatCount } from "~/lib/money.ts";

export function resultsSummaryText(shown: number, total: number): string {
  return `Showing ${formatCount(shown)} of ${formatCount(total)} ${total === 1 ? "listing" : "listings"}`;
}

export function ResultsSummary({ shown, total }: { shown: number; total: number }) {
  return (
    <Text color="fg.muted" role="status">
      {resultsSummaryText(shown, total)}
    </Text>
  );
}
