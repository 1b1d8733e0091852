// What members and moderators do to posts and topics besides writing them: mark the solution (the topic's author or
// staff holding can_moderate_content), like (one per member), flag (flags from different members, weighed by their
// standing, hide a post pending review; never staff's), and the moderators' pin, lock, move, hide and restore, each recorded in audit_events in the same
// transaction. Every change runs in a write transaction: a like or a flag counts once however many arrive at once.
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { FORUM_FLAGS_TO_HIDE, FORUM_MESSAGES } from "~/lib/forum.ts";
import { reportsHideContent, assertNotAParty } from "../accounts/index.server.ts";
import { DomainError } from "../domain-error.ts";
import { recordAuditEvent } from "../platform/index.server.ts";
import { refreshTopicCounters } from "./forum-posting.server.ts";
import { findVisibleTopic, type ForumActor } from "./forum-topic.server.ts";

async function visiblePost(trx: Kysely<Database>, actor: ForumActor, postId: number) {
  const post = await trx.selectFrom("forum_posts").selectAll().where("id", "=", postId).executeTakeFirst();
  if (!post) throw new DomainError("not_found", FORUM_MESSAGES.postNotFound);
  const topic = await findVisibleTopic(trx, post.topic_id, actor);
  if (post.hidden === 1 && !actor.canModerate && post.author_id !== actor.userId) throw new DomainError("not_found", FORUM_MESSAGES.postNotFound);
  return { post, topic };
}

/** Marks `postId` (a visible reply of the topic) as its solution, or clears the mark when `postId` is null. */
export async function markForumSolution(db: Kysely<Database>, actor: ForumActor, topicId: number, postId: number | null, now = new Date()): Promise<void> {
  await inWriteTransaction(db, async (trx) => {
    const topic = await findVisibleTopic(trx, topicId, actor);
    const isAuthor = topic.author_id === actor.userId;
    if (!isAuthor && !actor.canModerate) throw new DomainError("forbidden", FORUM_MESSAGES.solutionNotAllowed);
    if (postId !== null) {
      const post = await trx.selectFrom("forum_posts").select(["topic_id", "is_opening", "hidden"]).where("id", "=", postId).executeTakeFirst();
      if (!post || post.topic_id !== topicId || post.hidden === 1) throw new DomainError("not_found", FORUM_MESSAGES.postNotFound);
      if (post.is_opening === 1) throw new DomainError("invalid", FORUM_MESSAGES.solutionNotAReply);
    }
    await trx.updateTable("forum_topics").set({ solution_post_id: postId }).where("id", "=", topicId).execute();
    if (!isAuthor) {
      await recordAuditEvent(
        trx,
        {
          actorUserId: actor.userId,
          action: postId === null ? "forum.topic.unmark_solution" : "forum.topic.mark_solution",
          subjectType: "forum_topic",
          subjectId: topicId,
          detail: JSON.stringify({ from: topic.solution_post_id, to: postId }),
        },
        now,
      );
    }
  });
}

/** Likes (or, with `like: false`, unlikes) a post; returns its like count. One like per member; not one's own post. */
export async function likeForumPost(db: Kysely<Database>, actor: ForumActor, postId: number, like = true): Promise<number> {
  return inWriteTransaction(db, async (trx) => {
    const { post } = await visiblePost(trx, actor, postId);
    if (post.author_id === actor.userId) throw new DomainError("conflict", FORUM_MESSAGES.ownPostLike);
    const changed = like
      ? Number(
          (
            await trx
              .insertInto("forum_post_likes")
              .values({ post_id: postId, user_id: actor.userId })
              .onConflict((oc) => oc.doNothing())
              .executeTakeFirst()
          ).numInsertedOrUpdatedRows ?? 0,
        )
      : Number((await trx.deleteFrom("forum_post_likes").where("post_id", "=", postId).where("user_id", "=", actor.userId).executeTakeFirst()).numDeletedRows);
    if (changed === 0) return Number(post.like_count);
    const updated = await trx
      .updateTable("forum_posts")
      .set((eb) => ({ like_count: eb("like_count", "+", like ? 1 : -1) }))
      .where("id", "=", postId)
      .returning("like_count")
      .executeTakeFirstOrThrow();
    return Number(updated.like_count);
  });
}

/**
 * Flags a post for the moderators. From the FORUM_FLAGS_TO_HIDE-th flag on, flaggers weighing REPORT_WEIGHT_TO_HIDE hide it pending review
 * (an opening post hides its topic). Returns whether the post is hidden now.
 */
