// The knowledge base (docs/product/community.md#knowledge-base): reading articles (search over title, content and tags, a category
// filter, Popular Topics, related articles) and staff writing them (Markdown, draft or published). Drafts are read only
// by callers that say they may (the routes ask whether the member holds can_edit_content).
import { sql, type Kysely } from "kysely";
import { containsIgnoringCase, inWriteTransaction, isUniqueViolation } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import {
  articleExcerpt,
  isKnowledgeCategory,
  KNOWLEDGE_LIMITS,
  KNOWLEDGE_MESSAGES,
  readTimeMinutes,
  searchWords,
  type ArticleStatus,
  type KnowledgeCategory,
} from "~/lib/knowledge-base.ts";
import { DomainError } from "../domain-error.ts";

/** An article as the list shows it. */
export interface ArticleSummary {
  id: number;
  slug: string;
  title: string;
  category: KnowledgeCategory;
  excerpt: string;
  tags: string[];
  status: ArticleStatus;
  readTimeMinutes: number;
  updatedAt: string;
}

/** An article as its page shows it. */
export interface Article extends ArticleSummary {
  content: string;
  createdAt: string;
  publishedAt: string | null;
  /** The author's name, or null when the account is gone. */
  authorName: string | null;
}

export interface ArticleListQuery {
  /** The search text as typed (bounded and split by searchWords). */
  query?: string;
  category?: KnowledgeCategory | null;
  /** Drafts too: for staff who edit content. */
  includeDrafts?: boolean;
}

export interface ArticleList {
  articles: ArticleSummary[];
  /** More articles matched than the list shows (KNOWLEDGE_LIMITS.listed). */
  truncated: boolean;
}

type Executor = Kysely<Database>;

function categoryOf(value: string): KnowledgeCategory {
  // A category dropped from the list since the article was written still shows, under the first one.
  return isKnowledgeCategory(value) ? value : "buying";
}

async function tagsOf(db: Executor, ids: readonly number[]): Promise<Map<number, string[]>> {
  const tags = new Map<number, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return tags;
  const rows = await db.selectFrom("knowledge_article_tags").select(["article_id", "tag"]).where("article_id", "in", ids).orderBy("tag").execute();
  for (const row of rows) tags.get(Number(row.article_id))?.push(row.tag);
  return tags;
}

/**
 * Articles matching every word of the search in their title, content or tags (letters compared without case: A–Z on
 * SQLite, every letter on PostgreSQL),
 * in a category when one is given; newest change first, titles that hold the first word ahead. At most
 * KNOWLEDGE_LIMITS.listed of them, and only the first KNOWLEDGE_LIMITS.queryWords words are searched.
 */
export async function listArticles(db: Executor, { query = "", category = null, includeDrafts = false }: ArticleListQuery = {}): Promise<ArticleList> {
  const words = searchWords(query);
  let select = db.selectFrom("knowledge_articles as a").select(["a.id", "a.slug", "a.title", "a.category", "a.content", "a.status", "a.updated_at"]);
  if (!includeDrafts) select = select.where("a.status", "=", "published");
  if (category) select = select.where("a.category", "=", category);
  for (const word of words) {
    select = select.where((eb) =>
      eb.or([
        containsIgnoringCase(db, "a.title", word),
        containsIgnoringCase(db, "a.content", word),
        eb.exists(
          eb
            .selectFrom("knowledge_article_tags as t")
            .select("t.tag")
            .whereRef("t.article_id", "=", "a.id")
            .where(containsIgnoringCase(db, "t.tag", word)),
        ),
      ]),
    );
  }
  if (words.length > 0) select = select.orderBy(sql`case when ${containsIgnoringCase(db, "a.title", words[0])} then 0 else 1 end`);
  const rows = await select
    .orderBy("a.updated_at", "desc")
    .orderBy("a.id", "desc")
    .limit(KNOWLEDGE_LIMITS.listed + 1)
    .execute();
  const shown = rows.slice(0, KNOWLEDGE_LIMITS.listed);
  const tags = await tagsOf(
    db,
    shown.map((row) => Number(row.id)),
  );
  return {
    truncated: rows.length > KNOWLEDGE_LIMITS.listed,
    articles: shown.map((row) => ({
      id: Number(row.id),
      slug: row.slug,
      title: row.title,
      category: categoryOf(row.category),
      excerpt: articleExcerpt(row.content),
      tags: tags.get(Number(row.id)) ?? [],
      status: row.status,
      readTimeMinutes: readTimeMinutes(row.content),
      updatedAt: row.updated_at,
    })),
  };
}

