// /admin/orders: the order desk. Every order, newest first, searchable by reference, buyer, seller and
// listing and filtered by status, 25 a page; ?order=<id> opens one with its timeline, payment state, hold and the
// staff's internal notes. Admins and billing (can_confirm_payments) hold, lift, note and cancel with a reason; referees
// and support read. Every act is audited; staff who are a party to an order may not act on it. Forms work without JS.
import { Badge, Box, Button, Card, Heading, HStack, Input, Link, NativeSelect, Stack, Table, Text, Textarea } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData } from "@remix-run/react";
import { FormErrors, FormSuccess } from "~/components/forms/index.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { OrderStatusBadge } from "~/components/orders/OrderStatusBadge.tsx";
import { OrderTimeline } from "~/components/orders/OrderTimeline.tsx";
import { getDb } from "~/db.server.ts";
import { formatExactPrice } from "~/lib/money.ts";
import { formatOrderTime, ORDER_STATUS_LABELS, ORDER_STATUSES } from "~/lib/orders.ts";
import { OrderDeskActionSchema, OrderDeskQuerySchema } from "~/schemas/order-desk.ts";
import { actOnDeskOrder, getOrderDetail, listDeskOrders, staffNotesOf, transitionOrder } from "~/services/orders/index.server.ts";
import { requirePermission, requireSecondFactorWhereRequired, userHasPermission } from "~/web/auth.server.ts";
import { refusalsAnswered } from "~/web/domain-answer.server.ts";
import { parseForm } from "~/web/form-data.server.ts";

export const meta: MetaFunction = () => [{ title: "Orders — Admin — Tradebench" }];

const READERS = ["can_confirm_payments", "can_resolve_disputes", "can_answer_support"] as const;

const DONE: Record<string, string> = {
  hold: "The order is on hold.",
  lift_hold: "The hold is lifted.",
  note: "Note added.",
  cancel: "The order has been cancelled.",
};

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, READERS);
  const url = new URL(request.url);
  const query = OrderDeskQuerySchema.parse(Object.fromEntries(url.searchParams));
  const db = getDb();
  const list = await listDeskOrders(db, { q: query.q, status: query.status, page: query.page });
  const detail = query.order ? await getOrderDetail(db, query.order) : null;
  const done = url.searchParams.get("done");
  return {
    query: { q: query.q ?? "", status: query.status ?? "", page: list.page },
    list,
    selected: detail,
    notes: detail ? await staffNotesOf(db, detail.id) : [],
    mayAct: await userHasPermission(user, "can_confirm_payments"),
    done: done && done in DONE ? DONE[done] : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "can_confirm_payments");
  await requireSecondFactorWhereRequired(request, user);
  const { submission } = await parseForm(request, OrderDeskActionSchema);
  if (submission.status !== "success") {
    const error = submission.error ?? {};
    const message = error.text?.[0] ?? error.orderId?.[0] ?? error.intent?.[0] ?? "Please choose what to do with this order.";
    return data({ formError: message }, { status: 400 });
  }
  const input = submission.value;
  return refusalsAnswered(
    async () => {
      if (input.intent === "cancel") {
        await transitionOrder(getDb(), { orderId: input.orderId, actor: { id: user.id, role: user.role }, action: "cancel", note: input.text });
      } else {
        await actOnDeskOrder(getDb(), {
          orderId: input.orderId,
          actorId: user.id,
          act: input.intent === "note" ? { kind: "note", body: input.text } : { kind: input.intent, reason: input.text },
        });
      }
      throw redirect(`/admin/orders?order=${input.orderId}&done=${input.intent}`);
    },
    { as: (refusal) => ({ formError: refusal.message }), page: ["not_found"] },
  );
}

function pageLink(query: { q: string; status: string }, page: number): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.status) params.set("status", query.status);
  params.set("page", String(page));
  return `/admin/orders?${params.toString()}`;
}

