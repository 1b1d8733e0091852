// Users as administrators see them (docs/product/admin.md#roles-and-permissions Role service): the searchable, bounded list,
// and the one change of a member's role and fee exemption with its rules:
// - the actor's role must hold can_manage_users or can_manage_admins, read inside the change's transaction;
// - only can_manage_admins (super_admin) grants or removes an administrator role (one holding can_manage_users or
//   can_manage_admins), or edits an administrator's account (./member-authority.server.ts);
// - nobody changes their own role or fee exemption;
// - the last super_admin is never demoted (checked on locked rows, so two super admins demoting each other at once
//   leave one);
// - every change writes its audit_events row (old and new values) in the same transaction.
import { sql, type Kysely } from "kysely";
import { forUpdate, inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import {
  ADMIN_AUDIT_ACTIONS,
  ADMIN_MESSAGES,
  ADMIN_SEARCH_MAX_LENGTH,
  ADMIN_USERS_MAX_PAGE,
  ADMIN_USERS_PAGE_SIZE,
  FEE_EXEMPTION_MAX,
  FEE_EXEMPTION_MIN,
} from "~/lib/admin.ts";
import { isRole, normalizeRole, type Role } from "~/lib/roles.ts";
import { DomainError } from "../domain-error.ts";
import { recordAuditEvent } from "../platform/index.server.ts";
import { managesMembers, mayAssignRole, memberAuthority, memberAuthorityRefusal } from "./member-authority.server.ts";

export interface AdminUserRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  role: Role;
  feeExemption: number;
  lastRoleChange: string | null;
  changedBy: string | null;
  createdAt: string;
  updatedAt: string;
  /** Suspended by staff (and not reinstated since): the list shows a badge. */
  suspended: boolean;
}

/** A member as the /admin/users list shows them: the row, and what they did (for the page's rows only). */
export interface AdminUserListRow extends AdminUserRow {
  /** The newest sign-in (sign_in_events, written by createSession on every path: password, second factor, passkey); null: never. */
  lastSignInAt: string | null;
  /** Listings the member created (any status). */
  listingCount: number;
  /** Orders where the member is the buyer. */
  purchaseCount: number;
  /** Orders where the member is the seller. */
  saleCount: number;
}

export interface AdminUsersQuery {
  /** Matched, case-insensitively, anywhere in the e-mail, the first and last name, or the company name. */
  search?: string;
  role?: Role;
  /** 1-based; clamped to 1…ADMIN_USERS_MAX_PAGE. */
  page?: number;
}

export interface AdminUsersPage {
  users: AdminUserListRow[];
  /** How many users match the search and the role filter. */
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
  /** Every member, and the suspended ones among them (not narrowed by the search). */
  totals: { members: number; suspended: number };
}

/** The profile columns an AdminUserRow is made of (every read of one selects the same). */
const ADMIN_USER_COLUMNS = [
  "id",
  "email",
  "first_name",
  "last_name",
  "company_name",
  "role",
  "fee_exemption",
  "last_role_change",
  "changed_by",
  "created_at",
  "updated_at",
  "suspended_at",
] as const;

