// Permissions as rows (issue 14 §3, spec 02 §3 ROLE_PERMISSIONS, §6): one row per role and permission it holds, read
// by requirePermission on every guarded request, so changing a row changes what a role may do at once. It replaces
// the first table of the same name (one JSON object of flags per role, rewritten from code at every start).
// The matrix below is this migration's own copy, as it stood when it shipped (docs/decisions/0025); later changes are
// new migrations or rows changed by an administrator, never an edit here.
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import type { Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

const STAFF_LISTINGS = ["can_manage_listings", "can_moderate_listings", "can_moderate_content"];
const SELLING = ["can_create_listings", "can_create_auctions", "can_bid"];

const MATRIX: Record<string, readonly string[]> = {
  super_admin: [
    "can_manage_users",
    "can_manage_admins",
    "can_manage_categories",
    "can_view_reports",
    "can_view_users",
    "can_manage_promo_codes",
    "can_manage_billing",
    "can_confirm_payments",
    "can_resolve_disputes",
    "can_answer_support",
    "can_edit_content",
    ...STAFF_LISTINGS,
    ...SELLING,
  ],
  admin: [
    "can_manage_users",
    "can_manage_categories",
    "can_view_reports",
    "can_view_users",
    "can_manage_promo_codes",
    "can_confirm_payments",
    "can_resolve_disputes",
    "can_answer_support",
    "can_edit_content",
    ...STAFF_LISTINGS,
    ...SELLING,
  ],
  moderator: STAFF_LISTINGS,
  dispute_resolution_referee: ["can_resolve_disputes"],
  billing: ["can_manage_billing", "can_confirm_payments", "can_view_reports"],
  support: ["can_view_users", "can_answer_support"],
  seller: SELLING,
  buyer: ["can_bid"],
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await db.schema.dropTable("role_permissions").ifExists().execute();
  await db.schema
    .createTable("role_permissions")
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("permission", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .addPrimaryKeyConstraint("role_permissions_pk", ["role", "permission"])
    .execute();
  const rows = Object.entries(MATRIX).flatMap(([role, permissions]) => permissions.map((permission) => ({ role, permission })));
  await db.insertInto("role_permissions").values(rows).execute();
}
