// The per-row report of a finished import.
import { Heading, Stack } from "@chakra-ui/react";
import type { BulkImportView } from "~/services/bulk-import/index.server.ts";
import { RowCard } from "./RowCard.tsx";
import { RowPages } from "./RowPages.tsx";

export function RowReport({ view, busy }: { view: BulkImportView; busy: boolean }) {
  return (
    <Stack gap="3" as="section" aria-label="Per-row report">
      <Heading as="h2" size="md">
        Per-row report
      </Heading>
      <RowPages view={view} />
      {view.rows.map((row) => (
        <RowCard key={row.rowNumber} row={row} importId={view.id} categories={[]} editable={false} busy={busy} error={null} />
      ))}
    </Stack>
  );
}