export default function OrderDeskPage() {
  const { query, list, selected, notes, mayAct, done } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">
        Orders
      </Heading>
      {done ? <FormSuccess>{done}</FormSuccess> : null}
      {result?.formError ? <FormErrors errors={[result.formError]} /> : null}
      <Form method="get" role="search" aria-label="Search orders">
        <HStack gap="3" wrap="wrap" align="end">
          <Box>
            <label htmlFor="desk-q">Reference, buyer, seller or listing</label>
            <Input id="desk-q" name="q" defaultValue={query.q} maxLength={100} />
          </Box>
          <Box>
            <label htmlFor="desk-status">Status</label>
            <NativeSelect.Root>
              <NativeSelect.Field id="desk-status" name="status" defaultValue={query.status}>
                <option value="">Any status</option>
                {ORDER_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {ORDER_STATUS_LABELS[status]}
                  </option>
                ))}
              </NativeSelect.Field>
            </NativeSelect.Root>
          </Box>
          <Button type="submit">Search</Button>
        </HStack>
      </Form>

      <Text color="fg.muted">
        {list.total} order{list.total === 1 ? "" : "s"} · page {list.page} of {list.pages}
      </Text>
      <Box overflowX="auto" position="relative" maxW="full">
        <Table.Root size="sm">
          <Table.Caption>Orders, newest first</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Reference</Table.ColumnHeader>
              <Table.ColumnHeader>Listing</Table.ColumnHeader>
              <Table.ColumnHeader>Buyer</Table.ColumnHeader>
              <Table.ColumnHeader>Seller</Table.ColumnHeader>
              <Table.ColumnHeader>Amount</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
              <Table.ColumnHeader>Placed</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {list.rows.map((row) => (
              <Table.Row key={row.id}>
                <Table.Cell fontFamily="mono">
                  <Link asChild color="blue.fg">
                    <RemixLink to={`/admin/orders?order=${row.id}`}>{row.reference}</RemixLink>
                  </Link>
                </Table.Cell>
                <Table.Cell>{row.title}</Table.Cell>
                <Table.Cell>{row.buyerName}</Table.Cell>
                <Table.Cell>{row.sellerName}</Table.Cell>
                <Table.Cell>{formatExactPrice(row.amountCents, row.currency)}</Table.Cell>
                <Table.Cell>
                  <OrderStatusBadge status={row.status} /> {row.heldAt ? <Badge colorPalette="red">On hold</Badge> : null}
                </Table.Cell>
                <Table.Cell>{formatOrderTime(row.createdAt)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      <HStack gap="4">
        {list.page > 1 ? <RemixLink to={pageLink(query, list.page - 1)}>Previous page</RemixLink> : null}
        {list.page < list.pages ? <RemixLink to={pageLink(query, list.page + 1)}>Next page</RemixLink> : null}
      </HStack>

      {selected ? (
        <Card.Root as="section" aria-labelledby="desk-order" variant="outline">
          <Card.Body gap="4">
            <Heading as="h2" size="md" id="desk-order">
              Order {selected.reference}
            </Heading>
            <Text>
              {selected.title} · Buyer {selected.buyerName} · Seller {selected.sellerName} · {formatExactPrice(selected.amountCents, selected.currency)} ·{" "}
              {ORDER_STATUS_LABELS[selected.status]}
            </Text>
            <Text>
              Payment:{" "}
              {selected.paymentReceivedCents !== null
                ? `${formatExactPrice(selected.paymentReceivedCents, selected.currency)} received, value date ${selected.paymentValueDate ?? "—"}`
                : "not received yet"}
              {selected.refundedCents !== null ? ` · refunded ${formatExactPrice(selected.refundedCents, selected.currency)}` : ""}
            </Text>
            {selected.heldAt ? (
              <Text color="fg.error">
                On hold since {formatOrderTime(selected.heldAt)}: {selected.holdReason}
              </Text>
            ) : null}
            <Link asChild color="blue.fg">
              <RemixLink to={`/orders/${selected.id}`}>Open the order page</RemixLink>
            </Link>
            <OrderTimeline entries={selected.timeline} />
            <Heading as="h3" size="sm">
              Internal notes
            </Heading>
            {notes.length === 0 ? <Text color="fg.muted">No notes yet.</Text> : null}
            <Stack as="ul" gap="2" listStyleType="none">
              {notes.map((note) => (
                <li key={note.id}>
                  <Text fontSize="sm" color="fg.muted">
                    {note.authorEmail ?? "Former staff"} · {formatOrderTime(note.createdAt)}
                  </Text>
                  <Text whiteSpace="pre-wrap">{note.body}</Text>
                </li>
              ))}
            </Stack>
            {mayAct ? (
              <Stack gap="4">
                <DeskForm orderId={selected.id} intent="note" label="Add an internal note" button="Add note" />
                {selected.heldAt ? (
                  <DeskForm orderId={selected.id} intent="lift_hold" label="Why the hold is lifted (optional)" button="Lift the hold" />
                ) : (
                  <DeskForm orderId={selected.id} intent="hold" label="Why the order is put on hold" button="Put on hold" />
                )}
                {selected.status === "pending" ? (
                  <DeskForm orderId={selected.id} intent="cancel" label="Why the order is cancelled" button="Cancel the order" />
                ) : null}
                {selected.status === "disputed" ? (
                  <Text fontSize="sm">A referee decides the dispute, a full or partial refund or a release, on the order page.</Text>
                ) : null}
              </Stack>
            ) : (
              <Text fontSize="sm" color="fg.muted">
                You can read this order; admins and billing act on it.
              </Text>
            )}
          </Card.Body>
        </Card.Root>
      ) : null}
    </Stack>
  );
}

function DeskForm({ orderId, intent, label, button }: { orderId: number; intent: string; label: string; button: string }) {
  const id = `desk-${intent}`;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="orderId" value={orderId} />
      <Stack gap="2">
        <label htmlFor={id}>{label}</label>
        <Textarea id={id} name="text" rows={2} maxLength={2000} />
        <Button type="submit" size="sm" alignSelf="start" colorPalette={intent === "cancel" ? "red" : "blue"} variant="outline">
          {button}
        </Button>
      </Stack>
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