/** A tag readers turn to, with how many published articles carry it and the "Yes" answers those articles earned. */
export interface PopularTopic {
  tag: string;
  articles: number;
  helpful: number;
}

/**
 * Popular Topics: the tags of published articles, those whose articles readers found helpful most often first, then
 * those on the most articles; at most KNOWLEDGE_LIMITS.popularTopics.
 */
export async function popularTopics(db: Executor): Promise<PopularTopic[]> {
  const rows = await db
    .selectFrom("knowledge_article_tags as t")
    .innerJoin("knowledge_articles as a", (join) => join.onRef("a.id", "=", "t.article_id").on("a.status", "=", "published"))
    .leftJoin("knowledge_article_votes as v", "v.article_id", "a.id")
    .select((eb) => [
      "t.tag",
      eb.fn.count<number | string>("a.id").distinct().as("articles"),
      eb.fn.coalesce(eb.fn.sum<number | string | null>("v.helpful"), sql<number>`0`).as("helpful"),
    ])
    .groupBy("t.tag")
    .orderBy("helpful", "desc")
    .orderBy("articles", "desc")
    .orderBy("t.tag")
    .limit(KNOWLEDGE_LIMITS.popularTopics)
    .execute();
  return rows.map((row) => ({ tag: row.tag, articles: Number(row.articles), helpful: Number(row.helpful) }));
}

export type ArticleAddress = { id: number } | { slug: string };

/** "42" is an id, anything else a slug. */
export function articleAddressOf(idOrSlug: string): ArticleAddress {
  return /^[1-9][0-9]{0,15}$/.test(idOrSlug) && Number.isSafeInteger(Number(idOrSlug)) ? { id: Number(idOrSlug) } : { slug: idOrSlug };
}

/**
 * The article at `address`: published ones for everyone, drafts only when `includeDrafts`. Refuses with
 * "Article not found" (not_found) otherwise, so a draft is indistinguishable from no article.
 */
export async function getArticle(db: Executor, address: ArticleAddress, { includeDrafts = false }: { includeDrafts?: boolean } = {}): Promise<Article> {
  let select = db
    .selectFrom("knowledge_articles as a")
    .leftJoin("profiles as p", "p.id", "a.author_id")
    .select([
      "a.id",
      "a.slug",
      "a.title",
      "a.category",
      "a.content",
      "a.status",
      "a.created_at",
      "a.updated_at",
      "a.published_at",
      "p.first_name",
      "p.last_name",
    ]);
  select = "id" in address ? select.where("a.id", "=", address.id) : select.where("a.slug", "=", address.slug);
  if (!includeDrafts) select = select.where("a.status", "=", "published");
  const row = await select.executeTakeFirst();
  if (!row) throw new DomainError("not_found", KNOWLEDGE_MESSAGES.notFound);
  const id = Number(row.id);
  const tags = await tagsOf(db, [id]);
  const name = `${row.first_name ?? ""} ${row.last_name ?? ""}`.trim();
  return {
    id,
    slug: row.slug,
    title: row.title,
    category: categoryOf(row.category),
    content: row.content,
    excerpt: articleExcerpt(row.content),
    tags: tags.get(id) ?? [],
    status: row.status,
    readTimeMinutes: readTimeMinutes(row.content),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    publishedAt: row.published_at,
    authorName: name === "" ? null : name,
  };
}

export interface RelatedArticle {
  slug: string;
  title: string;
  category: KnowledgeCategory;
}

