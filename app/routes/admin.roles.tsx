// /admin/roles: what each of the eight roles may do (docs/product/admin.md#roles-and-permissions ROLE_PERMISSIONS, Role service: list
// roles, role statistics). Staff who manage members read it; super administrators (can_manage_admins) change a
// role's permissions, one role per form, each change in one transaction with its audit row; requirePermission reads
// the rows on every request, so a change takes effect at once. The form works without JavaScript.
import { Box, Button, Checkbox, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { RoleBadge } from "~/components/admin/MemberAdminParts.tsx";
import { FormErrors, FormSuccess } from "~/components/forms/index.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { ADMIN_USERS_MANAGERS } from "~/lib/admin.ts";
import { MEMBER_MESSAGES, PERMISSION_DESCRIPTIONS, ROLE_EDITORS } from "~/lib/admin-members.ts";
import { PERMISSIONS } from "~/lib/permissions.ts";
import { RolePermissionsSchema } from "~/schemas/admin-members.ts";
import { permissionsOfRole } from "~/services/accounts/index.server.ts";
import { listRolePermissions, setRolePermissions } from "~/services/admin/index.server.ts";
import { requirePermission } from "~/web/auth.server.ts";
import { refusalsAnswered } from "~/web/domain-answer.server.ts";
import { parseForm } from "~/web/form-data.server.ts";

export const meta: MetaFunction = () => [{ title: "Roles and permissions — Admin console — Tradebench" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, ADMIN_USERS_MANAGERS);
  const held = await permissionsOfRole(getDb(), user.role);
  return { roles: await listRolePermissions(getDb()), canEdit: held.has("can_manage_admins") };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, ROLE_EDITORS);
  const { submission } = await parseForm(request, RolePermissionsSchema);
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0];
    return data({ ok: false as const, message: MEMBER_MESSAGES.permissionsFailed(first ?? "please check the form.") }, { status: 400 });
  }
  return refusalsAnswered(
    async () => {
      await setRolePermissions(getDb(), user.id, submission.value.role, submission.value.permissions);
      return { ok: true as const, message: MEMBER_MESSAGES.permissionsSaved };
    },
    { as: (refusal) => ({ ok: false as const, message: MEMBER_MESSAGES.permissionsFailed(refusal.message) }) },
  );
}

export default function AdminRolesPage() {
  const { roles, canEdit } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Roles and permissions
        </Heading>
        <Text color="fg.muted">
          {canEdit
            ? "What each role may do. A change applies to every member with the role at once and is recorded in the audit log."
            : "What each role may do. Only super administrators change it."}
        </Text>
      </Stack>
      {answer?.ok ? <FormSuccess>{answer.message}</FormSuccess> : null}
      <FormErrors errors={answer && !answer.ok ? [answer.message] : undefined} />
      {roles.map((row) => (
        <Box as="section" key={row.role} aria-labelledby={`role-${row.role}`} borderWidth="1px" borderRadius="md" p="4">
          <Heading as="h2" id={`role-${row.role}`} size="md" mb="2" display="flex" gap="3" alignItems="center">
            <RoleBadge role={row.role} />
            <Text as="span" fontSize="sm" fontWeight="normal" color="fg.muted">
              {row.members === 1 ? "1 member" : `${row.members} members`}
            </Text>
          </Heading>
          {canEdit ? (
            <Form method="post">
              <input type="hidden" name="role" value={row.role} />
              <Box as="fieldset">
                <Box as="legend" srOnly>
                  Permissions of the {row.role} role
                </Box>
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="2">
                  {PERMISSIONS.map((permission) => (
                    <Checkbox.Root key={permission} name="permissions" value={permission} defaultChecked={row.permissions.includes(permission)}>
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>
                        {PERMISSION_DESCRIPTIONS[permission]}{" "}
                        <Text as="span" fontFamily="mono" fontSize="xs" color="fg.muted">
                          ({permission})
                        </Text>
                      </Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                </SimpleGrid>
              </Box>
              <Button type="submit" size="sm" mt="3" disabled={busy} aria-label={`Save the permissions of ${row.role}`}>
                Save
              </Button>
            </Form>
          ) : (
            <Box as="ul" ps="5">
              {row.permissions.length === 0 ? <li>No permissions</li> : null}
              {row.permissions.map((permission) => (
                <li key={permission}>
                  {PERMISSION_DESCRIPTIONS[permission]}{" "}
                  <Text as="span" fontFamily="mono" fontSize="xs">
                    ({permission})
                  </Text>
                </li>
              ))}
            </Box>
          )}
        </Box>
      ))}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
