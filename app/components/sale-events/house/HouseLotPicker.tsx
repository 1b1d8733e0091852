// Adding lots: the house's own open auction listings that are in no sale, as check boxes; the chosen ones join the
// end of the catalogue. And the CSV upload of (lot number, listing id) rows, with each bad row's problem.
import { Box, Button, Fieldset, Stack, Table, Text } from "@chakra-ui/react";
import { Form } from "@remix-run/react";
import { CheckboxField } from "~/components/forms/index.ts";
import { LOT_CSV_MAX_BYTES } from "~/lib/sale-event-house.ts";
import { MAX_EVENT_LOTS } from "~/lib/sale-events.ts";

export interface Candidate {
  auctionId: number;
  listingId: number;
  title: string;
}

export function HouseLotPicker({ candidates }: { candidates: Candidate[] }) {
  if (candidates.length === 0) return <Text color="fg.muted">None of your open auction listings is free to add.</Text>;
  return (
    <Form method="post">
      <Fieldset.Root>
        <Fieldset.Legend>Your auction listings in no sale</Fieldset.Legend>
        <Stack gap="1" maxH="20rem" overflowY="auto">
          {candidates.map((candidate) => (
            <CheckboxField
              key={candidate.auctionId}
              name="auctionIds"
              value={String(candidate.auctionId)}
              label={`${candidate.title} (listing ${candidate.listingId})`}
            />
          ))}
        </Stack>
      </Fieldset.Root>
      <Button type="submit" name="intent" value="add" mt="3" size="sm" colorPalette="blue">
        Add to the catalogue
      </Button>
    </Form>
  );
}

export function HouseLotsCsvForm({ problems }: { problems: Array<{ line: number; message: string }> }) {
  return (
    <Box>
      <Form method="post" encType="multipart/form-data">
        <Stack gap="2">
          <label htmlFor="lots-csv">
            <Text fontWeight="medium">Set the catalogue from a CSV</Text>
          </label>
          <Text fontSize="sm" color="fg.muted" id="lots-csv-help">
            Columns: lot number, listing id; a header row first. At most {MAX_EVENT_LOTS.toLocaleString("en-US")} rows and {LOT_CSV_MAX_BYTES / 1024} KB. If any
            row has a problem, nothing changes.
          </Text>
          <input id="lots-csv" type="file" name="lots" accept=".csv,text/csv" aria-describedby="lots-csv-help" required />
          <Button type="submit" name="intent" value="csv" size="sm" variant="outline" alignSelf="start">
            Upload lots
          </Button>
        </Stack>
      </Form>
      {problems.length > 0 ? (
        <Table.Root size="sm" mt="3" aria-label="Rows with problems">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Line</Table.ColumnHeader>
              <Table.ColumnHeader>Problem</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {problems.map((problem) => (
              <Table.Row key={`${problem.line}-${problem.message}`}>
                <Table.Cell>{problem.line}</Table.Cell>
                <Table.Cell>{problem.message}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      ) : null}
    </Box>
  );
}
