// The moderation inbox through its routes, on both engines: a reply three members flag through the forum's
// own flagging is hidden and listed in /admin/moderation with its flag count and flaggers; the console's navigation
// reads "Moderation (N)" with N what the inbox holds (a flagged listing and a member report included); Restore makes
// the reply visible again, clears its flags and is audited; Remove needs a reason, keeps the reply hidden for good
// (members can no longer find it to flag it) and is audited with the reason; a decided post is not decided twice;
// support staff and buyers are refused the page and the action; a moderator may not decide flags they raised.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { FORUM_MESSAGES } from "~/lib/forum.ts";
import { MODERATION_INBOX_MESSAGES } from "~/lib/moderation.ts";
import type { ModerationInbox } from "~/services/admin/index.server.ts";
import { reportListing, reportMember } from "~/services/admin/index.server.ts";
import { createForumTopic, flagForumPost, getForumTopic, replyToForumTopic, type ForumActor } from "~/services/community/index.server.ts";
import { listAuditEvents } from "~/services/platform/index.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { routeCalls } from "../../support/route-calls.ts";
import { pageRoute, renderPage, sessionCookie, type RouteModule } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const inboxRoute = await import("~/routes/admin.moderation.tsx");
const frameRoute = await import("~/routes/admin.tsx");

interface Answers {
  inbox?: ModerationInbox;
  done?: string | null;
  formError?: string;
  links?: Array<{ to: string; label: string }>;
  groups?: Array<{ label: string; links: Array<{ to: string; label: string }> }>;
}

let opened: OpenedDatabase;
const calls = () => routeCalls<Answers>({ db: () => opened.db });
const people = { moderator: "", author: "", a: "", b: "", c: "", support: "", buyer: "", seller: "" };
const member = (id: string): ForumActor => ({ userId: id, canModerate: false });
const visitor = { userId: null, canModerate: false };
let topicId = 0;
let spamId = 0;

const inbox = async () => {
  const answer = await calls().get(inboxRoute, "/admin/moderation", people.moderator);
  expect(answer.status).toBe(200);
  return answer.data!.inbox!;
};
const moderationLink = async () => (await calls().get(frameRoute, "/admin", people.moderator)).data!.links!.find((link) => link.to === "/admin/moderation");
const flagThrice = async () => {
  // A minute apart: the inbox names flaggers earliest first (flags within one millisecond order by member id).
  const start = Date.now();
  for (const [place, who] of [people.a, people.b, people.c].entries()) await flagForumPost(opened.db, member(who), spamId, new Date(start + place * 60_000));
};
const visibleReplies = async () => (await getForumTopic(opened.db, topicId, visitor)).replyPage.map((post) => post.id);
const decide = (as: string, form: Record<string, string>) => calls().post(inboxRoute, "/admin/moderation", as, form);

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  people.moderator = await insertUserRow(opened.db, "moderator@example.test", "moderator");
  people.author = await insertUserRow(opened.db, "author@example.test", "buyer");
  for (const name of ["a", "b", "c"] as const) people[name] = await insertUserRow(opened.db, `${name}@example.test`, "buyer");
  people.support = await insertUserRow(opened.db, "support@example.test", "support");
  people.buyer = await insertUserRow(opened.db, "buyer@example.test", "buyer");
  people.seller = await insertUserRow(opened.db, "seller@example.test", "seller");
  // Members of long standing: their flags count in full towards hiding (app/services/accounts/report-weight.server.ts).
  await opened.db.updateTable("users").set({ created_at: "2025-01-01T00:00:00.000Z" }).execute();
  await opened.db.updateTable("profiles").set({ first_name: "Ada", last_name: "Flagger" }).where("id", "=", people.a).execute();
  topicId = await createForumTopic(opened.db, member(people.author), {
    categoryId: "test-measurement",
    title: "Which scope probe for 500 MHz?",
    body: "Looking for advice on passive probes.",
  });
  spamId = await replyToForumTopic(opened.db, member(people.author), topicId, "Cheap probes, message me off the site on WhatsApp!");
});
afterAll(async () => {
  await opened.close();
});

