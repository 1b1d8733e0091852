// The newsletter's consent (decision 0041 "The newsletter"): a sign-up mails a confirmation link and
// counts only once it is followed (POST from the link's page; the link expires and works once); every newsletter mail
// carries an unsubscribe link that works without signing in (its page changes nothing, its POST unsubscribes); the
// address may subscribe again. Through the routes as a browser reaches them, on both engines.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import {
  confirmNewsletterSubscription,
  countNewsletterSubscribers,
  NEWSLETTER_CONFIRM_TTL_HOURS,
  NEWSLETTER_MAIL_INTERVAL_MINUTES,
  NEWSLETTER_RATE_LIMIT,
  newsletterRecipients,
  newsletterUnsubscribeLink,
  subscribeToNewsletter,
} from "~/services/accounts/index.server.ts";
import { NEWSLETTER_MESSAGES } from "~/schemas/newsletter.ts";
import { pageRoute, renderPage, ROUTE_CONTEXT, type RouteModule } from "../../support/route-pages.tsx";
import { routeCalls } from "../../support/route-calls.ts";
import { createTestDatabase } from "../../support/test-database.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const signUpRoute = await import("~/routes/newsletter.tsx");
const confirmRoute = await import("~/routes/newsletter_.confirm.tsx");
const unsubscribeRoute = await import("~/routes/newsletter_.unsubscribe.tsx");

interface PageData {
  ok?: boolean;
  state?: string;
  email?: string;
  message?: string;
}

let opened: OpenedDatabase;
let clientIp = 0;
/** Each test signs up from an address of its own, so the per-address limit is only met where a test means it. */
const calls = () => routeCalls<PageData>({ db: () => opened.db, context: { ...ROUTE_CONTEXT, clientIp: `203.0.113.${clientIp}` } });

beforeAll(() => {
  opened = createTestDatabase();
  database.current = opened.db;
});
afterAll(() => opened.close());
beforeEach(async () => {
  clientIp += 1;
  await opened.db.deleteFrom("newsletter_subscriptions").execute();
  await opened.db.deleteFrom("email_outbox").execute();
});

const signUp = (email: string) => calls().post(signUpRoute, "/newsletter", null, { email });
const mailsTo = (email: string) =>
  opened.db.selectFrom("email_outbox").select(["subject", "text_body"]).where("to_address", "=", email).orderBy("id").execute();
const subscription = (email: string) => opened.db.selectFrom("newsletter_subscriptions").selectAll().where("email", "=", email).executeTakeFirstOrThrow();

function linkIn(text: string, path: string): string {
  const found = new RegExp(`https?://[^\\s]+${path.replace("/", "\\/")}\\?[^\\s]+`).exec(text);
  if (!found) throw new Error(`No ${path} link in: ${text}`);
  return found[0];
}
const tokenOf = (link: string) => new URL(link).searchParams.get("token") ?? "";
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};
const unsubscribeFields = (link: string) => {
  const url = new URL(link);
  return { s: url.searchParams.get("s") ?? "", t: url.searchParams.get("t") ?? "" };
};

