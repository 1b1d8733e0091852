// The contact form: a valid message is kept and its mail queued for the configured support mailbox (kept
// only when none is configured), each required field has its message, a filled honeypot keeps nothing, a client
// address is limited, and an order reference is kept only for the sender's own order. Calls the route's action and
// loader as the Remix server would, on a fresh database (both engines).
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import type * as EnvModule from "~/env.server.ts";
import { HONEYPOT_FIELD } from "~/lib/honeypot.ts";
import { CONTACT_LIMITS } from "~/schemas/contact.ts";
import { CONTACT_RATE_LIMIT, submitSupportRequest } from "~/services/support/index.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { routeCalls, type FormFields } from "../../support/route-calls.ts";
import { brokenDatabase, ROUTE_CONTEXT } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));
// The support mailbox the server is configured with (SUPPORT_EMAIL), set per test.
const supportMailbox = vi.hoisted(() => ({ current: undefined as string | undefined }));
vi.mock("~/env.server.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof EnvModule>();
  return { ...actual, getEnv: () => ({ ...actual.getEnv(), SUPPORT_EMAIL: supportMailbox.current }) };
});

const contactRoute = await import("~/routes/contact.tsx");

interface ContactAnswer {
  result?: { status?: string; error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null };
  sent?: boolean;
  prefill?: { name: string; email: string } | null;
  order?: { id: number; reference: string } | null;
  faq?: Array<{ question: string }>;
}

let opened: OpenedDatabase;
const db = () => opened.db;
let clientIp = 0;
/** A new client address for each call, so the rate limit counts only where a test means it to. */
const context = () => ({ ...ROUTE_CONTEXT, clientIp: `198.51.100.${(clientIp += 1) % 250}` });

beforeAll(() => {
  opened = createTestDatabase();
  database.current = opened.db;
});
afterAll(() => opened.close());
beforeEach(async () => {
  supportMailbox.current = "support@tradebench.example";
  await opened.db.deleteFrom("attempt_counters").execute();
  await opened.db.deleteFrom("support_requests").execute();
  await opened.db.deleteFrom("email_outbox").execute();
});

const VALID: FormFields = {
  name: "Ada Lovelace",
  email: "Ada@Example.test",
  company: "Analytical Engines Ltd",
  phone: "+44 20 7946 0000",
  subject: "Question about shipping",
  message: "Can a 40 kg signal generator be shipped to Leeds?",
};

/** POST /contact as `as` (a member's id, or null for a visitor) from `ip`. */
function send(form: FormFields, as: string | null = null, ip = context()) {
  return routeCalls<ContactAnswer>({ db, context: ip }).post(contactRoute, "/contact", as, form);
}

const kept = () => opened.db.selectFrom("support_requests").selectAll().orderBy("id").execute();
const outbox = () => opened.db.selectFrom("email_outbox").selectAll().orderBy("id").execute();

