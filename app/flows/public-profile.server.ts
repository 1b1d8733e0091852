// The public profile of a member (/user/{id}, docs/product/accounts.md#public-profile) on real data: the card (name, role, rating, location,
// verification, member since), the contact details and figures the privacy policy lets this viewer see, the counts of
// the tabs, and the seller's active listings a page at a time. Ratings come from the reviews domain.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { SOLD_ORDER_STATUSES } from "~/lib/admin-dashboard.ts";
import { PROFILE_AUCTIONS_PAGE_SIZE, PROFILE_LISTINGS_PAGE_SIZE } from "~/lib/profiles.ts";
import { normalizeRole, ROLE_LABELS, type Role } from "~/lib/roles.ts";
import { sellerResponseFigures } from "../services/messaging/index.server.ts";
import { ratingSummary, type RatingSummary } from "../services/reviews/index.server.ts";
import { memberName } from "../services/platform/index.server.ts";
import { profileLooker, profileVisibility, type ProfileViewer, parsePreferences } from "../services/accounts/index.server.ts";

export interface MoneyTotal {
  currency: string;
  cents: number;
}

export interface PublicProfile {
  id: string;
  name: string;
  initials: string;
  avatarUrl: string | null;
  role: Role;
  roleLabel: string;
  location: string;
  bio: string;
  website: string;
  verifiedSince: string | null;
  memberSince: string;
  /** Present only when the privacy policy lets this viewer see them. */
  email: string | null;
  phone: string | null;
  rating: RatingSummary;
  counts: { listings: number; auctions: number; reviews: number };
  /** Sellers: active listings, completed sales and their value, how often and how fast they answer messages. */
  sellerStats: { listings: number; sold: number; totalSales: MoneyTotal[]; responseRate: number | null; responseTimeMs: number | null } | null;
  /** Members following this seller. */
  followers: number;
  /** Whether the signed-in viewer follows this seller. */
  viewerFollows: boolean;
  /** Buyers, for the owner and staff holding can_view_private_profiles only. */
  buyerStats: { purchases: number; totalSpent: MoneyTotal[]; watching: number } | null;
  /** Whether the Message and Follow buttons show. */
  contactButtons: boolean;
}

function initialsOf(first: string, last: string, company: string, email: string): string {
  const letters = `${first.trim().charAt(0)}${last.trim().charAt(0)}`.toUpperCase();
  return letters || company.trim().charAt(0).toUpperCase() || email.charAt(0).toUpperCase();
}

async function saleTotals(db: Kysely<Database>, column: "seller_id" | "buyer_id", userId: string): Promise<{ count: number; totals: MoneyTotal[] }> {
  const rows = await db
    .selectFrom("orders")
    .select((eb) => ["currency", eb.fn.countAll<number>().as("n"), eb.fn.sum<number>("amount_cents").as("cents")])
    .where(column, "=", userId)
    // The one definition of a sale, as the seller's dashboard and the admin's figures count them.
    .where("status", "in", SOLD_ORDER_STATUSES)
    .groupBy("currency")
    .orderBy("currency")
    .execute();
  return { count: rows.reduce((sum, row) => sum + Number(row.n), 0), totals: rows.map((row) => ({ currency: row.currency, cents: Number(row.cents) })) };
}

