// What a role may do, read from the role_permissions table (one row per role and permission). docs/product/admin.md#roles-and-permissions: a failed
// permission check is a plain "no"; a lookup error is thrown on.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { isPermission, type Permission } from "~/lib/permissions.ts";
import { isRole, type Role } from "~/lib/roles.ts";

/** The permissions `role` holds now (unknown names in the table are ignored). */
export async function permissionsOfRole(db: Kysely<Database>, role: Role): Promise<Set<Permission>> {
  const rows = await db.selectFrom("role_permissions").select("permission").where("role", "=", role).execute();
  return new Set(rows.map((row) => row.permission).filter(isPermission));
}

/** Whether `role` holds `permission` now. */
export async function roleHasPermission(db: Kysely<Database>, role: Role, permission: Permission): Promise<boolean> {
  const row = await db.selectFrom("role_permissions").select("permission").where("role", "=", role).where("permission", "=", permission).executeTakeFirst();
  return row !== undefined;
}

/** The roles holding at least one of `permissions` now (unknown role names in the table are ignored). */
export async function rolesHoldingAny(db: Kysely<Database>, permissions: readonly Permission[]): Promise<Set<Role>> {
  if (permissions.length === 0) return new Set();
  const rows = await db.selectFrom("role_permissions").select("role").distinct().where("permission", "in", permissions).execute();
  return new Set(rows.map((row) => row.role).filter(isRole));
}
