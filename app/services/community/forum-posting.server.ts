// Writing in the forum: starting a topic, replying, editing one's own post within 10 minutes. Accounts younger than
// a day post under tighter limits (counted from their own posts in the same write transaction, so two posts at once
// cannot both slip under the limit). A reply tells the topic's participants and followers, in the reply's transaction.
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { FORUM_EDIT_WINDOW_MS, FORUM_LIMITS, FORUM_MESSAGES, FORUM_NEW_ACCOUNT_LIMITS, FORUM_NEW_ACCOUNT_MS, forumSearchText } from "~/lib/forum.ts";
import { DomainError } from "../domain-error.ts";
import { announceNotifications, insertNotifications, type NotificationDraft } from "../notifications/index.server.ts";
import { findVisibleTopic, type ForumActor } from "./forum-topic.server.ts";
import { memberName } from "./forum-names.server.ts";

export interface NewTopicInput {
  categoryId: string;
  title: string;
  body: string;
}

async function assertNewAccountAllowance(trx: Kysely<Database>, userId: string, kind: keyof typeof FORUM_NEW_ACCOUNT_LIMITS, now: Date): Promise<void> {
  const user = await trx.selectFrom("users").select("created_at").where("id", "=", userId).executeTakeFirst();
  if (!user || now.getTime() - Date.parse(user.created_at) >= FORUM_NEW_ACCOUNT_MS) return;
  const rule = FORUM_NEW_ACCOUNT_LIMITS[kind];
  const since = new Date(now.getTime() - rule.windowMs).toISOString();
  const posted = await trx
    .selectFrom("forum_posts")
    .select(["created_at"])
    .where("author_id", "=", userId)
    .where("is_opening", "=", kind === "topics" ? 1 : 0)
    .where("created_at", ">", since)
    .orderBy("created_at")
    .limit(rule.limit)
    .execute();
  if (posted.length < rule.limit) return;
  const oldest = Date.parse(posted[0]!.created_at);
  throw new DomainError("rate_limited", kind === "topics" ? FORUM_MESSAGES.newAccountTopics : FORUM_MESSAGES.newAccountReplies, {
    retryAfterSeconds: Math.max(1, Math.ceil((oldest + rule.windowMs - now.getTime()) / 1000)),
  });
}

