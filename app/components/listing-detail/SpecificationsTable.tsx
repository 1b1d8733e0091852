// The seller's specification rows as a two-column table.
import { Heading, Stack, Table } from "@chakra-ui/react";

export function SpecificationsTable({ specifications }: { specifications: Array<{ name: string; value: string }> }) {
  if (specifications.length === 0) return null;
  return (
    <Stack as="section" gap="3" aria-labelledby="specifications-heading">
      <Heading as="h2" size="lg" id="specifications-heading">
        Specifications
      </Heading>
      <Table.Root size="sm" variant="outline" striped>
        <Table.Body>
          {specifications.map((row) => (
            <Table.Row key={row.name}>
              <Table.Cell as="th" scope="row" fontWeight="semibold" w={{ base: "40%", md: "35%" }} overflowWrap="anywhere">
                {row.name}
              </Table.Cell>
              <Table.Cell overflowWrap="anywhere">{row.value}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Stack>
  );
}
