// The bounds of what one member keeps (~/lib/member-limits.ts, one table), checked by the services that add to each
// collection inside the write transaction that adds, so two requests at once cannot both pass the last free place.
// A shared kernel: it imports no domain.
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { MEMBER_LIMITS, type MemberCollection } from "~/lib/member-limits.ts";
import { DomainError } from "./domain-error.ts";

/** Refuses one more in `collection` when the member already keeps `current` of them. */
export function assertRoomFor(collection: MemberCollection, current: number): void {
  const limit = MEMBER_LIMITS[collection];
  if (current >= limit.max) throw new DomainError("conflict", limit.message, { code: `limit_${collection}` });
}

/**
 * Runs `work` (count, then add) in a write transaction, or in the caller's transaction when `db` already is one (the
 * offline outbox replays a watch or a saved search inside its own).
 */
export function addingInWriteTransaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : inWriteTransaction(db, work);
}
