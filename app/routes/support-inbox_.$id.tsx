// /support-inbox/{id}: one contact-form message for the support team (decision 0041): the whole message,
// the order it is about (linked when the viewer may open orders), the sender's account when the address belongs to one,
// who answers it, a reply by e-mail (kept in the history and queued in the outbox to the sender), close and reopen,
// and its history. Staff holding can_answer_support only: the loader and the action check it on every request. Every
// form is a plain POST that works without JavaScript; each action redirects back here with what was done.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Badge, Box, Button, Card, Container, DataList, HStack, Heading, Link, Stack, Text } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { FormErrors, FormSuccess, SelectField, TextareaField } from "~/components/forms/index.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { formatPrice } from "~/lib/money.ts";
import { isRole, ROLE_LABELS } from "~/lib/roles.ts";
import { SUPPORT_INBOX_MESSAGES } from "~/lib/support-inbox.ts";
import { SUPPORT_REPLY_LIMIT, SupportReplySchema, SupportRequestActionSchema } from "~/schemas/contact.ts";
import { DomainError } from "~/services/domain-error.ts";
import {
  assignSupportRequest,
  closeSupportRequest,
  getSupportRequest,
  listSupportStaff,
  reopenSupportRequest,
  replyToSupportRequest,
  type SupportHistoryEntry,
} from "~/services/support/index.server.ts";
import { requirePermission } from "~/web/auth.server.ts";
import { formReply, refusalsAnswered, throwRefusal } from "~/web/domain-answer.server.ts";
import { parseForm } from "~/web/form-data.server.ts";
import { parseRouteId } from "~/web/route-params.server.ts";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `${loaded.message.subject} — Support inbox — Tradebench` : "Support inbox — Tradebench" },
];

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const when = (iso: string) => `${dateTime.format(new Date(iso))} UTC`;

const DONE = {
  assigned: SUPPORT_INBOX_MESSAGES.assigned,
  unassigned: SUPPORT_INBOX_MESSAGES.unassigned,
  replied: SUPPORT_INBOX_MESSAGES.replied,
  "replied-closed": SUPPORT_INBOX_MESSAGES.repliedAndClosed,
  closed: SUPPORT_INBOX_MESSAGES.closed,
  reopened: SUPPORT_INBOX_MESSAGES.reopened,
} as const;
type Done = keyof typeof DONE;

function isDone(value: string | null): value is Done {
  return value !== null && Object.hasOwn(DONE, value);
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "can_answer_support");
  const id = parseRouteId(params.id, SUPPORT_INBOX_MESSAGES.notFound);
  const db = getDb();
  const message = await getSupportRequest(db, id, { id: user.id, role: user.role });
  if (!message) throwRefusal(new DomainError("not_found", SUPPORT_INBOX_MESSAGES.notFound));
  const done = new URL(request.url).searchParams.get("done");
  return { message, staff: await listSupportStaff(db), viewerId: user.id, done: isDone(done) ? DONE[done] : null };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "can_answer_support");
  const id = parseRouteId(params.id, SUPPORT_INBOX_MESSAGES.notFound);
  const { submission } = await parseForm(request, SupportRequestActionSchema);
  if (submission.status !== "success") {
    const intent = submission.payload.intent === "reply" ? "reply" : "other";
    return data({ intent, result: submission.reply(), message: "Please check the form and try again." }, { status: 400 });
  }
  const db = getDb();
  const command = submission.value;
  return refusalsAnswered(
    async () => {
      let done: Done;
      if (command.intent === "assign" || command.intent === "assign-me") {
        const assigneeId = command.intent === "assign-me" ? user.id : command.assignee || null;
        await assignSupportRequest(db, { id, assigneeId, expectedAssigneeId: command.expected || null, actorId: user.id });
        done = assigneeId === null ? "unassigned" : "assigned";
      } else if (command.intent === "reply") {
        const { closed } = await replyToSupportRequest(db, { id, actorId: user.id, body: command.body, close: command.then === "close" });
        done = closed ? "replied-closed" : "replied";
      } else if (command.intent === "close") {
        await closeSupportRequest(db, id, user.id);
        done = "closed";
      } else {
        await reopenSupportRequest(db, id, user.id);
        done = "reopened";
      }
      return redirect(`/support-inbox/${id}?done=${done}`);
    },
    {
      as: (refusal) => ({
        intent: command.intent === "reply" ? ("reply" as const) : ("other" as const),
        result: formReply(submission, refusal),
        message: refusal.message,
        ...(refusal.field === undefined ? {} : { field: refusal.field }),
      }),
      page: ["not_found"],
    },
  );
}

function historyLine(entry: SupportHistoryEntry, sender: string): string {
  const by = entry.actor ? ` by ${entry.actor}` : "";
  switch (entry.kind) {
    case "received":
      return `Received from ${sender}`;
    case "assigned":
      return entry.assignee ? `Assigned to ${entry.assignee}${by}` : `Unassigned${by}`;
    case "replied":
      return `Reply sent${by}`;
    case "closed":
      return `Closed${by}`;
    case "reopened":
      return `Reopened${by}`;
  }
}

