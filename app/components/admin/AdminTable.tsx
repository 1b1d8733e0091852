// The admin pages' table: a keyboard-scrollable region named `label`, a small table with an optional caption, one
// header a column; children are its rows.
import { Table } from "@chakra-ui/react";
import type { ReactNode } from "react";

export function AdminTable({ label, caption, columns, children }: { label: string; caption?: ReactNode; columns: readonly ReactNode[]; children: ReactNode }) {
  return (
    <Table.ScrollArea position="relative" tabIndex={0} role="region" aria-label={label}>
      <Table.Root size="sm">
        {caption === undefined ? null : <Table.Caption>{caption}</Table.Caption>}
        <Table.Header>
          <Table.Row>
            {columns.map((column, index) => (
              <Table.ColumnHeader key={index}>{column}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>{children}</Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
