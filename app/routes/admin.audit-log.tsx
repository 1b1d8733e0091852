// /admin/audit-log: what staff changed (docs/product/admin.md#audit-log AUDIT_LOG): the newest 50 entries of
// audit_events with who did it (by name, linked to the member's page for those who may open it), what (the action's
// label), to what (by name, linked where a page exists) and the change in plain words ("role: buyer → seller");
// filtered by staff member, by action from the catalogue's list (a GET form: works without JavaScript) and by date;
// older entries behind "Older entries" (a cursor, so every page costs the same); "Download CSV" exports the same
// filters (/admin/audit-log.csv). Staff holding can_manage_users or can_manage_admins read every entry; content
// moderators read their own decisions only (app/web/audit-log-access.server.ts decides, on the server).
import { Box, Button, Heading, HStack, Input, Link, NativeSelect, Stack, Table, Text } from "@chakra-ui/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useLoaderData } from "@remix-run/react";
import { AdminTable } from "~/components/admin/AdminTable.tsx";
import { FormErrors } from "~/components/forms/index.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { AUDIT_LOG_CSV_MAX_ROWS } from "~/lib/admin.ts";
import { auditActionChoices, auditSubjectHref } from "~/lib/audit-actions.ts";
import { readAuditLogPage } from "~/services/admin/index.server.ts";
import { isDomainError } from "~/services/domain-error.ts";
import { auditLogFilterOf, requireAuditLogReader } from "~/web/audit-log-access.server.ts";

export const meta: MetaFunction = () => [{ title: "Audit log — Tradebench" }];

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

interface ShownEntry {
  id: number;
  createdAt: string;
  actor: { label: string; email: string | null; href: string | null };
  action: string;
  actionLabel: string;
  subject: { kind: string; name: string; href: string | null };
  detailLines: string[];
}

export async function loader({ request }: LoaderFunctionArgs) {
  const reader = await requireAuditLogReader(request);
  const url = new URL(request.url);
  const { filter, form, problem } = auditLogFilterOf(url, reader);
  const base = { filters: form, scope: reader.scope, choices: auditActionChoices(), csvMaxRows: AUDIT_LOG_CSV_MAX_ROWS };
  const csvParams = new URLSearchParams(url.searchParams);
  csvParams.delete("after");
  const csvUrl = `/admin/audit-log.csv${csvParams.size > 0 ? `?${csvParams.toString()}` : ""}`;
  if (!filter) return { ...base, entries: [] as ShownEntry[], olderUrl: null, csvUrl: null, problem };
  // Stays: a refused filter or cursor is shown in the page with a 200, so the filter form stays in use.
  try {
    const page = await readAuditLogPage(getDb(), filter);
    const entries = page.entries.map((entry): ShownEntry => ({
      id: entry.id,
      createdAt: entry.createdAt,
      actor: {
        label: entry.actorLabel,
        email: entry.actorName ? entry.actorEmail : null,
        href: entry.actorUserId && entry.actorEmail && reader.pages.users ? `/admin/users/${encodeURIComponent(entry.actorUserId)}` : null,
      },
      action: entry.action,
      actionLabel: entry.actionLabel,
      subject: { kind: entry.subject.kind, name: entry.subject.name, href: auditSubjectHref(entry.subject, reader.pages) },
      detailLines: entry.detailLines,
    }));
    let olderUrl: string | null = null;
    if (page.nextCursor) {
      const params = new URLSearchParams(url.searchParams);
      params.set("after", page.nextCursor);
      olderUrl = `/admin/audit-log?${params.toString()}`;
    }
    return { ...base, entries, olderUrl, csvUrl, problem: null };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { ...base, entries: [] as ShownEntry[], olderUrl: null, csvUrl: null, problem: error.message };
  }
}

function Linked({ href, children }: { href: string | null; children: string }) {
  if (!href) return <>{children}</>;
  return (
    <Link asChild textDecoration="underline">
      <RemixLink to={href}>{children}</RemixLink>
    </Link>
  );
}

export default function AuditLogPage() {
  const { entries, filters, olderUrl, problem, scope, choices, csvUrl, csvMaxRows } = useLoaderData<typeof loader>();
  const own = scope === "own";
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        {own ? "My decisions" : "Audit log"}
      </Heading>
      <Text color="fg.muted">
        {own
          ? "Every decision you made as a moderator, newest first, with what changed. Only your own entries are shown here."
          : "Every change staff made to members, listings and the forum, newest first, with the values before and after."}
      </Text>
      <Form method="get" aria-label="Filter the audit log">
        <HStack gap="3" wrap="wrap" align="end">
          {own ? null : (
            <Stack gap="1">
              <label htmlFor="audit-actor">Staff member (name or e-mail)</label>
              <Input id="audit-actor" name="actor" defaultValue={filters.actor} maxLength={100} />
            </Stack>
          )}
          <Stack gap="1">
            <label htmlFor="audit-action">Action</label>
            <NativeSelect.Root>
              <NativeSelect.Field id="audit-action" name="action" defaultValue={filters.action}>
                <option value="">Every action</option>
                {choices.map((group) => (
                  <optgroup key={group.prefix} label={group.label}>
                    <option value={group.prefix}>{`All: ${group.label.toLowerCase()}`}</option>
                    {group.actions.map((action) => (
                      <option key={action.value} value={action.value}>
                        {action.label}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </NativeSelect.Field>
            </NativeSelect.Root>
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
      {csvUrl ? (
        <Text>
          <Link href={csvUrl} download textDecoration="underline">
            Download CSV
          </Link>{" "}
          <Text as="span" color="fg.muted">
            {`(these filters, newest first, at most ${csvMaxRows.toLocaleString("en-US")} entries)`}
          </Text>
        </Text>
      ) : null}
      {entries.length === 0 ? (
        <Text>No entries match these filters.</Text>
      ) : (
        <AdminTable
          label="Audit log entries"
          caption="Audit log entries, newest first"
          columns={["When (UTC)", "Staff member", "Action", "Subject", "What changed"]}
        >
          {entries.map((entry) => (
            <Table.Row key={entry.id}>
              <Table.Cell>{dateTime.format(new Date(entry.createdAt))}</Table.Cell>
              <Table.Cell>
                <Linked href={entry.actor.href}>{entry.actor.label}</Linked>
                {entry.actor.email ? (
                  <Text as="span" color="fg.muted" display="block" fontSize="sm">
                    {entry.actor.email}
                  </Text>
                ) : null}
              </Table.Cell>
              <Table.Cell>
                <span title={entry.action}>{entry.actionLabel}</span>
              </Table.Cell>
              <Table.Cell>
                <Text as="span" color="fg.muted" display="block" fontSize="sm">
                  {entry.subject.kind}
                </Text>
                <Linked href={entry.subject.href}>{entry.subject.name}</Linked>
              </Table.Cell>
              <Table.Cell>
                {entry.detailLines.length === 0 ? (
                  "—"
                ) : (
                  <Box as="ul" listStyleType="none">
                    {entry.detailLines.map((line, index) => (
                      <li key={index}>{line}</li>
                    ))}
                  </Box>
                )}
              </Table.Cell>
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