/** Starts a topic with its opening post; returns its id. */
export async function createForumTopic(db: Kysely<Database>, actor: ForumActor, input: NewTopicInput, now = new Date()): Promise<number> {
  return inWriteTransaction(db, async (trx) => {
    const category = await trx.selectFrom("forum_categories").select("id").where("id", "=", input.categoryId).executeTakeFirst();
    if (!category) throw new DomainError("invalid", FORUM_MESSAGES.categoryUnknown, { field: "category" });
    await assertNewAccountAllowance(trx, actor.userId, "topics", now);
    const at = now.toISOString();
    const { id } = await trx
      .insertInto("forum_topics")
      .values({
        category_id: input.categoryId,
        author_id: actor.userId,
        title: input.title,
        pinned: 0,
        locked: 0,
        hidden: 0,
        created_at: at,
        last_post_at: at,
        last_post_author_id: actor.userId,
        search_text: forumSearchText(input.title, input.body),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx.insertInto("forum_posts").values({ topic_id: id, author_id: actor.userId, body: input.body, is_opening: 1, hidden: 0, created_at: at }).execute();
    return id;
  });
}

/**
 * Recomputes a topic's reply count and newest post from its visible posts (after a reply, a hide or a restore). The
 * solution mark is dropped when its reply is hidden.
 */
export async function refreshTopicCounters(trx: Kysely<Database>, topicId: number): Promise<void> {
  const [{ count }, newest] = await Promise.all([
    trx
      .selectFrom("forum_posts")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("topic_id", "=", topicId)
      .where("is_opening", "=", 0)
      .where("hidden", "=", 0)
      .executeTakeFirstOrThrow(),
    trx
      .selectFrom("forum_posts")
      .select(["created_at", "author_id"])
      .where("topic_id", "=", topicId)
      .where("hidden", "=", 0)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst(),
  ]);
  await trx
    .updateTable("forum_topics")
    .set({ reply_count: Number(count), ...(newest ? { last_post_at: newest.created_at, last_post_author_id: newest.author_id } : {}) })
    .where("id", "=", topicId)
    .execute();
}

/** The topic's author and the members who replied most recently, without `except`, at most `limit` of them. */
async function participantsOf(trx: Kysely<Database>, topic: { id: number; author_id: string }, except: string): Promise<string[]> {
  const repliers = await trx
    .selectFrom("forum_posts")
    .select("author_id")
    .select((eb) => eb.fn.max("created_at").as("latest"))
    .where("topic_id", "=", topic.id)
    .where("author_id", "!=", except)
    .groupBy("author_id")
    .orderBy("latest", "desc")
    .limit(FORUM_LIMITS.notifiedParticipants)
    .execute();
  const ids = new Set(repliers.map((row) => row.author_id));
  if (topic.author_id !== except) ids.add(topic.author_id);
  return [...ids].slice(0, FORUM_LIMITS.notifiedParticipants);
}

/** The topic's followers, without `except`, the earliest to follow first, at most FORUM_LIMITS.notifiedFollowers. */
async function followersOf(trx: Kysely<Database>, topicId: number, except: string): Promise<string[]> {
  const rows = await trx
    .selectFrom("forum_topic_followers")
    .select("user_id")
    .where("topic_id", "=", topicId)
    .where("user_id", "!=", except)
    .orderBy("created_at")
    .orderBy("user_id")
    .limit(FORUM_LIMITS.notifiedFollowers)
    .execute();
  return rows.map((row) => row.user_id);
}

/** Follows (or, with `follow: false`, stops following) a topic: its followers hear of every reply. */
export async function followForumTopic(db: Kysely<Database>, actor: ForumActor, topicId: number, follow = true, now = new Date()): Promise<void> {
  await inWriteTransaction(db, async (trx) => {
    await findVisibleTopic(trx, topicId, actor);
    if (follow) {
      await trx
        .insertInto("forum_topic_followers")
        .values({ topic_id: topicId, user_id: actor.userId, created_at: now.toISOString() })
        .onConflict((oc) => oc.doNothing())
        .execute();
    } else {
      await trx.deleteFrom("forum_topic_followers").where("topic_id", "=", topicId).where("user_id", "=", actor.userId).execute();
    }
  });
}

/** Posts a reply; its participants and followers are notified. Returns the new post's id. */
export async function replyToForumTopic(db: Kysely<Database>, actor: ForumActor, topicId: number, body: string, now = new Date()): Promise<number> {
  const { postId, drafts } = await inWriteTransaction(db, async (trx) => {
    const topic = await findVisibleTopic(trx, topicId, actor);
    if (topic.locked === 1 && !actor.canModerate) throw new DomainError("conflict", FORUM_MESSAGES.locked);
    await assertNewAccountAllowance(trx, actor.userId, "replies", now);
    const at = now.toISOString();
    const participants = await participantsOf(trx, topic, actor.userId);
    const followers = (await followersOf(trx, topicId, actor.userId)).filter((userId) => !participants.includes(userId));
    const { id } = await trx
      .insertInto("forum_posts")
      .values({ topic_id: topicId, author_id: actor.userId, body, is_opening: 0, hidden: 0, created_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .updateTable("forum_topics")
      .set((eb) => ({ reply_count: eb("reply_count", "+", 1), last_post_at: at, last_post_author_id: actor.userId }))
      .where("id", "=", topicId)
      .execute();
    const replier = await trx
      .selectFrom("profiles")
      .select(["first_name", "last_name", "company_name"])
      .where("id", "=", actor.userId)
      .executeTakeFirstOrThrow();
    const note = (userId: string, why: string): NotificationDraft => ({
      userId,
      type: "other",
      title: `New reply: ${topic.title}`.slice(0, 200),
      message: `${memberName(replier)} replied in a forum topic ${why}.`,
      actionUrl: `/forum/topic/${topicId}#post-${id}`,
    });
    const notes = [...participants.map((userId) => note(userId, "you took part in")), ...followers.map((userId) => note(userId, "you follow"))];
    await insertNotifications(trx, notes, now);
    return { postId: id, drafts: notes };
  });
  announceNotifications(drafts);
  return postId;
}

/** Changes the text of one's own post, within FORUM_EDIT_WINDOW_MS of posting it. */
export async function editForumPost(db: Kysely<Database>, actor: ForumActor, postId: number, body: string, now = new Date()): Promise<{ topicId: number }> {
  return inWriteTransaction(db, async (trx) => {
    const post = await trx.selectFrom("forum_posts").select(["topic_id", "author_id", "created_at", "is_opening"]).where("id", "=", postId).executeTakeFirst();
    if (!post) throw new DomainError("not_found", FORUM_MESSAGES.postNotFound);
    const topic = await findVisibleTopic(trx, post.topic_id, actor);
    if (post.author_id !== actor.userId) throw new DomainError("forbidden", FORUM_MESSAGES.notYourPost);
    if (now.getTime() - Date.parse(post.created_at) >= FORUM_EDIT_WINDOW_MS) throw new DomainError("conflict", FORUM_MESSAGES.editWindowOver);
    await trx.updateTable("forum_posts").set({ body, edited_at: now.toISOString() }).where("id", "=", postId).execute();
    if (post.is_opening === 1)
      await trx
        .updateTable("forum_topics")
        .set({ search_text: forumSearchText(topic.title, body) })
        .where("id", "=", post.topic_id)
        .execute();
    return { topicId: post.topic_id };
  });
}