/** `text` as a LIKE pattern that matches it literally anywhere (\ escapes %, _ and itself). */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A page of users, newest first, filtered by search text and role. */
export async function listUsersForAdmin(db: Kysely<Database>, query: AdminUsersQuery = {}): Promise<AdminUsersPage> {
  const search = (query.search ?? "").trim();
  if (search.length > ADMIN_SEARCH_MAX_LENGTH) {
    throw new DomainError("too_large", `Search for at most ${ADMIN_SEARCH_MAX_LENGTH} characters.`, { field: "q" });
  }
  const page = Math.min(ADMIN_USERS_MAX_PAGE, Math.max(1, Math.trunc(Number.isFinite(query.page) ? (query.page as number) : 1)));
  let base = db.selectFrom("profiles");
  if (query.role) base = base.where("role", "=", query.role);
  if (search !== "") {
    const pattern = containsPattern(search);
    base = base.where((eb) =>
      eb.or([
        eb(sql`lower(email)`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(first_name || ' ' || last_name)`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(company_name)`, "like", sql`${pattern} escape '\\'`),
      ]),
    );
  }
  // The page's profiles first (bounded, in a derived table); then, for those rows only, one indexed lookup each into
  // sign_in_events (user_id, created_at), equipment_listings (user_id, …) and orders (buyer_id / seller_id, …).
  const pageOfProfiles = base
    .select(ADMIN_USER_COLUMNS)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(ADMIN_USERS_PAGE_SIZE)
    .offset((page - 1) * ADMIN_USERS_PAGE_SIZE)
    .as("p");
  const [rows, counted, totals] = await Promise.all([
    db
      .selectFrom(pageOfProfiles)
      .selectAll("p")
      .select((eb) => [
        eb
          .selectFrom("sign_in_events as s")
          .select((e) => e.fn.max("s.created_at").as("at"))
          .whereRef("s.user_id", "=", "p.id")
          .as("last_sign_in_at"),
        eb
          .selectFrom("equipment_listings as l")
          .select((e) => e.fn.countAll<number | string>().as("n"))
          .whereRef("l.user_id", "=", "p.id")
          .as("listing_count"),
        eb
          .selectFrom("orders as b")
          .select((e) => e.fn.countAll<number | string>().as("n"))
          .whereRef("b.buyer_id", "=", "p.id")
          .as("purchase_count"),
        eb
          .selectFrom("orders as o")
          .select((e) => e.fn.countAll<number | string>().as("n"))
          .whereRef("o.seller_id", "=", "p.id")
          .as("sale_count"),
      ])
      .orderBy("p.created_at", "desc")
      .orderBy("p.id", "desc")
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as("count")).executeTakeFirstOrThrow(),
    db
      .selectFrom("profiles")
      .select((eb) => [eb.fn.countAll<number | string>().as("members"), eb.fn.count<number | string>("suspended_at").as("suspended")])
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(counted.count);
  return {
    users: rows.map((row) => ({
      ...toAdminUserRow(row),
      lastSignInAt: row.last_sign_in_at == null ? null : String(row.last_sign_in_at),
      listingCount: Number(row.listing_count ?? 0),
      purchaseCount: Number(row.purchase_count ?? 0),
      saleCount: Number(row.sale_count ?? 0),
    })),
    total,
    page,
    pageCount: Math.min(ADMIN_USERS_MAX_PAGE, Math.max(1, Math.ceil(total / ADMIN_USERS_PAGE_SIZE))),
    pageSize: ADMIN_USERS_PAGE_SIZE,
    totals: { members: Number(totals.members), suspended: Number(totals.suspended) },
  };
}

function toAdminUserRow(row: {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  company_name: string;
  role: string;
  fee_exemption: number;
  last_role_change: string | null;
  changed_by: string | null;
  created_at: string;
  updated_at: string;
  suspended_at: unknown;
}): AdminUserRow {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    companyName: row.company_name,
    role: normalizeRole(row.role),
    feeExemption: Number(row.fee_exemption),
    lastRoleChange: row.last_role_change,
    changedBy: row.changed_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    suspended: row.suspended_at !== null,
  };
}

/** What an administrator changes about a member; an absent field stays as it is. */
export interface UserAccessChange {
  role?: Role;
  /** Percent 0–100 taken off the member's success fee (docs/product/orders.md#fees). */
  feeExemption?: number;
}

export interface UserAccessChangeOutcome {
  user: AdminUserRow;
  /** False when the values given were the member's values already (nothing written, nothing audited). */
  changed: boolean;
}

/**
 * Changes `targetUserId`'s role and/or fee exemption on behalf of `actorUserId`, with the rules above, in one write
 * transaction that also writes one audit_events row per changed value. Refusals are DomainErrors: forbidden (the
 * actor may not), not_found (no such member), conflict (the last super_admin), invalid (a value out of range).
 */
