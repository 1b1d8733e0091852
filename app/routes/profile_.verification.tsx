// /profile/verification: a seller applies to be verified — the company's registered name, registration
// number, country and address, and one to five documents (registration certificate, proof of address: PDF or images,
// each at most 10 MB) kept in the upload store. While it waits the page says so; a rejection shows the staff's reason
// and the form again; an approval shows the badge. Staff decide at /admin/verifications (docs/decisions/0076).
import { Badge, Box, Button, Container, Heading, Input, Link, Stack, Text, Textarea } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData } from "@remix-run/react";
import { FormErrors, FormSuccess } from "~/components/forms/index.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { formatShortDate } from "~/lib/dates.ts";
import {
  VERIFICATION_APPLICATION_MESSAGES as M,
  VERIFICATION_DOCUMENT_ACCEPT,
  VERIFICATION_DOCUMENT_FIELD,
  VERIFICATION_MAX_DOCUMENT_BYTES,
  VERIFICATION_MAX_DOCUMENTS,
  VERIFICATION_STATUS_LABELS,
} from "~/lib/seller-verification.ts";
import { VerificationApplicationSchema } from "~/schemas/seller-verification.ts";
import { submitVerificationApplication, verificationStanding } from "~/services/admin/index.server.ts";
import { getUploadStore } from "~/services/storage/index.server.ts";
import { requireConfirmedUser, requireUser } from "~/web/auth.server.ts";
import { refusalsAnswered } from "~/web/domain-answer.server.ts";
import { parseForm } from "~/web/form-data.server.ts";

export const meta: MetaFunction = () => [{ title: "Seller verification — Tradebench" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const standing = await verificationStanding(getDb(), user.id);
  const sent = new URL(request.url).searchParams.get("sent") === "1";
  return { standing, sent: sent ? M.submitted : null };
}

type Answer = { formError?: string; fieldErrors?: Record<string, string> };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireConfirmedUser(request);
  const { submission, files } = await parseForm(request, VerificationApplicationSchema, {
    files: {
      field: VERIFICATION_DOCUMENT_FIELD,
      maxFileBytes: VERIFICATION_MAX_DOCUMENT_BYTES,
      maxFiles: VERIFICATION_MAX_DOCUMENTS,
      maxFields: 20,
      maxFieldBytes: 4096,
      maxTotalBytes: VERIFICATION_MAX_DOCUMENTS * VERIFICATION_MAX_DOCUMENT_BYTES + 1024 * 1024,
    },
  });
  if (submission.status !== "success") {
    const fieldErrors: Record<string, string> = {};
    for (const [name, messages] of Object.entries(submission.error ?? {})) {
      const first = messages?.[0];
      if (first) fieldErrors[name] = first;
    }
    return data<Answer>({ fieldErrors }, { status: 400 });
  }
  const sent = files.filter((file) => file.size > 0 || file.name !== "");
  if (sent.some((file) => file.status === "too_big")) return data<Answer>({ fieldErrors: { documents: M.documentTooBig } }, { status: 400 });
  if (sent.some((file) => file.status === "over_limit")) return data<Answer>({ fieldErrors: { documents: M.tooManyDocuments } }, { status: 400 });
  const documents = sent
    .filter((file) => file.status === "kept" && file.bytes && file.size > 0)
    .map((file) => ({ name: file.name, bytes: file.bytes as Uint8Array }));
  return refusalsAnswered(
    async () => {
      await submitVerificationApplication(getDb(), getUploadStore(), { sellerId: user.id, details: submission.value, documents });
      throw redirect("/profile/verification?sent=1");
    },
    { as: (refusal): Answer => (refusal.field ? { fieldErrors: { [refusal.field]: refusal.message } } : { formError: refusal.message }) },
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <Text id={id} color="fg.error" fontSize="sm">
      {message}
    </Text>
  ) : null;
}

