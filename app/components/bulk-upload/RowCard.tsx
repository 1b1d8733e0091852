// One row of the import: what it will list, its problems, and (in review) the form to fix or remove it.
import { Badge, Box, Button, Card, Heading, HStack, Link, Text } from "@chakra-ui/react";
import { Form, Link as RemixLink } from "@remix-run/react";
import { BULK_FIELD_LABELS, BULK_MESSAGES } from "~/lib/bulk-import.ts";
import type { BulkField } from "~/lib/bulk-import.ts";
import { formatPrice } from "~/lib/money.ts";
import type { BulkCategoryChoice, BulkRowView } from "~/services/bulk-import/index.server.ts";
import { RowEditForm } from "./RowEditForm.tsx";

export function RowCard({
  row,
  importId,
  categories,
  editable,
  busy,
  error,
}: {
  row: BulkRowView;
  importId: number;
  categories: BulkCategoryChoice[];
  editable: boolean;
  busy: boolean;
  error: string | null;
}) {
  const hasErrors = row.errors.length > 0 && !row.removed;
  const category = categories.find((c) => c.id === row.categoryId);
  return (
    <Card.Root
      borderColor={hasErrors ? "red.500" : undefined}
      borderWidth={hasErrors ? "2px" : "1px"}
      data-testid={`bulk-row-${row.rowNumber}`}
      opacity={row.removed ? 0.6 : 1}
    >
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
          {row.categorySource === "classifier" || row.categorySource === "ai" ? " (detected)" : ""} ·{" "}
          {row.listingId !== null
            ? `${row.photosLoaded} of ${row.photoUrls.length} photos loaded`
            : `${row.photoUrls.length} photo${row.photoUrls.length === 1 ? "" : "s"}`}
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
            {row.comparables.length > 0
              ? ` from ${row.comparables.length} comparable listing${row.comparables.length === 1 ? "" : "s"}: ${row.comparables.map((c) => `${c.title} (${formatPrice(c.priceCents)})`).join("; ")}`
              : ""}
          </Text>
        ) : null}
        {row.processingError ? (
          <Text fontSize="sm" color="red.fg">
            AI: {row.processingError}
          </Text>
        ) : null}
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
        {row.importError ? (
          <Text fontSize="sm" color="red.fg">
            Not imported: {row.importError}
          </Text>
        ) : null}
        {row.heldAsDraft ? (
          <Text fontSize="sm" color="orange.fg">
            {BULK_MESSAGES.photosHeld}
          </Text>
        ) : null}
        {editable && !row.removed ? <RowEditForm row={row} importId={importId} categories={categories} open={hasErrors} busy={busy} error={error} /> : null}
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
