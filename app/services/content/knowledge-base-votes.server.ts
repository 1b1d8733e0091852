// "Was this helpful?" on knowledge-base articles: one answer per article and reader, which the reader
// may change. A reader is a member (by account) or a visitor's browser (by its signed device cookie, stored only as a
// keyed hash). The answer is one INSERT … SELECT … ON CONFLICT DO UPDATE statement, so two answers at once from the
// same reader leave one row, and an answer to a draft or a missing article stores nothing. Votes are limited per
// client address, so clearing cookies does not make a visitor a crowd.
import crypto from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { getEnv } from "~/env.server.ts";
import { KNOWLEDGE_MESSAGES, type HelpfulTally } from "~/lib/knowledge-base.ts";
import { DomainError } from "../domain-error.ts";
import { tooManyAttempts, sharedRateLimiter, type RateLimiter, type RateLimitRule } from "../platform/index.server.ts";

/** Answers one client address may give in an hour (members and visitors alike). */
export const HELPFUL_VOTE_RATE_LIMIT: RateLimitRule = { limit: 60, windowMs: 60 * 60_000 };

/** Who answers: a member, or a visitor's browser. */
export type Voter = { userId: string } | { deviceId: string };

let cachedKey: { secret: string; key: Buffer } | undefined;

function voterKeyHmac(): Buffer {
  const secret = getEnv().SESSION_SECRET;
  if (cachedKey?.secret !== secret) {
    cachedKey = { secret, key: crypto.createHmac("sha256", secret).update("tradebench:knowledge-votes:v1").digest() };
  }
  return cachedKey.key;
}

/** The key a reader's answers are stored under. */
function voterKeyOf(voter: Voter): string {
  if ("userId" in voter) return `user:${voter.userId}`;
  return `device:${crypto.createHmac("sha256", voterKeyHmac()).update(voter.deviceId).digest("hex")}`;
}

/** Counts one answer from `clientAddress`; refuses (rate_limited) past HELPFUL_VOTE_RATE_LIMIT. */
export async function claimHelpfulVoteAttempt(
  db: Kysely<Database>,
  clientAddress: string,
  { limiter = sharedRateLimiter, now = new Date() }: { limiter?: RateLimiter; now?: Date } = {},
): Promise<void> {
  const verdict = await limiter.hit(db, `knowledge-vote:ip:${clientAddress}`, HELPFUL_VOTE_RATE_LIMIT, now);
  if (!verdict.allowed) throw tooManyAttempts(verdict.retryAfterSeconds);
}

/** How readers answered for `articleId`, and what `voter` answered (null for a reader without a key yet). */
export async function helpfulTally(db: Kysely<Database>, articleId: number, voter: Voter | null): Promise<HelpfulTally> {
  const counts = await db
    .selectFrom("knowledge_article_votes")
    .select((eb) => ["helpful", eb.fn.countAll<number | string>().as("n")])
    .where("article_id", "=", articleId)
    .groupBy("helpful")
    .execute();
  const mine = voter
    ? await db
        .selectFrom("knowledge_article_votes")
        .select("helpful")
        .where("article_id", "=", articleId)
        .where("voter_key", "=", voterKeyOf(voter))
        .executeTakeFirst()
    : undefined;
  return {
    yes: Number(counts.find((row) => Number(row.helpful) === 1)?.n ?? 0),
    no: Number(counts.find((row) => Number(row.helpful) === 0)?.n ?? 0),
    mine: mine ? Number(mine.helpful) === 1 : null,
  };
}

/**
 * Records `voter`'s answer for the published article `articleId` (replacing their earlier one) and returns the new
 * tally. Refuses "Article not found" (not_found) for a draft or a missing article, storing nothing.
 */
export async function recordHelpfulVote(db: Kysely<Database>, articleId: number, voter: Voter, helpful: boolean, now = new Date()): Promise<HelpfulTally> {
  const at = now.toISOString();
  const value = helpful ? 1 : 0;
  const result = await db
    .insertInto("knowledge_article_votes")
    .columns(["article_id", "voter_key", "user_id", "helpful", "created_at", "updated_at"])
    .expression((eb) =>
      eb
        .selectFrom("knowledge_articles")
        .select([
          "id",
          // Typed casts: PostgreSQL reads a bare parameter in a select list as text.
          sql<string>`cast(${voterKeyOf(voter)} as text)`.as("voter_key"),
          sql<string | null>`cast(${"userId" in voter ? voter.userId : null} as text)`.as("user_id"),
          sql<number>`cast(${value} as integer)`.as("helpful"),
          sql<string>`cast(${at} as text)`.as("created_at"),
          sql<string>`cast(${at} as text)`.as("updated_at"),
        ])
        .where("id", "=", articleId)
        .where("status", "=", "published"),
    )
    .onConflict((oc) => oc.columns(["article_id", "voter_key"]).doUpdateSet({ helpful: value, updated_at: at }))
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) throw new DomainError("not_found", KNOWLEDGE_MESSAGES.notFound);
  return helpfulTally(db, articleId, voter);
}
