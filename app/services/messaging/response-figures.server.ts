// A seller's response figures (docs/product/accounts.md#public-profile Seller stats; /seller/messages shows the same), computed
// from messages: of the conversations other members started with them (about a listing or general) with activity in
// the last RESPONSE_FIGURES_DAYS, the share the seller answered (response rate) and the median time from the other
// member's first message to the seller's first answer (response time). A first message younger than
// RESPONSE_GRACE_HOURS that is not answered yet counts neither way.
import { sql, type Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { RESPONSE_FIGURES_DAYS, RESPONSE_GRACE_HOURS } from "~/lib/profiles.ts";

/** The most conversations one computation reads (the busiest dealers; the newest are kept). */
const CONVERSATIONS_READ = 2000;
const HOUR_MS = 60 * 60 * 1000;

export interface ResponseFigures {
  /** Conversations counted. */
  conversations: number;
  /** Percent answered, rounded; null with none counted. */
  responseRate: number | null;
  /** Median milliseconds to the first answer; null with none answered. */
  responseTimeMs: number | null;
}

export async function sellerResponseFigures(db: Kysely<Database>, userId: string, now: Date = new Date()): Promise<ResponseFigures> {
  const since = new Date(now.getTime() - RESPONSE_FIGURES_DAYS * 24 * HOUR_MS).toISOString();
  const rows = await db
    .selectFrom("conversations as c")
    .innerJoin("messages as m", "m.conversation_id", "c.id")
    .select([
      "c.id",
      sql<string | null>`min(case when m.sender_id = c.buyer_id then m.created_at end)`.as("first_in"),
      sql<string | null>`min(case when m.sender_id = c.seller_id then m.created_at end)`.as("first_out"),
    ])
    .where("c.seller_id", "=", userId)
    .where("c.last_message_at", ">=", since)
    .groupBy("c.id")
    .orderBy("c.id", "desc")
    .limit(CONVERSATIONS_READ)
    .execute();
  const graceEnds = now.getTime() - RESPONSE_GRACE_HOURS * HOUR_MS;
  const delays: number[] = [];
  let counted = 0;
  for (const row of rows) {
    if (!row.first_in) continue;
    const asked = new Date(row.first_in).getTime();
    const answered = row.first_out ? new Date(row.first_out).getTime() : null;
    if (answered !== null && answered >= asked) {
      counted += 1;
      delays.push(answered - asked);
    } else if (asked <= graceEnds) {
      counted += 1;
    }
  }
  delays.sort((a, b) => a - b);
  const middle = delays.length >> 1;
  const median = delays.length === 0 ? null : delays.length % 2 ? delays[middle]! : Math.round((delays[middle - 1]! + delays[middle]!) / 2);
  return {
    conversations: counted,
    responseRate: counted === 0 ? null : Math.round((delays.length / counted) * 100),
    responseTimeMs: median,
  };
}
