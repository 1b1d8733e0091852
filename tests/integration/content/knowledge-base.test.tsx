// The knowledge base on a fresh database (both engines): search over title, content and tags within its
// bounds, the category filter, drafts seen only by staff who edit content, one "Was this helpful?" answer per member
// or visitor's browser (changeable, atomic), the editor's permission on the loader and the action, the article's
// bounds, hostile Markdown rendered inert, and the demo articles (the seller dashboard's four, figures from the rules).
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { demoArticles, seedDemoKnowledgeBase } from "#db/seed/knowledge-base.ts";
import { FEE_SCHEDULE, formatRate, INSPECTION_PERIOD_DAYS } from "~/lib/fees.ts";
import { KNOWLEDGE_LIMITS, readTimeMinutes, SUBMIT_ARTICLE_SUBJECT } from "~/lib/knowledge-base.ts";
import { CONTACT_LIMITS } from "~/schemas/contact.ts";
import { MAX_LISTING_IMAGES } from "~/lib/photo-limits.ts";
import { ArticleFormSchema } from "~/schemas/knowledge-base.ts";
import {
  getArticle,
  HELPFUL_VOTE_RATE_LIMIT,
  helpfulTally,
  listArticles,
  popularTopics,
  recordHelpfulVote,
  relatedArticles,
  saveArticle,
  type ArticleInput,
} from "~/services/content/index.server.ts";
import { isDomainError } from "~/services/domain-error.ts";
import { routeCalls, type FormFields, type RouteHandlers } from "../../support/route-calls.ts";
import { pageRoute, renderPage, ROUTE_CONTEXT, sessionCookies, type RouteModule } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

/** A route module as the page renderer and the direct calls both take it. */
type Route = RouteModule & RouteHandlers;
const listRoute = (await import("~/routes/knowledge-base._index.tsx")) as unknown as Route;
const articleRoute = (await import("~/routes/knowledge-base.$slug.tsx")) as unknown as Route;
const newRoute = (await import("~/routes/knowledge-base.new.tsx")) as unknown as Route;
const editRoute = (await import("~/routes/knowledge-base.$slug_.edit.tsx")) as unknown as Route;

let opened: OpenedDatabase;
const db = () => opened.db;
const people = { admin: "", moderator: "", support: "", buyer: "", seller: "" };

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  people.admin = await insertUserRow(opened.db, undefined, "admin");
  people.moderator = await insertUserRow(opened.db, undefined, "moderator");
  people.support = await insertUserRow(opened.db, undefined, "support");
  people.buyer = await insertUserRow(opened.db);
  people.seller = await insertUserRow(opened.db, undefined, "seller");
});
afterAll(() => opened.close());
beforeEach(async () => {
  await opened.db.deleteFrom("knowledge_articles").execute();
  await opened.db.deleteFrom("attempt_counters").execute();
});

function article(slug: string, values: Partial<ArticleInput> = {}): ArticleInput {
  return {
    slug,
    title: values.title ?? `Article ${slug}`,
    category: values.category ?? "selling",
    content: values.content ?? "Some words about equipment.",
    tags: values.tags ?? [],
    status: values.status ?? "published",
  };
}

async function write(slug: string, values: Partial<ArticleInput> = {}, at = new Date()): Promise<number> {
  return (await saveArticle(db(), null, article(slug, values), people.admin, at)).id;
}

const slugs = (list: { articles: Array<{ slug: string }> }) => list.articles.map((one) => one.slug);

