// The forum's flag queue: posts members flagged that a moderator has not decided on yet — hidden ones (three
// flags from members in good standing hide a post) first, then the most flagged, the longest waiting first — and the
// moderator's two answers: restore (the flags are cleared, the post and an opening post's topic are visible again) or
// remove (the post stays hidden for good and leaves the queue, with the moderator's reason). Each decision runs in one
// write transaction with its audit_events row; a post without pending flags is not decided twice.
import type { Kysely } from "kysely";
import { forUpdate, inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { FORUM_MESSAGES } from "~/lib/forum.ts";
import { FORUM_DECISION_REASON_MAX, MODERATION_INBOX_MESSAGES, MODERATION_INBOX_NAMES_SHOWN, MODERATION_INBOX_SECTION_MAX } from "~/lib/moderation.ts";
import { assertNotAParty } from "../accounts/index.server.ts";
import { DomainError } from "../domain-error.ts";
import { recordAuditEvent } from "../platform/index.server.ts";
import { memberName } from "./forum-names.server.ts";
import { refreshTopicCounters } from "./forum-posting.server.ts";
import type { ForumActor } from "./forum-topic.server.ts";

/** How much of a flagged post the queue shows. */
const EXCERPT_CHARS = 280;

export interface FlaggedForumPost {
  postId: number;
  topicId: number;
  topicTitle: string;
  /** The topic's opening post: hidden, it hides the topic. */
  isOpening: boolean;
  hidden: boolean;
  excerpt: string;
  authorId: string;
  authorName: string;
  postedAt: string;
  /** Pending flags, each from a different member. */
  flagCount: number;
  firstFlaggedAt: string;
  latestFlaggedAt: string;
  /** The first MODERATION_INBOX_NAMES_SHOWN flaggers, earliest first. */
  flaggers: Array<{ id: string; name: string }>;
}

/** Posts with pending flags: hidden first, then the most flagged, the longest waiting first; at most `limit` (1…50). */
export async function listFlaggedForumPosts(
  db: Kysely<Database>,
  { limit = MODERATION_INBOX_SECTION_MAX }: { limit?: number } = {},
): Promise<FlaggedForumPost[]> {
  const take = Math.min(Math.max(1, Math.trunc(limit) || 1), MODERATION_INBOX_SECTION_MAX);
  const groups = await db
    .selectFrom("forum_post_flags as f")
    .innerJoin("forum_posts as p", "p.id", "f.post_id")
    .select((eb) => [
      "f.post_id",
      "p.hidden",
      eb.fn.countAll<number | string>().as("flags"),
      eb.fn.min<string>("f.created_at").as("first_at"),
      eb.fn.max<string>("f.created_at").as("latest_at"),
    ])
    .groupBy(["f.post_id", "p.hidden"])
    .orderBy("p.hidden", "desc")
    .orderBy("flags", "desc")
    .orderBy("first_at")
    .orderBy("f.post_id")
    .limit(take)
    .execute();
  const ids = groups.map((group) => group.post_id);
  if (ids.length === 0) return [];
  const [posts, flaggers] = await Promise.all([
    db
      .selectFrom("forum_posts as p")
      .innerJoin("forum_topics as t", "t.id", "p.topic_id")
      .innerJoin("profiles as a", "a.id", "p.author_id")
      .select(["p.id", "p.topic_id", "p.author_id", "p.body", "p.is_opening", "p.created_at", "t.title", "a.first_name", "a.last_name", "a.company_name"])
      .where("p.id", "in", ids)
      .execute(),
    db
      .selectFrom((eb) =>
        eb
          .selectFrom("forum_post_flags as f")
          .innerJoin("profiles as m", "m.id", "f.user_id")
          .select((inner) => [
            "f.post_id",
            "f.user_id",
            "m.first_name",
            "m.last_name",
            "m.company_name",
            inner.fn
              .agg<number>("row_number")
              .over((over) => over.partitionBy("f.post_id").orderBy("f.created_at").orderBy("f.user_id"))
              .as("place"),
          ])
          .where("f.post_id", "in", ids)
          .as("ranked"),
      )
      .selectAll()
      .where("place", "<=", MODERATION_INBOX_NAMES_SHOWN)
      .orderBy("post_id")
      .orderBy("place")
      .execute(),
  ]);
  const byId = new Map(posts.map((post) => [post.id, post]));
  return groups.flatMap((group) => {
    const post = byId.get(group.post_id);
    if (!post) return [];
    const body = post.body.trim();
    return [
      {
        postId: post.id,
        topicId: post.topic_id,
        topicTitle: post.title,
        isOpening: post.is_opening === 1,
        hidden: group.hidden === 1,
        excerpt: body.length > EXCERPT_CHARS ? `${body.slice(0, EXCERPT_CHARS - 1)}…` : body,
        authorId: post.author_id,
        authorName: memberName(post),
        postedAt: post.created_at,
        flagCount: Number(group.flags),
        firstFlaggedAt: group.first_at,
        latestFlaggedAt: group.latest_at,
        flaggers: flaggers.filter((row) => row.post_id === post.id).map((row) => ({ id: row.user_id, name: memberName(row) })),
      },
    ];
  });
}

/** Posts with pending flags (the queue's length). */
export async function countFlaggedForumPosts(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("forum_post_flags")
    .select((eb) => eb.fn.count<number | string>("post_id").distinct().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface FlaggedPostDecision {
  action: "restore" | "remove";
  /** Why: required to remove, optional to restore; at most FORUM_DECISION_REASON_MAX characters. */
  reason?: string;
}

/**
 * A moderator decides on a flagged post: restore clears its flags and shows it (and an opening post's topic) again;
 * remove keeps it hidden for good (an opening post hides its topic) and clears its flags, so it leaves the queue.
 * Not on one's own post nor on a post one flagged. Audited as forum.post.restore / forum.post.remove with the flags
 * decided, the visibility before and after and the reason.
 */
export async function decideFlaggedForumPost(
  db: Kysely<Database>,
  actor: ForumActor,
  postId: number,
  decision: FlaggedPostDecision,
  now = new Date(),
): Promise<{ topicId: number }> {
  if (!actor.canModerate) throw new DomainError("forbidden", FORUM_MESSAGES.moderatorsOnly);
  if (decision.action !== "restore" && decision.action !== "remove")
    throw new DomainError("invalid", MODERATION_INBOX_MESSAGES.decisionRequired, { field: "decision" });
  const reason = (decision.reason ?? "").trim();
  if (reason.length > FORUM_DECISION_REASON_MAX) throw new DomainError("invalid", MODERATION_INBOX_MESSAGES.reasonTooLong, { field: "reason" });
  if (decision.action === "remove" && reason.length === 0) throw new DomainError("invalid", MODERATION_INBOX_MESSAGES.reasonRequired, { field: "reason" });
  if (!Number.isSafeInteger(postId) || postId <= 0) throw new DomainError("not_found", FORUM_MESSAGES.postNotFound);
  return inWriteTransaction(
    db,
    async (trx) => {
      const post = await forUpdate(
        trx,
        trx.selectFrom("forum_posts").select(["id", "topic_id", "author_id", "is_opening", "hidden"]).where("id", "=", postId),
      ).executeTakeFirst();
      if (!post) throw new DomainError("not_found", FORUM_MESSAGES.postNotFound);
      const flags = await trx.selectFrom("forum_post_flags").select("user_id").where("post_id", "=", postId).execute();
      if (flags.length === 0) throw new DomainError("conflict", MODERATION_INBOX_MESSAGES.postNotFlagged);
      // Separation of duties: not on one's own post, nor on flags one raised.
      assertNotAParty("post", actor.userId, [post.author_id]);
      assertNotAParty(
        "report",
        actor.userId,
        flags.map((flag) => flag.user_id),
      );
      const hidden = decision.action === "remove" ? 1 : 0;
      await trx.deleteFrom("forum_post_flags").where("post_id", "=", postId).execute();
      await trx.updateTable("forum_posts").set({ hidden, flag_count: 0 }).where("id", "=", postId).execute();
      if (post.is_opening === 1) await trx.updateTable("forum_topics").set({ hidden }).where("id", "=", post.topic_id).execute();
      if (hidden === 1)
        await trx.updateTable("forum_topics").set({ solution_post_id: null }).where("id", "=", post.topic_id).where("solution_post_id", "=", postId).execute();
      await refreshTopicCounters(trx, post.topic_id);
      await recordAuditEvent(
        trx,
        {
          actorUserId: actor.userId,
          action: `forum.post.${decision.action}`,
          subjectType: "forum_post",
          subjectId: postId,
          detail: JSON.stringify({ old: { hidden: post.hidden === 1 }, new: { hidden: hidden === 1 }, flags: flags.length, ...(reason ? { reason } : {}) }),
        },
        now,
      );
      return { topicId: post.topic_id };
    },
    { decidesOnLockedRows: true },
  );
}
