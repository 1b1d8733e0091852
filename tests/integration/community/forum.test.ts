// The forum through its routes and services, on both engines: who may read, post, edit, mark the
// solution, like, flag and moderate (visitor, member, unconfirmed member, author, moderator); pinned first and the
// three sorts; filters and bounds; views counted once per viewer; reply notifications; the 3-flag hide and likes under
// concurrency; moderation recorded in audit_events; new-account limits.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { FORUM_EDIT_WINDOW_MS, FORUM_LIMITS, FORUM_MESSAGES } from "~/lib/forum.ts";
import {
  createForumTopic,
  flagForumPost,
  getForumTopic,
  likeForumPost,
  markForumSolution,
  recordForumTopicView,
  replyToForumTopic,
  editForumPost,
  type ForumActor,
  type ForumTopicPage,
  type ForumTopicView,
} from "~/services/community/index.server.ts";
import { listAuditEvents } from "~/services/platform/index.server.ts";
import { routeCalls } from "../../support/route-calls.ts";
import { pageRoute, renderPage, type RouteModule } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const forumRoute = await import("~/routes/forum._index.tsx");
const newTopicRoute = await import("~/routes/forum.new-topic.tsx");
const topicRoute = await import("~/routes/forum.topic.$id.tsx");

interface ListAnswer {
  list: ForumTopicPage;
  stats: { topics: number; replies: number; views: number; members: number };
  categories: Array<{ id: string; name: string; topicCount: number }>;
  signedIn: boolean;
}
interface TopicAnswer {
  topic: ForumTopicView;
  message?: string | null;
}

let opened: OpenedDatabase;
const calls = () => routeCalls<ListAnswer & TopicAnswer & { message?: string }>({ db: () => opened.db });
const people = { author: "", member: "", other: "", third: "", fourth: "", moderator: "", unconfirmed: "" };
const member = (id: string): ForumActor => ({ userId: id, canModerate: false });
const moderator = (): ForumActor => ({ userId: people.moderator, canModerate: true });
/**
 * Accounts a month old, so the new-account limits stay out of the way unless a test wants them, and their flags count
 * in full (app/services/accounts/report-weight.server.ts).
 */
const OLD = new Date(Date.now() - 30 * 24 * 3_600_000).toISOString();

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  for (const name of ["author", "member", "other", "third", "fourth"] as const) people[name] = await insertUserRow(opened.db, `${name}@example.test`);
  people.moderator = await insertUserRow(opened.db, "moderator@example.test", "moderator");
  people.unconfirmed = await insertUserRow(opened.db, "unconfirmed@example.test", "buyer", { confirmed: false });
  await opened.db.updateTable("users").set({ created_at: OLD }).execute();
  await opened.db.updateTable("profiles").set({ first_name: "Pat", last_name: "Author" }).where("id", "=", people.author).execute();
});
afterAll(() => opened.close());
beforeEach(async () => {
  await opened.db.deleteFrom("forum_topics").execute();
  await opened.db.deleteFrom("audit_events").execute();
  await opened.db.deleteFrom("notifications").execute();
});

const topic = (title: string, values: Partial<{ category: string; body: string; by: string; at: Date }> = {}) =>
  createForumTopic(
    opened.db,
    member(values.by ?? people.author),
    { categoryId: values.category ?? "test-measurement", title, body: values.body ?? `About ${title}` },
    values.at,
  );

const list = (query = "", as: string | null = null) => calls().get(forumRoute, `/forum${query}`, as);
const openTopic = (id: number, as: string | null = null, query = "") => calls().get(topicRoute, `/forum/topic/${id}${query}`, as, { id: String(id) });
const act = (id: number, as: string | null, form: Record<string, string>) => calls().post(topicRoute, `/forum/topic/${id}`, as, form, { id: String(id) });