describe("search and filter", () => {
  beforeEach(async () => {
    await write(
      "crating",
      { title: "Crating a CNC control", content: "Use a pallet and straps.", tags: ["freight"], category: "shipping-logistics" },
      new Date("2026-01-03"),
    );
    await write(
      "certs",
      { title: "Reading calibration certificates", content: "As found and as left data.", tags: ["iso 17025"], category: "testing-calibration" },
      new Date("2026-01-02"),
    );
    await write(
      "escrow",
      { title: "Escrow", content: "The PAYMENT is held until you confirm; 100% safe_ish.", tags: ["payments"], category: "payments-fees" },
      new Date("2026-01-01"),
    );
    await write("secret", { title: "Crating secrets (draft)", status: "draft", tags: ["freight"] });
  });

  it("finds words in the title, the content or the tags, without regard to case; every word must match", async () => {
    expect(slugs(await listArticles(db(), { query: "CRATING" }))).toEqual(["crating"]);
    expect(slugs(await listArticles(db(), { query: "straps" }))).toEqual(["crating"]);
    expect(slugs(await listArticles(db(), { query: "iso 17025" }))).toEqual(["certs"]);
    expect(slugs(await listArticles(db(), { query: "payment" }))).toEqual(["escrow"]);
    expect(slugs(await listArticles(db(), { query: "pallet freight" }))).toEqual(["crating"]);
    expect(slugs(await listArticles(db(), { query: "pallet certificates" }))).toEqual([]);
    // Newest change first when nothing is searched.
    expect(slugs(await listArticles(db()))).toEqual(["crating", "certs", "escrow"]);
  });

  it("reads % and _ as the characters they are, not as wildcards", async () => {
    expect(slugs(await listArticles(db(), { query: "100%" }))).toEqual(["escrow"]);
    expect(slugs(await listArticles(db(), { query: "safe_ish" }))).toEqual(["escrow"]);
    expect(slugs(await listArticles(db(), { query: "s_fe" }))).toEqual([]);
    expect(slugs(await listArticles(db(), { query: "1%0" }))).toEqual([]);
  });

  it("filters by category, with or without a search", async () => {
    expect(slugs(await listArticles(db(), { category: "testing-calibration" }))).toEqual(["certs"]);
    expect(slugs(await listArticles(db(), { category: "testing-calibration", query: "pallet" }))).toEqual([]);
  });

  it("bounds the search: only the first words and characters count, and the list is capped", async () => {
    const eightThenNonsense = "crating control pallet straps use a and cnc zzzznotthere";
    expect(slugs(await listArticles(db(), { query: eightThenNonsense }))).toEqual(["crating"]);
    const long = `crating ${"x".repeat(KNOWLEDGE_LIMITS.query)}`;
    expect(slugs(await listArticles(db(), { query: long }))).toEqual([]);
    for (let i = 0; i < KNOWLEDGE_LIMITS.listed + 1; i += 1) await write(`bulk-${i}`, { content: "bulk words" });
    const capped = await listArticles(db(), { query: "bulk" });
    expect(capped.articles).toHaveLength(KNOWLEDGE_LIMITS.listed);
    expect(capped.truncated).toBe(true);
  });

  it("the page: a search with no result offers Clear Filters; Popular Topics and the ways on are links", async () => {
    const empty = await renderPage([pageRoute("/knowledge-base", listRoute)], new Request("http://localhost/knowledge-base?q=zzzz&category=auctions"));
    expect(empty.status).toBe(200);
    expect(empty.text).toContain("No articles found");
    expect(empty.html).toMatch(/<a[^>]*href="\/knowledge-base"[^>]*>Clear Filters<\/a>/);
    const all = await renderPage([pageRoute("/knowledge-base", listRoute)], new Request("http://localhost/knowledge-base"));
    expect(all.text).toContain("Popular Topics");
    expect(all.html).toContain('href="/knowledge-base?q=freight"');
    expect(all.html).toMatch(/href="\/contact\?subject=[^"]+"[^>]*>Submit an Article/);
    expect(all.html).toMatch(/href="\/forum"[^>]*>Join the Discussion/);
    expect(all.text).not.toContain("Crating secrets");
  });
});

