// The administration's demo history: changes the demo super administrator made through the admin service,
// so /admin/users and /admin/audit-log open on real rows: one dealer became a launch partner with a fee exemption; the
// promo codes staff made for bulk imports (one used once, one retired), so the Promo Codes tab has a history.
import type { Kysely } from "kysely";
import type { Database } from "../schema.ts";
import { changeUserAccess } from "../../app/services/admin/user-administration.server.ts";
import { applyPromoCode, createPromoCode, deactivatePromoCode } from "../../app/services/promotions/promo-codes.server.ts";
import { DEMO_DEALERS } from "./listings.ts";

const DAY_MS = 24 * 3_600_000;

export async function seedDemoAdministration(db: Kysely<Database>, people: { superAdminId: string }, { now }: { now: Date }): Promise<void> {
  const partner = DEMO_DEALERS[0];
  if (!partner) return;
  const dealer = await db.selectFrom("profiles").select("id").where("email", "=", partner.email).executeTakeFirst();
  if (!dealer) return;
  // A launch partner: 15% off the success fee three weeks ago, raised to 25% a week later.
  await changeUserAccess(db, people.superAdminId, dealer.id, { feeExemption: 15 }, new Date(now.getTime() - 21 * DAY_MS));
  await changeUserAccess(db, people.superAdminId, dealer.id, { feeExemption: 25 }, new Date(now.getTime() - 14 * DAY_MS));

  // Promo codes for the bulk import fee: a launch offer the partner used once, a standing $5 off, a retired one.
  const launch = await createPromoCode(
    db,
    people.superAdminId,
    {
      code: "LAUNCH25",
      description: "Launch offer: a quarter off your first bulk import",
      discountType: "percentage",
      discountValue: 2500,
      maxUses: 50,
      validUntil: new Date(now.getTime() + 60 * DAY_MS).toISOString(),
    },
    new Date(now.getTime() - 20 * DAY_MS),
  );
  await applyPromoCode(db, { code: launch.code, userId: dealer.id, amountCents: 1000, now: new Date(now.getTime() - 10 * DAY_MS) });
  await createPromoCode(
    db,
    people.superAdminId,
    { code: "FIVEOFF", description: "$5 off any bulk import", discountType: "fixed", discountValue: 500 },
    new Date(now.getTime() - 12 * DAY_MS),
  );
  const retired = await createPromoCode(
    db,
    people.superAdminId,
    { code: "TRADESHOW", description: "Trade show visitors", discountType: "percentage", discountValue: 1000, maxUses: 200 },
    new Date(now.getTime() - 30 * DAY_MS),
  );
  await deactivatePromoCode(db, people.superAdminId, retired.id, new Date(now.getTime() - 5 * DAY_MS));
}
