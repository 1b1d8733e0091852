// The bulk import's payment step: the fee, a promo code applied in the same write transaction as the ledger entry,
// and the hand-over to the import job.
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { BULK_LIMITS, BULK_MESSAGES } from "~/lib/bulk-import.ts";
import { bulkImportCharge, type BulkImportCharge } from "~/lib/fees.ts";
import { normalizeRole } from "~/lib/roles.ts";
import { roleHasPermission } from "../accounts/index.server.ts";
import { DomainError } from "../domain-error.ts";
import { previewPromoCode, redeemPromoCode } from "../promotions/index.server.ts";
import { expectStatus, importRowOf, rowCounts } from "./bulk-import-rows.server.ts";

// ── Payment ──

export interface BulkPayment extends BulkImportCharge {
  count: number;
  feeExemptionPercent: number;
  /** The importer's role holds can_waive_bulk_fees: nothing is charged and no promo code applies. */
  feeWaived: boolean;
  promo: { code: string; message: string } | null;
}

/** What the importer pays: their fee exemption, and whether their role holds can_waive_bulk_fees (read now). */
async function payer(db: Kysely<Database>, userId: string): Promise<{ feeWaived: boolean; feeExemptionPercent: number }> {
  const profile = await db.selectFrom("profiles").select(["role", "fee_exemption"]).where("id", "=", userId).executeTakeFirst();
  const feeWaived = profile ? await roleHasPermission(db, normalizeRole(profile.role), "can_waive_bulk_fees") : false;
  return { feeWaived, feeExemptionPercent: Number(profile?.fee_exemption ?? 0) };
}

/** Whether the importer's role holds can_skip_import_review: a first large import is not held for staff review. */
async function skipsImportReview(db: Kysely<Database>, userId: string): Promise<boolean> {
  const profile = await db.selectFrom("profiles").select("role").where("id", "=", userId).executeTakeFirst();
  return profile ? roleHasPermission(db, normalizeRole(profile.role), "can_skip_import_review") : false;
}

/** The payment summary; with a promo code, its preview (Apply: nothing is counted until the import). */
export async function bulkImportPayment(
  db: Kysely<Database>,
  userId: string,
  importId: number,
  promoCode: string | null,
  now = new Date(),
): Promise<BulkPayment> {
  const row = await importRowOf(db, userId, importId);
  expectStatus(row, "payment", "importing", "imported");
  const { ready } = await rowCounts(db, importId);
  const who = await payer(db, userId);
  const base = bulkImportCharge({ count: ready, ...who });
  let promo: BulkPayment["promo"] = null;
  let discountCents = 0;
  if (promoCode && !who.feeWaived && base.totalCents > 0) {
    const applied = await previewPromoCode(db, { code: promoCode, userId, amountCents: base.totalCents, now });
    promo = { code: applied.code, message: applied.message };
    discountCents = applied.discountCents;
  }
  return { ...base, discountCents, totalCents: base.totalCents - discountCents, count: ready, ...who, promo };
}

export interface StartBulkImportOptions {
  /** A new seller's first import with more ready rows than this is held for staff review (IMPORT_REVIEW_THRESHOLD). */
  reviewThreshold?: number;
}

/** Whether this would be the seller's first import to be published (none before it imported or importing). */
async function isFirstImport(db: Kysely<Database>, userId: string, importId: number): Promise<boolean> {
  const earlier = await db
    .selectFrom("bulk_imports")
    .select("id")
    .where("user_id", "=", userId)
    .where("id", "<>", importId)
    .where("status", "in", ["importing", "imported"])
    .limit(1)
    .executeTakeFirst();
  return earlier === undefined;
}

/**
 * "Import {n} Listings": records the charge in the ledger (bulk_import_charges) and uses the promo code in one write
 * transaction, and moves the import to `importing` (the job creates the listings). Running it twice charges once.
 * A seller's first import with more ready rows than the review threshold is held instead (review_state "held",
 * nothing charged) until staff approve it (approveHeldBulkImport charges and starts it then); `held` says so.
 */
export async function startBulkImport(
  db: Kysely<Database>,
  userId: string,
  importId: number,
  promoCode: string | null,
  now = new Date(),
  options: StartBulkImportOptions = {},
): Promise<BulkPayment & { held: boolean }> {
  const imp = await importRowOf(db, userId, importId);
  if (imp.review_state === "held") throw new DomainError("conflict", BULK_MESSAGES.awaitingReview);
  const who = await payer(db, userId);
  const threshold = options.reviewThreshold ?? BULK_LIMITS.reviewThreshold;
  if (imp.review_state !== "approved" && imp.status === "payment" && !(await skipsImportReview(db, userId))) {
    const { ready } = await rowCounts(db, importId);
    if (ready > threshold && (await isFirstImport(db, userId, importId))) {
      if (promoCode) await previewPromoCode(db, { code: promoCode, userId, amountCents: bulkImportCharge({ count: ready, ...who }).totalCents, now });
      const held = await db
        .updateTable("bulk_imports")
        .set({ review_state: "held", review_promo_code: promoCode, updated_at: now.toISOString() })
        .where("id", "=", importId)
        .where("status", "=", "payment")
        .where("review_state", "is", null)
        .executeTakeFirst();
      if (Number(held.numUpdatedRows) !== 1) throw new DomainError("conflict", BULK_MESSAGES.wrongStep);
      return { ...(await bulkImportPayment(db, userId, importId, null, now)), held: true };
    }
  }
  return { ...(await chargeAndStartBulkImport(db, userId, importId, promoCode, now)), held: false };
}

/** The charge and the move to `importing`, in one write transaction (the seller's Import, or staff approving a held import). */
export async function chargeAndStartBulkImport(
  db: Kysely<Database>,
  userId: string,
  importId: number,
  promoCode: string | null,
  now = new Date(),
): Promise<BulkPayment> {
  const who = await payer(db, userId);
  return inWriteTransaction(
    db,
    async (trx) => {
      const current = await trx.selectFrom("bulk_imports").select("status").where("id", "=", importId).executeTakeFirstOrThrow();
      expectStatus(current, "payment");
      const { ready } = await rowCounts(trx, importId);
      if (ready === 0) throw new DomainError("invalid", BULK_MESSAGES.nothingToImport);
      const base = bulkImportCharge({ count: ready, ...who });
      let promo: BulkPayment["promo"] = null;
      let discountCents = 0;
      if (promoCode && !who.feeWaived && base.totalCents > 0) {
        const applied = await redeemPromoCode(trx, { code: promoCode, userId, amountCents: base.totalCents, now });
        promo = { code: applied.code, message: applied.message };
        discountCents = applied.discountCents;
      }
      const totalCents = base.totalCents - discountCents;
      await trx
        .insertInto("bulk_import_charges")
        .values({
          import_id: importId,
          user_id: userId,
          listing_count: ready,
          fee_cents: base.feeCents,
          exemption_percent: Math.round(who.feeExemptionPercent),
          exemption_cents: base.exemptionCents,
          promo_code: promo?.code ?? null,
          discount_cents: discountCents,
          total_cents: totalCents,
          status: base.waived ? "waived" : "invoiced",
          created_at: now.toISOString(),
        })
        .execute();
      await trx
        .updateTable("bulk_imports")
        .set({ status: "importing", total_cents: totalCents, updated_at: now.toISOString() })
        .where("id", "=", importId)
        .execute();
      return { ...base, discountCents, totalCents, count: ready, ...who, promo };
    },
    // The promo code's row is locked by redeemPromoCode: concurrent imports queue on it.
    { decidesOnLockedRows: true },
  );
}
