// Buyer–seller messages: one conversation per buyer and listing, readable and writable only by its two members,
// sends trimmed, never blank and rate-limited, the recipient notified (and nobody else), unread counts kept.
import { DomainError } from "~/services/domain-error.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { MESSAGE_MAX_LENGTH, MESSAGE_TEXT, MESSAGES_PER_MINUTE } from "~/lib/messages.ts";
import { InProcessBus, userTopic, type LiveEvent } from "~/services/platform/live-events.server.ts";
import { countUnreadMessages, listConversations, openConversation, sendMessage, thread } from "~/services/messaging/messages.server.ts";
import { MemoryRateLimiter } from "~/services/platform/rate-limit.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

let database: OpenedDatabase;
let seller: string;
let buyer: string;
let stranger: string;
let listingId: number;

async function named(role: string, first: string, last: string, company = ""): Promise<string> {
  const id = await insertUserRow(database.db, undefined, role);
  await database.db.updateTable("profiles").set({ first_name: first, last_name: last, company_name: company }).where("id", "=", id).execute();
  return id;
}

/** A fresh limiter per call unless a test is about the limit itself. */
const send = (conversationId: number, senderId: string, body: string, now = new Date(), bus = new InProcessBus()) =>
  sendMessage(database.db, { conversationId, senderId, body, now }, { limiter: new MemoryRateLimiter(), bus });

