// /admin/verifications: the seller verification applications waiting for a decision, oldest first, with
// the company's details, the documents and any earlier rejection. Staff holding can_manage_users approve (the seller
// becomes verified: the only way) or reject with the reason the seller reads; never their own application. Each
// decision is audited and told to the seller by notification and e-mail (docs/decisions/0076).
import { Badge, Box, Button, Heading, HStack, Input, Link, Stack, Text } from "@chakra-ui/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData } from "@remix-run/react";
import { ReviewQueue } from "~/components/admin/ReviewQueue.tsx";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { formatShortDate } from "~/lib/dates.ts";
import { VERIFICATION_APPLICATION_MESSAGES as M, VERIFICATION_QUEUE_PAGE_SIZE, VERIFICATION_REASON_MAX } from "~/lib/seller-verification.ts";
import { parsePage } from "~/schemas/order.ts";
import { VerificationDecisionSchema } from "~/schemas/seller-verification.ts";
import { decideVerificationApplication, listPendingVerificationApplications } from "~/services/admin/index.server.ts";
import { requirePermission } from "~/web/auth.server.ts";
import { queueDecisionAction, queueDoneNotice } from "~/web/queue-decision.server.ts";

export const meta: MetaFunction = () => [{ title: "Seller verifications — Tradebench" }];

const DONE = { approve: M.approved, reject: M.rejected } as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, ["can_manage_users", "can_manage_admins"]);
  const search = new URL(request.url).searchParams;
  const page = parsePage(search.get("page"));
  const { applications, total } = await listPendingVerificationApplications(getDb(), page);
  return { applications, total, page, viewerId: user.id, done: queueDoneNotice(search, DONE) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, ["can_manage_users", "can_manage_admins"]);
  return queueDecisionAction(request, {
    schema: VerificationDecisionSchema,
    invalidMessage: "Check the form and try again",
    decide: async (command) => {
      await decideVerificationApplication(getDb(), {
        actor: { id: user.id, role: user.role },
        applicationId: command.applicationId,
        decision: command.intent,
        ...(command.intent === "reject" ? { reason: command.reason } : {}),
      });
      return `/admin/verifications?done=${command.intent}`;
    },
  });
}

export default function VerificationQueuePage() {
  const { applications, total, page, done, viewerId } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <ReviewQueue
      title="Seller verifications"
      done={done}
      formError={answer?.formError}
      countText={total === 1 ? "1 application waiting" : `${total} applications waiting`}
      emptyText="No verification applications are waiting."
      items={applications}
      itemKey={(application) => application.id}
      renderItem={(application) => (
        <>
          <HStack gap="2" flexWrap="wrap">
            <Text fontWeight="semibold">{application.companyName}</Text>
            <Text fontSize="sm" color="fg.muted">
              by{" "}
              <Link asChild color="blue.fg">
                <RemixLink to={`/admin/users/${application.sellerId}`}>{application.sellerName}</RemixLink>
              </Link>{" "}
              ({application.sellerEmail}) · sent {formatShortDate(application.submittedAt)}
            </Text>
            {application.earlierRejections.length > 0 ? (
              <Badge colorPalette="orange">Applied before: {application.earlierRejections.length} rejected</Badge>
            ) : null}
          </HStack>
          <Stack gap="1" mt="2" fontSize="sm">
            <Text>Registration number: {application.registrationNumber}</Text>
            <Text>Country: {application.country}</Text>
            <Text whiteSpace="pre-line">Registered address: {application.address}</Text>
          </Stack>
          <Heading as="h2" size="sm" mt="3" mb="1">
            Documents
          </Heading>
          <Stack as="ul" gap="1" ps="4" fontSize="sm">
            {application.documents.map((doc) => (
              <li key={doc.id}>
                <Link asChild color="blue.fg">
                  <a href={`/verification-documents/${doc.id}`}>{doc.fileName}</a>
                </Link>{" "}
                ({doc.contentType === "application/pdf" ? "PDF" : "image"}, {Math.ceil(doc.sizeBytes / 1024)} KB)
              </li>
            ))}
          </Stack>
          {application.earlierRejections.length > 0 ? (
            <Stack as="ul" gap="1" ps="4" mt="2" fontSize="sm" color="fg.muted">
              {application.earlierRejections.map((one, index) => (
                <li key={index}>
                  Rejected{one.decidedAt ? ` ${formatShortDate(one.decidedAt)}` : ""}: {one.reason}
                </li>
              ))}
            </Stack>
          ) : null}
          {application.sellerId === viewerId ? (
            <Text mt="3" fontSize="sm">
              This is your own application; another staff member must decide.
            </Text>
          ) : (
            <HStack gap="4" mt="3" flexWrap="wrap" align="end">
              <Form method="post">
                <input type="hidden" name="intent" value="approve" />
                <input type="hidden" name="applicationId" value={application.id} />
                <Button type="submit" size="sm" colorPalette="green">
                  Approve: verified seller
                </Button>
              </Form>
              <Form method="post">
                <input type="hidden" name="intent" value="reject" />
                <input type="hidden" name="applicationId" value={application.id} />
                <HStack gap="2" align="end">
                  <Box>
                    <label htmlFor={`reason-${application.id}`}>
                      <Text fontSize="sm">Reason for rejecting (the seller reads it)</Text>
                    </label>
                    <Input id={`reason-${application.id}`} name="reason" size="sm" maxLength={VERIFICATION_REASON_MAX} required />
                  </Box>
                  <Button type="submit" size="sm" colorPalette="red" variant="outline">
                    Reject
                  </Button>
                </HStack>
              </Form>
            </HStack>
          )}
        </>
      )}
      page={page}
      totalPages={Math.ceil(total / VERIFICATION_QUEUE_PAGE_SIZE)}
      path="/admin/verifications"
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
