// Four checks that named roles become permissions (docs/decisions/0080): the bulk import fee waiver, publishing a first
// large bulk import without staff review, reading any listing's analytics and seeing a member's hidden profile details.
// Each went to the administrator and super administrator roles by name; this grants each to those two roles, so every
// database keeps what each role could do, and from now on /admin/roles changes it. A row already present stays.
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import type { Kysely } from "kysely";

const GRANTED = ["can_waive_bulk_fees", "can_skip_import_review", "can_view_any_listing_analytics", "can_view_private_profiles"];
const HOLDERS = ["super_admin", "admin"];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against Kysely<any>
export async function up(db: Kysely<any>): Promise<void> {
  const rows = HOLDERS.flatMap((role) => GRANTED.map((permission) => ({ role, permission })));
  await db
    .insertInto("role_permissions")
    .values(rows)
    .onConflict((oc) => oc.columns(["role", "permission"]).doNothing())
    .execute();
}
