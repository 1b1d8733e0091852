// The staff review of held bulk imports: a new seller's first import above IMPORT_REVIEW_THRESHOLD waits
// (bulk_imports.review_state = 'held', nothing charged) in a queue on /admin/bulk-imports. Staff holding
// can_manage_listings approve it (the charge is recorded and the import job starts, as the seller's own Import would)
// or reject it with a reason (the import is cancelled). Each decision is audited (bulk_import.approve / .reject, old and
// new state) and the seller notified; nobody decides on their own import.
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import type { Role } from "~/lib/roles.ts";
import { permissionsOfRole, assertNotAParty } from "../accounts/index.server.ts";
import { DomainError } from "../domain-error.ts";
import { chargeAndStartBulkImport } from "../bulk-import/index.server.ts";
import { notify } from "../notifications/index.server.ts";
import { recordAuditEvent } from "../platform/index.server.ts";
import { sellerNameOf } from "./listing-reports.server.ts";

const HELD_IMPORTS_LIMIT = 100;
const IMPORT_REVIEW_NOTE_MAX = 500;

const IMPORT_REVIEW_MESSAGES = {
  forbidden: "Only listing managers can review imports.",
  notFound: "This import is not waiting for review.",
  reasonRequired: "Give the reason the seller will read.",
  reasonTooLong: `Keep the reason under ${IMPORT_REVIEW_NOTE_MAX} characters.`,
} as const;

export interface HeldBulkImport {
  id: number;
  fileName: string;
  rowCount: number;
  readyCount: number;
  createdAt: string;
  sellerId: string;
  sellerName: string;
  sellerEmail: string;
  sellerSince: string;
}

async function assertListingManager(db: Kysely<Database>, userId: string): Promise<void> {
  const actor = await db.selectFrom("profiles").select("role").where("id", "=", userId).executeTakeFirst();
  if (!actor || !(await permissionsOfRole(db, actor.role as Role)).has("can_manage_listings"))
    throw new DomainError("forbidden", IMPORT_REVIEW_MESSAGES.forbidden);
}

/** The imports waiting for review, oldest first. */
export async function listHeldBulkImports(db: Kysely<Database>): Promise<HeldBulkImport[]> {
  const rows = await db
    .selectFrom("bulk_imports as i")
    .innerJoin("profiles as p", "p.id", "i.user_id")
    .select((eb) => [
      "i.id",
      "i.file_name",
      "i.row_count",
      "i.created_at",
      "i.user_id",
      "p.email",
      "p.company_name",
      "p.first_name",
      "p.last_name",
      "p.created_at as seller_since",
      eb
        .selectFrom("bulk_import_rows as r")
        .select((sub) => sub.fn.countAll<number | string>().as("n"))
        .whereRef("r.import_id", "=", "i.id")
        .where("r.removed", "=", 0)
        .where("r.errors", "=", "[]")
        .as("ready"),
    ])
    .where("i.review_state", "=", "held")
    .where("i.status", "=", "payment")
    .orderBy("i.created_at")
    .orderBy("i.id")
    .limit(HELD_IMPORTS_LIMIT)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    fileName: row.file_name,
    rowCount: Number(row.row_count),
    readyCount: Number(row.ready ?? 0),
    createdAt: row.created_at,
    sellerId: row.user_id,
    sellerName: sellerNameOf(row),
    sellerEmail: row.email,
    sellerSince: row.seller_since,
  }));
}

/** How many imports wait for review (the console's navigation). */
export async function countHeldBulkImports(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("bulk_imports")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("review_state", "=", "held")
    .where("status", "=", "payment")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type ImportReviewDecision = "approve" | "reject";

/**
 * Approves or rejects a held import. Approve: marks it approved, then charges and starts it (the caller starts the
 * import job); reject: cancels it with the reason. Returns the seller's id and the import's new status.
 */
export async function decideHeldBulkImport(
  db: Kysely<Database>,
  actorUserId: string,
  importId: number,
  decision: ImportReviewDecision,
  noteText: string,
  now = new Date(),
): Promise<{ status: "importing" | "cancelled"; sellerId: string }> {
  const note = noteText.trim();
  if (note.length > IMPORT_REVIEW_NOTE_MAX) throw new DomainError("invalid", IMPORT_REVIEW_MESSAGES.reasonTooLong, { field: "note" });
  if (decision === "reject" && note === "") throw new DomainError("invalid", IMPORT_REVIEW_MESSAGES.reasonRequired, { field: "note" });
  if (decision !== "approve" && decision !== "reject") throw new DomainError("invalid", "Choose Approve or Reject.");
  const stamp = now.toISOString();
  const decided = await inWriteTransaction(
    db,
    async (trx) => {
      await assertListingManager(trx, actorUserId);
      const imp = await trx
        .selectFrom("bulk_imports")
        .select(["id", "user_id", "file_name", "status", "review_state", "review_promo_code"])
        .where("id", "=", importId)
        .executeTakeFirst();
      if (!imp || imp.review_state !== "held" || imp.status !== "payment") throw new DomainError("not_found", IMPORT_REVIEW_MESSAGES.notFound);
      assertNotAParty("listing", actorUserId, [imp.user_id]);
      const updated = await trx
        .updateTable("bulk_imports")
        .set({
          review_state: decision === "approve" ? "approved" : "rejected",
          reviewed_by: actorUserId,
          reviewed_at: stamp,
          review_note: note || null,
          ...(decision === "reject" ? { status: "cancelled" as const } : {}),
          updated_at: stamp,
        })
        .where("id", "=", importId)
        .where("review_state", "=", "held")
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new DomainError("not_found", IMPORT_REVIEW_MESSAGES.notFound);
      await recordAuditEvent(
        trx,
        {
          actorUserId,
          action: `bulk_import.${decision}`,
          subjectType: "bulk_import",
          subjectId: importId,
          detail: JSON.stringify({
            old: { review_state: "held" },
            new: { review_state: decision === "approve" ? "approved" : "rejected" },
            seller: imp.user_id,
            ...(note ? { note } : {}),
          }),
        },
        now,
      );
      return imp;
    },
    { decidesOnLockedRows: true },
  );
  let status: "importing" | "cancelled" = "cancelled";
  if (decision === "approve") {
    await chargeAndStartBulkImport(db, decided.user_id, importId, decided.review_promo_code, now);
    status = "importing";
  }
  await notify(
    db,
    [
      decision === "approve"
        ? {
            userId: decided.user_id,
            type: "system",
            title: "Your bulk import was approved",
            message: `Our staff approved "${decided.file_name}"; its listings are being published now.${note ? ` ${note}` : ""}`,
            actionUrl: `/bulk-upload?import=${importId}`,
          }
        : {
            userId: decided.user_id,
            type: "system",
            title: "Your bulk import was not approved",
            message: `Our staff did not approve "${decided.file_name}": ${note} Nothing was charged.`,
            actionUrl: `/bulk-upload?import=${importId}`,
          },
    ],
    now,
  );
  return { status, sellerId: decided.user_id };
}
