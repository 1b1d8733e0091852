// One topic as /forum/topic/{id} shows it: the opening post, the solution (shown first when one is marked), then a
// page of replies, oldest first. Hidden posts are shown to moderators (marked) and to their author (with a note);
// everyone else does not see them. A hidden topic exists only for moderators and its author.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { FORUM_EDIT_WINDOW_MS, FORUM_LIMITS, FORUM_MESSAGES } from "~/lib/forum.ts";
import { DomainError } from "../domain-error.ts";
import { memberName } from "./forum-names.server.ts";

/** Who is acting or reading: the member (null for a visitor) and whether their role holds can_moderate_content. */
export interface ForumViewer {
  userId: string | null;
  canModerate: boolean;
}

export interface ForumActor extends ForumViewer {
  userId: string;
}

export interface ForumPostView {
  id: number;
  authorId: string;
  authorName: string;
  /** Markdown source: the page renders it with the safe renderer, never as HTML. */
  body: string;
  isOpening: boolean;
  hidden: boolean;
  likes: number;
  likedByViewer: boolean;
  flaggedByViewer: boolean;
  createdAt: string;
  editedAt: string | null;
  /** The viewer wrote it and the edit window is still open. */
  editableByViewer: boolean;
}

export interface ForumTopicView {
  id: number;
  title: string;
  categoryId: string;
  categoryName: string;
  authorId: string;
  authorName: string;
  pinned: boolean;
  locked: boolean;
  hidden: boolean;
  views: number;
  replies: number;
  createdAt: string;
  solutionPostId: number | null;
  opening: ForumPostView | null;
  solution: ForumPostView | null;
  /** This page of replies (the solution is listed above them, not again here). */
  replyPage: ForumPostView[];
  page: number;
  pageCount: number;
  /** What the viewer may do here. */
  viewerIsAuthor: boolean;
  viewerFollows: boolean;
  canReply: boolean;
  canMarkSolution: boolean;
}

/** The topic row, or not_found when it does not exist or is hidden from this viewer. */
export async function findVisibleTopic(db: Kysely<Database>, topicId: number, viewer: ForumViewer) {
  const topic = await db.selectFrom("forum_topics").selectAll().where("id", "=", topicId).executeTakeFirst();
  if (!topic) throw new DomainError("not_found", FORUM_MESSAGES.topicNotFound);
  if (topic.hidden === 1 && !viewer.canModerate && topic.author_id !== viewer.userId) throw new DomainError("not_found", FORUM_MESSAGES.topicNotFound);
  return topic;
}