async function refusal(work: Promise<unknown>): Promise<{ kind: string; code?: string; message: string }> {
  try {
    await work;
  } catch (error) {
    if (error instanceof DomainError) return { kind: error.kind, ...(error.code ? { code: error.code } : {}), message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}

async function notificationsOf(userId: string) {
  return database.db.selectFrom("notifications").selectAll().where("user_id", "=", userId).where("type", "=", "message").orderBy("id").execute();
}

beforeAll(async () => {
  database = createTestDatabase();
  seller = await named("seller", "Sam", "Seller", "Calibrated Instruments LLC");
  buyer = await named("buyer", "Bea", "Buyer");
  stranger = await named("buyer", "Stan", "Stranger");
  listingId = await insertListingRow(database.db, seller, { title: "Keysight DSOX3024T oscilloscope" });
});

afterAll(async () => {
  await database?.close();
});

describe("opening a conversation", () => {
  it("starts one per buyer and listing, and continues it the next time", async () => {
    const first = await openConversation(database.db, buyer, listingId);
    const again = await openConversation(database.db, buyer, listingId);
    expect(first.created).toBe(true);
    expect(again).toEqual({ conversationId: first.conversationId, created: false });
    const other = await openConversation(database.db, stranger, listingId);
    expect(other.conversationId).not.toBe(first.conversationId);
    const row = await database.db.selectFrom("conversations").selectAll().where("id", "=", first.conversationId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ buyer_id: buyer, seller_id: seller, listing_id: listingId, listing_title: "Keysight DSOX3024T oscilloscope" });
  });

  it("refuses the listing's own seller, missing listings and listings buyers cannot see", async () => {
    expect(await refusal(openConversation(database.db, seller, listingId))).toEqual({
      kind: "forbidden",
      code: "own_listing",
      message: MESSAGE_TEXT.ownListing,
    });
    expect((await refusal(openConversation(database.db, buyer, 987_654))).kind).toBe("not_found");
    const draft = await insertListingRow(database.db, seller, { status: "draft" });
    expect((await refusal(openConversation(database.db, buyer, draft))).kind).toBe("not_found");
  });
});

describe("sending", () => {
  it("stores the text trimmed, moves the conversation up and tells both members' pages", async () => {
    const listing = await insertListingRow(database.db, seller, { title: "Fluke 87V multimeter" });
    const { conversationId } = await openConversation(database.db, buyer, listing);
    const bus = new InProcessBus();
    const heard: Array<{ who: string; event: LiveEvent }> = [];
    for (const [who, id] of [
      ["buyer", buyer],
      ["seller", seller],
      ["stranger", stranger],
    ] as const) {
      bus.subscribe([userTopic(id)], (event) => heard.push({ who, event }));
    }
    const at = new Date("2026-11-21T10:00:00.000Z");
    const message = await send(conversationId, buyer, "  \n Is the probe set included?\r\n ", at, bus);
    expect(message).toMatchObject({ body: "Is the probe set included?", senderId: buyer, createdAt: at.toISOString(), readAt: null });
    const row = await database.db.selectFrom("conversations").select("last_message_at").where("id", "=", conversationId).executeTakeFirstOrThrow();
    expect(row.last_message_at).toBe(at.toISOString());
    expect(heard.map(({ who, event }) => [who, event.name])).toEqual(
      expect.arrayContaining([
        ["seller", "notification"],
        ["seller", "message"],
        ["buyer", "message"],
      ]),
    );
    expect(heard.some(({ who }) => who === "stranger")).toBe(false);
    expect(heard.some(({ who, event }) => who === "buyer" && event.name === "notification")).toBe(false);
    expect(heard.find(({ event }) => event.name === "message")?.event.data).toEqual({ conversationId, message });
  });

  it("refuses blank and whitespace-only text, and text over the limit, with a clear message", async () => {
    const { conversationId } = await openConversation(database.db, buyer, listingId);
    for (const body of ["", "   ", "\n\t \r\n"]) {
      expect(await refusal(send(conversationId, buyer, body))).toEqual({ kind: "invalid", message: MESSAGE_TEXT.blank });
    }
    expect(await refusal(send(conversationId, buyer, "x".repeat(MESSAGE_MAX_LENGTH + 1)))).toEqual({ kind: "invalid", message: MESSAGE_TEXT.tooLong });
    await send(conversationId, buyer, `  ${"x".repeat(MESSAGE_MAX_LENGTH)}  `);
  });

  it("lets only the two members write, and a third member's attempt stores nothing", async () => {
    const { conversationId } = await openConversation(database.db, buyer, listingId);
    const before = await database.db.selectFrom("messages").select("id").where("conversation_id", "=", conversationId).execute();
    expect(await refusal(send(conversationId, stranger, "Let me in"))).toEqual({ kind: "forbidden", message: MESSAGE_TEXT.forbidden });
    expect((await refusal(send(999_999, buyer, "Hello?"))).kind).toBe("forbidden");
    const after = await database.db.selectFrom("messages").select("id").where("conversation_id", "=", conversationId).execute();
    expect(after).toHaveLength(before.length);
    await send(conversationId, seller, "Yes, it is.");
  });

  it(`allows ${MESSAGES_PER_MINUTE} messages a minute per sender, then asks them to slow down`, async () => {
    const listing = await insertListingRow(database.db, seller);
    const { conversationId } = await openConversation(database.db, buyer, listing);
    const limiter = new MemoryRateLimiter();
    const start = new Date("2026-11-21T11:00:00.000Z");
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    for (let index = 0; index < MESSAGES_PER_MINUTE; index += 1) {
      await sendMessage(database.db, { conversationId, senderId: buyer, body: `Question ${index + 1}`, now: at(index) }, { limiter, bus: new InProcessBus() });
    }
    const limited = await refusal(
      sendMessage(database.db, { conversationId, senderId: buyer, body: "One more", now: at(30) }, { limiter, bus: new InProcessBus() }),
    );
    expect(limited).toEqual({ kind: "rate_limited", message: MESSAGE_TEXT.tooFast });
    expect(MESSAGE_TEXT.tooFast).toMatch(/^You are sending messages too quickly/);
    // The other member is not held back by the buyer's pace, and the buyer may go on after the minute.
    await sendMessage(database.db, { conversationId, senderId: seller, body: "Answer", now: at(31) }, { limiter, bus: new InProcessBus() });
    await sendMessage(database.db, { conversationId, senderId: buyer, body: "Thanks", now: at(61) }, { limiter, bus: new InProcessBus() });
    const bodies = (await thread(database.db, seller, conversationId)).messages.map((message) => message.body);
    expect(bodies).not.toContain("One more");
    expect(bodies.slice(-2)).toEqual(["Answer", "Thanks"]);
  });
});

describe("notifications", () => {
  it("notify the recipient only, linking to the conversation", async () => {
    const listing = await insertListingRow(database.db, seller, { title: "Tektronix P6139A probe" });
    const { conversationId } = await openConversation(database.db, buyer, listing);
    const counts = {
      buyer: (await notificationsOf(buyer)).length,
      seller: (await notificationsOf(seller)).length,
      stranger: (await notificationsOf(stranger)).length,
    };
    await send(conversationId, buyer, "Do you ship to Canada? https://example.com/map");
    const toSeller = (await notificationsOf(seller)).slice(counts.seller);
    expect(toSeller).toEqual([
      expect.objectContaining({
        type: "message",
        title: "New message from Bea Buyer",
        message: "Tektronix P6139A probe: Do you ship to Canada? https://example.com/map",
        action_url: `/messages?conversation=${conversationId}`,
        is_read: 0,
      }),
    ]);
    expect((await notificationsOf(buyer)).length).toBe(counts.buyer);
    expect((await notificationsOf(stranger)).length).toBe(counts.stranger);
    await send(conversationId, seller, "We do.");
    const toBuyer = (await notificationsOf(buyer)).slice(counts.buyer);
    expect(toBuyer.map((row) => row.title)).toEqual(["New message from Calibrated Instruments LLC"]);
  });
});

describe("reading", () => {
  it("lists conversations latest first with the other member, the listing, the last message and unread counts", async () => {
    const reader = await named("buyer", "Rita", "Reader");
    const older = await insertListingRow(database.db, seller, { title: "Older listing" });
    const newer = await insertListingRow(database.db, seller, { title: "Newer listing" });
    const a = (await openConversation(database.db, reader, older)).conversationId;
    const b = (await openConversation(database.db, reader, newer)).conversationId;
    await send(a, reader, "First question", new Date("2026-11-21T08:00:00.000Z"));
    await send(b, reader, "Second question", new Date("2026-11-21T08:05:00.000Z"));
    await send(a, seller, "Reply one", new Date("2026-11-21T09:00:00.000Z"));
    await send(a, seller, "Reply two", new Date("2026-11-21T09:01:00.000Z"));

    const forReader = await listConversations(database.db, reader);
    expect(forReader.map((c) => [c.id, c.listingTitle, c.otherPartyName, c.lastMessage, c.unreadCount, c.viewerIs])).toEqual([
      [a, "Older listing", "Calibrated Instruments LLC", { excerpt: "Reply two", fromViewer: false }, 2, "buyer"],
      [b, "Newer listing", "Calibrated Instruments LLC", { excerpt: "Second question", fromViewer: true }, 0, "buyer"],
    ]);
    const forSeller = (await listConversations(database.db, seller)).filter((c) => c.id === a || c.id === b);
    expect(forSeller.map((c) => [c.id, c.otherPartyName, c.unreadCount, c.viewerIs])).toEqual([
      [a, "Rita Reader", 1, "seller"],
      [b, "Rita Reader", 1, "seller"],
    ]);
    expect(await countUnreadMessages(database.db, reader)).toBe(2);

    // Opening the thread marks the reader's messages read, not the seller's.
    const opened = await thread(database.db, reader, a);
    expect(opened.messages.map((m) => [m.body, m.senderId === reader])).toEqual([
      ["First question", true],
      ["Reply one", false],
      ["Reply two", false],
    ]);
    expect(opened.conversation).toMatchObject({ id: a, listingId: older, listingTitle: "Older listing", otherPartyName: "Calibrated Instruments LLC" });
    expect((await listConversations(database.db, reader)).find((c) => c.id === a)?.unreadCount).toBe(0);
    expect(await countUnreadMessages(database.db, reader)).toBe(0);
    expect((await listConversations(database.db, seller)).find((c) => c.id === a)?.unreadCount).toBe(1);
    // Opening it again changes nothing and never goes below zero.
    await thread(database.db, reader, a);
    expect(await countUnreadMessages(database.db, reader)).toBe(0);
  });

  it("lets only the two members read a conversation, and lists nobody else's", async () => {
    const { conversationId } = await openConversation(database.db, buyer, listingId);
    await send(conversationId, buyer, "Private question");
    expect(await refusal(thread(database.db, stranger, conversationId))).toEqual({ kind: "forbidden", message: MESSAGE_TEXT.forbidden });
    expect((await refusal(thread(database.db, stranger, 424_242))).kind).toBe("forbidden");
    expect((await listConversations(database.db, stranger)).some((c) => c.id === conversationId)).toBe(false);
    // The refused look marked nothing read.
    expect((await listConversations(database.db, seller)).find((c) => c.id === conversationId)?.unreadCount).toBeGreaterThan(0);
  });

  it("shows an opened conversation without messages to its buyer only", async () => {
    const quiet = await insertListingRow(database.db, seller, { title: "Quiet listing" });
    const { conversationId } = await openConversation(database.db, stranger, quiet);
    expect((await listConversations(database.db, stranger)).find((c) => c.id === conversationId)).toMatchObject({ lastMessage: null, unreadCount: 0 });
    expect((await listConversations(database.db, seller)).some((c) => c.id === conversationId)).toBe(false);
    expect((await thread(database.db, seller, conversationId)).messages).toEqual([]);
  });

  it("searches by the other member's name, the listing's title and the messages' text", async () => {
    const searcher = await named("buyer", "Sue", "Searcher");
    const otherSeller = await named("seller", "Otto", "Zimmermann");
    const scope = await insertListingRow(database.db, seller, { title: "Rigol DS1054Z scope" });
    const supply = await insertListingRow(database.db, otherSeller, { title: "Bench power supply" });
    const c1 = (await openConversation(database.db, searcher, scope)).conversationId;
    const c2 = (await openConversation(database.db, searcher, supply)).conversationId;
    await send(c1, searcher, "Does it have the 100% bandwidth_unlock?");
    await send(c2, searcher, "Is the fan quiet?");
    const ids = async (term: string) => (await listConversations(database.db, searcher, term)).map((c) => c.id);
    expect(await ids("rigol")).toEqual([c1]);
    expect(await ids("zimmer")).toEqual([c2]);
    expect(await ids("otto z")).toEqual([c2]);
    expect(await ids("calibrated")).toEqual([c1]);
    expect(await ids("FAN QUIET")).toEqual([c2]);
    expect(await ids("quiet fan")).toEqual([]);
    expect(await ids("fan")).toEqual([c2]);
    // Wildcards are searched for as text.
    expect(await ids("100%")).toEqual([c1]);
    expect(await ids("h_u")).toEqual([c1]);
    expect(await ids("%")).toEqual([c1]);
    expect(await ids("nothing like this")).toEqual([]);
    expect(await ids("")).toEqual([c2, c1]);
    // Only the searcher's own conversations are searched.
    expect(await listConversations(database.db, stranger, "rigol")).toEqual([]);
  });
});