export default function SellerVerificationPage() {
  const { standing, sent } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const errors = answer?.fieldErrors ?? {};
  const latest = standing.latest;
  const field = (name: string, label: string, multiline = false, defaultValue = "") => (
    <Stack gap="1">
      <label htmlFor={`verification-${name}`}>
        <Text fontWeight="medium">{label}</Text>
      </label>
      {multiline ? (
        <Textarea
          id={`verification-${name}`}
          name={name}
          rows={3}
          maxLength={500}
          defaultValue={defaultValue}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={errors[name] ? `${name}-error` : undefined}
        />
      ) : (
        <Input
          id={`verification-${name}`}
          name={name}
          maxLength={200}
          defaultValue={defaultValue}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={errors[name] ? `${name}-error` : undefined}
        />
      )}
      <FieldError id={`${name}-error`} message={errors[name]} />
    </Stack>
  );
  return (
    <Container maxW="3xl" py={{ base: "6", md: "10" }}>
      <Stack gap="6">
        <Text fontSize="sm">
          <Link asChild color="blue.fg">
            <RemixLink to="/profile">← Your profile</RemixLink>
          </Link>
        </Text>
        <Heading as="h1" size="2xl">
          Seller verification
        </Heading>
        <Text>
          Verified sellers show a Verified Seller badge on their profile and listings. To be verified, send the company's registration details with documents
          that prove them — the registration certificate and a proof of the registered address (a utility bill or bank statement under three months old). Staff
          check each application; you hear the decision by notification and e-mail.
        </Text>
        {sent ? <FormSuccess>{sent}</FormSuccess> : null}
        {answer?.formError ? <FormErrors errors={[answer.formError]} /> : null}
        {standing.isVerified ? (
          <Box borderWidth="1px" rounded="md" p="4">
            <Badge colorPalette="green">Verified Seller</Badge>
            <Text mt="2">Your account is verified{standing.verifiedSince ? ` since ${formatShortDate(standing.verifiedSince)}` : ""}.</Text>
          </Box>
        ) : null}
        {!standing.isSeller ? <Text color="fg.muted">{M.onlySellers}</Text> : null}
        {latest && !standing.isVerified ? (
          <Box as="section" aria-labelledby="latest-heading" borderWidth="1px" rounded="md" p="4">
            <Heading as="h2" size="md" id="latest-heading">
              Your application of {formatShortDate(latest.submittedAt)}:{" "}
              <Badge colorPalette={latest.status === "rejected" ? "red" : latest.status === "approved" ? "green" : "yellow"}>
                {VERIFICATION_STATUS_LABELS[latest.status]}
              </Badge>
            </Heading>
            <Text mt="2">
              {latest.companyName} · {latest.registrationNumber} · {latest.country}
            </Text>
            {latest.status === "pending" ? <Text mt="2">{M.alreadyPending}</Text> : null}
            {latest.status === "rejected" ? (
              <Text mt="2">
                Reason given{latest.decidedAt ? ` on ${formatShortDate(latest.decidedAt)}` : ""}: {latest.rejectionReason}. Correct what it names and apply
                again below.
              </Text>
            ) : null}
            {latest.documents.length > 0 ? (
              <Stack as="ul" mt="2" ps="4" fontSize="sm">
                {latest.documents.map((doc) => (
                  <li key={doc.id}>
                    <Link asChild color="blue.fg">
                      <a href={`/verification-documents/${doc.id}`}>{doc.fileName}</a>
                    </Link>{" "}
                    ({Math.ceil(doc.sizeBytes / 1024)} KB)
                  </li>
                ))}
              </Stack>
            ) : null}
          </Box>
        ) : null}
        {standing.mayApply ? (
          <Form method="post" encType="multipart/form-data" aria-labelledby="apply-heading">
            <Stack gap="4">
              <Heading as="h2" size="lg" id="apply-heading">
                {latest?.status === "rejected" ? "Apply again" : "Apply for verification"}
              </Heading>
              {field("companyName", "Registered company name", false, latest?.companyName ?? "")}
              {field("registrationNumber", "Company registration number", false, latest?.registrationNumber ?? "")}
              {field("country", "Country of registration", false, latest?.country ?? "")}
              {field("address", "Registered address", true, latest?.status === "rejected" ? latest.address : "")}
              <Stack gap="1">
                <label htmlFor="verification-documents">
                  <Text fontWeight="medium">Documents</Text>
                </label>
                <input
                  id="verification-documents"
                  type="file"
                  name={VERIFICATION_DOCUMENT_FIELD}
                  accept={VERIFICATION_DOCUMENT_ACCEPT}
                  multiple
                  aria-describedby="documents-help documents-error"
                />
                <Text id="documents-help" fontSize="sm" color="fg.muted">
                  1 to {VERIFICATION_MAX_DOCUMENTS} files: PDF, JPEG, PNG or WebP, each at most {VERIFICATION_MAX_DOCUMENT_BYTES / 1024 / 1024} MB. Only you and
                  the staff who review applications can open them.
                </Text>
                <FieldError id="documents-error" message={errors.documents} />
              </Stack>
              <Box>
                <Button type="submit" colorPalette="blue">
                  Send application
                </Button>
              </Box>
            </Stack>
          </Form>
        ) : null}
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
