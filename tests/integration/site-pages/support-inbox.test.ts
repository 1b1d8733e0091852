// The support inbox (decision 0041): staff holding can_answer_support (support, administrators) page
// through the contact form's messages by view, open one whole (its order, the sender's account), assign it (a changed
// assignment is refused, not overwritten), reply by e-mail (kept in the history and queued to the sender in one step),
// close and reopen it; everyone else is refused by the loaders and the actions, and nothing changes. Both engines.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import {
  assignSupportRequest,
  REPEATED_REPLY_WINDOW_MS,
  replyToSupportRequest,
  submitSupportRequest,
  SUPPORT_INBOX_PAGE_SIZE,
  type SupportInboxEntry,
  type SupportRequestDetail,
} from "~/services/support/index.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { routeCalls } from "../../support/route-calls.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const inboxRoute = await import("~/routes/support-inbox.tsx");
const messageRoute = await import("~/routes/support-inbox_.$id.tsx");

interface InboxAnswer {
  status?: string;
  view?: string;
  entries?: SupportInboxEntry[];
  openCount?: number;
  counts?: Record<string, number>;
  page?: number;
  totalPages?: number;
  message?: string | SupportRequestDetail;
  staff?: Array<{ id: string; name: string }>;
  result?: { error?: Record<string, string[] | null> };
}

let opened: OpenedDatabase;
const calls = () => routeCalls<InboxAnswer>({ db: () => opened.db });
const staff: Record<"support" | "admin" | "buyer", string> = { support: "", admin: "", buyer: "" };

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  staff.support = await insertUserRow(opened.db, undefined, "support");
  staff.admin = await insertUserRow(opened.db, undefined, "admin");
  staff.buyer = await insertUserRow(opened.db);
});
afterAll(() => opened.close());
beforeEach(async () => {
  await opened.db.deleteFrom("support_request_events").execute();
  await opened.db.deleteFrom("support_requests").execute();
  await opened.db.deleteFrom("email_outbox").execute();
});

async function message(subject: string, values: { userId?: string | null; orderId?: number | null } = {}): Promise<number> {
  const { id } = await submitSupportRequest(
    opened.db,
    { name: "Ada Lovelace", email: "ada@example.test", subject, message: `About ${subject}`, userId: values.userId ?? null, orderId: values.orderId ?? null },
    { supportEmail: null },
  );
  return id;
}

const inbox = (as: string | null, query = "") => calls().get(inboxRoute, `/support-inbox${query}`, as);
const close = (as: string | null, id: number | string) => calls().post(inboxRoute, "/support-inbox", as, { intent: "close", id: String(id) });

describe("support staff", () => {
  it("read the open messages, longest waiting first, with the order a message is about", async () => {
    const seller = await insertUserRow(opened.db, undefined, "seller");
    const listingId = await insertListingRow(opened.db, seller);
    const order = await opened.db
      .insertInto("orders")
      .values({
        reference: "TB-INBOX01",
        listing_id: listingId,
        buyer_id: staff.buyer,
        seller_id: seller,
        sale_type: "buy_now",
        amount_cents: 100,
        fee_cents: 3,
        fee_rate_bp: 250,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await message("First");
    await message("Second", { userId: staff.buyer, orderId: order.id });
    for (const as of [staff.support, staff.admin]) {
      const answer = await inbox(as);
      expect(answer.status).toBe(200);
      expect(answer.data?.openCount).toBe(2);
      expect(answer.data?.entries?.map((entry) => [entry.subject, entry.message, entry.orderReference])).toEqual([
        ["First", "About First", null],
        ["Second", "About Second", "TB-INBOX01"],
      ]);
    }
  });

  it("close a message: it leaves the open list for the closed one, and cannot be closed twice", async () => {
    const first = await message("First");
    await message("Second");
    const closed = await close(staff.support, first);
    expect(closed).toMatchObject({ status: 302, location: "/support-inbox?closed=1" });
    const open = await inbox(staff.support);
    expect(open.data?.entries?.map((entry) => entry.subject)).toEqual(["Second"]);
    expect(open.data?.openCount).toBe(1);
    const done = await inbox(staff.admin, "?status=closed");
    expect(done.data?.entries).toEqual([expect.objectContaining({ id: first, status: "closed", closedAt: expect.any(String) })]);

    const again = await close(staff.admin, first);
    expect(again).toMatchObject({ status: 409, data: { message: "This message is already closed." } });
    expect(await close(staff.admin, 999_999)).toMatchObject({ status: 404, data: { message: "This message was not found." } });
    expect((await calls().post(inboxRoute, "/support-inbox", staff.support, { intent: "close", id: "abc" })).status).toBe(400);
  });
});

describe("everyone else", () => {
  it("members without can_answer_support are refused (403) and close nothing; visitors sign in first", async () => {
    const id = await message("Private");
    expect((await inbox(staff.buyer)).status).toBe(403);
    expect((await close(staff.buyer, id)).status).toBe(403);
    const visitor = await inbox(null);
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/login/);
    expect((await close(null, id)).location).toMatch(/^\/login/);
    const row = await opened.db.selectFrom("support_requests").select("status").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.status).toBe("open");
  });
});