describe("reading", () => {
  it("visitors read the list with real counts and stats, and get Login to Post instead of New Topic", async () => {
    const first = await topic("Keysight 34461A drifting after warm-up");
    await topic("Allen-Bradley 1756-L71 firmware flashing", { category: "automation-control" });
    await replyToForumTopic(opened.db, member(people.member), first, "Check the reference: mine needed a calibration.");
    const answer = await list();
    expect(answer.status).toBe(200);
    expect(answer.data?.signedIn).toBe(false);
    expect(answer.data?.stats).toMatchObject({ topics: 2, replies: 1, views: 0 });
    expect(answer.data?.stats.members).toBeGreaterThanOrEqual(7);
    const counts = Object.fromEntries(answer.data!.categories.map((category) => [category.name, category.topicCount]));
    expect(counts).toEqual({
      "Test & Measurement": 1,
      "Automation & Control": 1,
      "Data Acquisition": 0,
      "Electrical & Power": 0,
      "Lab & Scientific": 0,
      General: 0,
    });
    const row = answer.data!.list.topics.find((entry) => entry.id === first);
    expect(row).toMatchObject({ replies: 1, authorName: "Pat Author", categoryName: "Test & Measurement" });
    expect((await list("", people.member)).data?.signedIn).toBe(true);
  });

  it("pinned topics come first under every sort; Most Popular and Most Replies order the rest", async () => {
    const t0 = Date.now() - 60_000;
    const quiet = await topic("Quiet topic", { at: new Date(t0) });
    const busy = await topic("Busy topic", { at: new Date(t0 + 1_000) });
    const pinned = await topic("Read this first", { at: new Date(t0 - 100_000) });
    const newest = await topic("Newest topic", { at: new Date(t0 + 2_000) });
    await moderateAs(pinned, "pin");
    for (const who of [people.member, people.other]) await replyToForumTopic(opened.db, member(who), busy, "Same here.", new Date(t0 + 1_500));
    for (const ip of ["198.51.100.1", "198.51.100.2", "198.51.100.3"]) await recordForumTopicView(opened.db, { topicId: quiet, authorId: people.author, ip });
    const order = async (query: string) => (await list(query)).data!.list.topics.map((entry) => entry.id);
    expect(await order("")).toEqual([pinned, newest, busy, quiet]);
    expect(await order("?sort=popular")).toEqual([pinned, quiet, newest, busy]);
    expect(await order("?sort=replies")).toEqual([pinned, busy, newest, quiet]);
  });

  it("filters by category, by solved, and by search words in titles and opening posts", async () => {
    const scope = await topic("Tektronix MSO44 probe compensation", { body: "The square wave overshoots." });
    await topic("Siemens S7-1200 won't go to RUN", { category: "automation-control", body: "The overshoot is not the problem here." });
    const solvedOne = await topic("Fluke 87V display fading");
    const answerId = await replyToForumTopic(opened.db, member(people.member), solvedOne, "Replace the LCD zebra strip.");
    await markForumSolution(opened.db, member(people.author), solvedOne, answerId);
    const ids = async (query: string) => (await list(query)).data!.list.topics.map((entry) => entry.id).sort();
    expect(await ids("?category=automation-control")).toHaveLength(1);
    expect(await ids("?solved=1")).toEqual([solvedOne]);
    expect(await ids("?q=PROBE")).toEqual([scope]);
    expect(await ids("?q=overshoot")).toHaveLength(2);
    expect(await ids("?q=overshoot%20tektronix")).toEqual([scope]);
    // Wildcards are searched as typed; a NUL character is dropped.
    expect(await ids("?q=100%25")).toEqual([]);
    expect(await ids("?q=_")).toEqual([]);
    expect(await ids("?q=pro%00be")).toEqual([scope]);
    // Editing the opening post changes what finds the topic.
    const opening = (await getForumTopic(opened.db, scope, member(people.author))).opening!;
    await editForumPost(opened.db, member(people.author), opening.id, "Ringing at 250 MHz with the ground spring.");
    expect(await ids("?q=ground%20spring")).toEqual([scope]);
    expect(await ids("?q=overshoot")).toHaveLength(1);
    // An unknown category is no filter; a search is cut to its bound.
    expect(await ids("?category=nope")).toHaveLength(3);
    expect((await list(`?q=${"x".repeat(5_000)}`)).status).toBe(200);
  });

  it("pages are bounded: a page past the last shows the last, and nonsense is page 1", async () => {
    for (let i = 0; i < FORUM_LIMITS.topicsPerPage + 3; i++) await topic(`Topic number ${i + 1}`);
    const last = await list("?page=999999");
    expect(last.data?.list).toMatchObject({ page: 2, pageCount: 2, total: FORUM_LIMITS.topicsPerPage + 3 });
    expect(last.data?.list.topics).toHaveLength(3);
    expect((await list("?page=-4")).data?.list.page).toBe(1);
    expect((await list("?page=abc")).data?.list.page).toBe(1);
  });

  it("counts a view once per viewer per 30 minutes, never the author's own", async () => {
    const id = await topic("Rohde & Schwarz FSV noise floor");
    expect((await openTopic(id)).data?.topic.views).toBe(1);
    expect((await openTopic(id)).data?.topic.views).toBe(1);
    expect((await openTopic(id, people.member)).data?.topic.views).toBe(2);
    expect((await openTopic(id, people.author)).data?.topic.views).toBe(2);
    const later = new Date(Date.now() + 31 * 60_000);
    expect(await recordForumTopicView(opened.db, { topicId: id, authorId: people.author, ip: "192.0.2.1", now: later })).toEqual({ counted: true, views: 3 });
  });

  it("an unknown or malformed topic is a 404", async () => {
    expect((await openTopic(999_999)).status).toBe(404);
    expect((await calls().get(topicRoute, "/forum/topic/abc", null, { id: "abc" })).status).toBe(404);
  });
});

