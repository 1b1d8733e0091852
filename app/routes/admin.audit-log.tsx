// /admin/audit-log: what staff changed (issue 19 §3, spec 02 §3 AUDIT_LOG, §9): the newest 50 entries of audit_events
// with who did it, what, to what, and the values before and after; filtered by actor, action and date; older entries
// behind "Older entries" (a cursor, so every page costs the same). Staff holding can_manage_users or can_manage_admins.
import { Button, Code, Heading, HStack, Input, Stack, Table, Text } from "@chakra-ui/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useLoaderData } from "@remix-run/react";
import { AdminTable } from "~/components/admin/AdminTable.tsx";
import { FormErrors } from "~/components/forms/index.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { ADMIN_USERS_MANAGERS } from "~/lib/admin.ts";
import { AuditLogQuerySchema } from "~/schemas/admin.ts";
import { queryAuditLog, type AuditLogPage } from "~/services/admin/index.server.ts";
import { isDomainError } from "~/services/domain-error.ts";
import { requirePermission } from "~/web/auth.server.ts";

export const meta: MetaFunction = () => [{ title: "Audit log — Tradebench" }];

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const DAY_MS = 24 * 3_600_000;

function describeValues(values: Record<string, unknown> | null): string {
  if (!values) return "—";
  return Object.entries(values)
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(", ");
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, ADMIN_USERS_MANAGERS);
  const url = new URL(request.url);
  const raw = {
    actor: url.searchParams.get("actor") ?? undefined,
    action: url.searchParams.get("action") ?? undefined,
    from: url.searchParams.get("from") || undefined,
    until: url.searchParams.get("until") || undefined,
    after: url.searchParams.get("after") || undefined,
  };
  const filters = { actor: raw.actor ?? "", action: raw.action ?? "", from: raw.from ?? "", until: raw.until ?? "" };
  const empty: AuditLogPage = { entries: [], nextCursor: null };
  const parsed = AuditLogQuerySchema.safeParse(raw);
  if (!parsed.success) return { ...empty, filters, olderUrl: null, problem: parsed.error.issues[0]?.message ?? "Please check the filters." };
  const { actor, action, from, until, after } = parsed.data;
  try {
    const page = await queryAuditLog(getDb(), {
      actor: actor || undefined,
      action: action || undefined,
      from: from ? new Date(`${from}T00:00:00.000Z`) : undefined,
      // "Until" includes the whole day it names.
      until: until ? new Date(Date.parse(`${until}T00:00:00.000Z`) + DAY_MS) : undefined,
      after,
    });
    let olderUrl: string | null = null;
    if (page.nextCursor) {
      const params = new URLSearchParams(url.searchParams);
      params.set("after", page.nextCursor);
      olderUrl = `/admin/audit-log?${params.toString()}`;
    }
    return { ...page, filters, olderUrl, problem: null };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { ...empty, filters, olderUrl: null, problem: error.message };
  }
}

export default function AuditLogPage() {
  const { entries, filters, olderUrl, problem } = useLoaderData<typeof loader>();
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        Audit log
      </Heading>
      <Text color="fg.muted">Every change staff made to members, listings and the forum, newest first, with the values before and after.</Text>
      <Form method="get" aria-label="Filter the audit log">
        <HStack gap="3" wrap="wrap" align="end">
          <Stack gap="1">
            <label htmlFor="audit-actor">Staff member (name or e-mail)</label>
            <Input id="audit-actor" name="actor" defaultValue={filters.actor} maxLength={100} />
          </Stack>
          <Stack gap="1">
            <label htmlFor="audit-action">Action</label>
            <Input id="audit-action" name="action" defaultValue={filters.action} maxLength={100} placeholder="user.role_change" />
          </Stack>
          <Stack gap="1">
            <label htmlFor="audit-from">From</label>
            <Input id="audit-from" name="from" type="date" defaultValue={filters.from} />
          </Stack>
          <Stack gap="1">
            <label htmlFor="audit-until">Until</label>
            <Input id="audit-until" name="until" type="date" defaultValue={filters.until} />
          </Stack>
          <Button type="submit" variant="outline">
            Filter
          </Button>
        </HStack>
      </Form>
      <FormErrors errors={problem ? [problem] : undefined} />
      {entries.length === 0 ? (
        <Text>No entries match these filters.</Text>
      ) : (
        <AdminTable label="Audit log entries" caption="Audit log entries, newest first" columns={["When (UTC)", "Staff member", "Action", "Subject", "Before", "After"]}>
          {entries.map((entry) => (
            <Table.Row key={entry.id}>
              <Table.Cell>{dateTime.format(new Date(entry.createdAt))}</Table.Cell>
              <Table.Cell>{entry.actorUserId === null ? "The marketplace" : entry.actorName ? `${entry.actorName} (${entry.actorEmail ?? ""})` : (entry.actorEmail ?? "A former member")}</Table.Cell>
              <Table.Cell>
                <Code>{entry.action}</Code>
              </Table.Cell>
              <Table.Cell>
                {entry.subjectType} {entry.subjectId}
              </Table.Cell>
              <Table.Cell>{describeValues(entry.oldValues)}</Table.Cell>
              <Table.Cell>{entry.newValues ? describeValues(entry.newValues) : entry.detail || "—"}</Table.Cell>
            </Table.Row>
          ))}
        </AdminTable>
      )}
      {olderUrl ? (
        <RemixLink to={olderUrl} rel="next">
          Older entries
        </RemixLink>
      ) : null}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