describe("drafts", () => {
  it("are hidden from readers, members and staff without can_edit_content, and shown to those with it", async () => {
    await write("public-one", {});
    await write("draft-one", { status: "draft", title: "Unfinished guide" });
    expect(slugs(await listArticles(db()))).toEqual(["public-one"]);
    expect(slugs(await listArticles(db(), { includeDrafts: true })).sort()).toEqual(["draft-one", "public-one"]);
    await expect(getArticle(db(), { slug: "draft-one" })).rejects.toMatchObject({ kind: "not_found" });

    const calls = routeCalls<{ articles?: Array<{ slug: string }> }>({ db });
    for (const as of [null, people.buyer, people.moderator, people.support]) {
      expect((await calls.get(articleRoute, "/knowledge-base/draft-one", as, { slug: "draft-one" })).status).toBe(404);
      expect(slugs((await calls.get(listRoute, "/knowledge-base", as)).data as { articles: Array<{ slug: string }> })).toEqual(["public-one"]);
    }
    expect((await calls.get(articleRoute, "/knowledge-base/draft-one", people.admin, { slug: "draft-one" })).status).toBe(200);
    expect(slugs((await calls.get(listRoute, "/knowledge-base", people.admin)).data as { articles: Array<{ slug: string }> }).sort()).toEqual([
      "draft-one",
      "public-one",
    ]);
  });

  it("an article's id leads to its slug; an address that cannot be a slug is not found", async () => {
    const id = await write("by-id", {});
    const calls = routeCalls({ db });
    expect(await calls.get(articleRoute, `/knowledge-base/${id}`, null, { slug: String(id) })).toMatchObject({
      status: 302,
      location: "/knowledge-base/by-id",
    });
    for (const bad of ["Not_A_Slug", "a".repeat(KNOWLEDGE_LIMITS.slug + 1), "..%2F..", "new"]) {
      expect((await calls.get(articleRoute, "/knowledge-base/x", null, { slug: bad })).status).toBe(404);
    }
  });
});

describe("Was this helpful?", () => {
  it("counts one answer per member; answering again changes it", async () => {
    const id = await write("voted", {});
    await recordHelpfulVote(db(), id, { userId: people.buyer }, true);
    expect(await recordHelpfulVote(db(), id, { userId: people.buyer }, true)).toEqual({ yes: 1, no: 0, mine: true });
    expect(await recordHelpfulVote(db(), id, { userId: people.buyer }, false)).toEqual({ yes: 0, no: 1, mine: false });
    expect(await recordHelpfulVote(db(), id, { deviceId: "a".repeat(43) }, true)).toEqual({ yes: 1, no: 1, mine: true });
    expect(await helpfulTally(db(), id, { userId: people.seller })).toEqual({ yes: 1, no: 1, mine: null });
  });

  it("two answers at once from the same reader leave one", async () => {
    const id = await write("raced", {});
    await Promise.all(Array.from({ length: 8 }, (_, i) => recordHelpfulVote(db(), id, { userId: people.seller }, i % 2 === 0)));
    const rows = await opened.db.selectFrom("knowledge_article_votes").select("helpful").where("article_id", "=", id).execute();
    expect(rows).toHaveLength(1);
  });

  it("refuses answers to drafts and missing articles, storing nothing", async () => {
    const draft = await write("unvotable", { status: "draft" });
    for (const target of [draft, 987_654]) {
      const refusal = await recordHelpfulVote(db(), target, { userId: people.buyer }, true).catch((error: unknown) => error);
      expect(isDomainError(refusal) && refusal.kind).toBe("not_found");
    }
    expect(await opened.db.selectFrom("knowledge_article_votes").select("article_id").execute()).toEqual([]);
  });

  it("the page: a visitor's first answer gives the browser a device cookie, and answering again with it changes, never adds", async () => {
    await write("visitor-vote", {});
    const post = (cookie: string | null, helpful: string) =>
      articleRoute.action!({
        request: new Request("http://localhost/knowledge-base/visitor-vote", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
          body: new URLSearchParams({ intent: "vote", helpful }),
        }),
        params: { slug: "visitor-vote" },
        context: ROUTE_CONTEXT,
      }) as Promise<{ data: { tally: { yes: number; no: number; mine: boolean } }; init: ResponseInit | null }>;
    const first = await post(null, "yes");
    expect(first.data.tally).toEqual({ yes: 1, no: 0, mine: true });
    const setCookie = new Headers(first.init?.headers).get("Set-Cookie");
    expect(setCookie).toMatch(/^__device=/);
    const cookie = setCookie!.split(";")[0]!;
    const again = await post(cookie, "no");
    expect(again.data.tally).toEqual({ yes: 0, no: 1, mine: false });
    expect(new Headers(again.init?.headers).get("Set-Cookie")).toBeNull();
    // A member is another reader.
    const cookieFor = sessionCookies(db);
    const member = await articleRoute.action!({
      request: new Request("http://localhost/knowledge-base/visitor-vote", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: await cookieFor(people.buyer) },
        body: new URLSearchParams({ intent: "vote", helpful: "yes" }),
      }),
      params: { slug: "visitor-vote" },
      context: ROUTE_CONTEXT,
    });
    expect((member as { data: { tally: unknown } }).data.tally).toEqual({ yes: 1, no: 1, mine: true });
    // Not Yes or No: refused, nothing changes.
    const calls = routeCalls({ db });
    expect((await calls.post(articleRoute, "/knowledge-base/visitor-vote", null, { intent: "vote", helpful: "maybe" }, { slug: "visitor-vote" })).status).toBe(
      400,
    );
  });

  it("are limited per client address: past the hour's allowance a vote is refused (429) and changes nothing", async () => {
    await write("limited", {});
    const calls = routeCalls<{ message?: string; tally?: { yes: number; no: number } | null }>({ db });
    for (let i = 0; i < HELPFUL_VOTE_RATE_LIMIT.limit; i += 1) {
      const answer = await calls.post(
        articleRoute,
        "/knowledge-base/limited",
        people.buyer,
        { intent: "vote", helpful: i % 2 === 0 ? "yes" : "no" },
        { slug: "limited" },
      );
      expect(answer.status).toBe(200);
    }
    const refused = await calls.post(articleRoute, "/knowledge-base/limited", people.seller, { intent: "vote", helpful: "yes" }, { slug: "limited" });
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({ message: expect.stringMatching(/^Too many attempts/), tally: null });
    const id = (await getArticle(db(), { slug: "limited" })).id;
    expect(await helpfulTally(db(), id, null)).toEqual({ yes: 0, no: 1, mine: null });
  });

  it("feeds Popular Topics: tags of helpful articles first, drafts never", async () => {
    const shipping = await write("ship", { tags: ["freight", "crating"] });
    await write("cal", { tags: ["calibration"] });
    await write("hidden", { tags: ["secret"], status: "draft" });
    await recordHelpfulVote(db(), shipping, { userId: people.buyer }, true);
    const topics = await popularTopics(db());
    expect(topics.map((topic) => topic.tag)).toEqual(["crating", "freight", "calibration"]);
    expect(topics[0]).toEqual({ tag: "crating", articles: 1, helpful: 1 });
  });
});

