// What each role may do, edited by a super administrator (docs/product/admin.md#roles-and-permissions ROLE_PERMISSIONS, Role service):
// the role_permissions rows of one role replaced in one write transaction, audited with the old and new sets. Only
// roles holding can_manage_admins edit them; super_admin always keeps can_manage_admins (else nobody could ever manage
// administrators again). requirePermission reads the rows on every request, so a change takes effect at once.
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { ADMIN_MESSAGES } from "~/lib/admin.ts";
import { MEMBER_AUDIT_ACTIONS, MEMBER_MESSAGES } from "~/lib/admin-members.ts";
import { isPermission, PERMISSIONS, type Permission } from "~/lib/permissions.ts";
import { isRole, normalizeRole, ROLES, type Role } from "~/lib/roles.ts";
import { permissionsOfRole } from "../accounts/index.server.ts";
import { DomainError } from "../domain-error.ts";
import { recordAuditEvent } from "../platform/index.server.ts";

export interface RolePermissionsRow {
  role: Role;
  permissions: Permission[];
  /** Members holding the role (docs/product/admin.md#roles-and-permissions: role statistics). */
  members: number;
}

/** Every role with its permissions (in PERMISSIONS order) and how many members hold it. */
export async function listRolePermissions(db: Kysely<Database>): Promise<RolePermissionsRow[]> {
  const [rows, counts] = await Promise.all([
    db.selectFrom("role_permissions").select(["role", "permission"]).orderBy("role").execute(),
    db
      .selectFrom("profiles")
      .select(["role", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("role")
      .execute(),
  ]);
  return ROLES.map((role) => {
    const held = new Set(rows.filter((r) => r.role === role).map((r) => r.permission));
    return {
      role,
      permissions: PERMISSIONS.filter((p) => held.has(p)),
      members: Number(counts.find((c) => c.role === role)?.n ?? 0),
    };
  });
}

/**
 * Replaces what `role` may do with `permissions`, on behalf of `actorUserId` (can_manage_admins), in one transaction
 * with its audit row. Returns whether anything changed (the same set writes nothing).
 */
export async function setRolePermissions(
  db: Kysely<Database>,
  actorUserId: string,
  role: string,
  permissions: readonly string[],
  now = new Date(),
): Promise<{ changed: boolean; permissions: Permission[] }> {
  if (!isRole(role)) throw new DomainError("invalid", ADMIN_MESSAGES.unknownRole, { field: "role" });
  if (permissions.length > PERMISSIONS.length * 2 || !permissions.every(isPermission)) {
    throw new DomainError("invalid", MEMBER_MESSAGES.unknownPermission, { field: "permissions" });
  }
  const wanted = PERMISSIONS.filter((p) => permissions.includes(p));
  if (role === "super_admin" && !wanted.includes("can_manage_admins")) {
    throw new DomainError("conflict", MEMBER_MESSAGES.superAdminKeepsManageAdmins, { field: "permissions", code: "super_admin_keeps_manage_admins" });
  }
  return inWriteTransaction(db, async (trx) => {
    const actor = await trx.selectFrom("profiles").select("role").where("id", "=", actorUserId).executeTakeFirst();
    const actorPermissions = actor ? await permissionsOfRole(trx, normalizeRole(actor.role)) : new Set<Permission>();
    if (!actorPermissions.has("can_manage_admins")) throw new DomainError("forbidden", ADMIN_MESSAGES.forbidden, { code: "can_manage_admins" });
    const current = await permissionsOfRole(trx, role);
    const before = PERMISSIONS.filter((p) => current.has(p));
    if (before.length === wanted.length && before.every((p) => wanted.includes(p))) return { changed: false, permissions: before };
    const added = wanted.filter((p) => !current.has(p));
    const removed = before.filter((p) => !wanted.includes(p));
    if (removed.length > 0) await trx.deleteFrom("role_permissions").where("role", "=", role).where("permission", "in", removed).execute();
    if (added.length > 0) {
      await trx
        .insertInto("role_permissions")
        .values(added.map((permission) => ({ role, permission, created_at: now.toISOString() })))
        .execute();
    }
    await recordAuditEvent(
      trx,
      {
        actorUserId,
        action: MEMBER_AUDIT_ACTIONS.rolePermissionsChange,
        subjectType: "role",
        subjectId: role,
        detail: JSON.stringify({ old: { permissions: before }, new: { permissions: wanted } }),
      },
      now,
    );
    return { changed: true, permissions: wanted };
  });
}
