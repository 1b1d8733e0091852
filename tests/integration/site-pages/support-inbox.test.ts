// The support inbox (issue 18 §2): staff holding can_answer_support (support, administrators) read the contact form's
// messages and close them; everyone else is refused by the loader and the action, and nothing changes. Both engines.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { submitSupportRequest, type SupportInboxEntry } from "~/services/platform/index.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { routeCalls } from "../../support/route-calls.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const inboxRoute = await import("~/routes/support-inbox.tsx");

interface InboxAnswer {
  status?: string;
  entries?: SupportInboxEntry[];
  openCount?: number;
  message?: string;
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
  await opened.db.deleteFrom("support_requests").execute();
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
      .values({ reference: "TB-INBOX01", listing_id: listingId, buyer_id: staff.buyer, seller_id: seller, sale_type: "buy_now", amount_cents: 100, fee_cents: 3, fee_rate_bp: 250 })
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
