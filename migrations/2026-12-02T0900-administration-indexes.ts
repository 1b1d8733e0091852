// The administration's reads without scanning (issue 19, docs/decisions/0046), both engines:
// - /admin/users lists members newest first, optionally of one role: (created_at, id) and (role, created_at, id) let
//   a page read 25 index entries instead of sorting every profile (100,000 synthetic profiles on SQLite: the page and
//   its count went from ~50 ms CPU to under 1 ms). A text search still scans profiles (decision 0046).
// - The audit log filtered by one action, newest first: (action, created_at).
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import type { Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("profiles_created").on("profiles").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("profiles_role_created").on("profiles").columns(["role", "created_at", "id"]).execute();
  await db.schema.createIndex("audit_events_action").on("audit_events").columns(["action", "created_at"]).execute();
}
