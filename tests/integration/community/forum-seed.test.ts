// The demo forum (db/seed/forum.ts) on both engines: every topic and reply lands through the forum's services, the
// welcome topic is pinned and locked, the marked solutions hold, the counts agree with the posts, and /forum's first
// page shows it pinned first; the flagged demo reply (three members' flags, through the forum's flagging) is hidden and
// waits in the moderators' flag queue.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { DEMO_FLAGGED_REPLIES, DEMO_FORUM_TOPICS, seedDemoForum } from "#db/seed/forum.ts";
import { seededRandom } from "#db/seed/random.ts";
import { countFlaggedForumPosts, forumStats, listFlaggedForumPosts, listForumTopics } from "~/services/community/index.server.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

let opened: OpenedDatabase;
const now = new Date("2026-11-20T12:00:00.000Z");

beforeAll(async () => {
  opened = createTestDatabase();
  const emails = [
    ...new Set([
      ...DEMO_FORUM_TOPICS.flatMap((topic) => [topic.by, ...topic.replies.map((reply) => reply.by)]),
      ...DEMO_FLAGGED_REPLIES.flatMap((reply) => [reply.by, ...reply.flaggedBy]),
    ]),
  ];
  for (const email of emails) await insertUserRow(opened.db, email, email.startsWith("moderator@") ? "moderator" : "buyer");
  // Members of long standing, as the demo's are: their flags count in full towards hiding a post.
  await opened.db.updateTable("users").set({ created_at: "2025-01-01T00:00:00.000Z" }).execute();
  await seedDemoForum(opened.db, seededRandom(7), { now });
});
afterAll(() => opened.close());

describe("the demo forum", () => {
  it("has every topic and reply, counted, with the welcome topic pinned and locked on top", async () => {
    const replies = DEMO_FORUM_TOPICS.reduce((sum, topic) => sum + topic.replies.length, 0);
    const stats = await forumStats(opened.db);
    expect(stats).toMatchObject({ topics: DEMO_FORUM_TOPICS.length, replies });
    expect(stats.views).toBeGreaterThan(0);
    const page = await listForumTopics(opened.db, { sort: "recent" });
    expect(page.total).toBe(DEMO_FORUM_TOPICS.length);
    expect(page.topics[0]).toMatchObject({ title: DEMO_FORUM_TOPICS[0]!.title, pinned: true, locked: true });
    for (const topic of page.topics) {
      const demo = DEMO_FORUM_TOPICS.find((entry) => entry.title === topic.title)!;
      expect(topic.replies).toBe(demo.replies.length);
      expect(topic.solved).toBe(demo.replies.some((reply) => reply.solution === true));
      expect(Date.parse(topic.lastPostAt)).toBeLessThanOrEqual(now.getTime());
    }
    const solved = await listForumTopics(opened.db, { solvedOnly: true });
    expect(solved.total).toBe(DEMO_FORUM_TOPICS.filter((topic) => topic.replies.some((reply) => reply.solution)).length);
  });

  it("has a reply hidden by three members' flags, waiting for a moderator", async () => {
    expect(await countFlaggedForumPosts(opened.db)).toBe(DEMO_FLAGGED_REPLIES.length);
    const queue = await listFlaggedForumPosts(opened.db);
    expect(queue[0]).toMatchObject({ topicTitle: DEMO_FLAGGED_REPLIES[0]!.topic, flagCount: 3, hidden: true, isOpening: false });
    expect(queue[0]!.flaggers).toHaveLength(3);
  });
});
