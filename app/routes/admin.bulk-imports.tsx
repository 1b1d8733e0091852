// /admin/bulk-imports: a new seller's first bulk import above IMPORT_REVIEW_THRESHOLD waits here, nothing
// charged, until staff holding can_manage_listings approve it (charged and started, as the seller's own Import would)
// or reject it with the reason the seller reads. Audited and notified by the service; works without JavaScript.
import { Badge, Box, Button, Card, Heading, HStack, Link, Stack, Text, Textarea } from "@chakra-ui/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormErrors, FormSuccess } from "~/components/forms/index.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { formatShortDate } from "~/lib/dates.ts";
import { IMPORT_REVIEW_REASON_MAX, ImportReviewDecisionSchema } from "~/schemas/import-review.ts";
import { decideHeldBulkImport, listHeldBulkImports } from "~/services/admin/index.server.ts";
import { kickBulkImportJob } from "~/flows/index.server.ts";
import { getUploadStore } from "~/services/storage/index.server.ts";
import { requirePermission } from "~/web/auth.server.ts";
import { refusalsAnswered } from "~/web/domain-answer.server.ts";
import { parseForm } from "~/web/form-data.server.ts";

export const meta: MetaFunction = () => [{ title: "Held bulk imports — Admin — Tradebench" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "can_manage_listings");
  return { imports: await listHeldBulkImports(getDb()) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "can_manage_listings");
  const { submission } = await parseForm(request, ImportReviewDecisionSchema);
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0];
    return data({ ok: false as const, message: first ?? "Choose an import and a decision." }, { status: 400 });
  }
  const { importId, decision, note } = submission.value;
  const db = getDb();
  return refusalsAnswered(
    async () => {
      const decided = await decideHeldBulkImport(db, user.id, importId, decision, note);
      if (decided.status === "importing") void kickBulkImportJob(db, getUploadStore(), importId, "import");
      return {
        ok: true as const,
        message:
          decision === "approve"
            ? `Import ${importId} approved: its listings are being published, and the seller was told.`
            : `Import ${importId} rejected; the seller was told why.`,
      };
    },
    { as: (refusal) => ({ ok: false as const, message: refusal.message }) },
  );
}

export default function AdminBulkImportsPage() {
  const { imports } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        Held bulk imports
      </Heading>
      <Text color="fg.muted">
        A new seller&apos;s first large import waits here before anything is published or charged. Approve it, or reject it with the reason the seller will
        read.
      </Text>
      <FormErrors errors={answer && !answer.ok ? [answer.message] : undefined} />
      {answer?.ok ? <FormSuccess>{answer.message}</FormSuccess> : null}
      {imports.length === 0 ? (
        <Text>No import is waiting for review.</Text>
      ) : (
        <Stack as="ul" gap="4" listStyleType="none">
          {imports.map((held) => (
            <Card.Root as="li" key={held.id} variant="outline">
              <Card.Body>
                <Stack gap="3">
                  <HStack gap="3" wrap="wrap">
                    <Heading as="h2" size="md">
                      Import {held.id}: {held.fileName}
                    </Heading>
                    <Badge colorPalette="orange">Waiting for review</Badge>
                  </HStack>
                  <Text>
                    {held.readyCount} of {held.rowCount} rows ready · uploaded {formatShortDate(held.createdAt)} by{" "}
                    <Link asChild textDecoration="underline">
                      <RemixLink to={`/user/${held.sellerId}`}>{held.sellerName}</RemixLink>
                    </Link>{" "}
                    ({held.sellerEmail}), a member since {formatShortDate(held.sellerSince)}
                  </Text>
                  <Form method="post">
                    <input type="hidden" name="importId" value={held.id} />
                    <Stack gap="2">
                      <Box>
                        <label htmlFor={`import-${held.id}-note`}>Reason for the seller (required to reject)</label>
                        <Textarea id={`import-${held.id}-note`} name="note" maxLength={IMPORT_REVIEW_REASON_MAX} rows={2} />
                      </Box>
                      <HStack gap="3">
                        <Button type="submit" name="decision" value="approve" colorPalette="green" disabled={busy}>
                          Approve and publish
                        </Button>
                        <Button type="submit" name="decision" value="reject" variant="outline" colorPalette="red" disabled={busy}>
                          Reject
                        </Button>
                      </HStack>
                    </Stack>
                  </Form>
                </Stack>
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
