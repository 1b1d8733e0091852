// Two-step sign-in for the demo staff: the accounts in DEMO_TOTP_SECRETS have their authenticator app
// set up with the known secret the README prints, so the demo works without a phone.
import type { Kysely } from "kysely";
import type { Database } from "../schema.ts";
import { DEMO_TOTP_SECRETS } from "./demo-accounts.ts";

export async function seedDemoSecondFactors(db: Kysely<Database>, { now }: { now: Date }): Promise<void> {
  const emails = Object.keys(DEMO_TOTP_SECRETS);
  const users = await db.selectFrom("users").select(["id", "email"]).where("email", "in", emails).execute();
  if (users.length === 0) return;
  await db
    .insertInto("totp_factors")
    .values(
      users.map((user) => ({
        user_id: user.id,
        secret: DEMO_TOTP_SECRETS[user.email]!,
        confirmed_at: now.toISOString(),
        last_used_step: null,
        created_at: now.toISOString(),
      })),
    )
    .execute();
}
