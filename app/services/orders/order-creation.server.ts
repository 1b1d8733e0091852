// Creating orders: the one way a sale comes into being, from a won auction or a Buy Now. Always called inside the
// write transaction that made the sale, so an order exists exactly when the item is sold.
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { successFee, type SaleType } from "~/lib/fees.ts";
import type { ShippingAddress } from "~/schemas/order.ts";

export interface OrderDraft {
  listingId: number;
  auctionId: number | null;
  buyerId: string;
  sellerId: string;
  saleType: SaleType;
  amountCents: number;
  currency: string;
  /** Who made the sale happen: the buyer at Buy Now; null when the scheduler ends an auction. */
  createdBy: string | null;
}

/** Crockford base32 without look-alike letters: easy to type into a bank's reference field. */
const REFERENCE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** "TB-7K3Q-9XPM": unique per order (the column is unique; collisions are retried). */
function newPaymentReference(): string {
  const bytes = crypto.randomBytes(8);
  const chars = [...bytes].map((byte) => REFERENCE_ALPHABET[byte % 32]);
  return `TB-${chars.slice(0, 4).join("")}-${chars.slice(4, 8).join("")}`;
}

/** The member's profile address as a shipping address (empty fields where the profile has none). */
export async function profileShippingAddress(db: Kysely<Database>, userId: string): Promise<ShippingAddress> {
  const profile = await db
    .selectFrom("profiles")
    .select(["first_name", "last_name", "company_name", "address", "city", "state", "zip", "country", "phone"])
    .where("id", "=", userId)
    .executeTakeFirst();
  return {
    shippingName: [profile?.first_name, profile?.last_name].filter(Boolean).join(" "),
    shippingCompany: profile?.company_name ?? "",
    shippingAddress: profile?.address ?? "",
    shippingCity: profile?.city ?? "",
    shippingState: profile?.state ?? "",
    shippingZip: profile?.zip ?? "",
    shippingCountry: profile?.country ?? "",
    shippingPhone: profile?.phone ?? "",
  };
}

/** A shipping address as the order's shipping_* columns. */
export function shippingColumns(shipping: ShippingAddress) {
  return {
    shipping_name: shipping.shippingName,
    shipping_company: shipping.shippingCompany,
    shipping_address: shipping.shippingAddress,
    shipping_city: shipping.shippingCity,
    shipping_state: shipping.shippingState,
    shipping_zip: shipping.shippingZip,
    shipping_country: shipping.shippingCountry,
    shipping_phone: shipping.shippingPhone,
  };
}

/**
 * Inserts a pending order with the seller's success fee and the buyer's profile address as the shipping address,
 * and its first timeline entry. Returns the order's id and reference.
 */
export async function createOrder(trx: Kysely<Database>, draft: OrderDraft, now: Date): Promise<{ id: number; reference: string }> {
  const [seller, shipping] = await Promise.all([
    trx.selectFrom("profiles").select(["fee_exemption"]).where("id", "=", draft.sellerId).executeTakeFirst(),
    profileShippingAddress(trx, draft.buyerId),
  ]);
  const fee = successFee(draft.amountCents, draft.saleType, seller?.fee_exemption ?? 0);
  const stamp = now.toISOString();
  for (let attempt = 0; ; attempt += 1) {
    const reference = newPaymentReference();
    const taken = await trx.selectFrom("orders").select("id").where("reference", "=", reference).executeTakeFirst();
    if (taken && attempt < 5) continue;
    const { id } = await trx
      .insertInto("orders")
      .values({
        reference,
        listing_id: draft.listingId,
        auction_id: draft.auctionId,
        buyer_id: draft.buyerId,
        seller_id: draft.sellerId,
        sale_type: draft.saleType,
        amount_cents: draft.amountCents,
        fee_cents: fee.feeCents,
        fee_rate_bp: fee.rateBp,
        currency: draft.currency,
        status: "pending",
        ...shippingColumns(shipping),
        created_at: stamp,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx.insertInto("order_events").values({ order_id: id, status: "pending", actor_id: draft.createdBy, note: "", created_at: stamp }).execute();
    return { id, reference };
  }
}
