// /admin/newsletter and /admin/newsletter.csv, on both engines: addresses that signed up through the
// real subscribe service (and confirmed through its link, or unsubscribed through theirs) are listed with their state
// and whether a member has the address, searched by address, counted, paged with a cursor; buyers are refused; the
// CSV starts with the byte order mark and a header, holds only the addresses subscribed now by default, and defuses a
// cell a spreadsheet would run as a formula.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import {
  confirmNewsletterSubscription,
  NEWSLETTER_ADMIN_PAGE_SIZE,
  newsletterUnsubscribeToken,
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
} from "~/services/accounts/newsletter.server.ts";
import { routeCalls } from "../../support/route-calls.ts";
import { pageRoute, renderPage, sessionCookie, type RouteModule } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const pageModule = (await import("~/routes/admin.newsletter.tsx")) as unknown as RouteModule;
const csvRoute = await import("~/routes/admin.newsletter[.csv].tsx");

const SECRET = "test-secret-for-newsletter-links";
let opened: OpenedDatabase;
const people = { admin: "", buyer: "", support: "" };
let adminCookie: string;

/** Signs `email` up and confirms it through the link mailed to it, as the subscriber would. */
async function confirmedSubscriber(email: string): Promise<void> {
  expect(await subscribeToNewsletter(opened.db, email, { secret: SECRET })).toBe("confirmation_sent");
  const mail = await opened.db
    .selectFrom("email_outbox")
    .select("text_body")
    .where("to_address", "=", email.toLowerCase())
    .where("text_body", "like", "%/newsletter/confirm?token=%")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const token = decodeURIComponent(mail.text_body.match(/\/newsletter\/confirm\?token=([A-Za-z0-9_%-]+)/)![1]!);
  expect(await confirmNewsletterSubscription(opened.db, token)).toMatchObject({ ok: true });
}

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  people.admin = await insertUserRow(opened.db, "newsletter-admin@example.test", "admin");
  people.buyer = await insertUserRow(opened.db, "newsletter-buyer@example.test", "buyer");
  people.support = await insertUserRow(opened.db, "newsletter-support@example.test", "support");
  adminCookie = await sessionCookie(opened.db, people.admin);

  await confirmedSubscriber("reader@example.test");
  // A member's address, signed up and confirmed.
  await confirmedSubscriber("newsletter-buyer@example.test");
  // An address a spreadsheet would read as a formula.
  await confirmedSubscriber("=cmd|' /C calc'!A0@example.test");
  // Signed up, never confirmed.
  await subscribeToNewsletter(opened.db, "pending-one@example.test", { secret: SECRET });
  // Confirmed, then unsubscribed through the link of a newsletter mail.
  await confirmedSubscriber("gone@example.test");
  const gone = await opened.db
    .selectFrom("newsletter_subscriptions")
    .select(["id", "email"])
    .where("email", "=", "gone@example.test")
    .executeTakeFirstOrThrow();
  expect(await unsubscribeFromNewsletter(opened.db, gone.id, newsletterUnsubscribeToken(gone, SECRET), { secret: SECRET })).toEqual({
    email: "gone@example.test",
  });
});
afterAll(() => opened.close());

const page = (url: string) =>
  renderPage([pageRoute("/admin/newsletter", pageModule)], new Request(`http://localhost${url}`, { headers: { Cookie: adminCookie } }));

async function csv(url: string, cookie = adminCookie): Promise<{ status: number; bytes: Uint8Array; text: string; type: string | null }> {
  let response: Response;
  try {
    response = (await csvRoute.loader({
      request: new Request(`http://localhost${url}`, { headers: { Cookie: cookie } }),
      params: {},
      context: {} as never,
    })) as Response;
  } catch (thrown) {
    response = thrown as Response;
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, bytes, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes), type: response.headers.get("Content-Type") };
}