const page = (as: string | null, id: number | string) => calls().get(messageRoute, `/support-inbox/${id}`, as, { id: String(id) });
const act = (as: string | null, id: number | string, form: Record<string, string>) =>
  calls().post(messageRoute, `/support-inbox/${id}`, as, form, { id: String(id) });
const detailOf = (answer: { data?: InboxAnswer }) => answer.data?.message as SupportRequestDetail;
const row = (id: number) => opened.db.selectFrom("support_requests").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const events = (id: number) =>
  opened.db.selectFrom("support_request_events").select(["kind", "actor_id", "assignee_id", "body"]).where("request_id", "=", id).orderBy("id").execute();

describe("one message", () => {
  it("is read whole by staff, with its order summarised (the order linked for those who may open it) and the sender's account", async () => {
    const seller = await insertUserRow(opened.db, undefined, "seller");
    const listingId = await insertListingRow(opened.db, seller, { title: "Fluke 1587 FC insulation multimeter" });
    const order = await opened.db
      .insertInto("orders")
      .values({
        reference: "TB-INBOX02",
        listing_id: listingId,
        buyer_id: staff.buyer,
        seller_id: seller,
        sale_type: "buy_now",
        amount_cents: 84_000,
        fee_cents: 2100,
        fee_rate_bp: 250,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const buyerEmail = (await opened.db.selectFrom("users").select("email").where("id", "=", staff.buyer).executeTakeFirstOrThrow()).email;
    const long = "The meter reads 0.3 MΩ low on every range.\n".repeat(40);
    const { id } = await submitSupportRequest(
      opened.db,
      { name: "Ada Lovelace", email: buyerEmail, subject: "Meter reads low", message: long, userId: staff.buyer, orderId: order.id },
      { supportEmail: null },
    );

    const asSupport = detailOf(await page(staff.support, id));
    expect(asSupport).toMatchObject({ id, subject: "Meter reads low", message: long, status: "open", assignee: null });
    // Support may open the order (read-only) it is asked about.
    expect(asSupport.order).toMatchObject({
      reference: "TB-INBOX02",
      amountCents: 84_000,
      listingId,
      listingTitle: "Fluke 1587 FC insulation multimeter",
      viewerMayOpen: true,
    });
    expect(asSupport.account).toMatchObject({ id: staff.buyer, email: buyerEmail, role: "buyer", sentSignedIn: true, emailConfirmed: true });
    expect(asSupport.history.map((entry) => entry.kind)).toEqual(["received"]);
    // Administrators hold the escrow desk's permissions: the order itself is theirs to open.
    expect(detailOf(await page(staff.admin, id)).order?.viewerMayOpen).toBe(true);

    // A visitor's message from an address that belongs to an account is matched to it, and marked as not signed in.
    const visitorId = await message("From the lobby");
    await opened.db.updateTable("support_requests").set({ email: buyerEmail.toUpperCase() }).where("id", "=", visitorId).execute();
    expect(detailOf(await page(staff.support, visitorId)).account).toMatchObject({ id: staff.buyer, sentSignedIn: false });
    // An address nobody has: no account.
    const strangerId = await message("Stranger");
    expect(detailOf(await page(staff.support, strangerId)).account).toBeNull();
  });

  it("is 404 when unknown, and refused to members without the permission (403) and to visitors (sign in first)", async () => {
    const id = await message("Private");
    expect((await page(staff.support, 999_999)).status).toBe(404);
    expect((await page(staff.support, "abc")).status).toBe(404);
    expect((await page(staff.buyer, id)).status).toBe(403);
    expect((await page(null, id)).location).toMatch(/^\/login/);
    const forms: Record<string, string>[] = [{ intent: "assign-me" }, { intent: "reply", body: "Hello" }, { intent: "close" }, { intent: "reopen" }];
    for (const form of forms) {
      expect((await act(staff.buyer, id, form)).status).toBe(403);
      expect((await act(null, id, form)).location).toMatch(/^\/login/);
    }
    expect(await row(id)).toMatchObject({ status: "open", assignee_id: null });
    expect(await events(id)).toEqual([]);
    expect(await opened.db.selectFrom("email_outbox").select("id").execute()).toEqual([]);
  });
});

describe("assigning", () => {
  it("assigns to a member of the support team or to oneself, and back to nobody; each step is in the history", async () => {
    const id = await message("Assign me");
    const loaded = await page(staff.support, id);
    expect(loaded.data?.staff?.map((member) => member.id)).toEqual(expect.arrayContaining([staff.support, staff.admin]));
    expect(loaded.data?.staff?.map((member) => member.id)).not.toContain(staff.buyer);

    expect(await act(staff.support, id, { intent: "assign", assignee: staff.admin, expected: "" })).toMatchObject({
      status: 302,
      location: `/support-inbox/${id}?done=assigned`,
    });
    expect((await row(id)).assignee_id).toBe(staff.admin);
    expect(await act(staff.admin, id, { intent: "assign-me", expected: staff.admin })).toMatchObject({ status: 302 });
    expect(await act(staff.admin, id, { intent: "assign", assignee: "", expected: staff.admin })).toMatchObject({
      location: `/support-inbox/${id}?done=unassigned`,
    });
    expect(await act(staff.support, id, { intent: "assign-me", expected: "" })).toMatchObject({ status: 302 });
    expect((await row(id)).assignee_id).toBe(staff.support);
    expect(await events(id)).toEqual([
      { kind: "assigned", actor_id: staff.support, assignee_id: staff.admin, body: null },
      { kind: "assigned", actor_id: staff.admin, assignee_id: null, body: null },
      { kind: "assigned", actor_id: staff.support, assignee_id: staff.support, body: null },
    ]);
    const mine = await inbox(staff.support, "?view=mine");
    expect(mine.data?.entries?.map((entry) => [entry.id, entry.assignee?.id])).toEqual([[id, staff.support]]);
    expect((await inbox(staff.admin, "?view=mine")).data?.entries).toEqual([]);
  });

  it("refuses someone outside the support team, and a change made meanwhile by someone else (nothing overwritten)", async () => {
    const id = await message("Contested");
    const notStaff = await act(staff.support, id, { intent: "assign", assignee: staff.buyer, expected: "" });
    expect(notStaff.status).toBe(400);
    expect(notStaff.data?.result?.error?.assignee).toEqual(["Choose a member of the support team."]);
    expect((await row(id)).assignee_id).toBeNull();

    // Both pages showed "nobody"; the admin assigns first, then the support agent's stale form arrives.
    await act(staff.admin, id, { intent: "assign-me", expected: "" });
    const stale = await act(staff.support, id, { intent: "assign-me", expected: "" });
    expect(stale.status).toBe(409);
    expect(JSON.stringify(stale.data)).toContain("it is now assigned to");
    expect((await row(id)).assignee_id).toBe(staff.admin);
    expect((await events(id)).length).toBe(1);
  });

  it("two staff assigning at once from the same page: exactly one wins, the other is told", async () => {
    for (let round = 0; round < 5; round += 1) {
      const id = await message(`Race ${round}`);
      const outcomes = await Promise.allSettled([
        assignSupportRequest(opened.db, { id, assigneeId: staff.support, expectedAssigneeId: null, actorId: staff.support }),
        assignSupportRequest(opened.db, { id, assigneeId: staff.admin, expectedAssigneeId: null, actorId: staff.admin }),
      ]);
      const won = outcomes.filter((outcome) => outcome.status === "fulfilled");
      const lost = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0]?.reason).toMatchObject({ kind: "conflict" });
      const winner = outcomes[0]?.status === "fulfilled" ? staff.support : staff.admin;
      expect((await row(id)).assignee_id).toBe(winner);
      expect(await events(id)).toEqual([{ kind: "assigned", actor_id: winner, assignee_id: winner, body: null }]);
    }
  });
});

