// Step 2: review every row, map unknown condition values, run the AI step, continue to payment.
import { Button, Card, Heading, HStack, Link, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { Form } from "@remix-run/react";
import { CONDITION_OPTIONS } from "~/lib/conditions.ts";
import type { BulkCategoryChoice, BulkImportView } from "~/services/bulk-import/index.server.ts";
import { useBulkProgress } from "./use-bulk-progress.ts";
import { ErrorBanner } from "./ErrorBanner.tsx";
import { ProgressBar } from "./ProgressBar.tsx";
import { IntentButton } from "./IntentButton.tsx";
import { RowCard } from "./RowCard.tsx";
import { RowPages } from "./RowPages.tsx";

export function ReviewStep({
  view,
  categories,
  error,
  errorRow,
  busy,
}: {
  view: BulkImportView;
  categories: BulkCategoryChoice[];
  error: string | null;
  errorRow: number | null;
  busy: boolean;
}) {
  const running = view.ai.state === "running";
  const progress = useBulkProgress(view.id, running);
  const done = progress?.phase === "ai" ? progress.done : view.ai.done;
  return (
    <Stack gap="4">
      <Card.Root>
        <Card.Body gap="3">
          <Heading as="h2" size="md">
            Review imported listings
          </Heading>
          <Text>
            {view.readyCount} ready · {view.errorCount} to fix · {view.removedCount} removed. Rows with errors come first; fix them here or remove them.
          </Text>
          {view.errorCount > 0 || view.failedCount > 0 ? (
            <Link asChild colorPalette="blue" width="fit-content">
              <a href={`/bulk-upload.csv?import=${view.id}`} download>
                Download the rejected rows (CSV with an error column)
              </a>
            </Link>
          ) : null}
          {running ? (
            <ProgressBar
              label="Processing with AI"
              done={done}
              total={view.ai.total}
              secondsLeft={progress?.phase === "ai" ? progress.secondsLeft : view.ai.secondsLeft}
            />
          ) : view.ai.state === "done" ? (
            <Text color="green.fg">AI processing finished: descriptions written where missing and prices compared with the market.</Text>
          ) : null}
          {errorRow === null ? <ErrorBanner message={error} /> : null}
          {view.unknownConditions.length > 0 ? (
            <Form method="post">
              <input type="hidden" name="intent" value="map-values" />
              <input type="hidden" name="importId" value={view.id} />
              <Stack gap="2">
                <Heading as="h3" size="sm">
                  Map condition values for all rows
                </Heading>
                {view.unknownConditions.map((unknown, index) => (
                  <HStack key={unknown.value} gap="3" flexWrap="wrap">
                    <input type="hidden" name="from" value={unknown.value} />
                    <label htmlFor={`map-condition-${index}`}>
                      “{unknown.value}” ({unknown.rows === 1 ? "1 row" : `${unknown.rows} rows`}) becomes
                    </label>
                    <NativeSelect.Root size="sm" width="48">
                      <NativeSelect.Field id={`map-condition-${index}`} name="to" defaultValue="">
                        <option value="">Leave as it is</option>
                        {CONDITION_OPTIONS.map((o) => (
                          <option key={o.value} value={o.value}>
                            {o.label}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </HStack>
                ))}
                <Button type="submit" size="sm" variant="outline" width="fit-content" disabled={busy}>
                  Apply to all rows
                </Button>
              </Stack>
            </Form>
          ) : null}
          <HStack flexWrap="wrap" gap="2">
            <IntentButton importId={view.id} intent="back-to-upload" busy={busy}>
              Back to Upload
            </IntentButton>
            <IntentButton importId={view.id} intent="process-ai" colorPalette="purple" busy={busy || running}>
              {view.ai.state === "done" ? "Process with AI again" : "Process with AI"}
            </IntentButton>
            <IntentButton importId={view.id} intent="to-payment" colorPalette="blue" variant="solid" busy={busy || running}>
              Continue to Payment
            </IntentButton>
          </HStack>
        </Card.Body>
      </Card.Root>
      <RowPages view={view} />
      <Stack gap="3">
        {view.rows.map((row) => (
          <RowCard
            key={row.rowNumber}
            row={row}
            importId={view.id}
            categories={categories}
            editable
            busy={busy}
            error={errorRow === row.rowNumber ? error : null}
          />
        ))}
      </Stack>
      <RowPages view={view} />
    </Stack>
  );
}
