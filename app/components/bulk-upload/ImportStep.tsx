// Step 4: the import's progress, then its result (and back to a new upload after a few seconds).
import { Alert, Button, Card, Heading, HStack, Link, Text } from "@chakra-ui/react";
import { Link as RemixLink, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { BULK_LIMITS, BULK_MESSAGES } from "~/lib/bulk-import.ts";
import type { BulkImportView } from "~/services/bulk-import/index.server.ts";
import { useBulkProgress } from "./use-bulk-progress.ts";
import { ProgressBar } from "./ProgressBar.tsx";

export function ImportStep({ view, justDone }: { view: BulkImportView; justDone: boolean }) {
  const importing = view.status === "importing";
  const progress = useBulkProgress(view.id, importing);
  const navigate = useNavigate();
  useEffect(() => {
    if (view.status !== "imported" || !justDone) return;
    const timer = setTimeout(() => navigate("/bulk-upload?new=1"), BULK_LIMITS.successResetMs);
    return () => clearTimeout(timer);
  }, [view.status, justDone, navigate]);
  if (importing) {
    return (
      <Card.Root>
        <Card.Body gap="3">
          <Heading as="h2" size="md">
            Importing your listings
          </Heading>
          <Text>You can leave this page: the import carries on, and your listings appear as it goes.</Text>
          <ProgressBar
            label="Importing"
            done={progress?.phase === "import" ? progress.done : view.createdCount + view.failedCount}
            total={view.readyCount}
            secondsLeft={progress?.secondsLeft ?? null}
          />
        </Card.Body>
      </Card.Root>
    );
  }
  return (
    <Card.Root>
      <Card.Body gap="3">
        <Heading as="h2" size="md">
          {BULK_MESSAGES.importSuccessful}
        </Heading>
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Title>{BULK_MESSAGES.imported(view.createdCount)}</Alert.Title>
        </Alert.Root>
        {view.failedCount > 0 ? (
          <Text color="red.fg">
            {view.failedCount} row{view.failedCount === 1 ? " was" : "s were"} not imported: see the report below, or{" "}
            <Link asChild colorPalette="blue">
              <a href={`/bulk-upload.csv?import=${view.id}`} download>
                download them as CSV
              </a>
            </Link>
            .
          </Text>
        ) : null}
        {justDone ? <Text fontSize="sm">Back to a new upload in a few seconds.</Text> : null}
        <HStack gap="2">
          <Button asChild colorPalette="blue">
            <RemixLink to="/dashboard">Go to Dashboard</RemixLink>
          </Button>
          <Button asChild variant="outline">
            <RemixLink to="/bulk-upload?new=1">Upload More Listings</RemixLink>
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