describe("/admin/newsletter", () => {
  it("lists every subscription with its state, whether a member has the address, and the counts", async () => {
    const shown = await page("/admin/newsletter");
    expect(shown.status).toBe(200);
    expect(shown.text).toContain("Newsletter subscribers");
    expect(shown.text).toContain("Subscribed now: 3");
    expect(shown.text).toContain("5 addresses match");
    const row = (email: string) => shown.html.split("<tr").find((one) => one.includes(`>${email}</td>`)) ?? "";
    expect(row("reader@example.test")).toMatch(/>Subscribed<.*>Visitor</);
    expect(row("newsletter-buyer@example.test")).toMatch(new RegExp(`>Subscribed<.*href="/admin/users/${people.buyer}"[^>]*>Member<`));
    expect(row("pending-one@example.test")).toMatch(/>Not confirmed</);
    expect(row("pending-one@example.test")).toMatch(/>Visitor</);
    expect(row("gone@example.test")).toMatch(/>Unsubscribed</);
  });

  it("finds addresses by part of the address and filters by state", async () => {
    const found = await page("/admin/newsletter?q=READER");
    expect(found.text).toContain("1 address matches");
    expect(found.text).toContain("reader@example.test");
    expect(found.text).not.toContain("gone@example.test");
    const unsubscribed = await page("/admin/newsletter?state=unsubscribed");
    expect(unsubscribed.text).toContain("1 address matches");
    expect(unsubscribed.text).toContain("gone@example.test");
    expect(unsubscribed.text).not.toContain("reader@example.test");
    // A wildcard typed in the box is a literal character.
    expect((await page("/admin/newsletter?q=%25")).text).toContain("0 addresses match");
  });

  it("pages older addresses with a cursor, each address on one page only", async () => {
    for (let i = 0; i <= NEWSLETTER_ADMIN_PAGE_SIZE; i += 1)
      await subscribeToNewsletter(opened.db, `bulk-${String(i).padStart(3, "0")}@paging.example.test`, { secret: SECRET });
    const first = await page("/admin/newsletter?q=paging.example");
    expect(first.text).toContain(`${NEWSLETTER_ADMIN_PAGE_SIZE + 1} addresses match`);
    const next = first.html.match(/href="(\/admin\/newsletter\?[^"]*before=\d+)"/)?.[1]?.replace(/&amp;/g, "&");
    expect(next).toBeDefined();
    // Newest first: the last one signed up is on the first page, the first one on the next.
    expect(first.text).toContain("bulk-050@paging.example.test");
    expect(first.text).toContain("bulk-001@paging.example.test");
    expect(first.text).not.toContain("bulk-000@paging.example.test");
    const second = await page(next!);
    expect(second.text).toContain("bulk-000@paging.example.test");
    expect(second.text).not.toContain("bulk-001@paging.example.test");
    expect(first.text).toContain("Older addresses");
    expect(second.text).not.toContain("Older addresses");
    expect(second.text).toContain("Newest addresses");
  });

  it("refuses a buyer and support staff (they do not manage members)", async () => {
    const calls = routeCalls({ db: () => opened.db });
    expect((await calls.get(pageModule as never, "/admin/newsletter", people.buyer)).status).toBe(403);
    expect((await calls.get(pageModule as never, "/admin/newsletter", people.support)).status).toBe(403);
    expect((await calls.get(pageModule as never, "/admin/newsletter", people.admin)).status).toBe(200);
    expect((await calls.get(csvRoute as never, "/admin/newsletter.csv", people.buyer)).status).toBe(403);
    expect((await calls.get(csvRoute as never, "/admin/newsletter.csv", people.support)).status).toBe(403);
  });
});

describe("/admin/newsletter.csv", () => {
  it("starts with the byte order mark and a header, holds the subscribed addresses only, and defuses formulas", async () => {
    const file = await csv("/admin/newsletter.csv");
    expect(file.status).toBe(200);
    expect(file.type).toBe("text/csv; charset=utf-8");
    expect([...file.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = file.text.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe("email,status,since,confirmed_at,unsubscribed_at,member,source");
    expect(lines).toHaveLength(4);
    expect(lines.some((line) => line.startsWith("reader@example.test,subscribed,") && line.endsWith(",visitor,footer"))).toBe(true);
    expect(lines.some((line) => line.startsWith("newsletter-buyer@example.test,subscribed,") && line.includes(",member,"))).toBe(true);
    // The formula cell (the address as stored: lower case): a quote mark before the =, the whole cell quoted.
    const formula = lines.find((line) => line.includes("cmd"));
    expect(formula).toMatch(/^"'=cmd\|' \/c calc'!a0@example\.test",subscribed,/);
    expect(file.text).not.toContain("pending-one@example.test");
    expect(file.text).not.toContain("gone@example.test");
  });

  it("holds another state's addresses when asked, and the search narrows it", async () => {
    const all = await csv("/admin/newsletter.csv?state=unsubscribed");
    expect(all.text).toContain("gone@example.test,unsubscribed,");
    expect(all.text).not.toContain("reader@example.test");
    const searched = await csv("/admin/newsletter.csv?q=reader");
    expect(searched.text.slice(1).trimEnd().split("\r\n")).toHaveLength(2);
  });
});