/**
 * Up to KNOWLEDGE_LIMITS.related published articles near `article`: those sharing the most tags first, then those in
 * its category, then the most recently updated.
 */
export async function relatedArticles(db: Executor, article: Pick<Article, "id" | "category" | "tags">): Promise<RelatedArticle[]> {
  const tags = article.tags.slice(0, KNOWLEDGE_LIMITS.tags);
  const rows = await db
    .selectFrom("knowledge_articles as a")
    .select((eb) => [
      "a.slug",
      "a.title",
      "a.category",
      tags.length === 0
        ? sql<number>`0`.as("shared")
        : eb
            .selectFrom("knowledge_article_tags as t")
            .select((inner) => inner.fn.countAll<number>().as("n"))
            .whereRef("t.article_id", "=", "a.id")
            .where("t.tag", "in", tags)
            .as("shared"),
    ])
    .where("a.status", "=", "published")
    .where("a.id", "!=", article.id)
    .orderBy("shared", "desc")
    .orderBy(sql`case when a.category = ${article.category} then 0 else 1 end`)
    .orderBy("a.updated_at", "desc")
    .orderBy("a.id", "desc")
    .limit(KNOWLEDGE_LIMITS.related)
    .execute();
  return rows
    .filter((row) => Number(row.shared) > 0 || row.category === article.category)
    .map((row) => ({ slug: row.slug, title: row.title, category: categoryOf(row.category) }));
}

/** What staff write: the form's values, already checked by the schema (app/schemas/knowledge-base.ts). */
export interface ArticleInput {
  slug: string;
  title: string;
  category: KnowledgeCategory;
  content: string;
  tags: readonly string[];
  status: ArticleStatus;
}

function slugTaken(): DomainError {
  return new DomainError("conflict", KNOWLEDGE_MESSAGES.slugTaken, { field: "slug" });
}

/**
 * Creates an article (`id` null) or replaces one's fields and tags, by `authorId` (kept as the author when creating).
 * Refuses an address another article has (conflict, field slug) and an unknown id (not_found). The first publication
 * is remembered in published_at. Returns the article's id and slug.
 */
export async function saveArticle(
  db: Executor,
  id: number | null,
  input: ArticleInput,
  authorId: string | null,
  now = new Date(),
): Promise<{ id: number; slug: string }> {
  const at = now.toISOString();
  try {
    return await inWriteTransaction(db, async (trx) => {
      const holder = await trx.selectFrom("knowledge_articles").select("id").where("slug", "=", input.slug).executeTakeFirst();
      if (holder && Number(holder.id) !== id) throw slugTaken();
      let articleId: number;
      if (id === null) {
        const inserted = await trx
          .insertInto("knowledge_articles")
          .values({
            slug: input.slug,
            title: input.title,
            category: input.category,
            content: input.content,
            status: input.status,
            author_id: authorId,
            created_at: at,
            updated_at: at,
            published_at: input.status === "published" ? at : null,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        articleId = Number(inserted.id);
      } else {
        const existing = await trx.selectFrom("knowledge_articles").select(["published_at"]).where("id", "=", id).executeTakeFirst();
        if (!existing) throw new DomainError("not_found", KNOWLEDGE_MESSAGES.notFound);
        await trx
          .updateTable("knowledge_articles")
          .set({
            slug: input.slug,
            title: input.title,
            category: input.category,
            content: input.content,
            status: input.status,
            updated_at: at,
            published_at: existing.published_at ?? (input.status === "published" ? at : null),
          })
          .where("id", "=", id)
          .execute();
        await trx.deleteFrom("knowledge_article_tags").where("article_id", "=", id).execute();
        articleId = id;
      }
      const tags = [...new Set(input.tags)].slice(0, KNOWLEDGE_LIMITS.tags);
      if (tags.length > 0)
        await trx
          .insertInto("knowledge_article_tags")
          .values(tags.map((tag) => ({ article_id: articleId, tag })))
          .execute();
      return { id: articleId, slug: input.slug };
    });
  } catch (error) {
    // Two editors claiming one address at once: the unique index decides, and the loser hears why.
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}