/** The profile as `viewer` may see it, or null when there is no such member. */
export async function publicProfile(db: Kysely<Database>, userId: string, viewer: ProfileViewer): Promise<PublicProfile | null> {
  const profile = await db.selectFrom("profiles").selectAll().where("id", "=", userId).executeTakeFirst();
  if (!profile) return null;
  const role = normalizeRole(profile.role);
  const visibility = profileVisibility(await profileLooker(db, viewer), profile.id, parsePreferences(profile.preferences).privacy);
  const isSeller = role === "seller";

  const [rating, listings, auctions, follows] = await Promise.all([
    ratingSummary(db, profile.id),
    db
      .selectFrom("equipment_listings")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", profile.id)
      .where("status", "=", "active")
      .executeTakeFirstOrThrow(),
    isSeller
      ? db
          .selectFrom("auctions as a")
          .innerJoin("equipment_listings as l", "l.id", "a.listing_id")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("l.user_id", "=", profile.id)
          .executeTakeFirstOrThrow()
      : Promise.resolve({ n: 0 }),
    db
      .selectFrom("follows")
      .select((eb) => [
        eb.fn.countAll<number>().as("n"),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when("follower_id", "=", viewer?.id ?? "")
              .then(1)
              .else(0)
              .end(),
          )
          .as("mine"),
      ])
      .where("seller_id", "=", profile.id)
      .executeTakeFirstOrThrow(),
  ]);
  const sales = isSeller ? await saleTotals(db, "seller_id", profile.id) : null;
  const response = isSeller ? await sellerResponseFigures(db, profile.id) : null;
  let buyerStats: PublicProfile["buyerStats"] = null;
  if (!isSeller && visibility.buyerStats) {
    const purchases = await saleTotals(db, "buyer_id", profile.id);
    const watching = await db
      .selectFrom("watchlist")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", profile.id)
      .executeTakeFirstOrThrow();
    buyerStats = { purchases: purchases.count, totalSpent: purchases.totals, watching: Number(watching.n) };
  }

  return {
    id: profile.id,
    name: memberName(profile.first_name, profile.last_name, profile.company_name),
    initials: initialsOf(profile.first_name, profile.last_name, profile.company_name, profile.email),
    avatarUrl: profile.avatar_url,
    role,
    roleLabel: ROLE_LABELS[role],
    location: profile.location || [profile.city, profile.state, profile.country].filter(Boolean).join(", "),
    bio: profile.bio,
    // Only a web address is ever a link (never javascript: or data:).
    website: /^https?:\/\/[^\s]+$/i.test(profile.website) ? profile.website : "",
    verifiedSince: profile.is_verified ? (profile.verification_date ?? profile.created_at) : null,
    memberSince: profile.created_at,
    email: visibility.email ? profile.email : null,
    phone: visibility.phone && profile.phone ? profile.phone : null,
    rating,
    counts: { listings: Number(listings.n), auctions: Number(auctions.n), reviews: rating.count },
    sellerStats:
      sales && response
        ? {
            listings: Number(listings.n),
            sold: sales.count,
            totalSales: sales.totals,
            responseRate: response.responseRate,
            responseTimeMs: response.responseTimeMs,
          }
        : null,
    followers: Number(follows.n),
    viewerFollows: Number(follows.mine ?? 0) > 0,
    buyerStats,
    contactButtons: visibility.contactButtons,
  };
}

export interface ProfileListing {
  id: number;
  title: string;
  priceCents: number;
  currency: string;
  condition: string;
  createdAt: string;
}

/** One page (1-based) of a member's active listings, newest first. */
export async function profileListings(db: Kysely<Database>, userId: string, page = 1): Promise<ProfileListing[]> {
  const offset = (Math.max(1, Math.floor(page)) - 1) * PROFILE_LISTINGS_PAGE_SIZE;
  const rows = await db
    .selectFrom("equipment_listings")
    .select(["id", "title", "price_cents", "currency", "condition", "created_at"])
    .where("user_id", "=", userId)
    .where("status", "=", "active")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(PROFILE_LISTINGS_PAGE_SIZE)
    .offset(offset)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    priceCents: row.price_cents,
    currency: row.currency,
    condition: row.condition,
    createdAt: row.created_at,
  }));
}

export interface ProfileAuction {
  id: number;
  listingId: number;
  title: string;
  status: string;
  currentPriceCents: number;
  currency: string;
  endDate: string;
  bidCount: number;
  thumbnailUrl: string | null;
}

/** One page (1-based) of a seller's auctions (every status), those ending latest first. One query, images joined. */
export async function profileAuctions(db: Kysely<Database>, userId: string, page = 1): Promise<ProfileAuction[]> {
  const offset = (Math.max(1, Math.floor(page)) - 1) * PROFILE_AUCTIONS_PAGE_SIZE;
  const rows = await db
    .selectFrom("auctions as a")
    .innerJoin("equipment_listings as l", "l.id", "a.listing_id")
    .select((eb) => [
      "a.id",
      "a.listing_id",
      "l.title",
      "a.status",
      "a.current_price_cents",
      "a.currency",
      "a.end_date",
      "a.bid_count",
      eb
        .selectFrom("equipment_images as i")
        .select("i.thumbnail_url")
        .whereRef("i.listing_id", "=", "l.id")
        .orderBy("i.is_primary", "desc")
        .orderBy("i.position")
        .limit(1)
        .as("thumbnail_url"),
    ])
    .where("l.user_id", "=", userId)
    .orderBy("a.end_date", "desc")
    .orderBy("a.id", "desc")
    .limit(PROFILE_AUCTIONS_PAGE_SIZE)
    .offset(offset)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    listingId: row.listing_id,
    title: row.title,
    status: row.status,
    currentPriceCents: row.current_price_cents,
    currency: row.currency,
    endDate: row.end_date,
    bidCount: row.bid_count,
    thumbnailUrl: row.thumbnail_url ?? null,
  }));
}
