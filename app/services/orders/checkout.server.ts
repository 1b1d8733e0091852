// Checkout: Buy Now (buy_now listings, and hybrids while their Buy Now is open) and the auction winner's
// checkout. Buying is one write transaction that claims the listing by a conditional update, so of several
// buyers racing for one item exactly one gets an order and the others are told it has already been sold. It locks
// the rows it decides on first — a hybrid's running auction, then the listing (the order every lot change keeps) —
// so on PostgreSQL racing buyers (and the lot's bids and lifecycle) queue at those locks.
import type { Kysely, Selectable } from "kysely";
import { forUpdate, inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { SUCCESS_FEE_RATE_BP, type SaleType } from "~/lib/fees.ts";
import { isAuctionListingType, isListingType } from "~/lib/listing-types.ts";
import { formatExactPrice } from "~/lib/money.ts";
import { ORDER_MESSAGES } from "~/lib/orders.ts";
import { publicName } from "~/lib/user.ts";
import type { ShippingAddress } from "~/schemas/order.ts";
import { LIVE_AUCTION_STATUSES } from "~/lib/auctions.ts";
import {
  announceAuctionChange,
  buyNowOpen,
  findAuctionRow,
  findLiveAuctionRow,
  lockLiveAuctionOf,
  selectAuctionRow,
  toLiveState,
  type AuctionRow,
} from "../auctions/index.server.ts";
import { primaryThumbnail, isOwner, ownedListing, visibleTo } from "../listings/index.server.ts";
import { announceNotifications, insertNotifications, type NotificationDraft } from "../notifications/index.server.ts";
import { createOrder, profileShippingAddress, shippingColumns } from "./order-creation.server.ts";
import { itemSoldAlerts } from "../alerts/index.server.ts";
import { DomainError, type DomainErrorKind } from "../domain-error.ts";

/** How a purchase may be refused; the message is what the buyer sees. */
type CheckoutRefusalKind = Extract<DomainErrorKind, "not_found" | "forbidden" | "conflict">;

interface ListingForSale {
  id: number;
  user_id: string;
  title: string;
  listing_type: string;
  status: string;
  price_cents: number;
  currency: string;
}

/** The listing as a purchase decides on it, its row locked until the write transaction ends. */
function lockListingForSale(trx: Kysely<Database>, listingId: number) {
  return forUpdate(
    trx,
    trx.selectFrom("equipment_listings").select(["id", "user_id", "title", "listing_type", "status", "price_cents", "currency"]).where("id", "=", listingId),
  ).executeTakeFirst();
}

type Sale = { ok: true; priceCents: number; saleType: SaleType } | { ok: false; error: DomainError };

/** Whether `buyerId` may buy the listing now, and at what price. */
function saleTerms(listing: ListingForSale, auction: AuctionRow | undefined, buyerId: string): Sale {
  const refuse = (message: string, kind: CheckoutRefusalKind = "conflict"): Sale => ({ ok: false, error: new DomainError(kind, message) });
  if (!visibleTo(ownedListing(listing), null)) return refuse(ORDER_MESSAGES.listingNotFound, "not_found");
  if (isOwner(ownedListing(listing), buyerId)) return refuse(ORDER_MESSAGES.ownListing, "forbidden");
  if (listing.status === "sold") return refuse(ORDER_MESSAGES.alreadySold);
  if (listing.status !== "active" || !isListingType(listing.listing_type)) return refuse(ORDER_MESSAGES.notForSale);
  if (listing.listing_type === "auction") return refuse(ORDER_MESSAGES.auctionOnly);
  if (listing.listing_type === "buy_now") return { ok: true, priceCents: listing.price_cents, saleType: "buy_now" };
  if (!auction || !buyNowOpen(auction) || auction.buy_now_price_cents === null) return refuse(ORDER_MESSAGES.buyNowClosed);
  return { ok: true, priceCents: auction.buy_now_price_cents, saleType: "hybrid" };
}

export interface BuyNowRequest {
  listingId: number;
  buyerId: string;
  shipping: ShippingAddress;
  now?: Date;
}

/**
 * Buys the listing at its Buy Now price for `buyerId`: marks it sold (and ends a hybrid's auction with the buyer as
 * winner), creates the pending order with the shipping address, and tells the seller (and a hybrid's bidders).
 * Refuses with DomainError ("This item has already been sold" for every buyer but the first).
 */
export async function buyNow(db: Kysely<Database>, request: BuyNowRequest): Promise<{ orderId: number; reference: string }> {
  const now = request.now ?? new Date();
  const stamp = now.toISOString();
  const { order, notifications, auctionState } = await inWriteTransaction(
    db,
    async (trx) => {
      await lockLiveAuctionOf(trx, request.listingId);
      const listing = await lockListingForSale(trx, request.listingId);
      if (!listing) throw new DomainError("not_found", ORDER_MESSAGES.listingNotFound);
      const auction = listing.listing_type === "hybrid" ? await findLiveAuctionRow(trx, listing.id) : undefined;
      const sale = saleTerms(listing, auction, request.buyerId);
      if (!sale.ok) throw sale.error;

      const claimed = await trx
        .updateTable("equipment_listings")
        .set({ status: "sold", updated_at: stamp })
        .where("id", "=", listing.id)
        .where("status", "=", "active")
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw new DomainError("conflict", ORDER_MESSAGES.alreadySold);
      if (auction) {
        const ended = await trx
          .updateTable("auctions")
          .set((eb) => ({
            status: "ended",
            winner_id: request.buyerId,
            ended_at: stamp,
            end_date: stamp,
            version: eb("version", "+", 1),
            updated_at: stamp,
          }))
          .where("id", "=", auction.id)
          .where("version", "=", auction.version)
          .where("status", "in", LIVE_AUCTION_STATUSES)
          .executeTakeFirst();
        if (Number(ended.numUpdatedRows) !== 1) throw new DomainError("conflict", ORDER_MESSAGES.alreadySold);
      }

      const created = await createOrder(
        trx,
        {
          listingId: listing.id,
          auctionId: auction?.id ?? null,
          buyerId: request.buyerId,
          sellerId: listing.user_id,
          saleType: sale.saleType,
          amountCents: sale.priceCents,
          currency: auction?.currency ?? listing.currency,
          createdBy: request.buyerId,
        },
        now,
      );
      await trx
        .updateTable("orders")
        .set({ ...shippingColumns(request.shipping), checked_out_at: stamp })
        .where("id", "=", created.id)
        .execute();

      const price = formatExactPrice(sale.priceCents, auction?.currency ?? listing.currency);
      const drafts: NotificationDraft[] = [
        {
          userId: listing.user_id,
          type: "listing_sold",
          title: `Sold: ${listing.title}`,
          message: `"${listing.title}" was bought with Buy Now for ${price} (order ${created.reference}). You will be told when the buyer's payment is held in escrow; then ship the item.`,
          actionUrl: `/orders/${created.id}`,
        },
      ];
      if (auction) {
        const bidders = await trx
          .selectFrom("bids")
          .select("user_id")
          .distinct()
          .where("auction_id", "=", auction.id)
          .where("user_id", "!=", request.buyerId)
          .execute();
        for (const { user_id } of bidders) {
          drafts.push({
            userId: user_id,
            type: "auction_ended",
            title: `Auction ended: ${listing.title}`,
            message: `Another buyer bought "${listing.title}" with Buy Now for ${price}, so the auction has ended and no further bids are taken.`,
            actionUrl: `/auctions/${auction.id}`,
          });
        }
      }
      drafts.push(
        ...(await itemSoldAlerts(trx, {
          listingId: listing.id,
          title: listing.title,
          sellerId: listing.user_id,
          buyerId: request.buyerId,
          alreadyTold: drafts.map((draft) => draft.userId),
          actionUrl: `/listings/${listing.id}`,
        })),
      );
      await insertNotifications(trx, drafts, now);
      const after = auction ? await findAuctionRow(trx, auction.id) : undefined;
      return { order: created, notifications: drafts, auctionState: after ? toLiveState(after) : null };
    },
    { decidesOnLockedRows: true },
  );
  announceNotifications(notifications);
  if (auctionState) announceAuctionChange({ reason: "bought", state: auctionState, newBids: [] });
  return { orderId: order.id, reference: order.reference };
}

export interface AuctionCheckoutRequest {
  auctionId: number;
  buyerId: string;
  shipping: ShippingAddress;
  now?: Date;
}

/**
 * The buyer confirms the shipping address of a pending order they hold locked (`order` as read under the lock): the
 * address is stored, the order's version moves on, and its history says so. Shared by the auction winner's and the
 * accepted offer's checkout; a closed or meanwhile changed order is refused.
 */
export async function confirmShippingAddress(
  trx: Kysely<Database>,
  order: { id: number; status: string; version: number },
  buyerId: string,
  shipping: ShippingAddress,
  stamp: string,
): Promise<{ orderId: number }> {
  if (order.status !== "pending") throw new DomainError("conflict", ORDER_MESSAGES.checkoutClosed);
  const updated = await trx
    .updateTable("orders")
    .set((eb) => ({ ...shippingColumns(shipping), checked_out_at: stamp, version: eb("version", "+", 1), updated_at: stamp }))
    .where("id", "=", order.id)
    .where("status", "=", "pending")
    .where("version", "=", order.version)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw new DomainError("conflict", ORDER_MESSAGES.changed);
  await trx
    .insertInto("order_events")
    .values({ order_id: order.id, status: "pending", actor_id: buyerId, note: "The buyer confirmed the shipping address", created_at: stamp })
    .execute();
  return { orderId: order.id };
}

/** The auction winner confirms the shipping address of the order created when the auction ended. */
export async function confirmAuctionCheckout(db: Kysely<Database>, request: AuctionCheckoutRequest): Promise<{ orderId: number }> {
  const now = request.now ?? new Date();
  const stamp = now.toISOString();
  return inWriteTransaction(
    db,
    async (trx) => {
      const order = await forUpdate(
        trx,
        trx.selectFrom("orders").select(["id", "buyer_id", "status", "version"]).where("auction_id", "=", request.auctionId),
      ).executeTakeFirst();
      if (!order || order.buyer_id !== request.buyerId) throw new DomainError("not_found", ORDER_MESSAGES.notTheWinner);
      return confirmShippingAddress(trx, order, request.buyerId, request.shipping, stamp);
    },
    { decidesOnLockedRows: true },
  );
}

// ── What the checkout pages show ──

export interface CheckoutItem {
  listingId: number;
  title: string;
  imageUrl: string | null;
  condition: string;
  location: string;
  sellerName: string;
  currency: string;
  /** What the buyer pays. */
  priceCents: number;
  saleType: SaleType;
  /** The seller's success fee rate on this sale (before any exemption), for the fee explainer. */
  feeRateBp: number;
}

export interface BuyNowCheckout {
  item: CheckoutItem;
  /** Why the viewer cannot buy it now (sold, own listing, Buy Now closed…), or null. */
  problem: string | null;
  /** The viewer's own live order for this listing, if they already bought it. */
  ownOrderId: number | null;
  /** The auction to bid on instead, for auction listings. */
  auctionId: number | null;
  shipping: ShippingAddress;
}

/** The listing as a checkout page shows it (also the accepted offer's checkout, offers.server.ts). */
async function listingSummary(db: Kysely<Database>, listingId: number) {
  return db
    .selectFrom("equipment_listings as l")
    .innerJoin("profiles as seller", "seller.id", "l.user_id")
    .select((eb) => [
      "l.id",
      "l.user_id",
      "l.title",
      "l.listing_type",
      "l.status",
      "l.price_cents",
      "l.currency",
      "l.condition",
      "l.location",
      "seller.first_name",
      "seller.last_name",
      "seller.company_name",
      primaryThumbnail(eb.ref("l.id")).as("image_url"),
    ])
    .where("l.id", "=", listingId)
    .executeTakeFirst();
}

type ListingSummary = NonNullable<Awaited<ReturnType<typeof listingSummary>>>;

function sellerName(row: { first_name: string; last_name: string; company_name: string }): string {
  return publicName({ firstName: row.first_name, lastName: row.last_name, companyName: row.company_name }, "Tradebench seller");
}

/** The checkout's item: the listing as summarised, sold at `sale`'s price and terms. */
function checkoutItem(row: ListingSummary, sale: { currency: string; priceCents: number; saleType: SaleType }): CheckoutItem {
  return {
    listingId: row.id,
    title: row.title,
    imageUrl: row.image_url,
    condition: row.condition,
    location: row.location,
    sellerName: sellerName(row),
    currency: sale.currency,
    priceCents: sale.priceCents,
    saleType: sale.saleType,
    feeRateBp: SUCCESS_FEE_RATE_BP[sale.saleType],
  };
}

/** The Buy Now checkout page of a listing for `viewerId`, or null when there is no such listing to show. */
export async function getBuyNowCheckout(db: Kysely<Database>, listingId: number, viewerId: string): Promise<BuyNowCheckout | null> {
  const row = await listingSummary(db, listingId);
  if (!row || !visibleTo(ownedListing(row), null) || !isListingType(row.listing_type)) return null;
  const auction = isAuctionListingType(row.listing_type)
    ? ((await findLiveAuctionRow(db, row.id)) ?? (await selectAuctionRow(db).where("a.listing_id", "=", row.id).orderBy("a.id", "desc").executeTakeFirst()))
    : undefined;
  const sale = saleTerms(row, auction?.status === "upcoming" || auction?.status === "active" ? auction : undefined, viewerId);
  const [ownOrder, shipping] = await Promise.all([
    db
      .selectFrom("orders")
      .select("id")
      .where("listing_id", "=", row.id)
      .where("buyer_id", "=", viewerId)
      .where("status", "not in", ["cancelled", "refunded"])
      .executeTakeFirst(),
    profileShippingAddress(db, viewerId),
  ]);
  const priceCents = sale.ok ? sale.priceCents : (auction?.buy_now_price_cents ?? row.price_cents);
  return {
    item: checkoutItem(row, { currency: auction?.currency ?? row.currency, priceCents, saleType: row.listing_type }),
    problem: sale.ok ? null : sale.error.message,
    ownOrderId: ownOrder?.id ?? null,
    auctionId: auction?.id ?? null,
    shipping,
  };
}

export interface AuctionCheckout {
  item: CheckoutItem;
  orderId: number;
  reference: string;
  status: string;
  checkedOutAt: string | null;
  shipping: ShippingAddress;
}

/** The winner's checkout of an ended auction, or null for anyone but the winner. */
export async function getAuctionCheckout(db: Kysely<Database>, auctionId: number, viewerId: string): Promise<AuctionCheckout | null> {
  const order = await db.selectFrom("orders").selectAll().where("auction_id", "=", auctionId).where("buyer_id", "=", viewerId).executeTakeFirst();
  return order ? existingOrderCheckout(db, order, "auction") : null;
}

/** The checkout of an order that already exists (an auction won, an offer accepted), read from the order itself. */
export async function existingOrderCheckout(
  db: Kysely<Database>,
  order: Selectable<Database["orders"]>,
  fallbackSaleType: SaleType,
): Promise<AuctionCheckout | null> {
  const row = await listingSummary(db, order.listing_id);
  if (!row) return null;
  const saleType: SaleType = isListingType(order.sale_type) ? order.sale_type : fallbackSaleType;
  return {
    item: checkoutItem(row, { currency: order.currency, priceCents: order.amount_cents, saleType }),
    orderId: order.id,
    reference: order.reference,
    status: order.status,
    checkedOutAt: order.checked_out_at,
    shipping: {
      shippingName: order.shipping_name,
      shippingCompany: order.shipping_company,
      shippingAddress: order.shipping_address,
      shippingCity: order.shipping_city,
      shippingState: order.shipping_state,
      shippingZip: order.shipping_zip,
      shippingCountry: order.shipping_country,
      shippingPhone: order.shipping_phone,
    },
  };
}
