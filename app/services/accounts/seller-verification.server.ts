// Seller verification: the Verified Seller badge everywhere reads profiles.is_verified and
// verification_date. A seller becomes verified only when staff approve their verification application
// (app/services/admin/verification-applications.server.ts, docs/decisions/0076); here staff holding can_manage_users
// may only take the mark away again. Each change is recorded in audit_events in the same transaction (seller.unverify).
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { VERIFICATION_MESSAGES } from "~/lib/profiles.ts";
import { VERIFICATION_APPLICATION_MESSAGES } from "~/lib/seller-verification.ts";
import { normalizeRole, type Role } from "~/lib/roles.ts";
import { DomainError } from "../domain-error.ts";
import { recordAuditEvent } from "../platform/index.server.ts";
import { permissionsOfRole } from "./permissions.server.ts";

const VERIFICATION_AUDIT_ACTIONS = { verify: "seller.verify", unverify: "seller.unverify" } as const;

export interface SellerVerificationChange {
  actor: { id: string; role: Role };
  sellerId: string;
  verified: boolean;
  /** The day verification was completed (YYYY-MM-DD); today when left out. Ignored when unverifying. */
  since?: string;
  now?: Date;
}

/** Marks a seller verified since a date, or not verified; audited. Refuses with DomainError. */
export async function setSellerVerification(db: Kysely<Database>, change: SellerVerificationChange): Promise<void> {
  const now = change.now ?? new Date();
  const permissions = await permissionsOfRole(db, change.actor.role);
  if (!permissions.has("can_manage_users") && !permissions.has("can_manage_admins")) throw new DomainError("forbidden", VERIFICATION_MESSAGES.forbidden);
  // Approval of an application is the only way in.
  if (change.verified) throw new DomainError("conflict", VERIFICATION_APPLICATION_MESSAGES.onlyByApproval);
  let since: string | null = null;
  if (change.verified) {
    const day = change.since?.trim() || now.toISOString().slice(0, 10);
    const parsed = /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T00:00:00.000Z`) : null;
    if (!parsed || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day || parsed.getTime() > now.getTime()) {
      throw new DomainError("invalid", VERIFICATION_MESSAGES.badDate, { field: "since" });
    }
    since = parsed.toISOString();
  }
  await inWriteTransaction(db, async (trx) => {
    const seller = await trx
      .selectFrom("profiles")
      .select(["id", "role", "is_verified", "verification_date"])
      .where("id", "=", change.sellerId)
      .executeTakeFirst();
    if (!seller) throw new DomainError("not_found", VERIFICATION_MESSAGES.memberNotFound);
    if (change.verified && normalizeRole(seller.role) !== "seller") throw new DomainError("conflict", VERIFICATION_MESSAGES.notSeller);
    await trx
      .updateTable("profiles")
      .set({ is_verified: change.verified ? 1 : 0, verification_date: since, updated_at: now.toISOString() })
      .where("id", "=", seller.id)
      .execute();
    await recordAuditEvent(
      trx,
      {
        actorUserId: change.actor.id,
        action: change.verified ? VERIFICATION_AUDIT_ACTIONS.verify : VERIFICATION_AUDIT_ACTIONS.unverify,
        subjectType: "user",
        subjectId: seller.id,
        detail: JSON.stringify({
          before: { verified: Boolean(seller.is_verified), since: seller.verification_date },
          after: { verified: change.verified, since },
        }),
      },
      now,
    );
  });
}
