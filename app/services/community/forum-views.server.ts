// Counting topic views as listing views are counted (app/services/listings/listing-views.server.ts): once per viewer
// per 30 minutes, never the author's own; a viewer is the member, else the visitor's address, kept only as a keyed
// hash. The counter lives on the topic row and nothing caches the forum's pages, so a view invalidates nothing.
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { getEnv } from "~/env.server.ts";
import { VIEW_WINDOW_MS } from "../listings/index.server.ts";

let cachedKey: { secret: string; key: Buffer } | undefined;

function viewerHash(value: string): string {
  const secret = getEnv().SESSION_SECRET;
  if (cachedKey?.secret !== secret) cachedKey = { secret, key: crypto.createHmac("sha256", secret).update("tradebench:forum-views:v1").digest() };
  return crypto.createHmac("sha256", cachedKey.key).update(value).digest("hex");
}

export interface TopicViewInput {
  topicId: number;
  authorId: string;
  userId?: string | null;
  ip: string;
  now?: Date;
}

/** Counts a view unless this viewer was counted in the last 30 minutes; returns the topic's count when it did. */
export async function recordForumTopicView(db: Kysely<Database>, input: TopicViewInput): Promise<{ counted: boolean; views: number | null }> {
  const userId = input.userId ?? null;
  if (userId !== null && userId === input.authorId) return { counted: false, views: null };
  const now = input.now ?? new Date();
  const hash = viewerHash(userId !== null ? `user:${userId}` : `ip:${input.ip}`);
  const windowStart = new Date(now.getTime() - VIEW_WINDOW_MS).toISOString();
  const seen = (trx: Kysely<Database>) =>
    trx
      .selectFrom("forum_topic_views")
      .select("id")
      .where("topic_id", "=", input.topicId)
      .where("viewer_hash", "=", hash)
      .where("viewed_at", ">", windowStart)
      .limit(1)
      .executeTakeFirst();
  // Repeat views (reloads) are answered by a read, without the write lock; the transaction checks again.
  if (await seen(db)) return { counted: false, views: null };
  return inWriteTransaction(db, async (trx) => {
    if (await seen(trx)) return { counted: false, views: null };
    await trx.insertInto("forum_topic_views").values({ topic_id: input.topicId, viewer_hash: hash, viewed_at: now.toISOString() }).execute();
    const updated = await trx
      .updateTable("forum_topics")
      .set((eb) => ({ view_count: eb("view_count", "+", 1) }))
      .where("id", "=", input.topicId)
      .returning("view_count")
      .executeTakeFirst();
    return { counted: true, views: updated?.view_count ?? null };
  });
}
