// The seller's past imports.
import { Box, Heading, Link, Stack, Table, Text } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";
import { formatShortDate } from "~/lib/dates.ts";
import { formatExactPrice } from "~/lib/money.ts";
import { bulkImportUrl } from "~/schemas/bulk-import.ts";
import type { BulkImportSummary } from "~/services/bulk-import/index.server.ts";

const STATUS_LABELS: Record<string, string> = {
  mapping: "Matching columns",
  review: "In review",
  payment: "Awaiting payment",
  importing: "Importing",
  imported: "Imported",
  cancelled: "Set aside",
};

export function ImportHistory({ history }: { history: BulkImportSummary[] }) {
  return (
    <Stack gap="2" as="section" aria-labelledby="bulk-history">
      <Heading as="h2" size="md" id="bulk-history">
        Past imports
      </Heading>
      {history.length === 0 ? (
        <Text color="fg.muted">No imports yet.</Text>
      ) : (
        <Box overflowX="auto" position="relative">
          <Table.Root size="sm" variant="outline">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Date</Table.ColumnHeader>
                <Table.ColumnHeader>File</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Rows</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Created</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Failed</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Fee</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {history.map((entry) => (
                <Table.Row key={entry.id}>
                  <Table.Cell>{formatShortDate(entry.createdAt)}</Table.Cell>
                  <Table.Cell>
                    <Link asChild colorPalette="blue">
                      <RemixLink to={bulkImportUrl(entry.id)}>{entry.fileName}</RemixLink>
                    </Link>
                  </Table.Cell>
                  <Table.Cell>{STATUS_LABELS[entry.status] ?? entry.status}</Table.Cell>
                  <Table.Cell textAlign="end">{entry.rowCount}</Table.Cell>
                  <Table.Cell textAlign="end">{entry.createdCount}</Table.Cell>
                  <Table.Cell textAlign="end">{entry.failedCount}</Table.Cell>
                  <Table.Cell textAlign="end">
                    {entry.status === "imported" || entry.status === "importing" ? formatExactPrice(entry.totalCents) : "—"}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
    </Stack>
  );
}