/** Who answers the message: the choice starts at whoever does now (`expected`, so a change made meanwhile is refused). */
function AssignForm({ current, options, busy }: { current: string; options: ReadonlyArray<{ value: string; label: string }>; busy: boolean }) {
  const [assignee, setAssignee] = useState(current);
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="assign" />
      <input type="hidden" name="expected" value={current} />
      <HStack align="end" gap="3" wrap="wrap">
        <Box minW="16rem">
          <SelectField id="support-assignee" name="assignee" label="Assign to" options={options} value={assignee} onChange={setAssignee} />
        </Box>
        <Button type="submit" variant="outline" disabled={busy}>
          Assign
        </Button>
      </HStack>
    </Form>
  );
}

export default function SupportRequestPage() {
  const { message, staff, viewerId, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [replyForm, replyFields] = useForm({
    id: "support-reply",
    lastResult: answer?.intent === "reply" ? answer.result : undefined,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SupportReplySchema }),
  });
  const otherRefusal = answer && answer.intent !== "reply" ? answer.message : null;
  const staffOptions = [
    { value: "", label: "Nobody" },
    ...staff.map((member) => ({ value: member.id, label: member.id === viewerId ? `${member.name} (me)` : member.name })),
  ];
  if (message.assignee && !staff.some((member) => member.id === message.assignee?.id)) {
    staffOptions.push({ value: message.assignee.id, label: `${message.assignee.name} (no longer on the support team)` });
  }
  const { order, account } = message;
  const open = message.status === "open";
  return (
    <Container maxW="4xl" py={{ base: "6", md: "10" }}>
      <Stack gap="6">
        <Link asChild alignSelf="start" textDecoration="underline">
          <RemixLink to="/support-inbox">Back to the support inbox</RemixLink>
        </Link>
        <Stack gap="2">
          <HStack gap="3" wrap="wrap">
            <Heading as="h1" size="2xl">
              {message.subject}
            </Heading>
            <Badge colorPalette={open ? "blue" : "gray"}>{open ? "Open" : "Closed"}</Badge>
          </HStack>
          <Text color="fg.muted">
            Message #{message.id} · received {when(message.createdAt)}
            {message.closedAt ? ` · closed ${when(message.closedAt)}` : ""}
          </Text>
        </Stack>
        {done && !answer ? <FormSuccess>{done}</FormSuccess> : null}
        <FormErrors errors={otherRefusal ? [otherRefusal] : undefined} />

        <Card.Root as="section" aria-labelledby="support-message">
          <Card.Body gap="3">
            <Heading as="h2" size="md" id="support-message">
              Message
            </Heading>
            <Text fontSize="sm">
              From {message.name} &lt;
              <Link href={`mailto:${message.email}`} textDecoration="underline">
                {message.email}
              </Link>
              &gt;{message.company ? `, ${message.company}` : ""}
              {message.phone ? `, ${message.phone}` : ""}
            </Text>
            <Text whiteSpace="pre-wrap">{message.message}</Text>
          </Card.Body>
        </Card.Root>

        {order ? (
          <Card.Root as="section" aria-labelledby="support-order">
            <Card.Body gap="3">
              <Heading as="h2" size="md" id="support-order">
                Order {order.reference}
              </Heading>
              <DataList.Root orientation="horizontal" size="sm">
                <DataList.Item>
                  <DataList.ItemLabel>Status</DataList.ItemLabel>
                  <DataList.ItemValue>{order.status}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>Amount</DataList.ItemLabel>
                  <DataList.ItemValue>{formatPrice(order.amountCents, order.currency)}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>Equipment</DataList.ItemLabel>
                  <DataList.ItemValue>
                    <Link asChild textDecoration="underline">
                      <RemixLink to={`/listings/${order.listingId}`}>{order.listingTitle ?? `Listing ${order.listingId}`}</RemixLink>
                    </Link>
                  </DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>Buyer</DataList.ItemLabel>
                  <DataList.ItemValue>{order.buyer}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>Seller</DataList.ItemLabel>
                  <DataList.ItemValue>{order.seller}</DataList.ItemValue>
                </DataList.Item>
              </DataList.Root>
              {order.viewerMayOpen ? (
                <Link asChild alignSelf="start" textDecoration="underline">
                  <RemixLink to={`/orders/${order.id}`}>Open order {order.reference}</RemixLink>
                </Link>
              ) : (
                <Text fontSize="sm" color="fg.muted">
                  Only the buyer, the seller, the escrow desk and support open the order itself.
                </Text>
              )}
            </Card.Body>
          </Card.Root>
        ) : null}

        <Card.Root as="section" aria-labelledby="support-account">
          <Card.Body gap="3">
            <Heading as="h2" size="md" id="support-account">
              Sender&apos;s account
            </Heading>
            {account ? (
              <>
                <DataList.Root orientation="horizontal" size="sm">
                  <DataList.Item>
                    <DataList.ItemLabel>Name</DataList.ItemLabel>
                    <DataList.ItemValue>{account.name}</DataList.ItemValue>
                  </DataList.Item>
                  <DataList.Item>
                    <DataList.ItemLabel>E-mail</DataList.ItemLabel>
                    <DataList.ItemValue>
                      {account.email} {account.emailConfirmed ? "(confirmed)" : "(not confirmed)"}
                    </DataList.ItemValue>
                  </DataList.Item>
                  {account.company ? (
                    <DataList.Item>
                      <DataList.ItemLabel>Company</DataList.ItemLabel>
                      <DataList.ItemValue>{account.company}</DataList.ItemValue>
                    </DataList.Item>
                  ) : null}
                  <DataList.Item>
                    <DataList.ItemLabel>Role</DataList.ItemLabel>
                    <DataList.ItemValue>{isRole(account.role) ? ROLE_LABELS[account.role] : account.role}</DataList.ItemValue>
                  </DataList.Item>
                  <DataList.Item>
                    <DataList.ItemLabel>Member since</DataList.ItemLabel>
                    <DataList.ItemValue>{when(account.joinedAt)}</DataList.ItemValue>
                  </DataList.Item>
                </DataList.Root>
                <Text fontSize="sm" color="fg.muted">
                  {account.sentSignedIn ? "Sent while signed in to this account." : "Sent without signing in, from the address of this account."}
                </Text>
              </>
            ) : (
              <Text fontSize="sm">No account uses {message.email}: the sender wrote as a visitor.</Text>
            )}
          </Card.Body>
        </Card.Root>

        <Card.Root as="section" aria-labelledby="support-assignment">
          <Card.Body gap="3">
            <Heading as="h2" size="md" id="support-assignment">
              Assignment
            </Heading>
            <Text>
              {message.assignee ? `Assigned to ${message.assignee.id === viewerId ? "you" : message.assignee.name}.` : "Nobody is assigned to this message."}
            </Text>
            <AssignForm key={message.assignee?.id ?? ""} current={message.assignee?.id ?? ""} options={staffOptions} busy={busy} />
            {message.assignee?.id !== viewerId ? (
              <Form method="post">
                <input type="hidden" name="intent" value="assign-me" />
                <input type="hidden" name="expected" value={message.assignee?.id ?? ""} />
                <Button type="submit" size="sm" variant="outline" disabled={busy}>
                  Assign to me
                </Button>
              </Form>
            ) : null}
          </Card.Body>
        </Card.Root>

        <Card.Root as="section" aria-labelledby="support-reply-heading">
          <Card.Body gap="3">
            <Heading as="h2" size="md" id="support-reply-heading">
              Reply by e-mail
            </Heading>
            {/* A new key after each reply: the sent text leaves the box. */}
            <Form method="post" {...getFormProps(replyForm)} key={message.replyCount}>
              <Stack gap="3">
                <FormErrors errors={replyForm.errors} />
                <input type="hidden" name="intent" value="reply" />
                <TextareaField
                  meta={replyFields.body}
                  label="Reply"
                  rows={7}
                  maxLength={SUPPORT_REPLY_LIMIT}
                  required
                  helper={`Sent to ${message.email} with the message quoted, and kept in the history below.`}
                />
                <HStack gap="3" wrap="wrap">
                  <Button type="submit" name="then" value="keep" colorPalette="blue" disabled={busy}>
                    Send reply
                  </Button>
                  {open ? (
                    <Button type="submit" name="then" value="close" variant="outline" disabled={busy}>
                      Send reply and close
                    </Button>
                  ) : null}
                </HStack>
              </Stack>
            </Form>
          </Card.Body>
        </Card.Root>

        <Form method="post">
          <input type="hidden" name="intent" value={open ? "close" : "reopen"} />
          <Button type="submit" variant="outline" disabled={busy}>
            {open ? "Close the message" : "Reopen the message"}
          </Button>
        </Form>

        <Stack as="section" aria-labelledby="support-history" gap="3">
          <Heading as="h2" size="md" id="support-history">
            History
          </Heading>
          <Stack as="ol" gap="3" listStyleType="none">
            {message.history.map((entry) => (
              <Box as="li" key={`${entry.kind}-${entry.id}`} borderStartWidth="2px" borderColor="border.emphasized" ps="3">
                <Text fontSize="sm" fontWeight="medium">
                  {historyLine(entry, message.name)} · {when(entry.at)}
                </Text>
                {entry.body ? (
                  <Text whiteSpace="pre-wrap" mt="1">
                    {entry.body}
                  </Text>
                ) : null}
              </Box>
            ))}
          </Stack>
        </Stack>
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
