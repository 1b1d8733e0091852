// The form that fixes one row of the import in review (opened at once when the row has errors).
import { Button, HStack, Input, NativeSelect, Stack, Textarea } from "@chakra-ui/react";
import { Form } from "@remix-run/react";
import { CONDITION_OPTIONS } from "~/lib/conditions.ts";
import type { BulkCategoryChoice, BulkRowView } from "~/services/bulk-import/index.server.ts";
import { ErrorBanner } from "./ErrorBanner.tsx";

export function RowEditForm({
  row,
  importId,
  categories,
  open,
  busy,
  error,
}: {
  row: BulkRowView;
  importId: number;
  categories: BulkCategoryChoice[];
  open: boolean;
  busy: boolean;
  error: string | null;
}) {
  return (
    <details open={open}>
      <summary>Edit row {row.rowNumber}</summary>
      <Form method="post">
        <input type="hidden" name="intent" value="edit-row" />
        <input type="hidden" name="importId" value={importId} />
        <input type="hidden" name="rowNumber" value={row.rowNumber} />
        <Stack gap="2" mt="2" maxW="xl">
          <ErrorBanner message={error} />
          <HStack gap="3" flexWrap="wrap" align="end">
            <Stack gap="1">
              <label htmlFor={`brand-${row.rowNumber}`}>Brand</label>
              <Input id={`brand-${row.rowNumber}`} name="brand" defaultValue={row.brand} size="sm" maxW="40" />
            </Stack>
            <Stack gap="1">
              <label htmlFor={`model-${row.rowNumber}`}>Model</label>
              <Input id={`model-${row.rowNumber}`} name="model" defaultValue={row.model} size="sm" maxW="40" />
            </Stack>
            <Stack gap="1">
              <label htmlFor={`title-${row.rowNumber}`}>Title (blank: brand and model)</label>
              <Input id={`title-${row.rowNumber}`} name="title" defaultValue={row.title} size="sm" maxW="64" />
            </Stack>
          </HStack>
          <Stack gap="1">
            <label htmlFor={`photos-${row.rowNumber}`}>Photo URLs (one a line)</label>
            <Textarea id={`photos-${row.rowNumber}`} name="photoUrls" defaultValue={row.photoUrls.join("\n")} size="sm" rows={2} />
          </Stack>
          <HStack gap="3" flexWrap="wrap" align="end">
            <Stack gap="1">
              <label htmlFor={`price-${row.rowNumber}`}>Price ({row.currency})</label>
              <Input id={`price-${row.rowNumber}`} name="price" defaultValue={row.price} size="sm" maxW="32" inputMode="decimal" />
            </Stack>
            <Stack gap="1">
              <label htmlFor={`condition-${row.rowNumber}`}>Condition</label>
              <NativeSelect.Root size="sm" width="48">
                <NativeSelect.Field id={`condition-${row.rowNumber}`} name="condition" defaultValue={row.condition}>
                  {CONDITION_OPTIONS.some((o) => o.value === row.condition) ? null : <option value={row.condition}>{row.condition || "Choose…"}</option>}
                  {CONDITION_OPTIONS.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Stack>
            <Stack gap="1">
              <label htmlFor={`category-${row.rowNumber}`}>Category</label>
              <NativeSelect.Root size="sm" width="64">
                <NativeSelect.Field id={`category-${row.rowNumber}`} name="category" defaultValue={row.categoryId}>
                  <option value="">Choose a category…</option>
                  {categories.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Stack>
          </HStack>
          <Stack gap="1">
            <label htmlFor={`description-${row.rowNumber}`}>Description</label>
            <Textarea id={`description-${row.rowNumber}`} name="description" defaultValue={row.description} size="sm" rows={3} />
          </Stack>
          <Button type="submit" size="sm" colorPalette="blue" width="fit-content" disabled={busy}>
            Save row {row.rowNumber}
          </Button>
        </Stack>
      </Form>
    </details>
  );
}