async function moderateAs(id: number, intent: string, extra: Record<string, string> = {}) {
  const answer = await act(id, people.moderator, { intent, ...extra });
  expect(answer.status).toBe(302);
}

describe("posting", () => {
  it("visitors are sent to sign in; unconfirmed members are refused; members start topics and reply", async () => {
    expect((await calls().get(newTopicRoute, "/forum/new-topic", null)).location).toMatch(/^\/login/);
    const form = { category: "general", title: "Shipping a 60 kg spectrum analyzer", body: "Crate or pallet?" };
    expect((await calls().post(newTopicRoute, "/forum/new-topic", null, form)).location).toMatch(/^\/login/);
    expect((await calls().post(newTopicRoute, "/forum/new-topic", people.unconfirmed, form)).status).toBe(403);
    const made = await calls().post(newTopicRoute, "/forum/new-topic", people.member, form);
    expect(made.status).toBe(302);
    const id = Number(made.location?.match(/^\/forum\/topic\/(\d+)$/)?.[1]);
    expect(id).toBeGreaterThan(0);

    expect((await act(id, null, { intent: "reply", body: "Pallet." })).location).toMatch(/^\/login/);
    expect((await act(id, people.unconfirmed, { intent: "reply", body: "Pallet." })).status).toBe(403);
    const replied = await act(id, people.other, { intent: "reply", body: "Pallet, strapped, with corner boards." });
    expect(replied.location).toMatch(new RegExp(`^/forum/topic/${id}\\?done=reply#post-\\d+$`));
    const page = await openTopic(id);
    expect(page.data?.topic.opening?.body).toBe("Crate or pallet?");
    expect(page.data?.topic.replyPage.map((post) => post.body)).toEqual(["Pallet, strapped, with corner boards."]);
    expect(page.data?.topic.replies).toBe(1);
  });

  it("refuses what breaks the bounds: unknown category, short or long title, oversize bodies", async () => {
    const post = (form: Record<string, string>) => calls().post(newTopicRoute, "/forum/new-topic", people.member, form);
    expect((await post({ category: "nope", title: "A long enough title", body: "Body text" })).status).toBe(400);
    expect((await post({ category: "general", title: "Hi", body: "Body text" })).status).toBe(400);
    expect((await post({ category: "general", title: "x".repeat(FORUM_LIMITS.titleMax + 1), body: "Body text" })).status).toBe(400);
    expect((await post({ category: "general", title: "A long enough title", body: "x".repeat(FORUM_LIMITS.bodyMax + 1) })).status).toBe(400);
    expect([413, 400]).toContain((await post({ category: "general", title: "A long enough title", body: "x".repeat(FORUM_LIMITS.bodyMax * 5) })).status);
    const topics = await opened.db.selectFrom("forum_topics").select("id").execute();
    expect(topics).toEqual([]);
  });

  it("an author edits their own post within 10 minutes, and nobody else's", async () => {
    const at = new Date();
    const id = await topic("Agilent E4440A firmware", { at });
    const opening = (await getForumTopic(opened.db, id, member(people.author))).opening!;
    expect(opening.editableByViewer).toBe(true);
    expect((await act(id, people.member, { intent: "edit", postId: String(opening.id), body: "Hijacked" })).status).toBe(403);
    expect((await act(id, people.author, { intent: "edit", postId: String(opening.id), body: "Which firmware fixes the LO unlock?" })).status).toBe(302);
    expect((await getForumTopic(opened.db, id, { userId: null, canModerate: false })).opening).toMatchObject({
      body: "Which firmware fixes the LO unlock?",
      editedAt: expect.any(String),
    });
    const late = new Date(at.getTime() + FORUM_EDIT_WINDOW_MS + 1_000);
    await expect(editForumPost(opened.db, member(people.author), opening.id, "Too late", late)).rejects.toMatchObject({
      kind: "conflict",
      message: FORUM_MESSAGES.editWindowOver,
    });
  });

  it("tells the topic's author and earlier repliers of a reply, never the replier", async () => {
    const id = await topic("Yokogawa WT500 harmonics");
    await replyToForumTopic(opened.db, member(people.member), id, "Use the harmonic option.");
    await replyToForumTopic(opened.db, member(people.other), id, "Option /G5 is needed.");
    const rows = await opened.db.selectFrom("notifications").select(["user_id", "action_url"]).orderBy("id").execute();
    // The first reply tells the author; the second tells the author and the first replier.
    expect(rows.map((row) => row.user_id).sort()).toEqual([people.author, people.author, people.member].sort());
    expect(rows.filter((row) => row.user_id === people.other)).toEqual([]);
    expect(rows[0]?.action_url).toMatch(new RegExp(`^/forum/topic/${id}#post-\\d+$`));
  });

  it("followers hear of every reply too (once, even when they also took part); unfollowing stops it; visitors sign in first", async () => {
    const id = await topic("Rohde & Schwarz ZVL calibration kit");
    expect((await act(id, null, { intent: "follow" })).location).toMatch(/^\/login/);
    expect((await act(id, people.third, { intent: "follow" })).location).toBe(`/forum/topic/${id}?done=follow`);
    expect((await openTopic(id, people.third)).data?.topic.viewerFollows).toBe(true);
    await act(id, people.fourth, { intent: "follow" });
    await act(id, people.fourth, { intent: "follow" });
    await replyToForumTopic(opened.db, member(people.fourth), id, "The ZV-Z135 kit fits.");
    await replyToForumTopic(opened.db, member(people.member), id, "So does the 85052D with adapters.");
    const told = async () =>
      (await opened.db.selectFrom("notifications").select(["user_id", "message"]).orderBy("id").execute()).map((row) => [
        row.user_id,
        row.message.endsWith("you follow."),
      ]);
    expect(await told()).toEqual(
      expect.arrayContaining([
        [people.third, true],
        [people.fourth, false],
      ]),
    );
    // The second reply: the author, the earlier replier (a follower, told once) and the follower who never posted.
    const second = (await told()).slice(2);
    expect(second.map(([userId]) => userId).sort()).toEqual([people.author, people.fourth, people.third].sort());
    await act(id, people.third, { intent: "unfollow" });
    await opened.db.deleteFrom("notifications").execute();
    await replyToForumTopic(opened.db, member(people.other), id, "Check the connector gender.");
    const third = (await told()).map(([userId]) => userId);
    expect(third).not.toContain(people.third);
    expect(third.sort()).toEqual([people.author, people.fourth, people.member].sort());
  });

  it("new accounts start at most 3 topics an hour (429), older ones are not limited", async () => {
    const fresh = await insertUserRow(opened.db, undefined, "buyer");
    for (let i = 1; i <= 3; i++) await topic(`New member question ${i}`, { by: fresh });
    await expect(topic("New member question 4", { by: fresh })).rejects.toMatchObject({ kind: "rate_limited", message: FORUM_MESSAGES.newAccountTopics });
    const refused = await calls().post(newTopicRoute, "/forum/new-topic", fresh, { category: "general", title: "New member question 5", body: "Still here" });
    expect(refused.status).toBe(429);
    for (let i = 1; i <= 4; i++) await topic(`Regular question ${i}`, { by: people.member });
  });

  it("the new-account limit holds when a new member's topics arrive all at once", async () => {
    const fresh = await insertUserRow(opened.db, undefined, "buyer");
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => topic(`Burst question ${i + 1}`, { by: fresh })));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(3);
    for (const outcome of outcomes) if (outcome.status === "rejected") expect(outcome.reason).toMatchObject({ kind: "rate_limited" });
    const rows = await opened.db.selectFrom("forum_topics").select("id").where("author_id", "=", fresh).execute();
    expect(rows).toHaveLength(3);
  });
});

