// /admin/users: Admin User Management (docs/product/admin.md#console): members found by name, e-mail or company, filtered
// by role, 25 to a page; staff holding can_manage_users change a member's role and fee exemption (0–100, non-numeric
// becomes 0) with the rules of the admin service (only a super admin touches administrator roles, nobody edits their
// own account, the last super admin stays), each change audited. Support staff (can_view_users) read the list only.
// Each row shows the member's last sign-in ("Never" when there is none), their listings, purchases (orders as buyer)
// and sales (orders as seller), counted for the page's rows only; the top shows how many members there are and how
// many of them are suspended. The loader and the action check the permission on every request; the edit form works without JavaScript.
import { Badge, Box, Button, Heading, HStack, Input, Link, NativeSelect, Stack, Table, Text } from "@chakra-ui/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FilterSelect } from "~/components/admin/FilterSelect.tsx";
import { AdminUsersTabs, RoleBadge } from "~/components/admin/MemberAdminParts.tsx";
import { FormErrors, FormSuccess } from "~/components/forms/index.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { Pagination } from "~/components/listings/Pagination.tsx";
import { getDb } from "~/db.server.ts";
import { ADMIN_MESSAGES, ADMIN_USERS_MANAGERS, ADMIN_USERS_READERS } from "~/lib/admin.ts";
import { ROLE_LABELS, ROLES, type Role } from "~/lib/roles.ts";
import { AdminUsersQuerySchema, ChangeUserAccessSchema } from "~/schemas/admin.ts";
import {
  assignableRoles,
  changeUserAccess,
  listUsersForAdmin,
  managesMembers,
  mayActOnMember,
  memberAuthority,
  type AdminUsersPage,
} from "~/services/admin/index.server.ts";
import { requirePermission } from "~/web/auth.server.ts";
import { refusalsAnswered } from "~/web/domain-answer.server.ts";
import { parseForm } from "~/web/form-data.server.ts";
import { shortDate } from "~/components/admin/admin-dates.ts";

export const meta: MetaFunction = () => [{ title: "Admin User Management — Tradebench" }];

const signInTime = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});