describe("replying", () => {
  it("mails the reply to the sender and keeps it in the history; 'Send reply and close' closes in the same step", async () => {
    const id = await message("Where is my invoice?");
    const replied = await act(staff.support, id, { intent: "reply", body: "  Your invoice is attached to the order page.  ", then: "keep" });
    expect(replied).toMatchObject({ status: 302, location: `/support-inbox/${id}?done=replied` });
    const mail = await opened.db.selectFrom("email_outbox").select(["to_address", "subject", "text_body", "status"]).execute();
    expect(mail).toEqual([
      {
        to_address: "ada@example.test",
        subject: `Re: Where is my invoice? [Tradebench support #${id}]`,
        text_body: expect.stringContaining("Your invoice is attached to the order page."),
        status: "pending",
      },
    ]);
    expect(mail[0]?.text_body).toContain("> About Where is my invoice?");
    expect((await row(id)).status).toBe("open");

    expect(await act(staff.admin, id, { intent: "reply", body: "Anything else, just write.", then: "close" })).toMatchObject({
      location: `/support-inbox/${id}?done=replied-closed`,
    });
    expect(await row(id)).toMatchObject({ status: "closed", closed_at: expect.any(String) });
    expect(await events(id)).toEqual([
      { kind: "replied", actor_id: staff.support, assignee_id: null, body: "Your invoice is attached to the order page." },
      { kind: "replied", actor_id: staff.admin, assignee_id: null, body: "Anything else, just write." },
      { kind: "closed", actor_id: staff.admin, assignee_id: null, body: null },
    ]);
    const shown = detailOf(await page(staff.support, id));
    expect(shown.history.map((entry) => [entry.kind, entry.body])).toEqual([
      ["received", null],
      ["replied", "Your invoice is attached to the order page."],
      ["replied", "Anything else, just write."],
      ["closed", null],
    ]);
    expect(shown.replyCount).toBe(2);
    expect((await inbox(staff.support, "?view=closed")).data?.entries?.[0]).toMatchObject({ id, replyCount: 2 });
  });

  it("the same reply arriving twice (a double submission) is kept and mailed once; the same words later are a new reply", async () => {
    const id = await message("Double click");
    const sentAt = new Date();
    const [first, second] = await Promise.all([
      replyToSupportRequest(opened.db, { id, actorId: staff.support, body: "On its way." }, { supportEmail: null, now: sentAt }),
      replyToSupportRequest(opened.db, { id, actorId: staff.support, body: "On its way." }, { supportEmail: null, now: new Date(sentAt.getTime() + 1000) }),
    ]);
    expect([first.repeated, second.repeated].sort()).toEqual([false, true]);
    expect(await events(id)).toHaveLength(1);
    expect(await opened.db.selectFrom("email_outbox").select("id").execute()).toHaveLength(1);
    // Past the window of whichever of the two was kept (the second is a second later, and may win the race).
    const later = new Date(sentAt.getTime() + 1000 + REPEATED_REPLY_WINDOW_MS + 1000);
    expect(await replyToSupportRequest(opened.db, { id, actorId: staff.support, body: "On its way." }, { supportEmail: null, now: later })).toEqual({
      closed: false,
      repeated: false,
    });
    expect(await events(id)).toHaveLength(2);
  });

  it("refuses an empty or too long reply beside the field, keeping and mailing nothing", async () => {
    const id = await message("Blank");
    for (const body of ["", "   ", "x".repeat(5001)]) {
      const answer = await act(staff.support, id, { intent: "reply", body });
      expect(answer.status).toBe(400);
      expect(answer.data?.result?.error?.body?.[0]).toMatch(/^Reply (is required|must be at most 5000 characters long)$/);
    }
    expect(await events(id)).toEqual([]);
    expect(await opened.db.selectFrom("email_outbox").select("id").execute()).toEqual([]);
    expect((await act(staff.support, 999_999, { intent: "reply", body: "Hello" })).status).toBe(404);
  });
});

