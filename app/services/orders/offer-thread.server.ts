// The offer thread's reads: the Make Offer panel of a listing page, the /offers tabs and the menu's badge.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import {
  MAX_OFFERS_PER_LISTING,
  OFFER_MESSAGES,
  offersRemaining,
  type OfferAction,
  type OfferNegotiation,
  type OfferParty,
  type OfferStep,
} from "~/lib/offers.ts";
import { findLiveAuctionRow } from "../auctions/index.server.ts";
import { PARTY_NAME_COLUMNS, partyNames } from "../platform/index.server.ts";
import { isLive, LISTING_COLUMNS, offerTerms, statusAt } from "./offer-negotiation.server.ts";

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
