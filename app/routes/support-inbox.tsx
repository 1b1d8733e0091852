// /support-inbox: the contact form's messages for the support team (decision 0041): staff holding
// can_answer_support (support, administrators) page through the open messages (oldest first), the open ones assigned to
// them, or the closed ones (newest first); each opens at /support-inbox/{id} to be read whole, assigned, answered by
// e-mail, closed or reopened. Closing also works from the list. The loader and the action check the permission on
// every request.
import { Badge, Box, Button, Card, Container, HStack, Heading, Link, Stack, Text } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormErrors, FormSuccess } from "~/components/forms/index.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { Pagination } from "~/components/listings/Pagination.tsx";
import { getDb } from "~/db.server.ts";
import { CloseSupportRequestSchema } from "~/schemas/contact.ts";
import { parsePage } from "~/schemas/order.ts";
import { parseSupportInboxView, SUPPORT_INBOX_MESSAGES, SUPPORT_INBOX_VIEWS, supportInboxUrl, type SupportInboxView } from "~/lib/support-inbox.ts";
import { closeSupportRequest, listSupportRequests } from "~/services/support/index.server.ts";
import { requirePermission } from "~/web/auth.server.ts";
import { refusalsAnswered } from "~/web/domain-answer.server.ts";
import { parseForm } from "~/web/form-data.server.ts";

export const meta: MetaFunction = () => [{ title: "Support inbox — Tradebench" }];

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

const VIEW_LABELS: Record<SupportInboxView, string> = { open: "Open", mine: "Assigned to me", closed: "Closed" };
const EMPTY: Record<SupportInboxView, string> = {
  open: "No open messages.",
  mine: "No open messages are assigned to you.",
  closed: "No closed messages.",
};
/** How much of a message the list shows; the message's page shows all of it. */
const PREVIEW_CHARS = 280;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "can_answer_support");
  const url = new URL(request.url);
  // ?status=closed is the address the first inbox used for the closed messages.
  const view = parseSupportInboxView(url.searchParams.get("view") ?? url.searchParams.get("status"));
  const inbox = await listSupportRequests(getDb(), { view, page: parsePage(url.searchParams.get("page")), viewerId: user.id });
  return { status: view === "closed" ? "closed" : "open", ...inbox, closed: url.searchParams.get("closed") === "1" };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "can_answer_support");
  const { submission } = await parseForm(request, CloseSupportRequestSchema);
  if (submission.status !== "success") return data({ message: "Please choose a message to close." }, { status: 400 });
  return refusalsAnswered(
    async () => {
      await closeSupportRequest(getDb(), submission.value.id, user.id);
      return redirect("/support-inbox?closed=1");
    },
    { as: "json" },
  );
}

function preview(text: string): string {
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS).trimEnd()}…` : text;
}

export default function SupportInboxPage() {
  const { view, entries, counts, page, totalPages, closed } = useLoaderData<typeof loader>();
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
          <Text color="fg.muted">
            Messages sent through the contact form. Open one to read it whole, assign it, reply to the sender by e-mail and close it.
          </Text>
        </Stack>
        <HStack as="nav" aria-label="Inbox views" gap="4" wrap="wrap">
          {SUPPORT_INBOX_VIEWS.map((one) => (
            <Link key={one} asChild fontWeight={view === one ? "bold" : "normal"} aria-current={view === one ? "page" : undefined} textDecoration="underline">
              <RemixLink to={supportInboxUrl(one)}>
                {VIEW_LABELS[one]} ({counts[one]})
              </RemixLink>
            </Link>
          ))}
        </HStack>
        {closed && !refusal ? <FormSuccess>{SUPPORT_INBOX_MESSAGES.closed}</FormSuccess> : null}
        <FormErrors errors={refusal ? [refusal.message] : undefined} />
        {entries.length === 0 ? (
          <Text>{EMPTY[view]}</Text>
        ) : (
          <Stack as="ul" gap="4" listStyleType="none" aria-label={`${VIEW_LABELS[view]} messages`}>
            {entries.map((entry) => (
              <Box as="li" key={entry.id}>
                <Card.Root as="article" aria-labelledby={`support-${entry.id}`}>
                  <Card.Body gap="2">
                    <HStack justify="space-between" wrap="wrap" gap="2">
                      <Heading as="h2" size="md" id={`support-${entry.id}`}>
                        <Link asChild textDecoration="underline">
                          <RemixLink to={`/support-inbox/${entry.id}`}>{entry.subject}</RemixLink>
                        </Link>
                      </Heading>
                      <HStack gap="2">
                        {entry.replyCount > 0 ? <Badge colorPalette="green">{entry.replyCount === 1 ? "1 reply" : `${entry.replyCount} replies`}</Badge> : null}
                        <Badge colorPalette={entry.status === "open" ? "blue" : "gray"}>{entry.status === "open" ? "Open" : "Closed"}</Badge>
                      </HStack>
                    </HStack>
                    <Text fontSize="sm" color="fg.muted">
                      From {entry.name} &lt;{entry.email}&gt;{entry.company ? `, ${entry.company}` : ""}
                      {entry.phone ? `, ${entry.phone}` : ""} · {dateTime.format(new Date(entry.createdAt))} UTC
                      {entry.closedAt ? ` · closed ${dateTime.format(new Date(entry.closedAt))} UTC` : ""}
                    </Text>
                    <Text fontSize="sm">{entry.assignee ? `Assigned to ${entry.assignee.name}` : "Not assigned"}</Text>
                    {entry.orderId !== null && entry.orderReference ? (
                      <Text fontSize="sm">
                        About order {/* Whoever reads this inbox (can_answer_support) may open any order, read-only. */}
                        <Link asChild color="blue.fg" fontWeight="bold">
                          <RemixLink to={`/orders/${entry.orderId}`}>{entry.orderReference}</RemixLink>
                        </Link>
                      </Text>
                    ) : null}
                    <Text whiteSpace="pre-wrap">{preview(entry.message)}</Text>
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
        <Pagination page={page} totalPages={totalPages} hrefFor={(target) => supportInboxUrl(view, target)} />
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