describe("closing and reopening", () => {
  it("closes and reopens from the message's page; the same step twice is refused (409)", async () => {
    const id = await message("Back and forth");
    expect(await act(staff.support, id, { intent: "close" })).toMatchObject({ location: `/support-inbox/${id}?done=closed` });
    expect((await act(staff.admin, id, { intent: "close" })).status).toBe(409);
    expect(await act(staff.admin, id, { intent: "reopen" })).toMatchObject({ location: `/support-inbox/${id}?done=reopened` });
    expect(await row(id)).toMatchObject({ status: "open", closed_at: null });
    const again = await act(staff.support, id, { intent: "reopen" });
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.data)).toContain("This message is already open.");
    expect((await events(id)).map((event) => [event.kind, event.actor_id])).toEqual([
      ["closed", staff.support],
      ["reopened", staff.admin],
    ]);
    expect((await act(staff.support, id, { intent: "explode" })).status).toBe(400);
  });
});

describe("the list", () => {
  it("pages through a view, bounded: the last page when asked for more", async () => {
    const total = SUPPORT_INBOX_PAGE_SIZE + 5;
    for (let index = 0; index < total; index += 1) await message(`Bulk ${String(index).padStart(2, "0")}`);
    const first = await inbox(staff.support);
    expect(first.data).toMatchObject({ page: 1, totalPages: 2, counts: { open: total, mine: 0, closed: 0 } });
    expect(first.data?.entries).toHaveLength(SUPPORT_INBOX_PAGE_SIZE);
    expect(first.data?.entries?.[0]?.subject).toBe("Bulk 00");
    const second = await inbox(staff.support, "?page=2");
    expect(second.data?.entries?.map((entry) => entry.subject)).toEqual(["Bulk 25", "Bulk 26", "Bulk 27", "Bulk 28", "Bulk 29"]);
    for (const query of ["?page=999999", "?page=-3", "?page=abc", "?view=nonsense&page=2"]) {
      const answer = await inbox(staff.support, query);
      expect(answer.status).toBe(200);
      expect(answer.data?.entries?.length).toBeGreaterThan(0);
    }
    expect((await inbox(staff.support, "?page=999999")).data?.page).toBe(2);
  });
});
