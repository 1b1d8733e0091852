// E-mail confirmation (docs/decisions/0028): registration mails a one-time, 24-hour link; following it
// confirms the account once; a used, replaced or expired link says so; "Resend the link" is rate-limited and voids
// the old links; until confirmed an account may not bid, buy, list or message (nothing is stored), and may afterwards.
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { sqliteMigrationDialect } from "#db/dialect.ts";
import { EMAIL_CONFIRMATION_MESSAGES } from "~/lib/email-confirmation-messages.ts";
import { confirmEmail, LINKS_PER_HOUR, resendConfirmationLink } from "~/services/accounts/email-confirmation.server.ts";
import { openConversation } from "~/services/messaging/messages.server.ts";
import { answerBidApi } from "~/web/bid-form.server.ts";
import { MIGRATIONS } from "../../../migrations/index.ts";
import { insertAuctionRow } from "../../support/auctions.ts";
import { insertListingRow } from "../../support/listings.ts";
import { SHIPPING_ADDRESS } from "../../support/orders.ts";
import { routeCalls } from "../../support/route-calls.ts";
import { ROUTE_CONTEXT, sessionCookies } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { confirmUser, insertUserRow, latestConfirmationToken } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const registerRoute = await import("~/routes/register.tsx");
const confirmRoute = await import("~/routes/confirm-email.tsx");
const buyRoute = await import("~/routes/checkout.listing.$id.tsx");
const createRoute = await import("~/routes/create-listing.tsx");
const messagesRoute = await import("~/routes/messages.tsx");
const contactRoute = await import("~/routes/listings.$id_.contact.tsx");

const HOUR = 3600_000;
let opened: OpenedDatabase;
let seller: string;

beforeAll(async () => {
  vi.stubEnv("SMTP_URL", undefined);
  opened = createTestDatabase();
  database.current = opened.db;
  seller = await insertUserRow(opened.db, undefined, "seller");
});
beforeEach(() => {
  // The mailer prints mail to the log without SMTP; keep the output quiet.
  vi.spyOn(console, "log").mockImplementation(() => undefined);
  return () => vi.restoreAllMocks();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await opened?.close();
});

const { get, post } = routeCalls({ db: () => opened.db });
const cookieFor = sessionCookies(() => opened.db);

let registrations = 0;
/** Registers through the form, as a visitor would; returns the new account's id and e-mail address. */
async function register(intent: "buy" | "sell" = "buy"): Promise<{ id: string; email: string }> {
  registrations += 1;
  const email = `new-member-${registrations}@example.com`;
  const answer = await post(registerRoute, "/register", null, {
    firstName: "Nora",
    lastName: "Newcomer",
    email,
    password: "a long enough password",
    confirmPassword: "a long enough password",
    intent,
  });
  expect(answer).toEqual({ status: 302, location: "/login?registered=1" });
  const user = await opened.db.selectFrom("users").select(["id", "email_confirmed_at"]).where("email", "=", email).executeTakeFirstOrThrow();
  expect(user.email_confirmed_at).toBeNull();
  return { id: user.id, email };
}