function usersUrl(query: { q?: string; role?: string }, page: number): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.role) params.set("role", query.role);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/admin/users?${search}` : "/admin/users";
}

/** A member row with whether this viewer may edit it (the rule of member-authority). */
type EditableMember = AdminUsersPage["users"][number] & { editable: boolean };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, ADMIN_USERS_READERS);
  const authority = await memberAuthority(getDb(), user.id);
  const held = authority.held;
  const url = new URL(request.url);
  const parsed = AdminUsersQuerySchema.safeParse({
    q: url.searchParams.get("q") ?? undefined,
    role: url.searchParams.get("role") ?? undefined,
    page: url.searchParams.get("page") ?? undefined,
  });
  const viewer = {
    id: user.id,
    canManage: managesMembers(authority),
    canManageAdmins: held.has("can_manage_admins"),
    canManagePromoCodes: held.has("can_manage_promo_codes"),
    /** The roles this viewer may give (an administrator role: can_manage_admins only). */
    roleChoices: assignableRoles(authority),
  };
  if (!parsed.success) {
    const empty: AdminUsersPage & { users: EditableMember[] } = {
      users: [],
      total: 0,
      page: 1,
      pageCount: 1,
      pageSize: 0,
      totals: { members: 0, suspended: 0 },
    };
    const none: { q?: string; role?: Role } = {};
    return { ...empty, query: none, viewer, problem: parsed.error.issues[0]?.message ?? "Please check the search." };
  }
  const query: { q?: string; role?: Role } = { q: parsed.data.q || undefined, role: parsed.data.role };
  const page = await listUsersForAdmin(getDb(), { search: query.q, role: query.role, page: parsed.data.page });
  const users: EditableMember[] = page.users.map((member) => ({ ...member, editable: mayActOnMember(authority, member) }));
  return { ...page, users, query, viewer, problem: null };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, ADMIN_USERS_MANAGERS);
  const { submission } = await parseForm(request, ChangeUserAccessSchema);
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0];
    return data({ ok: false as const, message: ADMIN_MESSAGES.updateFailed(first ?? "please check the form.") }, { status: 400 });
  }
  return refusalsAnswered(
    async () => {
      await changeUserAccess(getDb(), user.id, submission.value.userId, { role: submission.value.role, feeExemption: submission.value.feeExemption });
      return { ok: true as const, message: ADMIN_MESSAGES.roleUpdated };
    },
    { as: (refusal) => ({ ok: false as const, message: ADMIN_MESSAGES.updateFailed(refusal.message) }) },
  );
}

export default function AdminUsersPage() {
  const { users, total, page, pageCount, query, viewer, problem, totals } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const roleChoices = viewer.roleChoices;
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        Admin User Management
      </Heading>
      {problem ? null : (
        <Text>
          Members: <strong>{totals.members}</strong> ({totals.suspended} suspended)
        </Text>
      )}
      <AdminUsersTabs current="users" showPromoCodes={viewer.canManagePromoCodes} refreshTo={usersUrl(query, page)} />
      <Form method="get" role="search" aria-label="Find members">
        <HStack gap="3" wrap="wrap" align="end">
          <Box>
            <label htmlFor="users-q">Name, e-mail or company</label>
            <Input id="users-q" name="q" type="search" defaultValue={query.q ?? ""} maxLength={100} />
          </Box>
          <FilterSelect
            id="users-role"
            name="role"
            label="Role"
            value={query.role ?? ""}
            anyLabel="All roles"
            options={ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
          />
          <Button type="submit" variant="outline">
            Search
          </Button>
        </HStack>
      </Form>
      {answer?.ok ? <FormSuccess>{answer.message}</FormSuccess> : null}
      <FormErrors errors={answer && !answer.ok ? [answer.message] : problem ? [problem] : undefined} />
      <Text aria-live="polite">{total === 1 ? "1 member" : `${total} members`}</Text>
      {users.length === 0 ? (
        <Text>No members match this search.</Text>
      ) : (
        <Table.ScrollArea position="relative" tabIndex={0} role="region" aria-label="Members">
          <Table.Root size="sm">
            <Table.Caption>Members, newest first</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Name</Table.ColumnHeader>
                <Table.ColumnHeader>E-mail</Table.ColumnHeader>
                <Table.ColumnHeader>Role</Table.ColumnHeader>
                <Table.ColumnHeader>Fee exemption</Table.ColumnHeader>
                <Table.ColumnHeader>Last sign-in (UTC)</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Listings</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Purchases</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Sales</Table.ColumnHeader>
                <Table.ColumnHeader>Last updated</Table.ColumnHeader>
                {viewer.canManage ? <Table.ColumnHeader>Edit</Table.ColumnHeader> : null}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {users.map((member) => {
                const name = `${member.firstName} ${member.lastName}`.trim() || ADMIN_MESSAGES.noName;
                const editable = member.editable;
                return (
                  <Table.Row key={member.id}>
                    <Table.Cell>
                      <Link asChild textDecoration="underline">
                        <RemixLink to={`/admin/users/${member.id}`}>{name}</RemixLink>
                      </Link>
                      {member.companyName ? (
                        <Text fontSize="xs" color="fg.muted">
                          {member.companyName}
                        </Text>
                      ) : null}
                    </Table.Cell>
                    <Table.Cell>{member.email}</Table.Cell>
                    <Table.Cell>
                      <RoleBadge role={member.role} />
                      {member.suspended ? (
                        <Badge colorPalette="red" variant="solid" ms="2">
                          Suspended
                        </Badge>
                      ) : null}
                    </Table.Cell>
                    <Table.Cell>{member.feeExemption}%</Table.Cell>
                    <Table.Cell data-testid="last-sign-in">
                      {member.lastSignInAt ? <time dateTime={member.lastSignInAt}>{signInTime.format(new Date(member.lastSignInAt))}</time> : "Never"}
                    </Table.Cell>
                    <Table.Cell textAlign="end" data-testid="listing-count">
                      {member.listingCount}
                    </Table.Cell>
                    <Table.Cell textAlign="end" data-testid="purchase-count">
                      {member.purchaseCount}
                    </Table.Cell>
                    <Table.Cell textAlign="end" data-testid="sale-count">
                      {member.saleCount}
                    </Table.Cell>
                    <Table.Cell>{shortDate.format(new Date(member.updatedAt))}</Table.Cell>
                    {viewer.canManage ? (
                      <Table.Cell>
                        {editable ? (
                          <details>
                            <summary>Edit {name}</summary>
                            <Form method="post">
                              <Stack gap="2" py="2" minW="14rem">
                                <input type="hidden" name="intent" value="change-access" />
                                <input type="hidden" name="userId" value={member.id} />
                                <label htmlFor={`role-${member.id}`}>Role</label>
                                <NativeSelect.Root size="sm">
                                  <NativeSelect.Field id={`role-${member.id}`} name="role" defaultValue={member.role}>
                                    {roleChoices.map((role) => (
                                      <option key={role} value={role}>
                                        {ROLE_LABELS[role]}
                                      </option>
                                    ))}
                                  </NativeSelect.Field>
                                  <NativeSelect.Indicator />
                                </NativeSelect.Root>
                                <label htmlFor={`fee-${member.id}`}>Fee exemption (%)</label>
                                <Input
                                  id={`fee-${member.id}`}
                                  name="feeExemption"
                                  type="number"
                                  min={0}
                                  max={100}
                                  step="0.01"
                                  size="sm"
                                  defaultValue={member.feeExemption}
                                />
                                <Button type="submit" size="sm" disabled={busy}>
                                  Update
                                </Button>
                              </Stack>
                            </Form>
                          </details>
                        ) : (
                          <Text fontSize="sm" color="fg.muted">
                            {member.id === viewer.id ? "Your account" : "Super administrators only"}
                          </Text>
                        )}
                      </Table.Cell>
                    ) : null}
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <Pagination page={page} totalPages={pageCount} hrefFor={(target) => usersUrl(query, target)} />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