async function orderBetween(buyerId: string, sellerId: string): Promise<{ id: number; reference: string }> {
  const listingId = await insertListingRow(opened.db, sellerId);
  const reference = `TB-${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
  return opened.db
    .insertInto("orders")
    .values({
      reference,
      listing_id: listingId,
      buyer_id: buyerId,
      seller_id: sellerId,
      sale_type: "buy_now",
      amount_cents: 10_000,
      fee_cents: 250,
      fee_rate_bp: 250,
    })
    .returning(["id", "reference"])
    .executeTakeFirstOrThrow();
}

describe("a valid message", () => {
  it("is kept, open, and its mail is queued for the configured support mailbox", async () => {
    const answer = await send(VALID);
    expect(answer.status).toBe(200);
    expect(answer.data?.sent).toBe(true);
    const rows = await kept();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Ada Lovelace",
      email: "ada@example.test",
      company: "Analytical Engines Ltd",
      phone: "+44 20 7946 0000",
      subject: "Question about shipping",
      message: VALID.message,
      status: "open",
      user_id: null,
      order_id: null,
    });
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to_address: "support@tradebench.example", status: "pending" });
    expect(mails[0]!.subject).toContain("Question about shipping");
    expect(mails[0]!.text_body).toContain("Ada Lovelace <ada@example.test>");
    expect(mails[0]!.text_body).toContain(VALID.message);
  });

  it("is kept without a mail when no support mailbox is configured", async () => {
    supportMailbox.current = undefined;
    const answer = await send({ name: "Ada", email: "ada@example.test", subject: "Hello", message: "Just saying hello." });
    expect(answer.data?.sent).toBe(true);
    expect(await kept()).toHaveLength(1);
    expect(await outbox()).toHaveLength(0);
  });

  it("that cannot be kept gets the spec's failure message, and the form keeps what was typed", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    database.current = brokenDatabase();
    try {
      const answer = await send(VALID);
      expect(answer.status).toBe(503);
      expect(answer.data?.sent).toBe(false);
      expect(answer.data?.result?.error?.[""]).toEqual(["Failed to send your message. Please try again later."]);
      expect(answer.data?.result?.initialValue).toMatchObject({ subject: VALID.subject, message: VALID.message });
    } finally {
      database.current = opened.db;
      errors.mockRestore();
    }
  });

  it("is kept with its mail in one transaction: a message that cannot be kept queues no mail", async () => {
    // A sender id that is no account breaks the foreign key on both engines.
    const failing = submitSupportRequest(
      opened.db,
      { name: "n", email: "e@example.test", subject: "s", message: "m", userId: "no-such-user", orderId: null },
      { supportEmail: "support@tradebench.example" },
    );
    await expect(failing).rejects.toThrow();
    expect(await kept()).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
  });
});

describe("validation", () => {
  it.each([
    ["name", "Name is required"],
    ["email", "Email is required"],
    ["subject", "Subject is required"],
    ["message", "Message is required"],
  ])("a message without its %s is refused with '%s' beside the field, and nothing is kept", async (field, message) => {
    const answer = await send({ ...VALID, [field]: "  " });
    expect(answer.status).toBe(400);
    expect(answer.data?.result?.error?.[field]?.[0]).toBe(message);
    expect(await kept()).toHaveLength(0);
  });

  it("refuses an address that is not an e-mail address, and fields over their length", async () => {
    expect((await send({ ...VALID, email: "not-an-address" })).data?.result?.error?.email).toEqual(["Please enter a valid email address"]);
    const long = await send({ ...VALID, message: "x".repeat(CONTACT_LIMITS.message + 1), subject: "y".repeat(CONTACT_LIMITS.subject + 1) });
    expect(long.status).toBe(400);
    expect(long.data?.result?.error?.message).toEqual([`Message must be at most ${CONTACT_LIMITS.message} characters long`]);
    expect(long.data?.result?.error?.subject).toEqual([`Subject must be at most ${CONTACT_LIMITS.subject} characters long`]);
    expect(await kept()).toHaveLength(0);
  });

  it("takes a message without company and phone", async () => {
    const answer = await send({ name: "Ada", email: "ada@example.test", company: "", phone: "", subject: "Hi", message: "Hello" });
    expect(answer.data?.sent).toBe(true);
    expect((await kept())[0]).toMatchObject({ company: null, phone: null });
  });
});

it("a filled honeypot looks sent to the bot, and nothing is kept or mailed", async () => {
  const answer = await send({ ...VALID, [HONEYPOT_FIELD]: "http://spam.example" });
  expect(answer.status).toBe(200);
  expect(answer.data?.sent).toBe(true);
  expect(await kept()).toHaveLength(0);
  expect(await outbox()).toHaveLength(0);
});

it("one client address is limited; the next message is refused with the wait, and another address is not", async () => {
  const ip = context();
  for (let i = 0; i < CONTACT_RATE_LIMIT.limit; i += 1) expect((await send(VALID, null, ip)).data?.sent).toBe(true);
  const refused = await send(VALID, null, ip);
  expect(refused.status).toBe(429);
  expect(refused.data?.result?.error?.[""]).toEqual([expect.stringMatching(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/)]);
  expect(await kept()).toHaveLength(CONTACT_RATE_LIMIT.limit);
  expect((await send(VALID, null, context())).data?.sent).toBe(true);
});

describe("signed-in members and orders", () => {
  it("the page fills in a member's name and e-mail, and quotes the FAQ", async () => {
    const id = await insertUserRow(opened.db, `grace-${crypto.randomUUID()}@example.test`);
    await opened.db.updateTable("profiles").set({ first_name: "Grace", last_name: "Hopper" }).where("id", "=", id).execute();
    const page = await routeCalls<ContactAnswer>({ db }).get(contactRoute, "/contact", id);
    expect(page.data?.prefill).toEqual({ name: "Grace Hopper", email: expect.stringMatching(/^grace-.*@example\.test$/) });
    expect(page.data?.faq?.length).toBeGreaterThan(0);
    const visitor = await routeCalls<ContactAnswer>({ db }).get(contactRoute, "/contact", null);
    expect(visitor.data?.prefill).toBeNull();
  });

  it("keeps the order of the member's own order (buyer or seller), and the page names it", async () => {
    const buyer = await insertUserRow(opened.db);
    const seller = await insertUserRow(opened.db, undefined, "seller");
    const order = await orderBetween(buyer, seller);
    const page = await routeCalls<ContactAnswer>({ db }).get(contactRoute, `/contact?order=${order.id}`, buyer);
    expect(page.data?.order).toEqual(order);
    expect((await send({ ...VALID, order: String(order.id) }, buyer)).data?.sent).toBe(true);
    expect((await send({ ...VALID, order: String(order.id) }, seller)).data?.sent).toBe(true);
    const rows = await kept();
    expect(rows.map((row) => [row.user_id, row.order_id])).toEqual([
      [buyer, order.id],
      [seller, order.id],
    ]);
    expect((await outbox())[0]!.text_body).toContain(`Order: ${order.reference}`);
  });

  it("drops the order reference of someone else's order, or a visitor's, but keeps the message", async () => {
    const buyer = await insertUserRow(opened.db);
    const seller = await insertUserRow(opened.db, undefined, "seller");
    const stranger = await insertUserRow(opened.db);
    const order = await orderBetween(buyer, seller);
    const page = await routeCalls<ContactAnswer>({ db }).get(contactRoute, `/contact?order=${order.id}`, stranger);
    expect(page.data?.order).toBeNull();
    expect((await routeCalls<ContactAnswer>({ db }).get(contactRoute, `/contact?order=${order.id}`, null)).data?.order).toBeNull();
    expect((await send({ ...VALID, order: String(order.id) }, stranger)).data?.sent).toBe(true);
    expect((await send({ ...VALID, order: String(order.id) }, null)).data?.sent).toBe(true);
    expect((await send({ ...VALID, order: "not-a-number" }, stranger)).data?.sent).toBe(true);
    const rows = await kept();
    expect(rows.map((row) => row.order_id)).toEqual([null, null, null]);
    expect(rows.map((row) => row.user_id)).toEqual([stranger, null, stranger]);
    for (const mail of await outbox()) expect(mail.text_body).not.toContain(order.reference);
  });
});