describe("signing up", () => {
  it("mails a confirmation link and an unsubscribe link; nothing counts until the link's page is posted", async () => {
    const answer = await signUp("Reader@Example.com");
    expect(answer).toMatchObject({ status: 200, data: { ok: true, message: NEWSLETTER_MESSAGES.subscribed } });
    const [mail, ...others] = await mailsTo("reader@example.com");
    expect(others).toEqual([]);
    expect(mail?.subject).toBe("Confirm your Tradebench newsletter subscription");
    const confirmLink = linkIn(mail!.text_body, "/newsletter/confirm");
    linkIn(mail!.text_body, "/newsletter/unsubscribe");
    expect(await subscription("reader@example.com")).toMatchObject({ status: "pending", confirmed_at: null });
    expect(await countNewsletterSubscribers(opened.db)).toBe(0);
    expect(await newsletterRecipients(opened.db)).toEqual([]);

    // Opening the link (as a mail scanner would) shows a button and changes nothing.
    const shown = await calls().get(confirmRoute, pathOf(confirmLink), null);
    expect(shown.data).toMatchObject({ state: "ready", email: "reader@example.com" });
    expect((await subscription("reader@example.com")).status).toBe("pending");

    const confirmed = await calls().post(confirmRoute, "/newsletter/confirm", null, { token: tokenOf(confirmLink) });
    expect(confirmed).toMatchObject({ status: 302, location: "/newsletter/confirm?confirmed=1" });
    expect(await subscription("reader@example.com")).toMatchObject({ status: "subscribed", confirmed_at: expect.any(String), confirm_token_hash: null });
    expect(await countNewsletterSubscribers(opened.db)).toBe(1);
    const recipients = await newsletterRecipients(opened.db);
    expect(recipients.map((recipient) => recipient.email)).toEqual(["reader@example.com"]);
    expect(recipients[0]?.unsubscribeLink).toContain("/newsletter/unsubscribe?s=");

    // The link works once.
    const again = await calls().post(confirmRoute, "/newsletter/confirm", null, { token: tokenOf(confirmLink) });
    expect(again).toMatchObject({ status: 400, data: { message: NEWSLETTER_MESSAGES.confirmInvalid } });
    expect((await calls().get(confirmRoute, pathOf(confirmLink), null)).data).toMatchObject({ state: "problem", message: NEWSLETTER_MESSAGES.confirmInvalid });
  });

  it("answers a filled honeypot field as a sign-up but stores and mails nothing; the same address without it signs up", async () => {
    const bot = await calls().post(signUpRoute, "/newsletter", null, { email: "bot@example.com", website_url: "https://spam.example" });
    expect(bot).toMatchObject({ status: 200, data: { ok: true, message: NEWSLETTER_MESSAGES.subscribed } });
    expect(await mailsTo("bot@example.com")).toEqual([]);
    expect(await opened.db.selectFrom("newsletter_subscriptions").select("id").where("email", "=", "bot@example.com").execute()).toEqual([]);

    expect((await calls().post(signUpRoute, "/newsletter", null, { email: "bot@example.com", website_url: "" })).data).toMatchObject({ ok: true });
    expect(await mailsTo("bot@example.com")).toHaveLength(1);
    expect((await subscription("bot@example.com")).status).toBe("pending");
  });

  it("answers a subscribed address exactly as a new one, and tells the address itself by mail", async () => {
    const now = new Date("2026-12-01T10:00:00Z");
    await subscribeToNewsletter(opened.db, "known@example.com", { now });
    const token = tokenOf(linkIn((await mailsTo("known@example.com"))[0]!.text_body, "/newsletter/confirm"));
    expect((await confirmNewsletterSubscription(opened.db, token, now)).ok).toBe(true);
    await opened.db.updateTable("newsletter_subscriptions").set({ confirmation_sent_at: "2026-01-01T00:00:00.000Z" }).execute();

    const answer = await signUp("known@example.com");
    expect(answer.data).toEqual({ ok: true, message: NEWSLETTER_MESSAGES.subscribed });
    const mails = await mailsTo("known@example.com");
    expect(mails.at(-1)?.subject).toBe("You are already subscribed to the Tradebench newsletter");
    linkIn(mails.at(-1)!.text_body, "/newsletter/unsubscribe");
    expect((await subscription("known@example.com")).status).toBe("subscribed");
  });

  it(`mails an address at most once per ${NEWSLETTER_MAIL_INTERVAL_MINUTES} minutes; a new link voids the older one`, async () => {
    const start = new Date("2026-12-01T10:00:00Z");
    expect(await subscribeToNewsletter(opened.db, "twice@example.com", { now: start })).toBe("confirmation_sent");
    expect(await subscribeToNewsletter(opened.db, "twice@example.com", { now: new Date(start.getTime() + 60_000) })).toBe("mail_held");
    expect(await mailsTo("twice@example.com")).toHaveLength(1);
    const later = new Date(start.getTime() + NEWSLETTER_MAIL_INTERVAL_MINUTES * 60_000 + 1000);
    expect(await subscribeToNewsletter(opened.db, "twice@example.com", { now: later })).toBe("confirmation_sent");
    const [first, second] = (await mailsTo("twice@example.com")).map((mail) => tokenOf(linkIn(mail.text_body, "/newsletter/confirm")));
    expect(await confirmNewsletterSubscription(opened.db, first!, later)).toEqual({ ok: false, problem: "invalid" });
    expect(await confirmNewsletterSubscription(opened.db, second!, later)).toEqual({ ok: true, email: "twice@example.com" });
  });

  it(`a link expires after ${NEWSLETTER_CONFIRM_TTL_HOURS} hours: refused, and the address stays unsubscribed`, async () => {
    const asked = new Date(Date.now() - (NEWSLETTER_CONFIRM_TTL_HOURS + 1) * 3600_000);
    await subscribeToNewsletter(opened.db, "late@example.com", { now: asked });
    const link = linkIn((await mailsTo("late@example.com"))[0]!.text_body, "/newsletter/confirm");
    expect((await calls().get(confirmRoute, pathOf(link), null)).data).toEqual({ state: "problem", message: NEWSLETTER_MESSAGES.confirmExpired });
    const posted = await calls().post(confirmRoute, "/newsletter/confirm", null, { token: tokenOf(link) });
    expect(posted).toMatchObject({ status: 410, data: { message: NEWSLETTER_MESSAGES.confirmExpired } });
    expect((await subscription("late@example.com")).status).toBe("pending");
    expect(await countNewsletterSubscribers(opened.db)).toBe(0);
  });

  it("a link followed twice at once confirms once", async () => {
    await subscribeToNewsletter(opened.db, "racer@example.com");
    const token = tokenOf(linkIn((await mailsTo("racer@example.com"))[0]!.text_body, "/newsletter/confirm"));
    const outcomes = await Promise.all([confirmNewsletterSubscription(opened.db, token), confirmNewsletterSubscription(opened.db, token)]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
  });

  it(`refuses a client address past ${NEWSLETTER_RATE_LIMIT.limit} sign-ups an hour, mailing nothing more`, async () => {
    for (let index = 0; index < NEWSLETTER_RATE_LIMIT.limit; index += 1) expect((await signUp(`many-${index}@example.com`)).status).toBe(200);
    const refused = await signUp("one-more@example.com");
    expect(refused.status).toBe(429);
    expect(refused.data?.message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    expect(await mailsTo("one-more@example.com")).toEqual([]);
  });

  it("refuses forged or malformed confirmation tokens without changing anything", async () => {
    await subscribeToNewsletter(opened.db, "safe@example.com");
    for (const token of ["", "x".repeat(201), "not-a-token"]) {
      expect((await calls().post(confirmRoute, "/newsletter/confirm", null, { token })).status).toBe(400);
    }
    expect((await calls().get(confirmRoute, "/newsletter/confirm", null)).data).toMatchObject({ state: "problem" });
    expect((await subscription("safe@example.com")).status).toBe("pending");
  });
});

describe("unsubscribing", () => {
  async function subscribed(email: string): Promise<string> {
    await subscribeToNewsletter(opened.db, email);
    const text = (await mailsTo(email))[0]!.text_body;
    expect((await confirmNewsletterSubscription(opened.db, tokenOf(linkIn(text, "/newsletter/confirm")))).ok).toBe(true);
    return linkIn(text, "/newsletter/unsubscribe");
  }

  it("works from the mail's link without signing in: its page changes nothing, its button unsubscribes", async () => {
    const link = await subscribed("leaver@example.com");
    const shown = await calls().get(unsubscribeRoute, pathOf(link), null);
    expect(shown.data).toMatchObject({ state: "ready", email: "leaver@example.com" });
    expect((await subscription("leaver@example.com")).status).toBe("subscribed");

    const done = await calls().post(unsubscribeRoute, "/newsletter/unsubscribe", null, unsubscribeFields(link));
    expect(done).toMatchObject({ status: 302, location: "/newsletter/unsubscribe?done=1" });
    expect(await subscription("leaver@example.com")).toMatchObject({ status: "unsubscribed", unsubscribed_at: expect.any(String) });
    expect(await countNewsletterSubscribers(opened.db)).toBe(0);
    expect(await newsletterRecipients(opened.db)).toEqual([]);
    expect((await calls().get(unsubscribeRoute, pathOf(link), null)).data).toEqual({ state: "already", email: "leaver@example.com" });
    // Twice is not an error.
    expect((await calls().post(unsubscribeRoute, "/newsletter/unsubscribe", null, unsubscribeFields(link))).status).toBe(302);
  });

  it("refuses a link with a wrong token or for another subscription, changing nothing", async () => {
    const link = await subscribed("stays@example.com");
    const other = await subscribed("other@example.com");
    const { s } = unsubscribeFields(link);
    const { t: otherToken } = unsubscribeFields(other);
    for (const fields of [
      { s, t: otherToken },
      { s, t: "forged" },
      { s: "999999", t: otherToken },
      { s: "abc", t: "x" },
    ]) {
      const answer = await calls().post(unsubscribeRoute, "/newsletter/unsubscribe", null, fields);
      expect(answer).toMatchObject({ status: 400, data: { message: NEWSLETTER_MESSAGES.unsubscribeInvalid } });
    }
    expect((await calls().get(unsubscribeRoute, `/newsletter/unsubscribe?s=${s}&t=forged`, null)).data).toEqual({ state: "invalid" });
    expect((await subscription("stays@example.com")).status).toBe("subscribed");
    // A link made with another secret is not this server's.
    const foreign = newsletterUnsubscribeLink(
      { id: Number(s), email: "stays@example.com" },
      { publicUrl: "http://localhost", secret: "another-secret-another-secret-0000" },
    );
    expect((await calls().post(unsubscribeRoute, "/newsletter/unsubscribe", null, unsubscribeFields(foreign))).status).toBe(400);
  });

  it("a pending sign-up can be cancelled from its confirmation mail; its link then no longer confirms", async () => {
    await subscribeToNewsletter(opened.db, "changed-mind@example.com");
    const text = (await mailsTo("changed-mind@example.com"))[0]!.text_body;
    await calls().post(unsubscribeRoute, "/newsletter/unsubscribe", null, unsubscribeFields(linkIn(text, "/newsletter/unsubscribe")));
    expect(await confirmNewsletterSubscription(opened.db, tokenOf(linkIn(text, "/newsletter/confirm")))).toEqual({ ok: false, problem: "invalid" });
    expect((await subscription("changed-mind@example.com")).status).toBe("unsubscribed");
  });

  it("subscribing again after unsubscribing asks for a new confirmation, then counts again; the old unsubscribe link still works", async () => {
    const oldLink = await subscribed("returner@example.com");
    await calls().post(unsubscribeRoute, "/newsletter/unsubscribe", null, unsubscribeFields(oldLink));
    await opened.db.updateTable("newsletter_subscriptions").set({ confirmation_sent_at: "2026-01-01T00:00:00.000Z" }).execute();

    expect((await signUp("returner@example.com")).data).toEqual({ ok: true, message: NEWSLETTER_MESSAGES.subscribed });
    expect((await subscription("returner@example.com")).status).toBe("pending");
    const mail = (await mailsTo("returner@example.com")).at(-1)!;
    expect(mail.subject).toBe("Confirm your Tradebench newsletter subscription");
    await calls().post(confirmRoute, "/newsletter/confirm", null, { token: tokenOf(linkIn(mail.text_body, "/newsletter/confirm")) });
    expect(await countNewsletterSubscribers(opened.db)).toBe(1);

    await calls().post(unsubscribeRoute, "/newsletter/unsubscribe", null, unsubscribeFields(oldLink));
    expect((await subscription("returner@example.com")).status).toBe("unsubscribed");
  });
});

describe("the pages the links open", () => {
  const page = (path: string, module: unknown) => renderPage([pageRoute(path.split("?")[0]!, module as RouteModule)], new Request(`http://localhost${path}`));

  it("show the button that does what the link asks, with the link's values, and what became of it afterwards", async () => {
    await signUp("pages@example.com");
    const [mail] = await mailsTo("pages@example.com");
    const confirmLink = linkIn(mail!.text_body, "/newsletter/confirm");
    const confirm = await page(pathOf(confirmLink), confirmRoute);
    expect(confirm.text).toContain(NEWSLETTER_MESSAGES.confirmReady("pages@example.com"));
    expect(confirm.html).toContain(`name="token" value="${tokenOf(confirmLink)}"`);
    expect(confirm.text).toContain("Confirm my subscription");
    expect((await page("/newsletter/confirm?confirmed=1", confirmRoute)).text).toContain(NEWSLETTER_MESSAGES.confirmed);

    const unsubscribeLink = linkIn(mail!.text_body, "/newsletter/unsubscribe");
    const unsubscribe = await page(pathOf(unsubscribeLink), unsubscribeRoute);
    const { s, t } = unsubscribeFields(unsubscribeLink);
    expect(unsubscribe.text).toContain(NEWSLETTER_MESSAGES.unsubscribeReady("pages@example.com"));
    expect(unsubscribe.html).toContain(`name="s" value="${s}"`);
    expect(unsubscribe.html).toContain(`name="t" value="${t}"`);
    expect((await page("/newsletter/unsubscribe?s=1&t=nothing", unsubscribeRoute)).text).toContain(NEWSLETTER_MESSAGES.unsubscribeInvalid);
    expect((await page("/newsletter/unsubscribe?done=1", unsubscribeRoute)).text).toContain(NEWSLETTER_MESSAGES.unsubscribed);
  });
});
