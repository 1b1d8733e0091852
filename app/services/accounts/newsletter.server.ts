// Newsletter sign-ups from the footer.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";

export type SubscribeResult = "subscribed" | "already_subscribed";

export async function subscribeToNewsletter(db: Kysely<Database>, email: string, source = "footer"): Promise<SubscribeResult> {
  const result = await db
    .insertInto("newsletter_subscriptions")
    .values({ email: email.trim().toLowerCase(), source })
    .onConflict((oc) => oc.column("email").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0 ? "subscribed" : "already_subscribed";
}
