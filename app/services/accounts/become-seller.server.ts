// A buyer becomes a seller, from /profile/start-selling: only a buyer's own account, confirmed (a seller
// lists, and an unconfirmed account may not: decision 0028) and not suspended, having accepted the terms as a seller.
// In one write transaction the role changes buyer → seller (with last_role_change and changed_by, as a staff change
// records), the company name is kept when given, and the audit row {old, new} is written. The seller's permissions are
// the seller role's rows of role_permissions, read on every request, so they hold from the next page on.
import type { Kysely } from "kysely";
import { forUpdate, inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { normalizeRole } from "~/lib/roles.ts";
import { BECOME_SELLER_AUDIT_ACTION, BECOME_SELLER_MESSAGES } from "~/schemas/become-seller.ts";
import { DomainError } from "../domain-error.ts";
import { recordAuditEvent } from "../platform/index.server.ts";
import { emailConfirmationRefusal } from "./email-confirmation.server.ts";
import { accountSuspendedError } from "./suspension.server.ts";

/** Why `role` cannot become a seller, or null for a buyer. */
export function becomeSellerRefusal(role: string): DomainError | null {
  const current = normalizeRole(role);
  if (current === "buyer") return null;
  if (current === "seller") return new DomainError("conflict", BECOME_SELLER_MESSAGES.alreadySeller, { code: "already_seller" });
  return new DomainError("forbidden", BECOME_SELLER_MESSAGES.staffCannotSell, { code: "staff_account" });
}

/** Makes the buyer `userId` a seller (see the top of this file). */
export async function becomeSeller(
  db: Kysely<Database>,
  userId: string,
  input: { companyName?: string; acceptTerms: boolean },
  now = new Date(),
): Promise<void> {
  const companyName = String(input.companyName ?? "").trim();
  if (companyName.length > 120) throw new DomainError("invalid", BECOME_SELLER_MESSAGES.companyTooLong, { field: "companyName" });
  const stamp = now.toISOString();
  await inWriteTransaction(db, async (trx) => {
    const row = await forUpdate(
      trx,
      trx
        .selectFrom("profiles")
        .innerJoin("users", "users.id", "profiles.id")
        .select(["profiles.role", "profiles.company_name", "profiles.suspended_at", "users.email_confirmed_at"])
        .where("profiles.id", "=", userId),
    ).executeTakeFirst();
    if (!row) throw new DomainError("not_found", "Account not found.");
    if (row.suspended_at !== null) throw accountSuspendedError();
    const refusal = becomeSellerRefusal(row.role) ?? emailConfirmationRefusal({ emailConfirmed: row.email_confirmed_at !== null });
    if (refusal) throw refusal;
    if (!input.acceptTerms) throw new DomainError("invalid", BECOME_SELLER_MESSAGES.acceptTerms, { field: "acceptTerms" });
    const changed = await trx
      .updateTable("profiles")
      .set({
        role: "seller",
        last_role_change: stamp,
        changed_by: userId,
        updated_at: stamp,
        ...(companyName !== "" ? { company_name: companyName } : {}),
      })
      .where("id", "=", userId)
      .where("role", "=", "buyer")
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) throw new DomainError("conflict", BECOME_SELLER_MESSAGES.alreadySeller, { code: "already_seller" });
    await recordAuditEvent(
      trx,
      {
        actorUserId: userId,
        action: BECOME_SELLER_AUDIT_ACTION,
        subjectType: "user",
        subjectId: userId,
        detail: JSON.stringify({
          old: { role: "buyer", companyName: row.company_name },
          new: { role: "seller", companyName: companyName !== "" ? companyName : row.company_name, acceptedSellerTerms: stamp },
        }),
      },
      now,
    );
  });
}