export async function changeUserAccess(
  db: Kysely<Database>,
  actorUserId: string,
  targetUserId: string,
  change: UserAccessChange,
  now = new Date(),
): Promise<UserAccessChangeOutcome> {
  if (change.role !== undefined && !isRole(change.role)) throw new DomainError("invalid", ADMIN_MESSAGES.unknownRole, { field: "role" });
  const feeExemption = change.feeExemption;
  if (feeExemption !== undefined && !(Number.isFinite(feeExemption) && feeExemption >= FEE_EXEMPTION_MIN && feeExemption <= FEE_EXEMPTION_MAX)) {
    throw new DomainError("invalid", ADMIN_MESSAGES.feeExemptionRange, { field: "feeExemption" });
  }
  const newFee = feeExemption === undefined ? undefined : Math.round(feeExemption * 100) / 100;

  return inWriteTransaction(db, async (trx) => {
    const authority = await memberAuthority(trx, actorUserId);
    if (!managesMembers(authority)) throw new DomainError("forbidden", ADMIN_MESSAGES.forbidden, { code: "can_manage_users" });
    const target = await forUpdate(trx, trx.selectFrom("profiles").select(ADMIN_USER_COLUMNS).where("id", "=", targetUserId)).executeTakeFirst();
    if (!target) throw new DomainError("not_found", ADMIN_MESSAGES.userNotFound);
    const oldFee = Number(target.fee_exemption);
    const roleChanges = change.role !== undefined && change.role !== target.role;
    const feeChanges = newFee !== undefined && newFee !== oldFee;
    if (!roleChanges && !feeChanges) return { user: toAdminUserRow(target), changed: false };

    const refusal = memberAuthorityRefusal(authority, target);
    if (refusal === "own_account") throw new DomainError("forbidden", ADMIN_MESSAGES.ownAccount, { code: "own_account" });
    if (refusal !== null || (roleChanges && !mayAssignRole(authority, change.role as Role))) {
      throw new DomainError("forbidden", ADMIN_MESSAGES.adminRolesOnlySuperAdmin, { code: "can_manage_admins", field: "role" });
    }
    if (roleChanges && target.role === "super_admin") {
      // The super admins' rows, locked: a concurrent demotion of another one waits (or, on PostgreSQL, retries) and
      // then counts without the one demoted here.
      const superAdmins = await forUpdate(trx, trx.selectFrom("profiles").select("id").where("role", "=", "super_admin")).execute();
      if (superAdmins.filter((row) => row.id !== targetUserId).length === 0) {
        throw new DomainError("conflict", ADMIN_MESSAGES.lastSuperAdmin, { code: "last_super_admin", field: "role" });
      }
    }

    const stamp = now.toISOString();
    if (roleChanges) {
      await trx
        .updateTable("profiles")
        .set({ role: change.role as Role, last_role_change: stamp, changed_by: actorUserId, updated_at: stamp })
        .where("id", "=", targetUserId)
        .execute();
      await recordAuditEvent(
        trx,
        {
          actorUserId,
          action: ADMIN_AUDIT_ACTIONS.roleChange,
          subjectType: "user",
          subjectId: targetUserId,
          detail: JSON.stringify({ old: { role: target.role }, new: { role: change.role } }),
        },
        now,
      );
    }
    if (feeChanges) {
      await trx.updateTable("profiles").set({ fee_exemption: newFee, updated_at: stamp }).where("id", "=", targetUserId).execute();
      await recordAuditEvent(
        trx,
        {
          actorUserId,
          action: ADMIN_AUDIT_ACTIONS.feeExemptionChange,
          subjectType: "user",
          subjectId: targetUserId,
          detail: JSON.stringify({ old: { fee_exemption: oldFee }, new: { fee_exemption: newFee } }),
        },
        now,
      );
    }
    const updated = await trx.selectFrom("profiles").select(ADMIN_USER_COLUMNS).where("id", "=", targetUserId).executeTakeFirstOrThrow();
    return { user: toAdminUserRow(updated), changed: true };
  });
}