const count = async (table: "bids" | "orders" | "equipment_listings" | "messages" | "conversations") =>
  Number(
    (
      await opened.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function emailConfirmedAt(userId: string): Promise<string | null> {
  return (await opened.db.selectFrom("users").select("email_confirmed_at").where("id", "=", userId).executeTakeFirstOrThrow()).email_confirmed_at;
}

describe("registering", () => {
  it("answers an address that already has an account exactly as a new one, and mails its owner instead (issue 32 §6)", async () => {
    const { email } = await register();
    const fresh = `someone-new-${registrations}@example.test`;
    // From an address of its own: registration is rate-limited per client address, and the file registers many.
    const { post: postFromElsewhere } = routeCalls({ db: () => opened.db, context: { ...ROUTE_CONTEXT, clientIp: "192.0.2.77" } });
    const answers = [];
    for (const address of [email, fresh]) {
      answers.push(
        await postFromElsewhere(registerRoute, "/register", null, {
          firstName: "Nora",
          lastName: "Again",
          email: address,
          password: "a long enough password",
          confirmPassword: "a long enough password",
          intent: "buy",
        }),
      );
    }
    expect(answers[0]).toEqual({ status: 302, location: "/login?registered=1" });
    expect(answers[1]).toEqual(answers[0]);
    expect(JSON.stringify(answers)).not.toContain("a long enough password");
    expect(await opened.db.selectFrom("users").select("id").where("email", "=", email).execute()).toHaveLength(1);
    const mail = await opened.db
      .selectFrom("email_outbox")
      .select(["subject", "text_body"])
      .where("to_address", "=", email)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe("Someone tried to create a Tradebench account with your address");
    expect(mail.text_body).toContain("/login");
    expect(mail.text_body).toContain("/forgot-password");
    expect(mail.text_body).not.toContain("confirm-email");
  });
});

describe("the confirmation link", () => {
  it("is mailed at registration and confirms the account once", async () => {
    const member = await register();
    const mail = await opened.db.selectFrom("email_outbox").select(["subject", "text_body"]).where("to_address", "=", member.email).execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text_body).toMatch(/https?:\/\/\S+\/confirm-email\?token=[A-Za-z0-9_-]{43}/);
    expect(mail[0]?.text_body).toContain("expires after 24 hours");

    const token = await latestConfirmationToken(opened.db, member.email);
    // Only a digest is stored.
    const stored = await opened.db.selectFrom("email_confirmation_tokens").select("token_hash").where("user_id", "=", member.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toContain(token);

    const path = `/confirm-email?token=${encodeURIComponent(token)}`;
    expect(await get(confirmRoute, path, null)).toEqual({ status: 302, location: "/confirm-email?confirmed=1" });
    expect(await emailConfirmedAt(member.id)).not.toBeNull();
    expect(await get(confirmRoute, "/confirm-email?confirmed=1", member.id)).toMatchObject({
      status: 200,
      data: { confirmed: true, user: { email: member.email, emailConfirmed: true } },
    });

    // A second use is refused, and says so.
    expect(await get(confirmRoute, path, member.id)).toEqual({ status: 302, location: "/confirm-email?problem=used" });
    expect(EMAIL_CONFIRMATION_MESSAGES.used).toBe("This confirmation link has already been used.");
  });

  it("is refused after 24 hours, and a made-up one is refused too", async () => {
    const member = await register();
    const token = await latestConfirmationToken(opened.db, member.email);
    expect(await confirmEmail(opened.db, token, new Date(Date.now() + 25 * HOUR))).toEqual({ ok: false, problem: "expired", userId: member.id });
    expect(await emailConfirmedAt(member.id)).toBeNull();
    await opened.db
      .updateTable("email_confirmation_tokens")
      .set({ expires_at: new Date(Date.now() - HOUR).toISOString() })
      .where("user_id", "=", member.id)
      .execute();
    expect(await get(confirmRoute, `/confirm-email?token=${token}`, null)).toEqual({ status: 302, location: "/confirm-email?problem=expired" });
    expect(await get(confirmRoute, "/confirm-email?token=not-a-real-token", null)).toEqual({ status: 302, location: "/confirm-email?problem=invalid" });
    expect(await emailConfirmedAt(member.id)).toBeNull();
  });

  it("can be sent again at most once a minute; the new link voids the old one", async () => {
    const member = await register();
    const first = await latestConfirmationToken(opened.db, member.email);

    // Right after registering: too soon.
    const tooSoon = await post(confirmRoute, "/confirm-email", member.id, {});
    expect(tooSoon.status).toBe(429);
    expect((tooSoon.data as { message: string }).message).toMatch(/^We sent a link less than a minute ago/);

    // Two minutes later the link is sent again.
    await sql`update email_confirmation_tokens set created_at = ${new Date(Date.now() - 2 * 60_000).toISOString()} where user_id = ${member.id}`.execute(
      opened.db,
    );
    expect(await post(confirmRoute, "/confirm-email", member.id, {})).toEqual({ status: 303, location: "/confirm-email?sent=1" });
    const second = await latestConfirmationToken(opened.db, member.email);
    expect(second).not.toBe(first);

    expect(await get(confirmRoute, `/confirm-email?token=${first}`, member.id)).toEqual({ status: 302, location: "/confirm-email?problem=replaced" });
    expect(await emailConfirmedAt(member.id)).toBeNull();
    expect(await get(confirmRoute, `/confirm-email?token=${second}`, member.id)).toEqual({ status: 302, location: "/confirm-email?confirmed=1" });
    expect(await emailConfirmedAt(member.id)).not.toBeNull();

    // Nothing more to send to a confirmed account.
    expect(await post(confirmRoute, "/confirm-email", member.id, {})).toEqual({ status: 409, data: { message: EMAIL_CONFIRMATION_MESSAGES.alreadyConfirmed } });
  });

  it("is refused after the hour's links with the wait the Retry-After gives, in minutes", async () => {
    const member = await insertUserRow(opened.db, undefined, "buyer", { confirmed: false });
    const start = new Date("2026-01-01T10:00:00.000Z");
    for (let i = 0; i < LINKS_PER_HOUR; i += 1) {
      await resendConfirmationLink(opened.db, member, "http://localhost", new Date(start.getTime() + i * 120_000));
    }
    // 30 seconds before the oldest of the hour's links is an hour old.
    const refusal = await resendConfirmationLink(opened.db, member, "http://localhost", new Date(start.getTime() + HOUR - 30_000)).catch((e: unknown) => e);
    expect(refusal).toMatchObject({ kind: "rate_limited", retryAfterSeconds: 30, message: EMAIL_CONFIRMATION_MESSAGES.tooManyLinks(30) });
    expect((refusal as Error).message).toContain("Please wait 1 minute before");
  });

  it("leaves one working link when several are asked for at the same moment", async () => {
    const member = await insertUserRow(opened.db, undefined, "buyer", { confirmed: false });
    const at = new Date("2026-02-01T10:00:00.000Z");
    const asked = await Promise.allSettled(Array.from({ length: 4 }, () => resendConfirmationLink(opened.db, member, "http://localhost", at)));
    expect(asked.some((outcome) => outcome.status === "fulfilled")).toBe(true);
    const unused = await opened.db.selectFrom("email_confirmation_tokens").select("id").where("user_id", "=", member).where("used_at", "is", null).execute();
    expect(unused).toHaveLength(1);
  });

  it("is for signed-in members to ask for", async () => {
    expect((await post(confirmRoute, "/confirm-email", null, {})).location).toMatch(/^\/login\?/);
  });
});

describe("an unconfirmed account", () => {
  const refusal = { status: 403, data: { message: EMAIL_CONFIRMATION_MESSAGES.required } };

  it("may not bid until it confirms", async () => {
    const member = await register();
    const { auctionId } = await insertAuctionRow(opened.db, seller);
    const bid = async () =>
      answerBidApi({ auctionId: String(auctionId), cookie: await cookieFor(member.id), contentType: "application/x-www-form-urlencoded", body: "amount=1000" });
    const before = await count("bids");
    expect(await bid()).toEqual({ status: 403, body: { ok: false, error: EMAIL_CONFIRMATION_MESSAGES.required } });
    expect(await count("bids")).toBe(before);

    await confirmUser(opened.db, member.id);
    expect(await bid()).toMatchObject({ status: 200, body: { ok: true } });
    expect(await count("bids")).toBe(before + 1);
  });

  it("may not buy until it confirms", async () => {
    const member = await register();
    const listingId = await insertListingRow(opened.db, seller, { title: "Fluke 87V multimeter" });
    const params = { id: String(listingId) };
    const before = await count("orders");
    expect(await post(buyRoute, `/checkout/listing/${listingId}`, member.id, { ...SHIPPING_ADDRESS }, params)).toEqual(refusal);
    expect(await count("orders")).toBe(before);

    await confirmUser(opened.db, member.id);
    const placed = await post(buyRoute, `/checkout/listing/${listingId}`, member.id, { ...SHIPPING_ADDRESS }, params);
    expect(placed).toMatchObject({ status: 302, location: expect.stringMatching(/^\/orders\/\d+\?placed=1$/) });
    expect(await count("orders")).toBe(before + 1);
  });

  it("may not list until it confirms", async () => {
    const member = await register("sell");
    const before = await count("equipment_listings");
    expect(await post(createRoute, "/create-listing", member.id, { title: "Tektronix MDO3104" })).toEqual(refusal);
    expect(await count("equipment_listings")).toBe(before);

    await confirmUser(opened.db, member.id);
    // Past the guard, the form itself is read and checked (this one is incomplete: its fields are refused).
    const checked = await post(createRoute, "/create-listing", member.id, { title: "Tektronix MDO3104" });
    expect(checked.status).not.toBe(403);
    expect(await count("equipment_listings")).toBe(before);
  });

  it("may not contact a seller or send a message until it confirms", async () => {
    const member = await register();
    const listingId = await insertListingRow(opened.db, seller, { title: "Keysight 34465A" });
    const conversationsBefore = await count("conversations");
    expect(await post(contactRoute, `/listings/${listingId}/contact`, member.id, {}, { id: String(listingId) })).toEqual(refusal);
    expect(await count("conversations")).toBe(conversationsBefore);

    // A conversation opened some other way (say, before a change of address) still refuses the message.
    const { conversationId } = await openConversation(opened.db, member.id, listingId);
    const messagesBefore = await count("messages");
    const send = () => post(messagesRoute, "/messages", member.id, { conversationId: String(conversationId), body: "Is it calibrated?" });
    expect(await send()).toEqual({ status: 403, data: { ok: false, error: EMAIL_CONFIRMATION_MESSAGES.required, body: "Is it calibrated?" } });
    expect(await count("messages")).toBe(messagesBefore);

    await confirmUser(opened.db, member.id);
    expect(await send()).toMatchObject({ status: 302, location: expect.stringContaining(`conversation=${conversationId}`) });
    expect(await count("messages")).toBe(messagesBefore + 1);
    expect((await post(contactRoute, `/listings/${listingId}/contact`, member.id, {}, { id: String(listingId) })).status).toBe(302);
  });

  it("may still watch and save searches", async () => {
    const member = await register();
    const watchlistRoute = await import("~/routes/listings.$id_.watch.tsx");
    const listingId = await insertListingRow(opened.db, seller, { title: "Rigol DS1054Z" });
    const answer = await post(watchlistRoute, `/listings/${listingId}/watch`, member.id, { intent: "watch" }, { id: String(listingId) });
    expect(answer.status).not.toBe(403);
    expect(await opened.db.selectFrom("watchlist").select("listing_id").where("user_id", "=", member.id).execute()).toEqual([{ listing_id: listingId }]);
  });
});

describe("the migration", () => {
  it("counts accounts that existed before it as confirmed", async () => {
    const { default: SQLite } = await import("better-sqlite3");
    const { Kysely, SqliteDialect } = await import("kysely");
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a database migrated by hand, half way, has no schema type
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(":memory:") }) });
    try {
      const names = Object.keys(MIGRATIONS).sort();
      const mine = "2026-11-25T1400-email-confirmation";
      for (const name of names.filter((n) => n < mine)) await MIGRATIONS[name]?.up(db, sqliteMigrationDialect);
      await db.insertInto("users").values({ id: "old-1", email: "old@example.com", password_hash: "x", created_at: "2026-01-02T03:04:05.000Z" }).execute();
      await MIGRATIONS[mine]?.up(db, sqliteMigrationDialect);
      expect(await db.selectFrom("users").select(["id", "email_confirmed_at"]).execute()).toEqual([
        { id: "old-1", email_confirmed_at: "2026-01-02T03:04:05.000Z" },
      ]);
      await db.insertInto("users").values({ id: "new-1", email: "new@example.com", password_hash: "x" }).execute();
      expect(await db.selectFrom("users").select("email_confirmed_at").where("id", "=", "new-1").executeTakeFirst()).toEqual({ email_confirmed_at: null });
    } finally {
      await db.destroy();
    }
  });
});
