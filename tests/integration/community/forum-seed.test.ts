// The demo forum (db/seed/forum.ts) on both engines: every topic and reply lands through the forum's services, the
// welcome topic is pinned and locked, the marked solutions hold, the counts agree with the posts, and /forum's first
// page shows it pinned first.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { DEMO_FORUM_TOPICS, seedDemoForum } from "#db/seed/forum.ts";
import { seededRandom } from "#db/seed/random.ts";
import { forumStats, listForumTopics } from "~/services/community/index.server.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

let opened: OpenedDatabase;
const now = new Date("2026-11-20T12:00:00.000Z");

beforeAll(async () => {
  opened = createTestDatabase();
  const emails = [...new Set(DEMO_FORUM_TOPICS.flatMap((topic) => [topic.by, ...topic.replies.map((reply) => reply.by)]))];
  for (const email of emails) await insertUserRow(opened.db, email, email.startsWith("moderator@") ? "moderator" : "buyer");
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
});