export async function flagForumPost(db: Kysely<Database>, actor: ForumActor, postId: number, now = new Date()): Promise<{ hidden: boolean }> {
  return inWriteTransaction(db, async (trx) => {
    const { post } = await visiblePost(trx, actor, postId);
    if (post.author_id === actor.userId) throw new DomainError("conflict", FORUM_MESSAGES.ownPostFlag);
    const inserted = await trx
      .insertInto("forum_post_flags")
      .values({ post_id: postId, user_id: actor.userId, created_at: now.toISOString() })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw new DomainError("conflict", FORUM_MESSAGES.alreadyFlagged);
    const updated = await trx
      .updateTable("forum_posts")
      .set((eb) => ({ flag_count: eb("flag_count", "+", 1) }))
      .where("id", "=", postId)
      .returning(["flag_count", "hidden"])
      .executeTakeFirstOrThrow();
    if (updated.hidden === 1 || Number(updated.flag_count) < FORUM_FLAGS_TO_HIDE) return { hidden: updated.hidden === 1 };
    // Flags are weighed by the flaggers' standing, and a staff member's post is never hidden by flags.
    const flaggers = await trx.selectFrom("forum_post_flags").select("user_id").where("post_id", "=", postId).execute();
    if (
      !(await reportsHideContent(
        trx,
        post.author_id,
        flaggers.map((row) => row.user_id),
        now,
      ))
    )
      return { hidden: false };
    await trx.updateTable("forum_posts").set({ hidden: 1 }).where("id", "=", postId).execute();
    if (post.is_opening === 1) await trx.updateTable("forum_topics").set({ hidden: 1 }).where("id", "=", post.topic_id).execute();
    await trx.updateTable("forum_topics").set({ solution_post_id: null }).where("id", "=", post.topic_id).where("solution_post_id", "=", postId).execute();
    await refreshTopicCounters(trx, post.topic_id);
    await recordAuditEvent(
      trx,
      {
        actorUserId: null,
        action: "forum.post.hide_by_flags",
        subjectType: "forum_post",
        subjectId: postId,
        detail: JSON.stringify({ flags: Number(updated.flag_count) }),
      },
      now,
    );
    return { hidden: true };
  });
}

export type TopicModeration = { action: "pin" | "unpin" | "lock" | "unlock" | "hide" | "unhide" } | { action: "move"; categoryId: string };

/** A moderator's change to a topic, recorded in audit_events. */
export async function moderateForumTopic(db: Kysely<Database>, actor: ForumActor, topicId: number, change: TopicModeration, now = new Date()): Promise<void> {
  if (!actor.canModerate) throw new DomainError("forbidden", FORUM_MESSAGES.moderatorsOnly);
  await inWriteTransaction(db, async (trx) => {
    const topic = await findVisibleTopic(trx, topicId, actor);
    if (change.action === "unhide") assertNotAParty("post", actor.userId, [topic.author_id]);
    let detail: Record<string, unknown>;
    switch (change.action) {
      case "pin":
      case "unpin":
        await trx
          .updateTable("forum_topics")
          .set({ pinned: change.action === "pin" ? 1 : 0 })
          .where("id", "=", topicId)
          .execute();
        detail = { from: topic.pinned === 1, to: change.action === "pin" };
        break;
      case "lock":
      case "unlock":
        await trx
          .updateTable("forum_topics")
          .set({ locked: change.action === "lock" ? 1 : 0 })
          .where("id", "=", topicId)
          .execute();
        detail = { from: topic.locked === 1, to: change.action === "lock" };
        break;
      case "hide":
      case "unhide":
        await trx
          .updateTable("forum_topics")
          .set({ hidden: change.action === "hide" ? 1 : 0 })
          .where("id", "=", topicId)
          .execute();
        detail = { from: topic.hidden === 1, to: change.action === "hide" };
        break;
      case "move": {
        const category = await trx.selectFrom("forum_categories").select("id").where("id", "=", change.categoryId).executeTakeFirst();
        if (!category) throw new DomainError("invalid", FORUM_MESSAGES.categoryUnknown, { field: "category" });
        await trx.updateTable("forum_topics").set({ category_id: change.categoryId }).where("id", "=", topicId).execute();
        detail = { from: topic.category_id, to: change.categoryId };
        break;
      }
    }
    await recordAuditEvent(
      trx,
      { actorUserId: actor.userId, action: `forum.topic.${change.action}`, subjectType: "forum_topic", subjectId: topicId, detail: JSON.stringify(detail) },
      now,
    );
  });
}

/** A moderator hides a post, or restores one (its flags are cleared, so it is reviewed, not hidden again at once). */
export async function moderateForumPost(
  db: Kysely<Database>,
  actor: ForumActor,
  postId: number,
  action: "hide" | "restore",
  now = new Date(),
): Promise<{ topicId: number }> {
  if (!actor.canModerate) throw new DomainError("forbidden", FORUM_MESSAGES.moderatorsOnly);
  return inWriteTransaction(db, async (trx) => {
    const { post } = await visiblePost(trx, actor, postId);
    // Restoring is deciding on the flags: not on one's own post (separation of duties).
    if (action === "restore") assertNotAParty("post", actor.userId, [post.author_id]);
    if (action === "hide") {
      await trx.updateTable("forum_posts").set({ hidden: 1 }).where("id", "=", postId).execute();
      await trx.updateTable("forum_topics").set({ solution_post_id: null }).where("id", "=", post.topic_id).where("solution_post_id", "=", postId).execute();
    } else {
      await trx.deleteFrom("forum_post_flags").where("post_id", "=", postId).execute();
      await trx.updateTable("forum_posts").set({ hidden: 0, flag_count: 0 }).where("id", "=", postId).execute();
      if (post.is_opening === 1) await trx.updateTable("forum_topics").set({ hidden: 0 }).where("id", "=", post.topic_id).execute();
    }
    await refreshTopicCounters(trx, post.topic_id);
    await recordAuditEvent(
      trx,
      {
        actorUserId: actor.userId,
        action: `forum.post.${action}`,
        subjectType: "forum_post",
        subjectId: postId,
        detail: JSON.stringify({ flags: Number(post.flag_count) }),
      },
      now,
    );
    return { topicId: post.topic_id };
  });
}