export async function getForumTopic(
  db: Kysely<Database>,
  topicId: number,
  viewer: ForumViewer,
  { page: wantedPage = 1, now = new Date() }: { page?: number; now?: Date } = {},
): Promise<ForumTopicView> {
  const topic = await findVisibleTopic(db, topicId, viewer);
  const [category, author] = await Promise.all([
    db.selectFrom("forum_categories").select("name").where("id", "=", topic.category_id).executeTakeFirstOrThrow(),
    db.selectFrom("profiles").select(["first_name", "last_name", "company_name"]).where("id", "=", topic.author_id).executeTakeFirstOrThrow(),
  ]);
  // Which replies this viewer sees: visible ones, their own hidden ones, all for moderators.
  let replies = db.selectFrom("forum_posts as p").where("p.topic_id", "=", topicId).where("p.is_opening", "=", 0);
  if (!viewer.canModerate) {
    replies = replies.where((eb) => (viewer.userId === null ? eb("p.hidden", "=", 0) : eb.or([eb("p.hidden", "=", 0), eb("p.author_id", "=", viewer.userId)])));
  }
  const solutionId = topic.solution_post_id;
  const listed = solutionId === null ? replies : replies.where("p.id", "!=", solutionId);
  const { count } = await listed.select((eb) => eb.fn.countAll<number | string>().as("count")).executeTakeFirstOrThrow();
  const pageCount = Math.max(1, Math.ceil(Number(count) / FORUM_LIMITS.repliesPerPage));
  const page = Math.min(Math.max(1, wantedPage), pageCount, FORUM_LIMITS.maxPage);

  const postColumns = [
    "p.id",
    "p.author_id",
    "p.body",
    "p.is_opening",
    "p.hidden",
    "p.like_count",
    "p.created_at",
    "p.edited_at",
    "a.first_name",
    "a.last_name",
    "a.company_name",
  ] as const;
  const [pageRows, specialRows] = await Promise.all([
    listed
      .innerJoin("profiles as a", "a.id", "p.author_id")
      .select(postColumns)
      .orderBy("p.created_at")
      .orderBy("p.id")
      .limit(FORUM_LIMITS.repliesPerPage)
      .offset((page - 1) * FORUM_LIMITS.repliesPerPage)
      .execute(),
    // The opening post and the solution, each shown apart from the pages.
    db
      .selectFrom("forum_posts as p")
      .innerJoin("profiles as a", "a.id", "p.author_id")
      .select(postColumns)
      .where("p.topic_id", "=", topicId)
      .where((eb) => (solutionId === null ? eb("p.is_opening", "=", 1) : eb.or([eb("p.is_opening", "=", 1), eb("p.id", "=", solutionId)])))
      .execute(),
  ]);
  const ids = [...pageRows, ...specialRows].map((row) => row.id);
  const [liked, flagged] =
    viewer.userId === null || ids.length === 0
      ? [new Set<number>(), new Set<number>()]
      : await Promise.all(
          (["forum_post_likes", "forum_post_flags"] as const).map(async (table) => {
            const rows = await db
              .selectFrom(table)
              .select("post_id")
              .where("user_id", "=", viewer.userId as string)
              .where("post_id", "in", ids)
              .execute();
            return new Set(rows.map((row) => row.post_id));
          }),
        );
  const toView = (row: (typeof pageRows)[number]): ForumPostView => ({
    id: row.id,
    authorId: row.author_id,
    authorName: memberName(row),
    body: row.body,
    isOpening: row.is_opening === 1,
    hidden: row.hidden === 1,
    likes: Number(row.like_count),
    likedByViewer: liked.has(row.id),
    flaggedByViewer: flagged.has(row.id),
    createdAt: row.created_at,
    editedAt: row.edited_at,
    editableByViewer: viewer.userId === row.author_id && now.getTime() - Date.parse(row.created_at) < FORUM_EDIT_WINDOW_MS,
  });
  const visibleToViewer = (row: (typeof pageRows)[number]) => row.hidden === 0 || viewer.canModerate || row.author_id === viewer.userId;
  const openingRow = specialRows.find((row) => row.is_opening === 1);
  const solutionRow = specialRows.find((row) => row.id === solutionId && row.is_opening === 0);
  const viewerIsAuthor = viewer.userId === topic.author_id;
  const viewerFollows =
    viewer.userId !== null &&
    (await db
      .selectFrom("forum_topic_followers")
      .select("topic_id")
      .where("topic_id", "=", topicId)
      .where("user_id", "=", viewer.userId)
      .executeTakeFirst()) !== undefined;
  return {
    id: topic.id,
    title: topic.title,
    categoryId: topic.category_id,
    categoryName: category.name,
    authorId: topic.author_id,
    authorName: memberName(author),
    pinned: topic.pinned === 1,
    locked: topic.locked === 1,
    hidden: topic.hidden === 1,
    views: Number(topic.view_count),
    replies: Number(topic.reply_count),
    createdAt: topic.created_at,
    solutionPostId: solutionId,
    opening: openingRow && visibleToViewer(openingRow) ? toView(openingRow) : null,
    solution: solutionRow && visibleToViewer(solutionRow) ? toView(solutionRow) : null,
    replyPage: pageRows.map(toView),
    page,
    pageCount,
    viewerIsAuthor,
    viewerFollows,
    canReply: viewer.userId !== null && (topic.locked === 0 || viewer.canModerate),
    canMarkSolution: viewer.userId !== null && (viewerIsAuthor || viewer.canModerate),
  };
}

/** The page of the topic on which a reply is listed (for the address to go to after posting it). */
export async function pageOfReply(db: Kysely<Database>, topicId: number, postId: number): Promise<number> {
  const { count } = await db
    .selectFrom("forum_posts")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("topic_id", "=", topicId)
    .where("is_opening", "=", 0)
    .where("hidden", "=", 0)
    .where("id", "<=", postId)
    .executeTakeFirstOrThrow();
  return Math.min(Math.max(1, Math.ceil(Number(count) / FORUM_LIMITS.repliesPerPage)), FORUM_LIMITS.maxPage);
}
