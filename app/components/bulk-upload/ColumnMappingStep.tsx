// Step 1, after the upload: match the file's columns to listing fields, with a preview of the first rows.
import { Box, Button, Card, Heading, HStack, NativeSelect, Stack, Table, Text } from "@chakra-ui/react";
import { Form } from "@remix-run/react";
import { BULK_FIELD_LABELS, BULK_FIELDS, DECIMAL_SEPARATORS, REQUIRED_BULK_FIELDS } from "~/lib/bulk-import.ts";
import { MAPPING_IGNORE } from "~/schemas/bulk-import.ts";
import type { BulkImportView } from "~/services/bulk-import/index.server.ts";
import { ErrorBanner } from "./ErrorBanner.tsx";
import { IntentButton } from "./IntentButton.tsx";

export function ColumnMappingStep({ view, error, busy }: { view: BulkImportView; error: string | null; busy: boolean }) {
  return (
    <Card.Root>
      <Card.Body>
        <Form method="post">
          <input type="hidden" name="intent" value="map" />
          <input type="hidden" name="importId" value={view.id} />
          <Stack gap="4">
            <Heading as="h2" size="md">
              Match your columns
            </Heading>
            <Text>
              {view.fileName}: {view.rowCount} rows. We matched the columns we recognised; choose a field for the others, or leave them out. Required:{" "}
              {REQUIRED_BULK_FIELDS.map((f) => BULK_FIELD_LABELS[f]).join(", ")}.
            </Text>
            <ErrorBanner message={error} />
            <Stack gap="1" maxW="sm">
              <label htmlFor="decimal-separator">Number format of the prices</label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field id="decimal-separator" name="decimalSeparator" defaultValue={view.decimalSeparator}>
                  {DECIMAL_SEPARATORS.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Stack>
            <Box overflowX="auto" position="relative">
              <Table.Root size="sm" variant="outline">
                <Table.Caption>The first {view.preview.length} rows of your file</Table.Caption>
                <Table.Header>
                  <Table.Row>
                    {view.headers.map((header, index) => (
                      <Table.ColumnHeader key={index} minW="40">
                        <Stack gap="1">
                          <label htmlFor={`mapping-${index}`}>
                            <Text fontWeight="semibold">{header || `Column ${index + 1}`}</Text>
                          </label>
                          <NativeSelect.Root size="sm">
                            <NativeSelect.Field id={`mapping-${index}`} name={`mapping[${index}]`} defaultValue={view.mapping[index] ?? MAPPING_IGNORE}>
                              <option value={MAPPING_IGNORE}>Leave out</option>
                              {BULK_FIELDS.map((field) => (
                                <option key={field} value={field}>
                                  {BULK_FIELD_LABELS[field]}
                                </option>
                              ))}
                            </NativeSelect.Field>
                            <NativeSelect.Indicator />
                          </NativeSelect.Root>
                        </Stack>
                      </Table.ColumnHeader>
                    ))}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {view.preview.map((cells, r) => (
                    <Table.Row key={r}>
                      {view.headers.map((_, c) => (
                        <Table.Cell key={c} maxW="60" truncate>
                          {cells[c] ?? ""}
                        </Table.Cell>
                      ))}
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
            <HStack>
              <Button type="submit" colorPalette="blue" loading={busy}>
                Check the rows
              </Button>
            </HStack>
          </Stack>
        </Form>
        <Box mt="3">
          <IntentButton importId={view.id} intent="back-to-upload" busy={busy}>
            Back to Upload
          </IntentButton>
        </Box>
      </Card.Body>
    </Card.Root>
  );
}