describe("locks, solutions, likes, flags and moderation", () => {
  it("members cannot moderate; moderators pin, lock, move and hide, each recorded in audit_events", async () => {
    const id = await topic("Beckhoff EtherCAT topology");
    for (const intent of ["pin", "lock", "hide"]) expect((await act(id, people.member, { intent })).status).toBe(403);
    expect((await act(id, people.member, { intent: "move", category: "general" })).status).toBe(403);
    const unchanged = await opened.db
      .selectFrom("forum_topics")
      .select(["pinned", "locked", "hidden", "category_id"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(unchanged).toEqual({ pinned: 0, locked: 0, hidden: 0, category_id: "test-measurement" });

    await moderateAs(id, "pin");
    await moderateAs(id, "lock");
    await moderateAs(id, "move", { category: "automation-control" });
    // Locked: members may not reply, moderators may.
    expect(await act(id, people.member, { intent: "reply", body: "Late answer" })).toMatchObject({ status: 409 });
    await replyToForumTopic(opened.db, moderator(), id, "Locked: see the pinned guide.");
    await moderateAs(id, "hide");
    // Hidden: gone for visitors and members, there for moderators and the author.
    expect((await openTopic(id)).status).toBe(404);
    expect((await openTopic(id, people.member)).status).toBe(404);
    expect((await openTopic(id, people.author)).status).toBe(200);
    expect((await openTopic(id, people.moderator)).status).toBe(200);
    expect((await list()).data?.list.topics).toEqual([]);
    expect((await list("", people.moderator)).data?.list.topics.map((entry) => entry.hidden)).toEqual([true]);

    const events = await listAuditEvents(opened.db, { type: "forum_topic", id });
    expect(events.map((event) => [event.action, event.actorUserId])).toEqual([
      ["forum.topic.hide", people.moderator],
      ["forum.topic.move", people.moderator],
      ["forum.topic.lock", people.moderator],
      ["forum.topic.pin", people.moderator],
    ]);
    expect(JSON.parse(events[1]!.detail)).toEqual({ from: "test-measurement", to: "automation-control" });
  });

  it("the author or a moderator marks a reply as the solution, shown first; others are refused", async () => {
    const id = await topic("HP 8648C output level low");
    const first = await replyToForumTopic(opened.db, member(people.member), id, "Check the attenuator.");
    const fix = await replyToForumTopic(opened.db, member(people.other), id, "Recap the A11 board.");
    expect((await act(id, people.member, { intent: "solution", postId: String(fix) })).status).toBe(403);
    expect((await act(id, people.author, { intent: "solution", postId: String(fix) })).status).toBe(302);
    const page = (await openTopic(id)).data!.topic;
    expect(page.solution?.id).toBe(fix);
    expect(page.replyPage.map((post) => post.id)).toEqual([first]);
    const opening = page.opening!.id;
    expect((await act(id, people.author, { intent: "solution", postId: String(opening) })).status).toBe(400);
    expect((await act(id, people.moderator, { intent: "solution", postId: String(first) })).status).toBe(302);
    expect((await listAuditEvents(opened.db, { type: "forum_topic", id })).map((event) => event.action)).toEqual(["forum.topic.mark_solution"]);
  });

  it("likes count once per member, also when the same like arrives several times at once; not one's own post", async () => {
    const id = await topic("Best bench supply under $500?");
    const reply = await replyToForumTopic(opened.db, member(people.member), id, "A used Keysight E3631A.");
    await Promise.all(Array.from({ length: 6 }, () => likeForumPost(opened.db, member(people.other), reply)));
    await Promise.all([likeForumPost(opened.db, member(people.author), reply), likeForumPost(opened.db, member(people.third), reply)]);
    const row = await opened.db.selectFrom("forum_posts").select("like_count").where("id", "=", reply).executeTakeFirstOrThrow();
    expect(row.like_count).toBe(3);
    await expect(likeForumPost(opened.db, member(people.member), reply)).rejects.toMatchObject({ kind: "conflict" });
    expect(await likeForumPost(opened.db, member(people.other), reply, false)).toBe(2);
    expect((await act(id, people.third, { intent: "unlike", postId: String(reply) })).status).toBe(302);
    expect((await openTopic(id)).data?.topic.replyPage[0]?.likes).toBe(1);
  });

  it("three flags from different members hide a post pending review, once, however many arrive at once", async () => {
    const id = await topic("Where to get a calibration certificate?");
    const spam = await replyToForumTopic(opened.db, member(people.member), id, "Buy cheap certificates at example.test");
    await expect(flagForumPost(opened.db, member(people.member), spam)).rejects.toMatchObject({ kind: "conflict", message: FORUM_MESSAGES.ownPostFlag });
    await flagForumPost(opened.db, member(people.other), spam);
    await expect(flagForumPost(opened.db, member(people.other), spam)).rejects.toMatchObject({ kind: "conflict", message: FORUM_MESSAGES.alreadyFlagged });
    expect((await openTopic(id)).data?.topic.replyPage).toHaveLength(1);

    const flaggers = [people.third, people.fourth, people.author, people.moderator];
    const outcomes = await Promise.allSettled(flaggers.map((who) => flagForumPost(opened.db, who === people.moderator ? moderator() : member(who), spam)));
    const post = await opened.db.selectFrom("forum_posts").select(["hidden", "flag_count"]).where("id", "=", spam).executeTakeFirstOrThrow();
    expect(post.hidden).toBe(1);
    // Once hidden, members no longer find the post to flag it; a moderator still may.
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled").length).toBe(post.flag_count - 1);
    expect(post.flag_count).toBeGreaterThanOrEqual(3);
    for (const outcome of outcomes) if (outcome.status === "rejected") expect(outcome.reason).toMatchObject({ kind: "not_found" });
    expect((await listAuditEvents(opened.db, { type: "forum_post", id: spam })).map((event) => event.action)).toEqual(["forum.post.hide_by_flags"]);

    const visitorPage = (await openTopic(id)).data!.topic;
    expect(visitorPage.replyPage).toEqual([]);
    expect(visitorPage.replies).toBe(0);
    expect((await openTopic(id, people.member)).data?.topic.replyPage.map((entry) => entry.hidden)).toEqual([true]);
    expect((await openTopic(id, people.moderator)).data?.topic.replyPage.map((entry) => entry.hidden)).toEqual([true]);

    // Moderators find it in their review list; members asking for that list get the usual one.
    expect((await list("?review=1", people.moderator)).data?.list.topics.map((entry) => entry.id)).toEqual([id]);
    expect((await list("?review=1", people.member)).data?.list.topics.map((entry) => entry.id)).toEqual([id]);
    const other = await topic("Nothing wrong here");
    expect((await list("?review=1", people.moderator)).data?.list.topics.map((entry) => entry.id)).toEqual([id]);
    expect((await list("?review=1", people.member)).data?.list.topics.map((entry) => entry.id).sort()).toEqual([id, other].sort());
    // A moderator's review restores it (flags cleared), recorded.
    expect((await act(id, people.member, { intent: "restore-post", postId: String(spam) })).status).toBe(403);
    expect((await act(id, people.moderator, { intent: "restore-post", postId: String(spam) })).status).toBe(302);
    expect((await openTopic(id)).data?.topic.replies).toBe(1);
    expect((await listAuditEvents(opened.db, { type: "forum_post", id: spam }))[0]?.action).toBe("forum.post.restore");
    expect((await list("?review=1", people.moderator)).data?.list.topics).toEqual([]);
  });
});

describe("Markdown is rendered inert", () => {
  const PAYLOADS = [
    '<script>alert("xss-1")</script>',
    '<img src=x onerror="alert(2)">',
    "[click me](javascript:alert(3))",
    "[mixed case](  JaVaScRiPt:alert(4))",
    "[data](data:text/html;base64,PHNjcmlwdD5hbGVydCg1KTwvc2NyaXB0Pg==)",
    '<a href="javascript:alert(6)">anchor</a>',
    '**bold** <iframe src="https://evil.example/"></iframe>',
    "`<svg onload=alert(7)>`",
    "> <style>body{display:none}</style>",
    "[manual](https://example.org/manual.pdf) and https://example.org/plain",
  ];

  it("no payload becomes markup on the topic page; links away carry nofollow", async () => {
    const id = await topic("Attack of the angle brackets", { body: PAYLOADS.slice(0, 5).join("\n\n") });
    await replyToForumTopic(opened.db, member(people.member), id, PAYLOADS.slice(5).join("\n\n"));
    const page = await renderPage([pageRoute("/forum/topic/:id", topicRoute as unknown as RouteModule)], new Request(`http://localhost/forum/topic/${id}`));
    expect(page.status).toBe(200);
    // No element of the payloads, no script address, no event-handler attribute (inside a tag; as text they are harmless).
    expect(page.html).not.toMatch(/<(script|img|iframe|svg)\b|<style>body/i);
    expect(page.html).not.toMatch(/(href|src)="\s*(javascript|data):/i);
    expect(page.html).not.toMatch(/<[^>]*\son(error|load)=/i);
    // What was typed is shown as text.
    expect(page.html).toContain("&lt;script&gt;alert(&quot;xss-1&quot;)&lt;/script&gt;");
    expect(page.html).toContain("&lt;img src=x onerror=");
    expect(page.html).toContain("&lt;svg onload=alert(7)&gt;");
    const links = [...page.html.matchAll(/<a [^>]*href="(https:\/\/example\.org[^"]*)"[^>]*>/g)].map((match) => match[0]);
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toMatch(/rel="[^"]*nofollow/);
    expect(page.html).toContain("<strong");
  });
});
