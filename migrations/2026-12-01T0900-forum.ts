// The forum (issue 18 §3, spec 02 §2.12): its categories (the six of the spec, reference rows written here), topics,
// posts (a topic's opening post is its first row in forum_posts, so editing, flagging, liking and hiding work the same
// on every post), counted views (once per viewer per 30 minutes, as listing views are), followers, flags, likes, and
// audit_events: a generic record of what staff did to what, reused by the administration pages later.
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

const CATEGORIES = [
  { id: "test-measurement", name: "Test & Measurement", description: "Oscilloscopes, analyzers, meters, calibration and test setups." },
  { id: "automation-control", name: "Automation & Control", description: "PLCs, drives, HMIs, motion control and industrial networks." },
  { id: "data-acquisition", name: "Data Acquisition", description: "DAQ hardware, loggers, sensors and the software that reads them." },
  { id: "electrical-power", name: "Electrical & Power", description: "Power supplies, switchgear, UPS, transformers and power quality." },
  { id: "lab-scientific", name: "Lab & Scientific", description: "Laboratory instruments, sample handling and scientific equipment." },
  { id: "general", name: "General", description: "Buying and selling on Tradebench, shipping, and everything else." },
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("forum_categories")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();
  await db
    .insertInto("forum_categories")
    .values(CATEGORIES.map((category, position) => ({ ...category, position })))
    .execute();

  await db.schema
    .createTable("forum_topics")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("category_id", "text", (c) => c.notNull().references("forum_categories.id"))
    .addColumn("author_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("pinned", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("locked", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("hidden", "integer", (c) => c.notNull().defaultTo(0))
    // Visible replies (the opening post not counted), kept with every reply, hide and restore.
    .addColumn("reply_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("view_count", "integer", (c) => c.notNull().defaultTo(0))
    // The reply the author or staff marked as the answer (no foreign key: the posts table refers to this one).
    .addColumn("solution_post_id", "integer")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    // The newest visible post (the opening one until someone replies) and who wrote it.
    .addColumn("last_post_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .addColumn("last_post_author_id", "text", (c) => c.references("users.id").onDelete("set null"))
    // The title and the opening post, ASCII-lower-cased and cut to a bound: what the forum's search matches.
    .addColumn("search_text", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  // The list: pinned first, then each sort, for all categories and for one.
  for (const [name, column] of [
    ["recent", "last_post_at"],
    ["views", "view_count"],
    ["replies", "reply_count"],
  ] as const) {
    await db.schema.createIndex(`forum_topics_${name}`).on("forum_topics").columns(["hidden", "pinned", column, "id"]).execute();
    await db.schema.createIndex(`forum_topics_category_${name}`).on("forum_topics").columns(["category_id", "hidden", "pinned", column, "id"]).execute();
  }
  await db.schema.createIndex("forum_topics_author_created").on("forum_topics").columns(["author_id", "created_at"]).execute();
  // The forum's figures (topics, replies, views) read from the index alone; the "Solved" filter finds its few topics.
  await db.schema.createIndex("forum_topics_stats").on("forum_topics").columns(["hidden", "reply_count", "view_count"]).execute();
  await db.schema.createIndex("forum_topics_solved").on("forum_topics").columns(["hidden", "solution_post_id"]).execute();
  // PostgreSQL: a trigram index on the (already folded) text, so "contains a word" finds rare words through the index;
  // SQLite scans the column (instr).
  if (dialect.name === "postgres") {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index forum_topics_search_trigram on forum_topics using gin (search_text gin_trgm_ops)`.execute(db);
  }

  await db.schema
    .createTable("forum_posts")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("topic_id", "integer", (c) => c.notNull().references("forum_topics.id").onDelete("cascade"))
    .addColumn("author_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("body", "text", (c) => c.notNull())
    // 1 for the topic's opening post.
    .addColumn("is_opening", "integer", (c) => c.notNull().defaultTo(0))
    // Hidden by a moderator or by three members' flags, pending review.
    .addColumn("hidden", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("flag_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("like_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .addColumn("edited_at", "text")
    .execute();
  await db.schema.createIndex("forum_posts_topic_created").on("forum_posts").columns(["topic_id", "created_at", "id"]).execute();
  await db.schema.createIndex("forum_posts_author_created").on("forum_posts").columns(["author_id", "created_at"]).execute();

  await db.schema
    .createTable("forum_topic_views")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("topic_id", "integer", (c) => c.notNull().references("forum_topics.id").onDelete("cascade"))
    // A keyed hash of the member's id or of the visitor's address, never either as it is.
    .addColumn("viewer_hash", "text", (c) => c.notNull())
    .addColumn("viewed_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("forum_topic_views_topic_viewer").on("forum_topic_views").columns(["topic_id", "viewer_hash", "viewed_at"]).execute();

  // Members who asked to hear of every reply to a topic (besides its participants, who always do).
  await db.schema
    .createTable("forum_topic_followers")
    .addColumn("topic_id", "integer", (c) => c.notNull().references("forum_topics.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .addPrimaryKeyConstraint("forum_topic_followers_pk", ["topic_id", "user_id"])
    .execute();
  await db.schema.createIndex("forum_topic_followers_user").on("forum_topic_followers").columns(["user_id", "created_at"]).execute();

  for (const table of ["forum_post_flags", "forum_post_likes"]) {
    await db.schema
      .createTable(table)
      .addColumn("post_id", "integer", (c) => c.notNull().references("forum_posts.id").onDelete("cascade"))
      .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("created_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
      .addPrimaryKeyConstraint(`${table}_pk`, ["post_id", "user_id"])
      .execute();
  }

  await db.schema
    .createTable("audit_events")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("actor_user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    // What was done, e.g. forum.topic.pin, role.change.
    .addColumn("action", "text", (c) => c.notNull())
    // What it was done to: a kind (forum_topic, forum_post, user, …) and its id as text.
    .addColumn("subject_type", "text", (c) => c.notNull())
    .addColumn("subject_id", "text", (c) => c.notNull())
    // Free text or JSON: the values before and after, a reason.
    .addColumn("detail", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .execute();
  await db.schema.createIndex("audit_events_subject").on("audit_events").columns(["subject_type", "subject_id", "created_at"]).execute();
  await db.schema.createIndex("audit_events_created").on("audit_events").columns(["created_at"]).execute();
  await db.schema.createIndex("audit_events_actor").on("audit_events").columns(["actor_user_id", "created_at"]).execute();
}
