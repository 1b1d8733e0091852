// Make Offer: a buyer offers below the price of a listing whose seller takes offers; the seller accepts,
// declines or counters, the buyer answers a counter the same way; every offer and counter expires 48 hours after it
// was made unless answered; the maker may withdraw an open one. Accepting (by either side, or by the seller's
// auto-accept price) sells the item in one write transaction: the listing stops selling, every other open offer on it
// is declined with a notice and a pending order is created at the agreed amount with the fee schedule's fee. It locks
// the rows it decides on in the order Buy Now does (a hybrid's live auction, then the listing, then the offer), and
// claims the listing by a conditional update, so of two acceptances — or an acceptance and a Buy Now — exactly one wins.
//
// One negotiation is a chain of rows: the buyer's offer, then counters, each with parent_offer_id set and
// root_offer_id naming the first. Only the chain's last row can be open. Rows whose expires_at has passed count as
// expired for every rule at once; the scheduler (expireDueOffers) then marks them and tells both parties, once.
import type { Kysely } from "kysely";
import { forUpdate, inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import type { SaleType } from "~/lib/fees.ts";
import { formatExactPrice } from "~/lib/money.ts";
import {
  isOfferStatus,
  lowAutoPriceWarnings,
  MAX_OFFERS_PER_LISTING,
  OFFER_MESSAGE_MAX_LENGTH,
  OFFER_MESSAGES,
  OFFER_ORDER_PAYMENT_HOURS,
  OFFER_ORDER_PAYMENT_MS,
  OFFER_REASON_MAX_LENGTH,
  offerExpiresAt,
  offerLine,
  offersRemaining,
  type OfferAction,
  type OfferNegotiation,
  type OfferParty,
  type OfferStatus,
  type OfferStep,
} from "~/lib/offers.ts";
import { LIVE_AUCTION_STATUSES } from "~/lib/auctions.ts";
import { buyNowOpen, findLiveAuctionRow, lockLiveAuctionOf, type AuctionRow } from "../auctions/auction-state.server.ts";
import { isOwner, ownedListing, visibleTo } from "../listings/listing-policy.server.ts";
import { appendListingConversationLine } from "../messaging/messages.server.ts";
import { announceNotifications, insertNotifications, type NotificationDraft } from "../messaging/notifications.server.ts";
import { PARTY_NAME_COLUMNS, partyNames } from "../platform/party-names.server.ts";
import { createOrder } from "./order-creation.server.ts";
import { confirmShippingAddress, existingOrderCheckout, type AuctionCheckout } from "./checkout.server.ts";
import type { ShippingAddress } from "~/schemas/order.ts";
import { DomainError } from "../domain-error.ts";

interface ListingForOffers {
  id: number;
  user_id: string;
  title: string;
  listing_type: string;
  status: string;
  price_cents: number;
  currency: string;
  accepts_offers: number;
  auto_accept_cents: number | null;
  auto_decline_cents: number | null;
}

const LISTING_COLUMNS = [
  "id",
  "user_id",
  "title",
  "listing_type",
  "status",
  "price_cents",
  "currency",
  "accepts_offers",
  "auto_accept_cents",
  "auto_decline_cents",
] as const;

type OfferRow = Awaited<ReturnType<typeof findOfferRow>> & object;

function findOfferRow(db: Kysely<Database>, offerId: number) {
  return db.selectFrom("offers").selectAll().where("id", "=", offerId).executeTakeFirst();
}

/** An open row whose 48 hours have not yet passed: the only kind anyone may act on. */
function isLive(row: { status: string; expires_at: string }, now: Date): boolean {
  return row.status === "open" && row.expires_at > now.toISOString();
}

/** The status a row reads as at `now`: an open row past its expiry is expired even before the scheduler marks it. */
function statusAt(row: { status: string; expires_at: string }, now: Date): OfferStatus {
  if (row.status === "open" && !isLive(row, now)) return "expired";
  return isOfferStatus(row.status) ? row.status : "expired";
}

type Terms = { ok: true; priceCents: number; saleType: SaleType; auction: AuctionRow | undefined } | { ok: false; error: DomainError };

/** Whether the listing takes offers now, and below what price (a hybrid's: its Buy Now price while Buy Now is open). */
function offerTerms(listing: ListingForOffers, auction: AuctionRow | undefined): Terms {
  const refuse = (message: string): Terms => ({ ok: false, error: new DomainError("conflict", message) });
  if (listing.status === "sold") return refuse(OFFER_MESSAGES.alreadySold);
  if (listing.status !== "active") return refuse(OFFER_MESSAGES.notForSale);
  if (!listing.accepts_offers) return refuse(OFFER_MESSAGES.notTakingOffers);
  if (listing.listing_type === "buy_now") return { ok: true, priceCents: listing.price_cents, saleType: "buy_now", auction: undefined };
  if (listing.listing_type === "hybrid" && auction && buyNowOpen(auction) && auction.buy_now_price_cents !== null) {
    return { ok: true, priceCents: auction.buy_now_price_cents, saleType: "hybrid", auction };
  }
  return refuse(listing.listing_type === "hybrid" ? OFFER_MESSAGES.notForSale : OFFER_MESSAGES.notTakingOffers);
}

/** Locks a hybrid's live auction, then the listing (the order Buy Now and bids keep), and reads what offers decide on. */
async function lockListingForOffers(trx: Kysely<Database>, listingId: number) {
  await lockLiveAuctionOf(trx, listingId);
  const listing = await forUpdate(trx, trx.selectFrom("equipment_listings").select(LISTING_COLUMNS).where("id", "=", listingId)).executeTakeFirst();
  const auction = listing?.listing_type === "hybrid" ? await findLiveAuctionRow(trx, listingId) : undefined;
  return { listing, auction };
}

function cleanText(value: string | undefined, max: number, message: string, field: string): string {
  const text = (value ?? "").replace(/\r\n?/g, "\n").trim();
  if (text.length > max) throw new DomainError("invalid", message, { field });
  return text;
}

function checkAmount(amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new DomainError("invalid", OFFER_MESSAGES.amountTooLow, { field: "amount" });
}

/** Work done inside a transaction, and what to announce once it has committed. */
interface Effects {
  notifications: NotificationDraft[];
}

const offersUrl = (party: OfferParty) => `/offers?tab=${party === "seller" ? "received" : "sent"}`;

/**
 * One step of the negotiation, written as a line of the listing's conversation from `from` to the other party, and
 * a notification (type "offer", mailed if they chose so) to `notify`.
 */
async function record(
  trx: Kysely<Database>,
  effects: Effects,
  step: {
    listing: { id: number; title: string };
    buyerId: string;
    sellerId: string;
    from: OfferParty;
    line: string;
    notify: OfferParty[];
    title: string;
    at: string;
  },
): Promise<void> {
  const [senderId, recipientId] = step.from === "buyer" ? [step.buyerId, step.sellerId] : [step.sellerId, step.buyerId];
  await appendListingConversationLine(trx, {
    listing: step.listing,
    buyerId: step.buyerId,
    sellerId: step.sellerId,
    senderId,
    recipientId,
    body: step.line,
    at: step.at,
  });
  for (const party of step.notify) {
    effects.notifications.push({
      userId: party === "buyer" ? step.buyerId : step.sellerId,
      type: "offer",
      title: step.title,
      message: `${step.listing.title}: ${step.line}`,
      actionUrl: offersUrl(party),
    });
  }
}

const otherParty = (party: OfferParty): OfferParty => (party === "buyer" ? "seller" : "buyer");

// ── Making an offer ──

export interface MakeOfferRequest {
  listingId: number;
  buyerId: string;
  amountCents: number;
  message?: string;
  now?: Date;
}

export interface OfferOutcome {
  offerId: number;
  /** open, or accepted / declined at once by the seller's automatic prices. */
  status: OfferStatus;
  orderId: number | null;
}

/**
 * A buyer's offer on a listing: below its price, at most MAX_OFFERS_PER_LISTING per buyer and listing whatever became
 * of them, one open at a time. The seller's auto-accept price accepts it at once (an order is made), the auto-decline
 * price declines it at once. Refuses with DomainError.
 */
export async function makeOffer(db: Kysely<Database>, request: MakeOfferRequest): Promise<OfferOutcome> {
  const now = request.now ?? new Date();
  const at = now.toISOString();
  checkAmount(request.amountCents);
  const message = cleanText(request.message, OFFER_MESSAGE_MAX_LENGTH, OFFER_MESSAGES.messageTooLong, "message");
  const effects: Effects = { notifications: [] };
  const outcome = await inWriteTransaction(
    db,
    async (trx) => {
      effects.notifications = [];
      const { listing, auction } = await lockListingForOffers(trx, request.listingId);
      if (!listing || !visibleTo(ownedListing(listing), null)) throw new DomainError("not_found", OFFER_MESSAGES.listingNotFound);
      if (isOwner(ownedListing(listing), request.buyerId)) throw new DomainError("forbidden", OFFER_MESSAGES.ownListing);
      const terms = offerTerms(listing, auction);
      if (!terms.ok) throw terms.error;
      if (request.amountCents >= terms.priceCents) throw new DomainError("invalid", OFFER_MESSAGES.amountTooHigh, { field: "amount" });
      const rows = await trx
        .selectFrom("offers")
        .select(["id", "status", "made_by", "expires_at"])
        .where("listing_id", "=", listing.id)
        .where("buyer_id", "=", request.buyerId)
        .execute();
      if (rows.some((row) => isLive(row, now))) throw new DomainError("conflict", OFFER_MESSAGES.alreadyOpen);
      if (rows.filter((row) => row.made_by === "buyer").length >= MAX_OFFERS_PER_LISTING) throw new DomainError("conflict", OFFER_MESSAGES.capReached);
      const { id } = await trx
        .insertInto("offers")
        .values({
          listing_id: listing.id,
          buyer_id: request.buyerId,
          seller_id: listing.user_id,
          amount_cents: request.amountCents,
          currency: listing.currency,
          message,
          status: "open",
          made_by: "buyer",
          expires_at: offerExpiresAt(now).toISOString(),
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const offer = (await findOfferRow(trx, id))!;
      await record(trx, effects, {
        listing,
        buyerId: request.buyerId,
        sellerId: listing.user_id,
        from: "buyer",
        line: message
          ? `${offerLine("buyer", request.amountCents, listing.currency, false)}: ${message}`
          : offerLine("buyer", request.amountCents, listing.currency, false),
        notify: ["seller"],
        title: `New offer: ${formatExactPrice(request.amountCents, listing.currency)}`,
        at,
      });
      const answered = await answerAutomatically(trx, effects, offer, listing, terms, now);
      await insertNotifications(trx, effects.notifications, now);
      return answered;
    },
    { decidesOnLockedRows: true },
  );
  announceNotifications(effects.notifications);
  return outcome;
}

/** The seller's automatic prices applied to a buyer's offer or counter just made. */
async function answerAutomatically(
  trx: Kysely<Database>,
  effects: Effects,
  offer: OfferRow,
  listing: ListingForOffers,
  terms: Extract<Terms, { ok: true }>,
  now: Date,
): Promise<OfferOutcome> {
  if (listing.auto_accept_cents !== null && offer.amount_cents >= listing.auto_accept_cents) {
    const orderId = await acceptOffer(trx, effects, offer, listing, terms, "system", now);
    return { offerId: offer.id, status: "accepted", orderId };
  }
  if (listing.auto_decline_cents !== null && offer.amount_cents < listing.auto_decline_cents) {
    await closeOffer(trx, effects, offer, listing, "declined", "system", null, now);
    return { offerId: offer.id, status: "declined", orderId: null };
  }
  return { offerId: offer.id, status: "open", orderId: null };
}

/** Claims an open row for a new status; false when someone else changed it first. */
async function claimOffer(
  trx: Kysely<Database>,
  offerId: number,
  changes: { status: OfferStatus; acted_by: OfferParty | "system"; decline_reason?: string | null },
  at: string,
): Promise<boolean> {
  const claimed = await trx
    .updateTable("offers")
    .set({ ...changes, updated_at: at })
    .where("id", "=", offerId)
    .where("status", "=", "open")
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Declines or withdraws an open row, with its line and the other party's notice. */
async function closeOffer(
  trx: Kysely<Database>,
  effects: Effects,
  offer: OfferRow,
  listing: { id: number; title: string; currency: string },
  status: "declined" | "withdrawn",
  actedBy: OfferParty | "system",
  reason: string | null,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  if (!(await claimOffer(trx, offer.id, { status, acted_by: actedBy, decline_reason: reason || null }, at))) {
    throw new DomainError("conflict", OFFER_MESSAGES.notOpen);
  }
  const amount = formatExactPrice(offer.amount_cents, listing.currency);
  const maker = offer.made_by as OfferParty;
  const line =
    status === "withdrawn"
      ? `The ${maker} withdrew the offer of ${amount}`
      : actedBy === "system"
        ? `The offer of ${amount} was declined automatically`
        : `The ${actedBy} declined the offer of ${amount}${reason ? `: ${reason}` : ""}`;
  await record(trx, effects, {
    listing,
    buyerId: offer.buyer_id,
    sellerId: offer.seller_id,
    // An automatic answer is the seller's rule speaking; a withdrawal comes from the maker.
    from: status === "withdrawn" ? maker : actedBy === "system" ? "seller" : actedBy,
    line,
    notify: status === "withdrawn" ? [otherParty(maker)] : actedBy === "system" ? ["buyer"] : [otherParty(actedBy)],
    title: status === "withdrawn" ? `Offer withdrawn: ${amount}` : `Offer declined: ${amount}`,
    at,
  });
}

/**
 * Accepts an open row: claims it and the listing, ends a hybrid's auction, creates the order at the agreed amount and
 * declines every other open offer on the listing with a notice. Returns the order's id.
 */
async function acceptOffer(
  trx: Kysely<Database>,
  effects: Effects,
  offer: OfferRow,
  listing: ListingForOffers,
  terms: Extract<Terms, { ok: true }>,
  actedBy: OfferParty | "system",
  now: Date,
): Promise<number> {
  const at = now.toISOString();
  if (!(await claimOffer(trx, offer.id, { status: "accepted", acted_by: actedBy }, at))) throw new DomainError("conflict", OFFER_MESSAGES.notOpen);
  const claimed = await trx
    .updateTable("equipment_listings")
    .set({ status: "sold", updated_at: at })
    .where("id", "=", listing.id)
    .where("status", "=", "active")
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw new DomainError("conflict", OFFER_MESSAGES.alreadySold);
  if (terms.auction) {
    const ended = await trx
      .updateTable("auctions")
      .set((eb) => ({ status: "ended", winner_id: offer.buyer_id, ended_at: at, end_date: at, version: eb("version", "+", 1), updated_at: at }))
      .where("id", "=", terms.auction.id)
      .where("version", "=", terms.auction.version)
      .where("status", "in", LIVE_AUCTION_STATUSES)
      .executeTakeFirst();
    if (Number(ended.numUpdatedRows) !== 1) throw new DomainError("conflict", OFFER_MESSAGES.alreadySold);
    // Its bidders learn why bidding stopped, as they do when a Buy Now ends it.
    const bidders = await trx
      .selectFrom("bids")
      .select("user_id")
      .distinct()
      .where("auction_id", "=", terms.auction.id)
      .where("user_id", "!=", offer.buyer_id)
      .execute();
    for (const { user_id } of bidders) {
      effects.notifications.push({
        userId: user_id,
        type: "auction_ended",
        title: `Auction ended: ${listing.title}`,
        message: `The seller accepted an offer on "${listing.title}", so the auction has ended and no further bids are taken.`,
        actionUrl: `/auctions/${terms.auction.id}`,
      });
    }
  }
  const actorId = actedBy === "buyer" ? offer.buyer_id : actedBy === "seller" ? offer.seller_id : null;
  const order = await createOrder(
    trx,
    {
      listingId: listing.id,
      auctionId: terms.auction?.id ?? null,
      buyerId: offer.buyer_id,
      sellerId: offer.seller_id,
      saleType: terms.saleType,
      amountCents: offer.amount_cents,
      currency: listing.currency,
      createdBy: actorId,
    },
    now,
  );
  await trx.updateTable("offers").set({ order_id: order.id }).where("id", "=", offer.id).execute();
  const amount = formatExactPrice(offer.amount_cents, listing.currency);
  const accepter: OfferParty = actedBy === "system" ? "seller" : actedBy;
  await record(trx, effects, {
    listing,
    buyerId: offer.buyer_id,
    sellerId: offer.seller_id,
    from: accepter,
    line: `${actedBy === "system" ? "The offer was accepted automatically" : `The ${accepter} accepted`} at ${amount}. Order ${order.reference} awaits the buyer's payment within ${OFFER_ORDER_PAYMENT_HOURS} hours.`,
    notify: actedBy === "system" ? ["buyer", "seller"] : [otherParty(accepter)],
    title: `Offer accepted: ${amount}`,
    at,
  });
  const others = await trx
    .selectFrom("offers")
    .selectAll()
    .where("listing_id", "=", listing.id)
    .where("status", "=", "open")
    .where("id", "!=", offer.id)
    .execute();
  for (const other of others) {
    if (!(await claimOffer(trx, other.id, { status: "declined", acted_by: "system", decline_reason: OFFER_MESSAGES.soldToAnother }, at))) continue;
    await record(trx, effects, {
      listing,
      buyerId: other.buyer_id,
      sellerId: other.seller_id,
      from: "seller",
      line: `The offer of ${formatExactPrice(other.amount_cents, listing.currency)} was declined: ${OFFER_MESSAGES.soldToAnother.toLowerCase()}`,
      notify: ["buyer"],
      title: `Offer declined: ${listing.title} was sold`,
      at,
    });
  }
  return order.id;
}

// ── Answering an offer ──

export interface OfferResponse {
  offerId: number;
  userId: string;
  action: OfferAction;
  /** For a counter. */
  amountCents?: number;
  /** For a counter: a note to the other party. */
  message?: string;
  /** For a decline: why (optional). */
  reason?: string;
  now?: Date;
}

/** The party `userId` is in the offer, or null for anyone else. */
function partyIn(offer: { buyer_id: string; seller_id: string }, userId: string): OfferParty | null {
  if (offer.buyer_id === userId) return "buyer";
  if (offer.seller_id === userId) return "seller";
  return null;
}

/** The counter's exclusive bounds: above the amount countered (a seller) or the buyer's last amount, below the price or the seller's counter. */
async function counterRange(trx: Kysely<Database>, offer: OfferRow, priceCents: number): Promise<{ aboveCents: number; belowCents: number }> {
  if (offer.made_by === "buyer") return { aboveCents: offer.amount_cents, belowCents: priceCents };
  const parent =
    offer.parent_offer_id === null
      ? undefined
      : await trx.selectFrom("offers").select("amount_cents").where("id", "=", offer.parent_offer_id).executeTakeFirst();
  return { aboveCents: parent?.amount_cents ?? 0, belowCents: offer.amount_cents };
}

/**
 * Accept, decline (optional reason) or counter an open offer — only its other party may — or withdraw it — only its
 * maker may. A counter is a new open row; a buyer's counter counts towards the buyer's offers. Refuses with DomainError:
 * not_found for anyone but the two parties, forbidden for the wrong party, conflict for a row no longer open.
 */
export async function respondToOffer(db: Kysely<Database>, request: OfferResponse): Promise<OfferOutcome> {
  const now = request.now ?? new Date();
  const at = now.toISOString();
  const reason = cleanText(request.reason, OFFER_REASON_MAX_LENGTH, OFFER_MESSAGES.reasonTooLong, "reason");
  const message = cleanText(request.message, OFFER_MESSAGE_MAX_LENGTH, OFFER_MESSAGES.messageTooLong, "message");
  if (request.action === "counter") {
    if (request.amountCents === undefined) throw new DomainError("invalid", OFFER_MESSAGES.amountRequired, { field: "amount" });
    checkAmount(request.amountCents);
  }
  const first = await db.selectFrom("offers").select(["listing_id", "buyer_id", "seller_id"]).where("id", "=", request.offerId).executeTakeFirst();
  if (!first || partyIn(first, request.userId) === null) throw new DomainError("not_found", OFFER_MESSAGES.offerNotFound);
  const effects: Effects = { notifications: [] };
  const outcome = await inWriteTransaction(
    db,
    async (trx) => {
      effects.notifications = [];
      const answered = await answer(trx, request, first.listing_id, effects, { reason, message, now, at });
      await insertNotifications(trx, effects.notifications, now);
      return answered;
    },
    { decidesOnLockedRows: true },
  );
  announceNotifications(effects.notifications);
  return outcome;
}

async function answer(
  trx: Kysely<Database>,
  request: OfferResponse,
  listingId: number,
  effects: Effects,
  { reason, message, now, at }: { reason: string; message: string; now: Date; at: string },
): Promise<OfferOutcome> {
  const { listing, auction } = await lockListingForOffers(trx, listingId);
  const offer = await forUpdate(trx, trx.selectFrom("offers").selectAll().where("id", "=", request.offerId)).executeTakeFirst();
  if (!offer || !listing) throw new DomainError("not_found", OFFER_MESSAGES.offerNotFound);
  const party = partyIn(offer, request.userId)!;
  if (request.action === "withdraw" && party !== offer.made_by) throw new DomainError("forbidden", OFFER_MESSAGES.onlyMakerWithdraws);
  if (request.action !== "withdraw" && party === offer.made_by) throw new DomainError("forbidden", OFFER_MESSAGES.notYours);
  if (offer.status !== "open") throw new DomainError("conflict", OFFER_MESSAGES.notOpen);
  if (!isLive(offer, now)) throw new DomainError("conflict", OFFER_MESSAGES.expired);

  if (request.action === "withdraw" || request.action === "decline") {
    await closeOffer(
      trx,
      effects,
      offer,
      listing,
      request.action === "withdraw" ? "withdrawn" : "declined",
      party,
      request.action === "decline" ? reason : null,
      now,
    );
    return { offerId: offer.id, status: request.action === "withdraw" ? ("withdrawn" as const) : ("declined" as const), orderId: null };
  }
  const terms = offerTerms(listing, auction);
  if (!terms.ok) throw terms.error;
  if (request.action === "accept") {
    const orderId = await acceptOffer(trx, effects, offer, listing, terms, party, now);
    return { offerId: offer.id, status: "accepted" as const, orderId };
  }

  // A counter.
  const amountCents = request.amountCents!;
  if (party === "buyer") {
    const made = await trx
      .selectFrom("offers")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("listing_id", "=", listing.id)
      .where("buyer_id", "=", offer.buyer_id)
      .where("made_by", "=", "buyer")
      .executeTakeFirstOrThrow();
    if (Number(made.n) >= MAX_OFFERS_PER_LISTING) throw new DomainError("conflict", OFFER_MESSAGES.noCounterLeft);
  }
  const range = await counterRange(trx, offer, terms.priceCents);
  if (amountCents <= range.aboveCents || amountCents >= range.belowCents) {
    throw new DomainError("invalid", OFFER_MESSAGES.counterOutOfRange, { field: "amount" });
  }
  if (!(await claimOffer(trx, offer.id, { status: "countered", acted_by: party }, at))) throw new DomainError("conflict", OFFER_MESSAGES.notOpen);
  const { id } = await trx
    .insertInto("offers")
    .values({
      listing_id: listing.id,
      buyer_id: offer.buyer_id,
      seller_id: offer.seller_id,
      amount_cents: amountCents,
      currency: listing.currency,
      message,
      status: "open",
      made_by: party,
      parent_offer_id: offer.id,
      root_offer_id: offer.root_offer_id ?? offer.id,
      expires_at: offerExpiresAt(now).toISOString(),
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const line = offerLine(party, amountCents, listing.currency, true);
  await record(trx, effects, {
    listing,
    buyerId: offer.buyer_id,
    sellerId: offer.seller_id,
    from: party,
    line: message ? `${line}: ${message}` : line,
    notify: [otherParty(party)],
    title: `Counter-offer: ${formatExactPrice(amountCents, listing.currency)}`,
    at,
  });
  const counter = (await findOfferRow(trx, id))!;
  if (party === "buyer") return answerAutomatically(trx, effects, counter, listing, terms, now);
  return { offerId: id, status: "open" as const, orderId: null };
}

// ── The scheduler's deadlines ──

/**
 * Marks every open offer or counter whose 48 hours have passed as expired and tells both parties, once: each row is
 * claimed by a conditional update, so two scheduler passes (or processes) never both report it. Returns how many.
 */
export async function expireDueOffers(db: Kysely<Database>, now: Date = new Date(), limit = 200): Promise<number> {
  const at = now.toISOString();
  const effects: Effects = { notifications: [] };
  const count = await inWriteTransaction(db, async (trx) => {
    effects.notifications = [];
    const due = await trx
      .selectFrom("offers as o")
      .innerJoin("equipment_listings as l", "l.id", "o.listing_id")
      .selectAll("o")
      .select(["l.title"])
      .where("o.status", "=", "open")
      .where("o.expires_at", "<=", at)
      .orderBy("o.expires_at")
      .limit(limit)
      .execute();
    let expired = 0;
    for (const offer of due) {
      if (!(await claimOffer(trx, offer.id, { status: "expired", acted_by: "system" }, at))) continue;
      expired += 1;
      const maker = offer.made_by as OfferParty;
      const amount = formatExactPrice(offer.amount_cents, offer.currency);
      await record(trx, effects, {
        listing: { id: offer.listing_id, title: offer.title },
        buyerId: offer.buyer_id,
        sellerId: offer.seller_id,
        from: maker,
        line: `The ${maker === "seller" ? "counter" : "offer"} of ${amount} expired unanswered after 48 hours`,
        notify: ["buyer", "seller"],
        title: `Offer expired: ${amount}`,
        at,
      });
    }
    await insertNotifications(trx, effects.notifications, now);
    return expired;
  });
  announceNotifications(effects.notifications);
  return count;
}

/**
 * Cancels every order made by accepting an offer that is still unpaid 48 hours after it was made: the listing is on
 * sale again, and both parties are told. Each order is claimed by its status and version, so it happens once.
 */
export async function cancelUnpaidOfferOrders(db: Kysely<Database>, now: Date = new Date(), limit = 200): Promise<number> {
  const at = now.toISOString();
  const cutoff = new Date(now.getTime() - OFFER_ORDER_PAYMENT_MS).toISOString();
  const effects: Effects = { notifications: [] };
  const count = await inWriteTransaction(db, async (trx) => {
    effects.notifications = [];
    const due = await trx
      .selectFrom("orders as o")
      .innerJoin("offers as f", "f.order_id", "o.id")
      .innerJoin("equipment_listings as l", "l.id", "o.listing_id")
      .select(["o.id", "o.reference", "o.version", "o.buyer_id", "o.seller_id", "o.listing_id", "o.amount_cents", "o.currency", "l.title"])
      .where("o.status", "=", "pending")
      .where("o.created_at", "<=", cutoff)
      .orderBy("o.created_at")
      .limit(limit)
      .execute();
    let cancelled = 0;
    for (const order of due) {
      const claimed = await trx
        .updateTable("orders")
        .set((eb) => ({ status: "cancelled", cancelled_at: at, version: eb("version", "+", 1), updated_at: at }))
        .where("id", "=", order.id)
        .where("status", "=", "pending")
        .where("version", "=", order.version)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      cancelled += 1;
      await trx
        .updateTable("equipment_listings")
        .set({ status: "active", updated_at: at })
        .where("id", "=", order.listing_id)
        .where("status", "=", "sold")
        .execute();
      const note = `Cancelled automatically: not paid within ${OFFER_ORDER_PAYMENT_HOURS} hours of the accepted offer. The item is back on sale.`;
      await trx.insertInto("order_events").values({ order_id: order.id, status: "cancelled", actor_id: null, note, created_at: at }).execute();
      for (const userId of [order.buyer_id, order.seller_id]) {
        effects.notifications.push({
          userId,
          type: "offer",
          title: `Order ${order.reference} was cancelled`,
          message: `The order for "${order.title}" at ${formatExactPrice(order.amount_cents, order.currency)} was not paid within ${OFFER_ORDER_PAYMENT_HOURS} hours of the accepted offer, so it was cancelled and the item is back on sale.`,
          actionUrl: `/orders/${order.id}`,
        });
      }
    }
    await insertNotifications(trx, effects.notifications, now);
    return cancelled;
  });
  announceNotifications(effects.notifications);
  return count;
}

// ── What the pages show ──

/** The Make Offer panel of a listing page; never carries the seller's automatic prices. */
export interface OfferPanel {
  listingTitle: string;
  /** Whether the viewer could make an offer now (signed in, not the seller, offers left, none open). */
  canOffer: boolean;
  /** Why not, when a signed-in buyer cannot. */
  problem: string | null;
  offersRemaining: number;
  priceCents: number;
  currency: string;
  /** The viewer's open offer or counter on it, if any. */
  open: { offerId: number; amountCents: number; madeBy: OfferParty; expiresAt: string } | null;
}

/** The panel for `viewerId` (null: signed out), or null when the listing takes no offers now. */
export async function getOfferPanel(db: Kysely<Database>, listingId: number, viewerId: string | null, now: Date = new Date()): Promise<OfferPanel | null> {
  const listing = await db.selectFrom("equipment_listings").select(LISTING_COLUMNS).where("id", "=", listingId).executeTakeFirst();
  if (!listing || !listing.accepts_offers || listing.status !== "active") return null;
  const auction = listing.listing_type === "hybrid" ? await findLiveAuctionRow(db, listingId) : undefined;
  const terms = offerTerms(listing, auction);
  if (!terms.ok) return null;
  const base = { listingTitle: listing.title, priceCents: terms.priceCents, currency: listing.currency };
  if (!viewerId) return { ...base, canOffer: false, problem: null, offersRemaining: MAX_OFFERS_PER_LISTING, open: null };
  if (viewerId === listing.user_id) return null;
  const rows = await db
    .selectFrom("offers")
    .select(["id", "status", "made_by", "amount_cents", "expires_at"])
    .where("listing_id", "=", listingId)
    .where("buyer_id", "=", viewerId)
    .orderBy("id", "desc")
    .execute();
  const remaining = offersRemaining(rows.filter((row) => row.made_by === "buyer").length);
  const live = rows.find((row) => isLive(row, now));
  const open = live ? { offerId: live.id, amountCents: live.amount_cents, madeBy: live.made_by as OfferParty, expiresAt: live.expires_at } : null;
  const problem = open ? OFFER_MESSAGES.alreadyOpen : remaining === 0 ? OFFER_MESSAGES.capReached : null;
  return { ...base, canOffer: problem === null, problem, offersRemaining: remaining, open };
}

export type OffersTab = "received" | "sent";
/** How many offer rows /offers reads at most per tab (newest first). */
const OFFERS_PAGE_LIMIT = 300;

/** The viewer's negotiations on one tab, the latest activity first, each with its steps and the viewer's actions. */
export async function listNegotiations(db: Kysely<Database>, userId: string, tab: OffersTab, now: Date = new Date()): Promise<OfferNegotiation[]> {
  const rows = await db
    .selectFrom("offers as o")
    .innerJoin("equipment_listings as l", "l.id", "o.listing_id")
    .innerJoin("profiles as buyer", "buyer.id", "o.buyer_id")
    .innerJoin("profiles as seller", "seller.id", "o.seller_id")
    .select([
      "o.id",
      "o.listing_id",
      "o.buyer_id",
      "o.amount_cents",
      "o.currency",
      "o.message",
      "o.status",
      "o.made_by",
      "o.acted_by",
      "o.decline_reason",
      "o.root_offer_id",
      "o.order_id",
      "o.expires_at",
      "o.created_at",
      "l.title",
      "l.listing_type",
      "l.price_cents",
      "l.buy_now_price_cents",
      ...PARTY_NAME_COLUMNS,
    ])
    .where(tab === "received" ? "o.seller_id" : "o.buyer_id", "=", userId)
    .orderBy("o.id", "desc")
    .limit(OFFERS_PAGE_LIMIT)
    .execute();
  const chains = new Map<number, typeof rows>();
  for (const row of rows) {
    const root = row.root_offer_id ?? row.id;
    chains.set(root, [...(chains.get(root) ?? []), row]);
  }
  const buyerMade = new Map<string, number>();
  for (const row of rows) {
    if (row.made_by !== "buyer") continue;
    const key = `${row.listing_id}:${row.buyer_id}`;
    buyerMade.set(key, (buyerMade.get(key) ?? 0) + 1);
  }
  const viewerIs: OfferParty = tab === "received" ? "seller" : "buyer";
  const negotiations: OfferNegotiation[] = [];
  for (const chain of chains.values()) {
    const steps = [...chain].sort((a, b) => a.id - b.id);
    const latest = steps[steps.length - 1];
    const names = partyNames(latest);
    const priceCents = latest.listing_type === "hybrid" ? (latest.buy_now_price_cents ?? latest.price_cents) : latest.price_cents;
    const status = statusAt(latest, now);
    const actions: OfferAction[] = [];
    let range: OfferNegotiation["counterRange"] = null;
    if (status === "open") {
      if (latest.made_by === viewerIs) actions.push("withdraw");
      else {
        actions.push("accept", "decline");
        const canCounter = viewerIs === "seller" || (buyerMade.get(`${latest.listing_id}:${latest.buyer_id}`) ?? 0) < MAX_OFFERS_PER_LISTING;
        const above = latest.made_by === "buyer" ? latest.amount_cents : (steps[steps.length - 2]?.amount_cents ?? 0);
        const below = latest.made_by === "buyer" ? priceCents : latest.amount_cents;
        if (canCounter && below - above > 1) {
          actions.push("counter");
          range = { aboveCents: above, belowCents: below };
        }
      }
    }
    const toStep = (row: (typeof rows)[number]): OfferStep => ({
      id: row.id,
      madeBy: row.made_by as OfferParty,
      amountCents: row.amount_cents,
      message: row.message,
      status: statusAt(row, now),
      actedBy: (row.acted_by as OfferStep["actedBy"]) ?? null,
      declineReason: row.decline_reason,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
    });
    negotiations.push({
      offerId: latest.id,
      listingId: latest.listing_id,
      listingTitle: latest.title,
      currency: latest.currency,
      priceCents,
      viewerIs,
      otherPartyName: viewerIs === "seller" ? names.buyer : names.seller,
      steps: steps.map(toStep),
      status,
      expiresAt: latest.expires_at,
      orderId: latest.order_id,
      actions,
      counterRange: range,
    });
  }
  return negotiations.sort((a, b) => b.offerId - a.offerId);
}

/** How many offers await the user's answer (for the account menu's badge). */
export async function countOffersAwaitingAnswer(db: Kysely<Database>, userId: string, now: Date = new Date()): Promise<number> {
  const row = await db
    .selectFrom("offers")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "open")
    .where("expires_at", ">", now.toISOString())
    .where((eb) =>
      eb.or([eb.and([eb("seller_id", "=", userId), eb("made_by", "=", "buyer")]), eb.and([eb("buyer_id", "=", userId), eb("made_by", "=", "seller")])]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ── The seller's settings ──

export interface OfferSettings {
  acceptsOffers: boolean;
  autoAcceptCents: number | null;
  autoDeclineCents: number | null;
  /** The seller confirmed automatic prices below half the price (lowAutoPriceWarnings); never stored. */
  confirmedLowPrices?: boolean;
}

/**
 * The currency of an offer's amounts: the listing's (`listingId`) for a new offer, the negotiation's (`offerId`) for a
 * counter; null when there is no such listing or offer. The offer forms read amounts in hundredths of a unit and
 * convert them with it (¥: whole yen only).
 */
export async function offerAmountCurrency(db: Kysely<Database>, of: { listingId: number } | { offerId: number }): Promise<string | null> {
  const row =
    "listingId" in of
      ? await db.selectFrom("equipment_listings").select("currency").where("id", "=", of.listingId).executeTakeFirst()
      : await db.selectFrom("offers").select("currency").where("id", "=", of.offerId).executeTakeFirst();
  return row?.currency ?? null;
}

/** The seller's offer settings of a listing (for its edit form only: never for buyers). */
export async function getOfferSettings(db: Kysely<Database>, listingId: number): Promise<OfferSettings> {
  const row = await db
    .selectFrom("equipment_listings")
    .select(["accepts_offers", "auto_accept_cents", "auto_decline_cents"])
    .where("id", "=", listingId)
    .executeTakeFirst();
  return { acceptsOffers: Boolean(row?.accepts_offers), autoAcceptCents: row?.auto_accept_cents ?? null, autoDeclineCents: row?.auto_decline_cents ?? null };
}

/**
 * Refuses settings that break rule 1: only buy_now and hybrid listings, both prices below the price, decline below
 * accept; and automatic prices under half the price unless the seller confirmed them.
 */
export function checkOfferSettings(settings: OfferSettings, listingType: string, priceCents: number): void {
  if (!settings.acceptsOffers) return;
  if (listingType !== "buy_now" && listingType !== "hybrid") throw new DomainError("invalid", OFFER_MESSAGES.settingsWrongType, { field: "acceptsOffers" });
  const { autoAcceptCents: accept, autoDeclineCents: decline } = settings;
  if (accept !== null && (accept <= 0 || accept >= priceCents))
    throw new DomainError("invalid", OFFER_MESSAGES.autoAcceptTooHigh, { field: "autoAcceptPrice" });
  if (decline !== null && (decline <= 0 || decline >= priceCents || (accept !== null && decline >= accept))) {
    throw new DomainError("invalid", OFFER_MESSAGES.autoDeclineTooHigh, { field: "autoDeclinePrice" });
  }
  if (!settings.confirmedLowPrices) {
    const [field, warning] = Object.entries(lowAutoPriceWarnings(settings, priceCents))[0] ?? [];
    if (field && warning) throw new DomainError("invalid", warning, { field });
  }
}

/**
 * Saves the offer settings of a listing its caller has already been allowed to edit (the listing routes check that
 * first). The price they are checked against is the Buy Now price (a hybrid's buy_now_price_cents). Turning offers off
 * leaves open offers to be answered or to expire.
 */
export async function saveOfferSettings(db: Kysely<Database>, listingId: number, settings: OfferSettings, now: Date = new Date()): Promise<void> {
  const listing = await db
    .selectFrom("equipment_listings")
    .select(["listing_type", "price_cents", "buy_now_price_cents"])
    .where("id", "=", listingId)
    .executeTakeFirst();
  if (!listing) throw new DomainError("not_found", OFFER_MESSAGES.listingNotFound);
  const price = listing.listing_type === "hybrid" ? (listing.buy_now_price_cents ?? 0) : listing.price_cents;
  checkOfferSettings(settings, listing.listing_type, price);
  await db
    .updateTable("equipment_listings")
    .set({
      accepts_offers: settings.acceptsOffers ? 1 : 0,
      auto_accept_cents: settings.acceptsOffers ? settings.autoAcceptCents : null,
      auto_decline_cents: settings.acceptsOffers ? settings.autoDeclineCents : null,
      updated_at: now.toISOString(),
    })
    .where("id", "=", listingId)
    .execute();
}

// ── The accepted offer's checkout ──

export interface OfferCheckout extends AuctionCheckout {
  /** When the order is cancelled if still unpaid. */
  payBy: string;
}

/** The buyer's checkout of an accepted offer (the order at the agreed amount), or null for anyone else. */
export async function getOfferCheckout(db: Kysely<Database>, offerId: number, viewerId: string): Promise<OfferCheckout | null> {
  const offer = await db.selectFrom("offers").select(["order_id", "buyer_id"]).where("id", "=", offerId).executeTakeFirst();
  if (!offer || offer.buyer_id !== viewerId || offer.order_id === null) return null;
  const order = await db.selectFrom("orders").selectAll().where("id", "=", offer.order_id).executeTakeFirst();
  const checkout = order ? await existingOrderCheckout(db, order, "buy_now") : null;
  if (!order || !checkout) return null;
  return { ...checkout, payBy: new Date(Date.parse(order.created_at) + OFFER_ORDER_PAYMENT_MS).toISOString() };
}

/** The buyer confirms the shipping address of the order their accepted offer made. */
export async function confirmOfferCheckout(
  db: Kysely<Database>,
  request: { offerId: number; buyerId: string; shipping: ShippingAddress; now?: Date },
): Promise<{ orderId: number }> {
  const now = request.now ?? new Date();
  const stamp = now.toISOString();
  return inWriteTransaction(
    db,
    async (trx) => {
      const offer = await trx.selectFrom("offers").select(["order_id", "buyer_id"]).where("id", "=", request.offerId).executeTakeFirst();
      if (!offer || offer.buyer_id !== request.buyerId || offer.order_id === null) throw new DomainError("not_found", OFFER_MESSAGES.offerOrderNotFound);
      const order = await forUpdate(trx, trx.selectFrom("orders").select(["id", "status", "version"]).where("id", "=", offer.order_id)).executeTakeFirst();
      if (!order) throw new DomainError("not_found", OFFER_MESSAGES.offerOrderNotFound);
      return confirmShippingAddress(trx, order, request.buyerId, request.shipping, stamp);
    },
    { decidesOnLockedRows: true },
  );
}
