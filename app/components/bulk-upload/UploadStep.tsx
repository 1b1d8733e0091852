// Step 1: choose the CSV file (the template to start from, the limits).
import { Button, Card, Heading, Input, Link, Stack, Text } from "@chakra-ui/react";
import { Form } from "@remix-run/react";
import { BULK_LIMITS, REQUIRED_BULK_FIELDS } from "~/lib/bulk-import.ts";
import { ErrorBanner } from "./ErrorBanner.tsx";

export function UploadStep({ error, busy }: { error: string | null; busy: boolean }) {
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="4">
          <Heading as="h2" size="md">
            Upload CSV
          </Heading>
          <Text>
            List many pieces of equipment at once. Each row of your file becomes one Buy Now listing. The columns {REQUIRED_BULK_FIELDS.join(", ")} are
            required; description, category, specifications, features and location are optional. Put several photo addresses in one cell, separated by
            semicolons. Files up to {BULK_LIMITS.fileBytes / 1024 / 1024} MB and {BULK_LIMITS.rows.toLocaleString("en-US")} rows; comma, semicolon or tab
            separated.
          </Text>
          <Link asChild colorPalette="blue" width="fit-content">
            <a href="/bulk-upload.csv?file=template" download>
              Download the template CSV
            </a>
          </Link>
          <ErrorBanner message={error} />
          <Form method="post" encType="multipart/form-data">
            <Stack gap="3" maxW="md">
              <label htmlFor="bulk-file">
                <Text fontWeight="medium">CSV file</Text>
              </label>
              <Input id="bulk-file" type="file" name="file" accept=".csv,text/csv" required p="1" />
              <Button type="submit" colorPalette="blue" width="fit-content" loading={busy}>
                Upload and continue
              </Button>
            </Stack>
          </Form>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
