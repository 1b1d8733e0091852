// Following a seller: a signed-in member follows or unfollows a seller (never themselves); the profile
// shows the follower count, /watchlist lists the sellers one follows. The new-listing notices to followers are the
// alerts domain's (app/services/alerts/followed-seller-alerts.server.ts).
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { FOLLOW_MESSAGES, FOLLOWING_PAGE_SIZE } from "~/lib/follows.ts";
import { normalizeRole } from "~/lib/roles.ts";
import { DomainError } from "../domain-error.ts";
import { addingInWriteTransaction, assertRoomFor } from "../member-limits.server.ts";
import { memberName } from "../platform/index.server.ts";

async function followableSeller(db: Kysely<Database>, followerId: string, sellerId: string): Promise<void> {
  if (followerId === sellerId) throw new DomainError("forbidden", FOLLOW_MESSAGES.ownProfile);
  const seller = await db.selectFrom("profiles").select(["id", "role"]).where("id", "=", sellerId).executeTakeFirst();
  if (!seller) throw new DomainError("not_found", FOLLOW_MESSAGES.memberNotFound);
  if (normalizeRole(seller.role) !== "seller") throw new DomainError("conflict", FOLLOW_MESSAGES.notSeller);
}

/** Follows a seller; following again changes nothing. A member follows at most MEMBER_LIMITS.follows sellers. */
export async function followSeller(db: Kysely<Database>, followerId: string, sellerId: string, now = new Date()): Promise<void> {
  await followableSeller(db, followerId, sellerId);
  await addingInWriteTransaction(db, async (trx) => {
    const already = await trx
      .selectFrom("follows")
      .select("seller_id")
      .where("follower_id", "=", followerId)
      .where("seller_id", "=", sellerId)
      .executeTakeFirst();
    if (already) return;
    const followed = await trx
      .selectFrom("follows")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("follower_id", "=", followerId)
      .executeTakeFirstOrThrow();
    assertRoomFor("follows", Number(followed.n));
    await trx
      .insertInto("follows")
      .values({ follower_id: followerId, seller_id: sellerId, created_at: now.toISOString() })
      .onConflict((oc) => oc.columns(["follower_id", "seller_id"]).doNothing())
      .execute();
  });
}

/** Stops following; unfollowing someone one does not follow changes nothing. */
export async function unfollowSeller(db: Kysely<Database>, followerId: string, sellerId: string): Promise<void> {
  await db.deleteFrom("follows").where("follower_id", "=", followerId).where("seller_id", "=", sellerId).execute();
}

export interface FollowedSeller {
  id: string;
  name: string;
  location: string;
  verified: boolean;
  activeListings: number;
  followedAt: string;
}

/** One page (1-based) of the sellers a member follows, latest followed first, and how many there are. */
export async function listFollowedSellers(db: Kysely<Database>, followerId: string, page = 1): Promise<{ sellers: FollowedSeller[]; total: number }> {
  const offset = (Math.max(1, Math.floor(page)) - 1) * FOLLOWING_PAGE_SIZE;
  const [rows, total] = await Promise.all([
    db
      .selectFrom("follows as f")
      .innerJoin("profiles as p", "p.id", "f.seller_id")
      .select((eb) => [
        "p.id",
        "p.first_name",
        "p.last_name",
        "p.company_name",
        "p.location",
        "p.city",
        "p.country",
        "p.is_verified",
        "f.created_at",
        eb
          .selectFrom("equipment_listings as l")
          .select((inner) => inner.fn.countAll<number>().as("n"))
          .whereRef("l.user_id", "=", "p.id")
          .where("l.status", "=", "active")
          .as("active_listings"),
      ])
      .where("f.follower_id", "=", followerId)
      .orderBy("f.created_at", "desc")
      .orderBy("p.id")
      .limit(FOLLOWING_PAGE_SIZE)
      .offset(offset)
      .execute(),
    db
      .selectFrom("follows")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("follower_id", "=", followerId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(total.n),
    sellers: rows.map((row) => ({
      id: row.id,
      name: memberName(row.first_name, row.last_name, row.company_name),
      location: row.location || [row.city, row.country].filter(Boolean).join(", "),
      verified: Boolean(row.is_verified),
      activeListings: Number(row.active_listings ?? 0),
      followedAt: row.created_at,
    })),
  };
}
