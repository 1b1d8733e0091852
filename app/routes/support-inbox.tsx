// /support-inbox: the contact form's messages for the support team (issue 18 §2): staff holding can_answer_support
// (support, administrators) read the open messages, oldest first, and close them; closed ones stay readable.
// The loader and the action check the permission on every request.
import { Badge, Box, Button, Card, Container, HStack, Heading, Link, Stack, Text } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormErrors, FormSuccess } from "~/components/forms/index.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { CloseSupportRequestSchema } from "~/schemas/contact.ts";
import { isDomainError } from "~/services/domain-error.ts";
import { SUPPORT_INBOX_MESSAGES } from "~/lib/support-inbox.ts";
import { closeSupportRequest, listSupportRequests, type SupportRequestStatus } from "~/services/platform/index.server.ts";
import { requirePermission } from "~/web/auth.server.ts";
import { refusalBody, refusalInit } from "~/web/domain-answer.server.ts";
import { parseForm } from "~/web/form-data.server.ts";

export const meta: MetaFunction = () => [{ title: "Support inbox — Tradebench" }];

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "can_answer_support");
  const url = new URL(request.url);
  const status: SupportRequestStatus = url.searchParams.get("status") === "closed" ? "closed" : "open";
  const inbox = await listSupportRequests(getDb(), status);
  return { status, ...inbox, closed: url.searchParams.get("closed") === "1" };
}

export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, "can_answer_support");
  const { submission } = await parseForm(request, CloseSupportRequestSchema);
  if (submission.status !== "success") return data({ message: "Please choose a message to close." }, { status: 400 });
  try {
    await closeSupportRequest(getDb(), submission.value.id);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data(refusalBody(error), refusalInit(error));
  }
  return redirect("/support-inbox?closed=1");
}

export default function SupportInboxPage() {
  const { status, entries, openCount, closed } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Container maxW="5xl" py={{ base: "6", md: "10" }}>
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            Support inbox
          </Heading>
          <Text color="fg.muted">Messages sent through the contact form. Reply by e-mail to the sender&apos;s address, then close the message.</Text>
        </Stack>
        <HStack as="nav" aria-label="Inbox views" gap="4">
          <Link asChild fontWeight={status === "open" ? "bold" : "normal"} aria-current={status === "open" ? "page" : undefined} textDecoration="underline">
            <RemixLink to="/support-inbox">Open ({openCount})</RemixLink>
          </Link>
          <Link asChild fontWeight={status === "closed" ? "bold" : "normal"} aria-current={status === "closed" ? "page" : undefined} textDecoration="underline">
            <RemixLink to="/support-inbox?status=closed">Closed</RemixLink>
          </Link>
        </HStack>
        {closed && !refusal ? <FormSuccess>{SUPPORT_INBOX_MESSAGES.closed}</FormSuccess> : null}
        <FormErrors errors={refusal ? [refusal.message] : undefined} />
        {entries.length === 0 ? (
          <Text>{status === "open" ? "No open messages." : "No closed messages."}</Text>
        ) : (
          <Stack as="ul" gap="4" listStyleType="none" aria-label={status === "open" ? "Open messages" : "Closed messages"}>
            {entries.map((entry) => (
              <Box as="li" key={entry.id}>
                <Card.Root as="article" aria-labelledby={`support-${entry.id}`}>
                  <Card.Body gap="2">
                    <HStack justify="space-between" wrap="wrap" gap="2">
                      <Heading as="h2" size="md" id={`support-${entry.id}`}>
                        {entry.subject}
                      </Heading>
                      <Badge colorPalette={entry.status === "open" ? "blue" : "gray"}>{entry.status === "open" ? "Open" : "Closed"}</Badge>
                    </HStack>
                    <Text fontSize="sm" color="fg.muted">
                      From {entry.name} &lt;
                      <Link href={`mailto:${entry.email}?subject=${encodeURIComponent(`Re: ${entry.subject}`)}`} textDecoration="underline">
                        {entry.email}
                      </Link>
                      &gt;{entry.company ? `, ${entry.company}` : ""}
                      {entry.phone ? `, ${entry.phone}` : ""} · {dateTime.format(new Date(entry.createdAt))} UTC
                      {entry.closedAt ? ` · closed ${dateTime.format(new Date(entry.closedAt))} UTC` : ""}
                    </Text>
                    {entry.orderId !== null && entry.orderReference ? (
                      <Text fontSize="sm">
                        About order <strong>{entry.orderReference}</strong>
                      </Text>
                    ) : null}
                    <Text whiteSpace="pre-wrap">{entry.message}</Text>
                    {entry.status === "open" ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="close" />
                        <input type="hidden" name="id" value={entry.id} />
                        <Button type="submit" size="sm" variant="outline" disabled={busy} aria-label={`Close “${entry.subject}” from ${entry.name}`}>
                          Close
                        </Button>
                      </Form>
                    ) : null}
                  </Card.Body>
                </Card.Root>
              </Box>
            ))}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
