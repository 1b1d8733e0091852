// May this staff member act on that member? The one rule behind changing a member's role or fee exemption,
// suspending and reinstating them, and the edit and suspend controls of /admin/users and /admin/users/{id}:
// - the actor's role holds can_manage_users or can_manage_admins;
// - nobody acts on their own account;
// - an administrator's account (a member whose role is an administrator role) only with can_manage_admins.
// An administrator role is a role that holds can_manage_users or can_manage_admins now (role_permissions, changed on
// /admin/roles): no role is an administrator by its name. Read inside the caller's transaction when it writes.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { ADMIN_USERS_MANAGERS } from "~/lib/admin.ts";
import type { Permission } from "~/lib/permissions.ts";
import { normalizeRole, ROLES, type Role } from "~/lib/roles.ts";
import { permissionsOfRole, rolesHoldingAny } from "../accounts/index.server.ts";

/** What makes a role an administrator role (and lets its holders act on members). */
const ADMINISTRATOR_PERMISSIONS: readonly Permission[] = ADMIN_USERS_MANAGERS;

/** What one actor may do about members, as the role_permissions rows stand when it was read. */
export interface MemberAuthority {
  actorId: string;
  /** The actor's role's permissions. */
  held: ReadonlySet<Permission>;
  /** The roles that are administrator roles now. */
  administratorRoles: ReadonlySet<Role>;
}

/** Why an actor may not act on a member, or null when they may. */
export type MemberAuthorityRefusal = "not_staff" | "own_account" | "administrator" | null;

/** Reads `actorUserId`'s permissions and which roles are administrator roles (an unknown actor holds nothing). */
export async function memberAuthority(db: Kysely<Database>, actorUserId: string): Promise<MemberAuthority> {
  const actor = await db.selectFrom("profiles").select("role").where("id", "=", actorUserId).executeTakeFirst();
  const [held, administratorRoles] = await Promise.all([
    actor ? permissionsOfRole(db, normalizeRole(actor.role)) : Promise.resolve(new Set<Permission>()),
    rolesHoldingAny(db, ADMINISTRATOR_PERMISSIONS),
  ]);
  return { actorId: actorUserId, held, administratorRoles };
}

/** Whether the actor manages members at all (can_manage_users or can_manage_admins). */
export function managesMembers(authority: MemberAuthority): boolean {
  return ADMINISTRATOR_PERMISSIONS.some((permission) => authority.held.has(permission));
}

/** Whether `role` is an administrator role now. */
function isAdministratorRole(authority: MemberAuthority, role: Role): boolean {
  return authority.administratorRoles.has(role);
}

/** Whether the actor may give a member `role` or take it away (an administrator role: can_manage_admins only). */
export function mayAssignRole(authority: MemberAuthority, role: Role): boolean {
  return managesMembers(authority) && (authority.held.has("can_manage_admins") || !isAdministratorRole(authority, role));
}

/** The roles the actor may give a member, in ROLES order. */
export function assignableRoles(authority: MemberAuthority): Role[] {
  return ROLES.filter((role) => mayAssignRole(authority, role));
}

/** Why the actor may not act on `target` (see the top of this file), or null when they may. */
export function memberAuthorityRefusal(authority: MemberAuthority, target: { id: string; role: string }): MemberAuthorityRefusal {
  if (!managesMembers(authority)) return "not_staff";
  if (target.id === authority.actorId) return "own_account";
  if (!mayAssignRole(authority, normalizeRole(target.role))) return "administrator";
  return null;
}

/** Whether the actor may act on `target`. */
export function mayActOnMember(authority: MemberAuthority, target: { id: string; role: string }): boolean {
  return memberAuthorityRefusal(authority, target) === null;
}
