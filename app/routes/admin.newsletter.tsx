// /admin/newsletter: the newsletter's subscriptions for staff who manage members (can_manage_users or
// can_manage_admins, as /admin/users' changes): each address with when it signed up, its state (subscribed once it
// followed the confirmation link, not confirmed yet, unsubscribed) and whether a member has it; searched by address,
// filtered by state, newest first, 50 to a page (a cursor: "Older addresses"), with the counts. The CSV export
// (/admin/newsletter.csv) holds the addresses subscribed now unless another state is chosen.
import { Badge, Box, Button, Heading, HStack, Input, Link, Stack, Table, Text } from "@chakra-ui/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useLoaderData } from "@remix-run/react";
import { FilterSelect } from "~/components/admin/FilterSelect.tsx";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { ADMIN_USERS_MANAGERS } from "~/lib/admin.ts";
import { queryOf } from "~/schemas/admin-reports.ts";
import { NEWSLETTER_STATE_FILTERS, NEWSLETTER_STATE_LABELS, NewsletterSubscribersQuerySchema } from "~/schemas/newsletter.ts";
import { listNewsletterSubscribers, type NewsletterSubscribersPage } from "~/services/accounts/index.server.ts";
import { requirePermission } from "~/web/auth.server.ts";
import { shortDate } from "~/components/admin/admin-dates.ts";

export const meta: MetaFunction = () => [{ title: "Newsletter subscribers — Admin console — Tradebench" }];

const STATE_BADGES = {
  subscribed: { label: "Subscribed", palette: "green" },
  pending: { label: "Not confirmed", palette: "yellow" },
  unsubscribed: { label: "Unsubscribed", palette: "gray" },
} as const;

type Query = { q?: string; state?: (typeof NEWSLETTER_STATE_FILTERS)[number] };

function addressOf(base: string, query: Query, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.state) params.set("state", query.state);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, ADMIN_USERS_MANAGERS);
  const url = new URL(request.url);
  const parsed = NewsletterSubscribersQuerySchema.safeParse({ ...queryOf(url, ["state", "before"]), q: url.searchParams.get("q") ?? undefined });
  if (!parsed.success) {
    const empty: NewsletterSubscribersPage = { rows: [], total: 0, subscribed: 0, nextBefore: null };
    const none: Query = {};
    return { ...empty, query: none, paged: false, problem: parsed.error.issues[0]?.message ?? "Please check the search." };
  }
  const query: Query = { q: parsed.data.q || undefined, state: parsed.data.state === "all" ? undefined : parsed.data.state };
  const page = await listNewsletterSubscribers(getDb(), { search: query.q, state: query.state, before: parsed.data.before });
  return { ...page, query, paged: parsed.data.before !== undefined, problem: null };
}

export default function AdminNewsletterPage() {
  const { rows, total, subscribed, nextBefore, query, paged, problem } = useLoaderData<typeof loader>();
  const csvState = query.state ?? "subscribed";
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        Newsletter subscribers
      </Heading>
      <Text>
        Subscribed now: <strong>{subscribed}</strong> (confirmed and not unsubscribed)
      </Text>
      <Form method="get" role="search" aria-label="Find subscribers">
        <HStack gap="3" wrap="wrap" align="end">
          <Box>
            <label htmlFor="newsletter-q">E-mail address</label>
            <Input id="newsletter-q" name="q" type="search" defaultValue={query.q ?? ""} maxLength={100} />
          </Box>
          <FilterSelect
            id="newsletter-state"
            name="state"
            label="State"
            value={query.state ?? ""}
            anyLabel={NEWSLETTER_STATE_LABELS.all}
            options={NEWSLETTER_STATE_FILTERS.filter((state) => state !== "all").map((state) => ({ value: state, label: NEWSLETTER_STATE_LABELS[state] }))}
          />
          <Button type="submit" variant="outline">
            Search
          </Button>
        </HStack>
      </Form>
      {problem ? <Text color="fg.error">{problem}</Text> : null}
      <HStack gap="4" wrap="wrap">
        <Text aria-live="polite">{total === 1 ? "1 address matches" : `${total} addresses match`}</Text>
        <Link asChild textDecoration="underline">
          <a href={addressOf("/admin/newsletter.csv", { q: query.q, state: csvState })} download>
            Download CSV ({NEWSLETTER_STATE_LABELS[csvState].toLowerCase()})
          </a>
        </Link>
      </HStack>
      {rows.length === 0 ? (
        <Text>No subscriptions match this search.</Text>
      ) : (
        <Table.ScrollArea position="relative" tabIndex={0} role="region" aria-label="Subscribers">
          <Table.Root size="sm">
            <Table.Caption>Newsletter subscriptions, newest first</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>E-mail</Table.ColumnHeader>
                <Table.ColumnHeader>Since</Table.ColumnHeader>
                <Table.ColumnHeader>State</Table.ColumnHeader>
                <Table.ColumnHeader>Member or visitor</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((row) => {
                const badge = STATE_BADGES[row.status];
                const when = row.status === "subscribed" ? row.confirmedAt : row.status === "unsubscribed" ? row.unsubscribedAt : null;
                return (
                  <Table.Row key={row.id}>
                    <Table.Cell>{row.email}</Table.Cell>
                    <Table.Cell>{shortDate.format(new Date(row.since))}</Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={badge.palette}>{badge.label}</Badge>
                      {when ? (
                        <Text fontSize="xs" color="fg.muted">
                          {shortDate.format(new Date(when))}
                        </Text>
                      ) : null}
                    </Table.Cell>
                    <Table.Cell>
                      {row.memberId ? (
                        <Link asChild textDecoration="underline">
                          <RemixLink to={`/admin/users/${row.memberId}`}>Member</RemixLink>
                        </Link>
                      ) : (
                        "Visitor"
                      )}
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <HStack gap="4">
        {paged ? (
          <Link asChild textDecoration="underline">
            <RemixLink to={addressOf("/admin/newsletter", query)}>Newest addresses</RemixLink>
          </Link>
        ) : null}
        {nextBefore !== null ? (
          <Link asChild textDecoration="underline">
            <RemixLink to={addressOf("/admin/newsletter", query, { before: String(nextBefore) })}>Older addresses</RemixLink>
          </Link>
        ) : null}
      </HStack>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
