// /forum's data (docs/product/community.md#forum): the categories with their topic counts, the forum's real figures, and one page of
// topics — pinned first, then by the chosen sort — filtered by category, by "solved", and by a bounded search over
// titles and opening posts (their folded, bounded copy in forum_topics.search_text). Hidden topics are left out except for moderators, who see them marked.
import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import { containsText } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { FORUM_LIMITS, type ForumSort } from "~/lib/forum.ts";
import { withoutNul } from "~/lib/typed-text.ts";
import { memberName } from "./forum-names.server.ts";

export interface ForumCategorySummary {
  id: string;
  name: string;
  description: string;
  /** Visible topics in the category. */
  topicCount: number;
}

export interface ForumStats {
  topics: number;
  replies: number;
  views: number;
  members: number;
}

export interface ForumTopicRow {
  id: number;
  title: string;
  categoryId: string;
  categoryName: string;
  authorId: string;
  authorName: string;
  replies: number;
  views: number;
  pinned: boolean;
  locked: boolean;
  hidden: boolean;
  solved: boolean;
  createdAt: string;
  /** The newest post's time and author (the opening post's until someone replies). */
  lastPostAt: string;
  lastPostAuthorName: string | null;
}

export interface ForumTopicQuery {
  categoryId?: string | null;
  sort?: ForumSort;
  page?: number;
  solvedOnly?: boolean;
  search?: string | null;
  /** Moderators also see hidden topics. */
  includeHidden?: boolean;
  /** Moderators' review list: only topics that are hidden or hold a hidden post (flagged or hidden by staff). */
  reviewOnly?: boolean;
}

export interface ForumTopicPage {
  topics: ForumTopicRow[];
  total: number;
  page: number;
  pageCount: number;
}

/** The words of a search, lower-cased (ASCII), at most FORUM_LIMITS.searchWords of them. */
function forumSearchWords(search: string | null | undefined): string[] {
  if (!search) return [];
  return withoutNul(search)
    .slice(0, FORUM_LIMITS.searchMax)
    .replace(/[A-Z]/g, (letter) => letter.toLowerCase())
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .slice(0, FORUM_LIMITS.searchWords);
}

const SORT_COLUMN = { recent: "t.last_post_at", popular: "t.view_count", replies: "t.reply_count" } as const;

export async function listForumCategories(db: Kysely<Database>): Promise<ForumCategorySummary[]> {
  const rows = await db
    .selectFrom("forum_categories as c")
    .leftJoin("forum_topics as t", (join) => join.onRef("t.category_id", "=", "c.id").on("t.hidden", "=", 0))
    .select(["c.id", "c.name", "c.description", "c.position", (eb) => eb.fn.count<number | string>("t.id").as("topics")])
    .groupBy(["c.id", "c.name", "c.description", "c.position"])
    .orderBy("c.position")
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, description: row.description, topicCount: Number(row.topics) }));
}

export async function forumStats(db: Kysely<Database>): Promise<ForumStats> {
  const [topics, members] = await Promise.all([
    db
      .selectFrom("forum_topics")
      .where("hidden", "=", 0)
      .select((eb) => [
        eb.fn.countAll<number | string>().as("topics"),
        eb.fn.coalesce(eb.fn.sum<number | string>("reply_count"), sql<number>`0`).as("replies"),
        eb.fn.coalesce(eb.fn.sum<number | string>("view_count"), sql<number>`0`).as("views"),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number | string>().as("members"))
      .executeTakeFirstOrThrow(),
  ]);
  return { topics: Number(topics.topics), replies: Number(topics.replies), views: Number(topics.views), members: Number(members.members) };
}

export async function listForumTopics(db: Kysely<Database>, query: ForumTopicQuery = {}): Promise<ForumTopicPage> {
  const words = forumSearchWords(query.search);
  const base = db.selectFrom("forum_topics as t").where((eb) => {
    const conditions: Expression<SqlBool>[] = [];
    if (!query.includeHidden) conditions.push(eb("t.hidden", "=", 0));
    if (query.categoryId) conditions.push(eb("t.category_id", "=", query.categoryId));
    if (query.solvedOnly) conditions.push(eb("t.solution_post_id", "is not", null));
    if (query.includeHidden && query.reviewOnly) {
      conditions.push(
        eb.or([
          eb("t.hidden", "=", 1),
          eb.exists(eb.selectFrom("forum_posts as h").select("h.id").whereRef("h.topic_id", "=", "t.id").where("h.hidden", "=", 1)),
        ]),
      );
    }
    // search_text and the words are folded alike (forumSearchText, forumSearchWords), so matching is exact.
    for (const word of words) conditions.push(containsText(db, "t.search_text", word));
    return eb.and(conditions);
  });
  const { count } = await base.select((eb) => eb.fn.countAll<number | string>().as("count")).executeTakeFirstOrThrow();
  const total = Number(count);
  const pageCount = Math.max(1, Math.ceil(total / FORUM_LIMITS.topicsPerPage));
  const page = Math.min(Math.max(1, query.page ?? 1), pageCount, FORUM_LIMITS.maxPage);
  const sortColumn = SORT_COLUMN[query.sort ?? "recent"];
  const rows = await base
    .innerJoin("forum_categories as c", "c.id", "t.category_id")
    .innerJoin("profiles as a", "a.id", "t.author_id")
    .leftJoin("profiles as l", "l.id", "t.last_post_author_id")
    .select([
      "t.id",
      "t.title",
      "t.category_id",
      "c.name as category_name",
      "t.author_id",
      "a.first_name as author_first",
      "a.last_name as author_last",
      "a.company_name as author_company",
      "t.reply_count",
      "t.view_count",
      "t.pinned",
      "t.locked",
      "t.hidden",
      "t.solution_post_id",
      "t.created_at",
      "t.last_post_at",
      "l.first_name as last_first",
      "l.last_name as last_last",
      "l.company_name as last_company",
    ])
    .orderBy("t.pinned", "desc")
    .orderBy(sortColumn, "desc")
    .orderBy("t.id", "desc")
    .limit(FORUM_LIMITS.topicsPerPage)
    .offset((page - 1) * FORUM_LIMITS.topicsPerPage)
    .execute();
  return {
    total,
    page,
    pageCount,
    topics: rows.map((row) => ({
      id: row.id,
      title: row.title,
      categoryId: row.category_id,
      categoryName: row.category_name,
      authorId: row.author_id,
      authorName: memberName({ first_name: row.author_first, last_name: row.author_last, company_name: row.author_company }),
      replies: Number(row.reply_count),
      views: Number(row.view_count),
      pinned: row.pinned === 1,
      locked: row.locked === 1,
      hidden: row.hidden === 1,
      solved: row.solution_post_id !== null,
      createdAt: row.created_at,
      lastPostAt: row.last_post_at,
      lastPostAuthorName:
        row.last_first === null ? null : memberName({ first_name: row.last_first, last_name: row.last_last ?? "", company_name: row.last_company ?? "" }),
    })),
  };
}
