// Buyer–seller messages: one conversation per buyer and listing (with the listing's seller), readable and writable
// only by its two members. A message is written, its conversation moved to the top and its recipient notified in
// one transaction; both members' open pages hear of it live after the commit.
import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import type { Database } from "#db/schema.ts";
import { foldAsciiCase, inWriteTransaction, isUniqueViolation } from "#db/dialect.ts";
import { asciiLowerCase } from "~/lib/listing-filters.ts";
import { conversationUrl, GENERAL_CONVERSATION_TITLE, MESSAGE_MAX_LENGTH, MESSAGE_TEXT, messageExcerpt, MESSAGES_PER_MINUTE } from "~/lib/messages.ts";
import { DomainError } from "../domain-error.ts";
import { isOwner, ownedListing, visibleTo } from "../listings/index.server.ts";
import {
  getLiveEventBus,
  userTopic,
  type LiveEventBus,
  sharedRateLimiter,
  type RateLimiter,
  type RateLimitRule,
  PARTY_NAME_COLUMNS,
  partyNames,
} from "../platform/index.server.ts";
import { announceNotifications, insertNotifications, type NotificationDraft } from "../notifications/index.server.ts";

const MESSAGE_RATE_LIMIT: RateLimitRule = { limit: MESSAGES_PER_MINUTE, windowMs: 60_000 };

/** The SSE event name of a new message on both members' user topics. */
const MESSAGE_EVENT = "message";

export interface ConversationMessage {
  id: number;
  conversationId: number;
  senderId: string;
  body: string;
  createdAt: string;
  /** When the recipient opened it; null while unread. */
  readAt: string | null;
}

/** What a live `message` event carries. */
export interface MessageEventData {
  conversationId: number;
  message: ConversationMessage;
}

export interface ConversationSummary {
  id: number;
  listingId: number | null;
  listingTitle: string;
  /** The viewer's side of the conversation. */
  viewerIs: "buyer" | "seller";
  otherPartyId: string;
  otherPartyName: string;
  lastMessageAt: string;
  /** The newest message, shortened; null before the first message. */
  lastMessage: { excerpt: string; fromViewer: boolean } | null;
  unreadCount: number;
}

export interface ConversationThread {
  conversation: Omit<ConversationSummary, "lastMessage" | "unreadCount">;
  messages: ConversationMessage[];
}

/** How many conversations the list shows, newest first; how many of a thread's latest messages are shown. */
const CONVERSATION_LIST_LIMIT = 200;
const THREAD_MESSAGE_LIMIT = 300;

/**
 * Finds or starts the conversation of `buyerId` with the seller of `listingId` about it. The listing must be one
 * buyers can see; a seller cannot start one about their own listing.
 */
export async function openConversation(
  db: Kysely<Database>,
  buyerId: string,
  listingId: number,
  now = new Date(),
): Promise<{ conversationId: number; created: boolean }> {
  const listing = await db.selectFrom("equipment_listings").select(["id", "title", "user_id", "status"]).where("id", "=", listingId).executeTakeFirst();
  // Messages are about what everyone may see: a draft or archived listing is not found, whoever asks.
  if (!listing || !visibleTo(ownedListing(listing), null)) throw new DomainError("not_found", MESSAGE_TEXT.listingNotFound);
  if (isOwner(ownedListing(listing), buyerId)) throw new DomainError("forbidden", MESSAGE_TEXT.ownListing, { code: "own_listing" });
  return listingConversation(db, listing, buyerId, listing.user_id, now.toISOString());
}

