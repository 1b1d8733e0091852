// /seller/messages, both engines: only the seller's conversations about their listings (not those where
// they are the buyer, not general ones), unanswered first, with the response figures sellerResponseFigures computes.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { sellerResponseFigures } from "~/services/messaging/response-figures.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { routeCalls } from "../../support/route-calls.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));
const route = await import("~/routes/seller.messages.tsx");

type Page = { conversations: Array<{ id: number; listingTitle: string }>; unansweredCount: number; figures: unknown };
let opened: OpenedDatabase;
const people = { seller: "", buyer: "", other: "" };
const conversations: Record<string, number> = {};
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

async function conversation(listingTitle: string, listingId: number | null, buyerId: string, sellerId: string, messages: Array<[string, number]>, general = 0) {
  const last = minutesAgo(Math.min(...messages.map(([, ago]) => ago)));
  const row = await opened.db
    .insertInto("conversations")
    .values({ listing_id: listingId, listing_title: listingTitle, buyer_id: buyerId, seller_id: sellerId, last_message_at: last, general })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const [sender, ago] of messages) {
    await opened.db
      .insertInto("messages")
      .values({
        conversation_id: row.id,
        sender_id: sender,
        recipient_id: sender === buyerId ? sellerId : buyerId,
        body: `Is it still available? (${ago})`,
        created_at: minutesAgo(ago),
        read_at: null,
      })
      .execute();
  }
  return row.id;
}

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  people.seller = await insertUserRow(opened.db, "seller@example.test", "seller");
  people.buyer = await insertUserRow(opened.db, "buyer@example.test", "buyer");
  people.other = await insertUserRow(opened.db, "other@example.test", "seller");
  const scope = await insertListingRow(opened.db, people.seller, { title: "Tektronix TDS3054C" });
  const meter = await insertListingRow(opened.db, people.seller, { title: "Fluke 289 logging meter" });
  const elsewhere = await insertListingRow(opened.db, people.other, { title: "Someone else's analyzer" });
  // Answered (newest activity), unanswered (older), the seller buying elsewhere, and a general conversation.
  conversations.answered = await conversation("Tektronix TDS3054C", scope, people.buyer, people.seller, [
    [people.buyer, 300],
    [people.seller, 5],
  ]);
  conversations.unanswered = await conversation("Fluke 289 logging meter", meter, people.buyer, people.seller, [[people.buyer, 600]]);
  conversations.buying = await conversation("Someone else's analyzer", elsewhere, people.seller, people.other, [[people.seller, 60]]);
  conversations.general = await conversation("", null, people.buyer, people.seller, [[people.buyer, 30]], 1);
});
afterAll(async () => {
  await opened.close();
});

describe("/seller/messages", () => {
  it("lists the conversations about the seller's listings, unanswered first, with the profile's response figures", async () => {
    const answer = await routeCalls<Page>({ db: () => opened.db }).get(route, "/seller/messages", people.seller);
    expect(answer.status).toBe(200);
    expect(answer.data?.conversations.map((row) => row.id)).toEqual([conversations.unanswered, conversations.answered]);
    expect(answer.data?.unansweredCount).toBe(1);
    expect(answer.data?.figures).toEqual(await sellerResponseFigures(opened.db, people.seller));
  });

  it("is empty for a member who sells nothing", async () => {
    const answer = await routeCalls<Page>({ db: () => opened.db }).get(route, "/seller/messages", people.buyer);
    expect(answer.data?.conversations).toEqual([]);
  });
});
