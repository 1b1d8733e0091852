// One row of the import: what it will list, its problems, and (in review) the form to fix or remove it.
import { Badge, Box, Button, Card, Heading, HStack, Input, Link, NativeSelect, Stack, Text, Textarea } from "@chakra-ui/react";
import { Form, Link as RemixLink } from "@remix-run/react";
import { BULK_FIELD_LABELS, BULK_MESSAGES } from "~/lib/bulk-import.ts";
import type { BulkField } from "~/lib/bulk-import.ts";
import { CONDITION_OPTIONS } from "~/lib/conditions.ts";
import { formatPrice } from "~/lib/money.ts";
import type { BulkCategoryChoice, BulkRowView } from "~/services/listings/index.server.ts";
import { ErrorBanner } from "./ErrorBanner.tsx";

export function RowCard({ row, importId, categories, editable, busy, error }: { row: BulkRowView; importId: number; categories: BulkCategoryChoice[]; editable: boolean; busy: boolean; error: string | null }) {
  const hasErrors = row.errors.length > 0 && !row.removed;
  const category = categories.find((c) => c.id === row.categoryId);
  return (
    <Card.Root borderColor={hasErrors ? "red.500" : undefined} borderWidth={hasErrors ? "2px" : "1px"} data-testid={`bulk-row-${row.rowNumber}`} opacity={row.removed ? 0.6 : 1}>
      <Card.Body gap="2">
        <HStack justify="space-between" flexWrap="wrap">
          <Heading as="h3" size="sm">
            Row {row.rowNumber}: {row.brand} {row.model}
          </Heading>
          <HStack flexWrap="wrap">
            {row.removed ? <Badge>Removed</Badge> : hasErrors ? <Badge colorPalette="red">Needs a fix</Badge> : <Badge colorPalette="green">Ready</Badge>}
            {row.aiProcessed ? (
              <Badge colorPalette="purple">AI processed</Badge>
            ) : row.aiDone && row.processingError === null ? (
              <Badge>{BULK_MESSAGES.generatedWithoutAi}</Badge>
            ) : null}
            {row.needsPriceReview ? <Badge colorPalette="orange">Price review</Badge> : null}
            {row.listingId !== null ? (
              <Link asChild colorPalette="blue">
                <RemixLink to={`/listings/${row.listingId}`}>Listing #{row.listingId}</RemixLink>
              </Link>
            ) : null}
          </HStack>
        </HStack>
        <Text fontSize="sm">
          {row.condition || "no condition"} · {row.price ? `$${row.price}` : "no price"} · {category?.name ?? (row.categoryId || "no category")}
          {row.categorySource === "classifier" || row.categorySource === "ai" ? " (detected)" : ""} · {row.listingId !== null ? `${row.photosLoaded} of ${row.photoUrls.length} photos loaded` : `${row.photoUrls.length} photo${row.photoUrls.length === 1 ? "" : "s"}`}
        </Text>
        {row.description ? (
          <Text fontSize="sm" color="fg.muted" lineClamp={2}>
            {row.description}
          </Text>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            No description yet: the AI step writes one, or the built-in generator at import.
          </Text>
        )}
        {row.suggestedPriceCents !== null ? (
          <Text fontSize="sm">
            Suggested price {formatPrice(row.suggestedPriceCents)}
            {row.comparables.length > 0 ? ` from ${row.comparables.length} comparable listing${row.comparables.length === 1 ? "" : "s"}: ${row.comparables.map((c) => `${c.title} (${formatPrice(c.priceCents)})`).join("; ")}` : ""}
          </Text>
        ) : null}
        {row.processingError ? <Text fontSize="sm" color="red.fg">AI: {row.processingError}</Text> : null}
        {hasErrors ? (
          <Box as="ul" pl="5" color="red.fg" fontSize="sm">
            {row.errors.map((issue) => (
              <li key={issue.field}>
                {BULK_FIELD_LABELS[issue.field as BulkField] ?? issue.field}: {issue.message}
              </li>
            ))}
          </Box>
        ) : null}
        {row.photoErrors.map((p) => (
          <Text key={p.url} fontSize="sm" color="orange.fg">
            Photo {p.url}: {p.message}
          </Text>
        ))}
        {row.importError ? <Text fontSize="sm" color="red.fg">Not imported: {row.importError}</Text> : null}
        {row.heldAsDraft ? <Text fontSize="sm" color="orange.fg">{BULK_MESSAGES.photosHeld}</Text> : null}
        {editable && !row.removed ? (
          <details open={hasErrors}>
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
        ) : null}
        {editable ? (
          <Form method="post">
            <input type="hidden" name="intent" value={row.removed ? "restore-row" : "remove-row"} />
            <input type="hidden" name="importId" value={importId} />
            <input type="hidden" name="rowNumber" value={row.rowNumber} />
            <Button type="submit" size="xs" variant="ghost" colorPalette={row.removed ? "gray" : "red"} disabled={busy}>
              {row.removed ? `Put row ${row.rowNumber} back` : `Remove row ${row.rowNumber}`}
            </Button>
          </Form>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