/** The conversation of a buyer and a seller about a listing, started if need be (one per listing and buyer). */
async function listingConversation(
  db: Kysely<Database>,
  listing: { id: number; title: string },
  buyerId: string,
  sellerId: string,
  at: string,
): Promise<{ conversationId: number; created: boolean }> {
  const inserted = await db
    .insertInto("conversations")
    .values({ listing_id: listing.id, listing_title: listing.title, buyer_id: buyerId, seller_id: sellerId, last_message_at: at, created_at: at })
    .onConflict((oc) => oc.columns(["listing_id", "buyer_id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted) return { conversationId: inserted.id, created: true };
  const existing = await db
    .selectFrom("conversations")
    .select("id")
    .where("listing_id", "=", listing.id)
    .where("buyer_id", "=", buyerId)
    .executeTakeFirstOrThrow();
  return { conversationId: existing.id, created: false };
}

/**
 * A line another domain's step writes into a listing's conversation (an offer, a counter, an acceptance), inside the
 * caller's transaction: the conversation is started if need be, the line is unread, and it moves the conversation up.
 */
export async function appendListingConversationLine(
  trx: Kysely<Database>,
  line: { listing: { id: number; title: string }; buyerId: string; sellerId: string; senderId: string; recipientId: string; body: string; at: string },
): Promise<void> {
  const { conversationId } = await listingConversation(trx, line.listing, line.buyerId, line.sellerId, line.at);
  await trx
    .insertInto("messages")
    .values({ conversation_id: conversationId, sender_id: line.senderId, recipient_id: line.recipientId, body: line.body, created_at: line.at, read_at: null })
    .execute();
  await trx.updateTable("conversations").set({ last_message_at: line.at }).where("id", "=", conversationId).execute();
}

/**
 * Finds or starts a general conversation (about no listing) between `fromId` and the member `withId`, opened from
 * their profile's Message button. The pair has one: a general conversation either of them opened is reused.
 */
export async function openGeneralConversation(
  db: Kysely<Database>,
  fromId: string,
  withId: string,
  now = new Date(),
): Promise<{ conversationId: number; created: boolean }> {
  if (fromId === withId) throw new DomainError("forbidden", MESSAGE_TEXT.ownProfile, { code: "own_profile" });
  const member = await db.selectFrom("profiles").select("id").where("id", "=", withId).executeTakeFirst();
  if (!member) throw new DomainError("not_found", MESSAGE_TEXT.memberNotFound);
  // One lookup per direction, each an equality on the partial unique index (SQLite's planner fails on the OR of both).
  const opened = (buyerId: string, sellerId: string) =>
    db.selectFrom("conversations").select("id").where("general", "=", 1).where("buyer_id", "=", buyerId).where("seller_id", "=", sellerId).executeTakeFirst();
  const existing = async () => (await opened(fromId, withId)) ?? (await opened(withId, fromId));
  const found = await existing();
  if (found) return { conversationId: found.id, created: false };
  const at = now.toISOString();
  // Two clicks at once: the partial unique index (conversations_general_pair) keeps one row; the other finds it.
  try {
    const inserted = await db
      .insertInto("conversations")
      .values({
        listing_id: null,
        listing_title: GENERAL_CONVERSATION_TITLE,
        buyer_id: fromId,
        seller_id: withId,
        general: 1,
        last_message_at: at,
        created_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { conversationId: inserted.id, created: true };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const raced = await existing();
  if (!raced) throw new DomainError("conflict", MESSAGE_TEXT.forbidden);
  return { conversationId: raced.id, created: false };
}

/** Trims a message and checks it may be sent (not blank, not too long). */
function cleanMessageBody(body: string): string {
  const text = body.replace(/\r\n?/g, "\n").trim();
  if (!text) throw new DomainError("invalid", MESSAGE_TEXT.blank, { field: "body" });
  if (text.length > MESSAGE_MAX_LENGTH) throw new DomainError("invalid", MESSAGE_TEXT.tooLong, { field: "body" });
  return text;
}

/** Conversations with both parties' names. */
function conversationsWithParties(db: Kysely<Database>) {
  return db
    .selectFrom("conversations as c")
    .innerJoin("profiles as buyer", "buyer.id", "c.buyer_id")
    .innerJoin("profiles as seller", "seller.id", "c.seller_id")
    .select(["c.id", "c.listing_id", "c.listing_title", "c.buyer_id", "c.seller_id", "c.last_message_at", ...PARTY_NAME_COLUMNS]);
}

async function participantConversation(db: Kysely<Database>, userId: string, conversationId: number) {
  const row = await conversationsWithParties(db).where("c.id", "=", conversationId).executeTakeFirst();
  // Someone else's conversation and one that does not exist read the same, so ids reveal nothing.
  if (!row || (row.buyer_id !== userId && row.seller_id !== userId)) throw new DomainError("forbidden", MESSAGE_TEXT.forbidden);
  const viewerIs = row.buyer_id === userId ? ("buyer" as const) : ("seller" as const);
  const names = partyNames(row);
  return {
    id: row.id,
    listingId: row.listing_id,
    listingTitle: row.listing_title,
    viewerIs,
    viewerName: names[viewerIs],
    otherPartyId: viewerIs === "buyer" ? row.seller_id : row.buyer_id,
    otherPartyName: viewerIs === "buyer" ? names.seller : names.buyer,
    lastMessageAt: row.last_message_at,
  };
}

export interface SendMessageInput {
  conversationId: number;
  senderId: string;
  body: string;
  now?: Date;
}

/**
 * Sends a message from one member of a conversation to the other: trimmed, never blank, at most 4,000 characters,
 * at most 20 a minute per sender. The message, the conversation's new last_message_at and the recipient's
 * notification are written together; then the recipient's and the sender's open pages are told.
 */
export async function sendMessage(
  db: Kysely<Database>,
  { conversationId, senderId, body, now = new Date() }: SendMessageInput,
  { limiter = sharedRateLimiter, bus = getLiveEventBus() }: { limiter?: RateLimiter; bus?: LiveEventBus } = {},
): Promise<ConversationMessage> {
  const text = cleanMessageBody(body);
  const at = now.toISOString();
  const { message, drafts, recipientId } = await inWriteTransaction(db, async (trx) => {
    const conversation = await participantConversation(trx, senderId, conversationId);
    // Counted in this transaction: if it runs again (PostgreSQL serialization failure) the first count was rolled back.
    const allowed = await limiter.hit(trx, `message:${senderId}`, MESSAGE_RATE_LIMIT, now);
    if (!allowed.allowed) throw new DomainError("rate_limited", MESSAGE_TEXT.tooFast, { retryAfterSeconds: allowed.retryAfterSeconds });
    const inserted = await trx
      .insertInto("messages")
      .values({ conversation_id: conversationId, sender_id: senderId, recipient_id: conversation.otherPartyId, body: text, created_at: at, read_at: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx.updateTable("conversations").set({ last_message_at: at }).where("id", "=", conversationId).execute();
    const drafts: NotificationDraft[] = [
      {
        userId: conversation.otherPartyId,
        type: "message",
        title: `New message from ${conversation.viewerName}`,
        message: `${conversation.listingTitle}: ${messageExcerpt(text, 140)}`,
        actionUrl: conversationUrl(conversationId),
      },
    ];
    await insertNotifications(trx, drafts, now);
    const message: ConversationMessage = { id: inserted.id, conversationId, senderId, body: text, createdAt: at, readAt: null };
    return { message, drafts, recipientId: conversation.otherPartyId };
  });
  announceNotifications(drafts, bus);
  const data: MessageEventData = { conversationId, message };
  for (const userId of [recipientId, senderId]) bus.publish({ topic: userTopic(userId), name: MESSAGE_EVENT, data });
  return message;
}

/**
 * `%text%` for LIKE, ASCII letters lower-cased, with the wildcards of the text itself escaped (by a backslash, see
 * `likeContains`).
 */
function containsPattern(text: string): string {
  return `%${asciiLowerCase(text).replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The text contains the pattern's text, ASCII letters in any case (SQLite's LIKE ignores their case, PostgreSQL's
 * does not: both compare the folded text, so both find the same conversations).
 */
function likeContains(db: Kysely<Database>, column: Expression<string | null>, pattern: string) {
  return sql<SqlBool>`${foldAsciiCase(db, column)} like ${pattern} escape '\\'`;
}

/**
 * The member's conversations, the latest message first: the other member's name, the listing's title, the last
 * message shortened and how many messages to the member are unread. A conversation without messages yet shows only
 * to the buyer who opened it. `search` keeps those whose other member, listing title or any message contains it.
 */
export async function listConversations(db: Kysely<Database>, userId: string, search = ""): Promise<ConversationSummary[]> {
  const term = search.trim();
  const pattern = containsPattern(term);
  const rows = await conversationsWithParties(db)
    .select((eb) => [
      eb.selectFrom("messages as m").select("m.body").whereRef("m.conversation_id", "=", "c.id").orderBy("m.id", "desc").limit(1).as("last_body"),
      eb.selectFrom("messages as m").select("m.sender_id").whereRef("m.conversation_id", "=", "c.id").orderBy("m.id", "desc").limit(1).as("last_sender_id"),
      eb
        .selectFrom("messages as m")
        .select((inner) => inner.fn.countAll<number>().as("n"))
        .whereRef("m.conversation_id", "=", "c.id")
        .where("m.recipient_id", "=", userId)
        .where("m.read_at", "is", null)
        .as("unread_count"),
    ])
    .where((eb) =>
      eb.or([
        eb("c.buyer_id", "=", userId),
        eb.and([eb("c.seller_id", "=", userId), eb.exists(eb.selectFrom("messages as m").select("m.id").whereRef("m.conversation_id", "=", "c.id"))]),
      ]),
    )
    .$if(term !== "", (query) =>
      query.where((eb) => {
        const other = (side: "buyer" | "seller") => [
          likeContains(db, eb.ref(`${side}.company_name`), pattern),
          likeContains(db, sql<string>`${eb.ref(`${side}.first_name`)} || ' ' || ${eb.ref(`${side}.last_name`)}`, pattern),
        ];
        return eb.or([
          likeContains(db, eb.ref("c.listing_title"), pattern),
          eb.and([eb("c.buyer_id", "=", userId), eb.or(other("seller"))]),
          eb.and([eb("c.seller_id", "=", userId), eb.or(other("buyer"))]),
          eb.exists(
            eb
              .selectFrom("messages as m")
              .select("m.id")
              .whereRef("m.conversation_id", "=", "c.id")
              .where(() => likeContains(db, sql.ref("m.body"), pattern)),
          ),
        ]);
      }),
    )
    .orderBy("c.last_message_at", "desc")
    .orderBy("c.id", "desc")
    .limit(CONVERSATION_LIST_LIMIT)
    .execute();
  return rows.map((row) => {
    const viewerIs = row.buyer_id === userId ? ("buyer" as const) : ("seller" as const);
    const otherName = partyNames(row)[viewerIs === "buyer" ? "seller" : "buyer"];
    return {
      id: row.id,
      listingId: row.listing_id,
      listingTitle: row.listing_title,
      viewerIs,
      otherPartyId: viewerIs === "buyer" ? row.seller_id : row.buyer_id,
      otherPartyName: otherName,
      lastMessageAt: row.last_message_at,
      lastMessage: row.last_body === null ? null : { excerpt: messageExcerpt(row.last_body, 90), fromViewer: row.last_sender_id === userId },
      unreadCount: Number(row.unread_count ?? 0),
    };
  });
}

/** Marks the member's unread messages of a conversation read (they are looking at it); returns how many. */
async function markConversationRead(db: Kysely<Database>, userId: string, conversationId: number, now = new Date()): Promise<number> {
  const result = await db
    .updateTable("messages")
    .set({ read_at: now.toISOString() })
    .where("recipient_id", "=", userId)
    .where("conversation_id", "=", conversationId)
    .where("read_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * One conversation as its member sees it: the other member, the listing and the latest messages, oldest first.
 * Opening it marks the messages to the member read. Anyone else is refused (DomainError "forbidden").
 */
export async function thread(db: Kysely<Database>, userId: string, conversationId: number, now = new Date()): Promise<ConversationThread> {
  const conversation = await participantConversation(db, userId, conversationId);
  await markConversationRead(db, userId, conversationId, now);
  const rows = await db
    .selectFrom("messages")
    .select(["id", "conversation_id", "sender_id", "body", "created_at", "read_at"])
    .where("conversation_id", "=", conversationId)
    .orderBy("id", "desc")
    .limit(THREAD_MESSAGE_LIMIT)
    .execute();
  const { viewerName: _viewerName, ...shown } = conversation;
  return {
    conversation: shown,
    messages: rows.reverse().map((row) => ({
      id: row.id,
      conversationId: row.conversation_id,
      senderId: row.sender_id,
      body: row.body,
      createdAt: row.created_at,
      readAt: row.read_at,
    })),
  };
}

/** How many messages to the member are unread, over all conversations (for a header badge). */
export async function countUnreadMessages(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom("messages")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("recipient_id", "=", userId)
    .where("read_at", "is", null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
