// The newsletter's demo (/admin/newsletter and its export): readers who signed up in the footer and on
// /profile over the last weeks, through the real sign-up; most followed their confirmation link, one has not yet, one
// unsubscribed later. The sign-up mails are the demo's history and are dropped with the rest of its pending mail.
import type { Kysely } from "kysely";
import type { Database } from "../schema.ts";
import { subscribeToNewsletter } from "../../app/services/accounts/newsletter.server.ts";

const DAY = 86_400_000;

/** Who signed up, where, how many days ago, and what became of it. */
const READERS = [
  { email: "m.okafor@gulfcoast-automation.example", source: "footer", daysAgo: 41, outcome: "confirmed" },
  { email: "lab.manager@northfield-metrology.example", source: "footer", daysAgo: 33, outcome: "confirmed" },
  { email: "procurement@ridgeway-plastics.example", source: "profile", daysAgo: 26, outcome: "confirmed" },
  { email: "t.lindqvist@fjordline-marine.example", source: "footer", daysAgo: 19, outcome: "unsubscribed" },
  { email: "maintenance@cedar-valley-mill.example", source: "footer", daysAgo: 9, outcome: "confirmed" },
  { email: "r.castellanos@altiplano-mining.example", source: "footer", daysAgo: 1, outcome: "pending" },
] as const;

export async function seedDemoNewsletter(db: Kysely<Database>, { now }: { now: Date }): Promise<void> {
  for (const reader of READERS) {
    const signedUp = new Date(now.getTime() - reader.daysAgo * DAY);
    await subscribeToNewsletter(db, reader.email, { source: reader.source, now: signedUp });
    await db.updateTable("newsletter_subscriptions").set({ created_at: signedUp.toISOString() }).where("email", "=", reader.email).execute();
    if (reader.outcome === "pending") continue;
    // Their confirmation link was followed within the hour (and, for one, the unsubscribe link a week later): the
    // demo's past, written as it stands now rather than replayed through links whose tokens only the mail holds.
    const confirmed = new Date(signedUp.getTime() + 40 * 60_000).toISOString();
    await db
      .updateTable("newsletter_subscriptions")
      .set({ status: "subscribed", confirmed_at: confirmed, confirm_token_hash: null, confirm_expires_at: null })
      .where("email", "=", reader.email)
      .execute();
    if (reader.outcome === "unsubscribed") {
      await db
        .updateTable("newsletter_subscriptions")
        .set({ status: "unsubscribed", unsubscribed_at: new Date(signedUp.getTime() + 7 * DAY).toISOString() })
        .where("email", "=", reader.email)
        .execute();
    }
  }
}
