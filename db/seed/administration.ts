// The administration's demo history (issue 19): changes the demo super administrator made through the admin service,
// so /admin/users and /admin/audit-log open on real rows: one dealer became a launch partner with a fee exemption.
import type { Kysely } from "kysely";
import type { Database } from "../schema.ts";
import { changeUserAccess } from "../../app/services/admin/user-administration.server.ts";
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
}