describe("flagged forum posts in the moderation inbox", () => {
  it("lists a reply three members flagged, hidden, with its flags and who flagged it", async () => {
    await flagThrice();
    expect(await visibleReplies()).not.toContain(spamId);
    const { forumPosts } = await inbox();
    expect(forumPosts).toMatchObject({ total: 1, more: 0 });
    expect(forumPosts.entries).toEqual([
      expect.objectContaining({
        postId: spamId,
        topicId,
        topicTitle: "Which scope probe for 500 MHz?",
        hidden: true,
        flagCount: 3,
        excerpt: "Cheap probes, message me off the site on WhatsApp!",
      }),
    ]);
    expect(forumPosts.entries[0]!.flaggers.map((one) => one.id)).toEqual([people.a, people.b, people.c]);
    const page = await renderPage(
      [pageRoute("/admin/moderation", inboxRoute as unknown as RouteModule)],
      new Request("http://localhost/admin/moderation", { headers: { Cookie: await sessionCookie(opened.db, people.moderator) } }),
    );
    expect(page.status).toBe(200);
    expect(page.text).toContain("Flagged forum posts (1)");
    expect(page.text).toContain("3 flags");
    expect(page.text).toContain("Ada Flagger");
    expect(page.html).toContain(`href="/forum/topic/${topicId}#post-${spamId}"`);
    expect(page.html).toContain('value="restore"');
  });

  it("the console's navigation counts everything the inbox holds, and groups the moderators' links", async () => {
    const listingId = await insertListingRow(opened.db, people.seller, { title: "Fluke 87V multimeter" });
    await reportListing(opened.db, { listingId, reporterId: people.buyer, reason: "counterfeit", note: "" });
    await reportMember(opened.db, { memberId: people.seller, reporterId: people.buyer, reason: "non_delivery", note: "Paid, never shipped" });
    const held = await inbox();
    expect([held.listings.total, held.members.total, held.forumPosts.total, held.reviews.total]).toEqual([1, 1, 1, 0]);
    expect(held.total).toBe(3);
    expect(held.listings.entries[0]).toMatchObject({ listingId, reportCount: 1, reporters: [{ id: people.buyer }] });
    expect(await moderationLink()).toEqual({ to: "/admin/moderation", label: "Moderation (3)" });
    const frame = await calls().get(frameRoute, "/admin", people.moderator);
    const moderationGroup = frame.data!.groups!.find((group) => group.label === "Moderation");
    // A moderator without the full audit log reads their own decisions in it.
    expect(moderationGroup?.links.map((link) => [link.to, link.label])).toEqual([
      ["/admin/moderation", "Moderation (3)"],
      ["/admin/flagged-listings", "Flagged listings"],
      ["/admin/review-reports", "Reported reviews"],
      ["/admin/audit-log", "My decisions"],
    ]);
    // Support staff do not moderate: no Moderation link, and the page and its action refuse them.
    expect((await calls().get(frameRoute, "/admin", people.support)).data!.links!.map((link) => link.to)).not.toContain("/admin/moderation");
  });

  it("refuses support staff and buyers the page and the action", async () => {
    for (const who of [people.support, people.buyer]) {
      expect((await calls().get(inboxRoute, "/admin/moderation", who)).status).toBe(403);
      expect((await decide(who, { postId: String(spamId), decision: "restore" })).status).toBe(403);
    }
    expect((await calls().get(inboxRoute, "/admin/moderation", null)).status).toBe(302);
    const post = await opened.db.selectFrom("forum_posts").select(["hidden", "flag_count"]).where("id", "=", spamId).executeTakeFirstOrThrow();
    expect(post).toEqual({ hidden: 1, flag_count: 3 });
  });

  it("a moderator who flagged the post may not decide on it", async () => {
    await opened.db.insertInto("forum_post_flags").values({ post_id: spamId, user_id: people.moderator, created_at: new Date().toISOString() }).execute();
    const refused = await decide(people.moderator, { postId: String(spamId), decision: "restore" });
    expect(refused).toMatchObject({ status: 403, data: { formError: "You are a party to this report; another staff member must decide." } });
    await opened.db.deleteFrom("forum_post_flags").where("post_id", "=", spamId).where("user_id", "=", people.moderator).execute();
  });

  it("Restore makes the reply visible again, clears its flags, leaves the queue and is audited", async () => {
    const answer = await decide(people.moderator, { postId: String(spamId), decision: "restore", reason: "Off-site contact, but harmless" });
    expect(answer).toMatchObject({ status: 302, location: "/admin/moderation?done=restore#forum-posts" });
    expect(await visibleReplies()).toContain(spamId);
    expect((await inbox()).forumPosts).toMatchObject({ total: 0, entries: [] });
    expect(await moderationLink()).toEqual({ to: "/admin/moderation", label: "Moderation (2)" });
    const events = await listAuditEvents(opened.db, { type: "forum_post", id: spamId });
    const restore = events.find((event) => event.action === "forum.post.restore");
    expect(restore).toMatchObject({ actorUserId: people.moderator });
    expect(JSON.parse(restore!.detail)).toMatchObject({ old: { hidden: true }, new: { hidden: false }, flags: 3, reason: "Off-site contact, but harmless" });
    // Nothing is left to decide: a second Restore is told so.
    expect(await decide(people.moderator, { postId: String(spamId), decision: "restore" })).toMatchObject({
      status: 409,
      data: { formError: MODERATION_INBOX_MESSAGES.postNotFlagged },
    });
  });

  it("Remove needs a reason, then hides the reply for good, leaves the queue and is audited with the reason", async () => {
    await flagThrice();
    expect((await inbox()).forumPosts.total).toBe(1);
    const noReason = await decide(people.moderator, { postId: String(spamId), decision: "remove", reason: "  " });
    expect(noReason).toMatchObject({ status: 400, data: { formError: MODERATION_INBOX_MESSAGES.reasonRequired } });
    const answer = await decide(people.moderator, { postId: String(spamId), decision: "remove", reason: "Advertising with off-site contact" });
    expect(answer).toMatchObject({ status: 302, location: "/admin/moderation?done=remove#forum-posts" });
    expect(await visibleReplies()).not.toContain(spamId);
    expect((await inbox()).forumPosts.total).toBe(0);
    expect(await moderationLink()).toEqual({ to: "/admin/moderation", label: "Moderation (2)" });
    // Members no longer find it to flag it back into the queue.
    await expect(flagForumPost(opened.db, member(people.buyer), spamId)).rejects.toMatchObject({ kind: "not_found", message: FORUM_MESSAGES.postNotFound });
    const events = await listAuditEvents(opened.db, { type: "forum_post", id: spamId });
    const remove = events.find((event) => event.action === "forum.post.remove");
    expect(remove).toMatchObject({ actorUserId: people.moderator });
    expect(JSON.parse(remove!.detail)).toMatchObject({ old: { hidden: true }, new: { hidden: true }, flags: 3, reason: "Advertising with off-site contact" });
    expect(await decide(people.moderator, { postId: String(spamId), decision: "remove", reason: "again" })).toMatchObject({ status: 409 });
  });
});