describe("related articles", () => {
  it("shares of tags first, then the same category; never itself or a draft", async () => {
    const self = await write("self", { tags: ["a", "b"], category: "auctions" });
    await write("two-tags", { tags: ["a", "b"], category: "buying" });
    await write("one-tag", { tags: ["b"], category: "buying" });
    await write("same-category", { category: "auctions" });
    await write("unrelated", { category: "buying" });
    await write("draft-twin", { tags: ["a", "b"], category: "auctions", status: "draft" });
    const found = await relatedArticles(db(), { id: self, category: "auctions", tags: ["a", "b"] });
    expect(found.map((one) => one.slug)).toEqual(["two-tags", "one-tag", "same-category"]);
  });
});

describe("the editor", () => {
  const VALID: FormFields = {
    intent: "save",
    title: "Shipping a 19-inch rack",
    slug: "shipping-a-rack",
    category: "shipping-logistics",
    tags: "Freight, racks,  freight ",
    status: "published",
    content: "## Pallet\n\nStrap it down.",
  };
  type EditorAnswer = { result?: { error?: Record<string, string[] | null> | null }; preview?: string | null };
  const calls = () => routeCalls<EditorAnswer>({ db });

  it("is refused to members and staff without can_edit_content (403), and visitors sign in first; nothing is stored", async () => {
    await write("existing", {});
    for (const as of [people.buyer, people.seller, people.moderator, people.support]) {
      expect((await calls().get(newRoute, "/knowledge-base/new", as)).status).toBe(403);
      expect((await calls().post(newRoute, "/knowledge-base/new", as, VALID)).status).toBe(403);
      expect((await calls().get(editRoute, "/knowledge-base/existing/edit", as, { slug: "existing" })).status).toBe(403);
      expect((await calls().post(editRoute, "/knowledge-base/existing/edit", as, { ...VALID, slug: "existing" }, { slug: "existing" })).status).toBe(403);
    }
    const visitor = await calls().post(newRoute, "/knowledge-base/new", null, VALID);
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/login/);
    const rows = await opened.db.selectFrom("knowledge_articles").select(["slug", "title"]).execute();
    expect(rows).toEqual([{ slug: "existing", title: "Article existing" }]);
  });

  it("previews without storing, then saves and goes to the article; tags are normalised", async () => {
    const preview = await calls().post(newRoute, "/knowledge-base/new", people.admin, { ...VALID, intent: "preview" });
    expect(preview).toMatchObject({ status: 200, data: { preview: "## Pallet\n\nStrap it down." } });
    expect(await opened.db.selectFrom("knowledge_articles").select("id").execute()).toEqual([]);
    const saved = await calls().post(newRoute, "/knowledge-base/new", people.admin, VALID);
    expect(saved).toMatchObject({ status: 302, location: "/knowledge-base/shipping-a-rack?saved=1" });
    const stored = await getArticle(db(), { slug: "shipping-a-rack" });
    expect(stored).toMatchObject({ title: "Shipping a 19-inch rack", tags: ["freight", "racks"], status: "published", category: "shipping-logistics" });
    expect(stored.publishedAt).not.toBeNull();

    // Back to draft, from the edit page: readers lose it; the first publication date stays.
    const edited = await calls().post(
      editRoute,
      "/knowledge-base/shipping-a-rack/edit",
      people.admin,
      { ...VALID, status: "draft", title: "Racks" },
      { slug: "shipping-a-rack" },
    );
    expect(edited.location).toBe("/knowledge-base/shipping-a-rack?saved=1");
    await expect(getArticle(db(), { slug: "shipping-a-rack" })).rejects.toMatchObject({ kind: "not_found" });
    expect(await getArticle(db(), { slug: "shipping-a-rack" }, { includeDrafts: true })).toMatchObject({
      title: "Racks",
      status: "draft",
      publishedAt: stored.publishedAt,
    });
  });

  it("refuses an address another article has, beside the field", async () => {
    await write("taken", {});
    const answer = await calls().post(newRoute, "/knowledge-base/new", people.admin, { ...VALID, slug: "taken" });
    expect(answer.status).toBe(409);
    expect(answer.data?.result?.error?.slug).toEqual(["Another article already has this address."]);
  });

  it("bounds every field before any work: title, address, content, tags, body size", async () => {
    const over = (fields: FormFields) => calls().post(newRoute, "/knowledge-base/new", people.admin, { ...VALID, ...fields });
    const cases: Array<[FormFields, string]> = [
      [{ title: "t".repeat(KNOWLEDGE_LIMITS.title + 1) }, "title"],
      [{ slug: "Has Spaces" }, "slug"],
      [{ slug: "12345" }, "slug"],
      [{ slug: "new" }, "slug"],
      [{ content: "w".repeat(KNOWLEDGE_LIMITS.content + 1) }, "content"],
      [{ tags: Array.from({ length: KNOWLEDGE_LIMITS.tags + 1 }, (_, i) => `tag${i}`).join(",") }, "tags"],
      [{ tags: "<script>" }, "tags"],
      [{ category: "weapons" }, "category"],
      [{ status: "archived" }, "status"],
    ];
    for (const [fields, field] of cases) {
      const answer = await over(fields);
      expect(answer.status, JSON.stringify(fields).slice(0, 60)).toBe(400);
      expect(answer.data?.result?.error?.[field]?.length, field).toBeGreaterThan(0);
    }
    expect((await over({ content: "x".repeat(600 * 1024) })).status).toBe(413);
    expect(await opened.db.selectFrom("knowledge_articles").select("id").execute()).toEqual([]);
  });
});

