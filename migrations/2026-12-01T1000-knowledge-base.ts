// The knowledge base (issue 18 §4): articles written by staff in Markdown, with a category and tags, draft or published,
// and "Was this helpful?" answers, one per article and reader (a member, or a visitor's browser), which a reader may change.
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("knowledge_articles")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    // The article's address: /knowledge-base/<slug>.
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    // A key of the category list in app/lib/knowledge-base.ts (checked by the service, not here, so the list may grow).
    .addColumn("category", "text", (c) => c.notNull())
    // Markdown source (app/lib/markdown.tsx renders it).
    .addColumn("content", "text", (c) => c.notNull())
    // draft, published: drafts are seen only by staff who edit content.
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("draft")
        .check(sql`status in ('draft', 'published')`),
    )
    .addColumn("author_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .addColumn("published_at", "text")
    .execute();
  await db.schema.createIndex("knowledge_articles_status_category").on("knowledge_articles").columns(["status", "category", "updated_at"]).execute();

  // Tags, one row each, lower-cased: searched with the title and content, and counted for Popular Topics.
  await db.schema
    .createTable("knowledge_article_tags")
    .addColumn("article_id", "integer", (c) => c.notNull().references("knowledge_articles.id").onDelete("cascade"))
    .addColumn("tag", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("knowledge_article_tags_pk", ["article_id", "tag"])
    .execute();
  await db.schema.createIndex("knowledge_article_tags_tag").on("knowledge_article_tags").columns(["tag", "article_id"]).execute();

  // One answer per article and reader: `voter_key` is "user:<id>" for a member, else a keyed hash of the visitor's
  // signed device cookie. A reader who answers again changes their answer (an upsert on the key).
  await db.schema
    .createTable("knowledge_article_votes")
    .addColumn("article_id", "integer", (c) => c.notNull().references("knowledge_articles.id").onDelete("cascade"))
    .addColumn("voter_key", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("cascade"))
    // 1 = "Yes", 0 = "No".
    .addColumn("helpful", "integer", (c) => c.notNull().check(sql`helpful in (0, 1)`))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .addPrimaryKeyConstraint("knowledge_article_votes_pk", ["article_id", "voter_key"])
    .execute();
}
