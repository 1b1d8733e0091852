// The field kit's row editor: a list of rows (one or more text cells each) with Remove on every row and Add below,
// each row's messages under it and the list's own message at the end. The caller says how cells are bound and what
// the buttons do: conform's intent buttons (which work without JavaScript: the form comes back changed) or click
// handlers over the caller's state (the AI wizard).
import { Box, Button, Fieldset, HStack, Input, Stack, Text } from "@chakra-ui/react";
import type { ButtonHTMLAttributes, InputHTMLAttributes, Key, ReactNode } from "react";

export interface RowCell {
  /** The cell's accessible name, e.g. "Specification 1 name". */
  label: string;
  placeholder?: string;
  maxLength?: number;
  errors: string[];
  /** How much of the row the cell takes. */
  flex?: string;
  minW?: string;
  /** The input's own props: conform's (name, id, defaultValue) or a controlled value and onChange. */
  input: Omit<InputHTMLAttributes<HTMLInputElement>, "size"> & { key?: Key };
}

export interface Row {
  key: Key;
  cells: RowCell[];
  /** The id of the row's message line. */
  errorId: string;
  /** What Remove says to a screen reader after "Remove", e.g. "feature 2". */
  removeName: string;
  remove: ButtonHTMLAttributes<HTMLButtonElement>;
}

export function RowEditor({
  legend,
  helper,
  emptyText,
  rows,
  listErrors,
  listErrorId,
  addLabel,
  add,
}: {
  legend: ReactNode;
  helper?: ReactNode;
  /** Shown when there are no rows. */
  emptyText?: string;
  rows: Row[];
  listErrors?: string[];
  listErrorId?: string;
  addLabel: string;
  /** The Add button's props; null hides it (the list is full). */
  add: ButtonHTMLAttributes<HTMLButtonElement> | null;
}) {
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontSize="lg" fontWeight="semibold">
        {legend}
      </Fieldset.Legend>
      {helper ? <Fieldset.HelperText>{helper}</Fieldset.HelperText> : null}
      <Fieldset.Content>
        {rows.length === 0 && emptyText ? (
          <Text fontSize="sm" color="fg.muted">
            {emptyText}
          </Text>
        ) : null}
        <Stack gap="2" as="ol" listStyleType="none" m="0" p="0">
          {rows.map((row) => {
            const messages = row.cells.flatMap((cell) => cell.errors);
            return (
              <Box as="li" key={row.key}>
                <HStack gap="2" align="start" wrap={{ base: "wrap", sm: "nowrap" }}>
                  {row.cells.map((cell, position) => {
                    const { key, ...input } = cell.input;
                    // Keyed by the cell's place in its row, never by its label: the label names the row's index
                    // ("Feature 2"), which changes when a row above is removed, and a changed key would remount the
                    // input with its default value, blanking what was typed.
                    return (
                      <Input
                        key={key ?? position}
                        {...input}
                        aria-label={cell.label}
                        placeholder={cell.placeholder}
                        maxLength={cell.maxLength}
                        aria-invalid={cell.errors.length > 0 || undefined}
                        aria-describedby={messages.length > 0 ? row.errorId : undefined}
                        flex={cell.flex ?? "1"}
                        minW={cell.minW}
                      />
                    );
                  })}
                  <Button variant="outline" colorPalette="red" minH="11" flexShrink={0} {...row.remove}>
                    Remove<Box as="span" srOnly>{` ${row.removeName}`}</Box>
                  </Button>
                </HStack>
                {messages.length > 0 ? (
                  <Text id={row.errorId} color="fg.error" fontSize="sm" mt="1">
                    {messages.join(" ")}
                  </Text>
                ) : null}
              </Box>
            );
          })}
        </Stack>
        {listErrors && listErrors.length > 0 ? (
          <Text id={listErrorId} color="fg.error" fontSize="sm">
            {listErrors.join(" ")}
          </Text>
        ) : null}
        {add ? (
          <Button variant="outline" alignSelf="start" minH="11" {...add}>
            {addLabel}
          </Button>
        ) : null}
      </Fieldset.Content>
    </Fieldset.Root>
  );
}
