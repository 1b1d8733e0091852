// Whose content members' reports never hide becomes a permission (docs/decisions/0087): it went to every staff role by
// name (everyone but buyers and sellers); this grants can_skip_report_hiding to those roles, so every database keeps
// what each role had, and from now on /admin/roles changes it. A row already present stays.
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import type { Kysely } from "kysely";

const GRANTED = "can_skip_report_hiding";
const HOLDERS = ["super_admin", "admin", "moderator", "dispute_resolution_referee", "billing", "support"];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against Kysely<any>
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .insertInto("role_permissions")
    .values(HOLDERS.map((role) => ({ role, permission: GRANTED })))
    .onConflict((oc) => oc.columns(["role", "permission"]).doNothing())
    .execute();
}