describe("hostile Markdown", () => {
  const PAYLOADS = [
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    "[click me](javascript:alert(1))",
    "[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    '<a href="javascript:alert(1)">x</a>',
    "**<svg onload=alert(1)>**",
    "[x](//evil.example/steal)",
    "`<iframe src=javascript:alert(1)>`",
    "> <style>body{display:none}</style>",
    '[ok](https://example.com/" onmouseover="alert(1))',
  ];

  it("is shown as text on the article page and in the preview: no element, attribute or address from the source runs", async () => {
    const source = PAYLOADS.join("\n\n");
    await write("hostile", { content: source, title: '<script>alert("title")</script>' });
    const page = await renderPage([pageRoute("/knowledge-base/:slug", articleRoute)], new Request("http://localhost/knowledge-base/hostile"));
    const cookieFor = sessionCookies(db);
    const preview = await renderPage(
      [pageRoute("/knowledge-base/new", newRoute)],
      new Request("http://localhost/knowledge-base/new", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: await cookieFor(people.admin) },
        body: new URLSearchParams({ intent: "preview", content: source }),
      }),
    );
    for (const rendered of [page, preview]) {
      expect(rendered.status).toBe(200);
      // The rendered Markdown (the page's own icons are SVG, so only the article body is examined).
      const start = rendered.html.indexOf('class="article-body');
      expect(start).toBeGreaterThan(0);
      const body = rendered.html.slice(start, rendered.html.indexOf("</article>", start) > 0 ? rendered.html.indexOf("</article>", start) : undefined);
      expect(body).not.toMatch(/<(script|img|svg|iframe)\b/i);
      // No element carries an event handler (the payloads' own words are escaped text between tags).
      expect(body).not.toMatch(/<[a-z][^>]*\son[a-z]+=/i);
      expect(body).not.toMatch(/href="(javascript|data):/i);
      expect(body).not.toMatch(/href="\/\/evil/);
      // The reader sees what was typed, as text.
      expect(body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    }
    expect(page.html).toContain('<h1 class="chakra-heading css-');
    expect(page.html).toContain("&lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt;</h1>");
  });
});

describe("Submit an Article", () => {
  it("opens the contact form with its subject filled in (bounded, control characters out)", async () => {
    const contactRoute = (await import("~/routes/contact.tsx")) as unknown as Route;
    const calls = routeCalls<{ subject?: string }>({ db });
    const answer = await calls.get(contactRoute, `/contact?subject=${encodeURIComponent(SUBMIT_ARTICLE_SUBJECT)}`, null);
    expect(answer.data?.subject).toBe(SUBMIT_ARTICLE_SUBJECT);
    const hostile = await calls.get(contactRoute, `/contact?subject=${encodeURIComponent(`a\u0000b\n${"c".repeat(500)}`)}`, null);
    expect(hostile.data?.subject).toBe(`a b ${"c".repeat(CONTACT_LIMITS.subject - 4)}`);
  });
});

describe("the demo articles", () => {
  it("include the seller dashboard's four and at least eight more, each a valid article, with figures from the rules", async () => {
    const articles = demoArticles();
    const published = articles.filter((one) => one.status === "published").map((one) => one.slug);
    expect(published).toEqual(expect.arrayContaining(["selling-tips", "photography", "pricing-guide", "shipping"]));
    expect(published.length).toBeGreaterThanOrEqual(12);
    for (const one of articles) {
      const parsed = ArticleFormSchema.safeParse({ intent: "save", ...one, tags: one.tags.join(", ") });
      expect(parsed.success, `${one.slug}: ${JSON.stringify(parsed.error?.flatten().fieldErrors)}`).toBe(true);
      expect(one.content).not.toContain("undefined");
    }
    const text = (slug: string) => articles.find((one) => one.slug === slug)!.content;
    expect(text("fees-explained")).toContain(formatRate(FEE_SCHEDULE.successFeeBp.auction));
    expect(text("photography")).toContain(`up to ${MAX_LISTING_IMAGES} photos`);
    expect(text("escrow-and-buyer-protection")).toContain(`${INSPECTION_PERIOD_DAYS} days to check`);
    expect(readTimeMinutes(text("escrow-and-buyer-protection"))).toBeGreaterThanOrEqual(1);
  });

  it("seed into the database through the service, with helpful answers for Popular Topics", async () => {
    await opened.db.updateTable("profiles").set({ first_name: "Ada", last_name: "Admiral" }).where("id", "=", people.admin).execute();
    await seedDemoKnowledgeBase(db(), { authorId: people.admin, voterIds: [people.buyer, people.seller], now: new Date() });
    expect((await getArticle(db(), { slug: "selling-tips" })).authorName).toBe("Ada Admiral");
    expect((await listArticles(db())).articles.length).toBeGreaterThanOrEqual(12);
    expect((await popularTopics(db())).length).toBeGreaterThan(0);
    await opened.db.deleteFrom("knowledge_article_votes").execute();
  });
});
