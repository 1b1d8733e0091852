// What a member's published reviews add up to, computed by the database (count, average, the 1–5 breakdown and the
// averages of the buyer's detailed ratings), and the reviews themselves, newest first, a page at a time. Only
// published reviews that no moderator hid are counted or shown.
import { sql, type Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { REVIEWS_PAGE_SIZE, type ReviewerRole, type ReviewStars } from "~/lib/reviews.ts";
import { memberName } from "../platform/index.server.ts";

export interface RatingSummary {
  count: number;
  /** The mean of the overall stars, to two decimals; null with no reviews. */
  average: number | null;
  /** How many reviews gave each number of stars. */
  breakdown: Record<ReviewStars, number>;
  /** The means of the buyers' detailed ratings (reviews of the member as a seller); null with none. */
  itemAsDescribed: number | null;
  communication: number | null;
  shipping: number | null;
}

/** Reviews received by `userId`; `as` narrows to those received as the seller (from buyers) or as the buyer. */
function receivedReviews(db: Kysely<Database>, userId: string, as?: "seller" | "buyer") {
  let query = db.selectFrom("reviews as r").where("r.reviewed_id", "=", userId).where("r.published_at", "is not", null).where("r.hidden_at", "is", null);
  if (as) query = query.where("r.reviewer_role", "=", as === "seller" ? "buyer" : "seller");
  return query;
}

const starsCount = (stars: ReviewStars) => sql<number>`coalesce(sum(case when r.rating = ${sql.lit(stars)} then 1 else 0 end), 0)`;
const meanOf = (column: "r.rating" | "r.item_as_described" | "r.communication" | "r.shipping") => sql<number | null>`round(avg(${sql.ref(column)}), 2)`;

/** The member's rating, computed in one aggregate query. */
export async function ratingSummary(db: Kysely<Database>, userId: string, as?: "seller" | "buyer"): Promise<RatingSummary> {
  const row = await receivedReviews(db, userId, as)
    .select((eb) => [
      eb.fn.countAll<number>().as("count"),
      meanOf("r.rating").as("average"),
      starsCount(1).as("stars1"),
      starsCount(2).as("stars2"),
      starsCount(3).as("stars3"),
      starsCount(4).as("stars4"),
      starsCount(5).as("stars5"),
      meanOf("r.item_as_described").as("item_as_described"),
      meanOf("r.communication").as("communication"),
      meanOf("r.shipping").as("shipping"),
    ])
    .executeTakeFirstOrThrow();
  const mean = (value: number | string | null) => (value === null ? null : Number(value));
  return {
    count: Number(row.count),
    average: mean(row.average),
    breakdown: { 1: Number(row.stars1), 2: Number(row.stars2), 3: Number(row.stars3), 4: Number(row.stars4), 5: Number(row.stars5) },
    itemAsDescribed: mean(row.item_as_described),
    communication: mean(row.communication),
    shipping: mean(row.shipping),
  };
}

export interface ReceivedReview {
  id: number;
  reviewerId: string;
  reviewerName: string;
  reviewerRole: ReviewerRole;
  rating: number;
  itemAsDescribed: number | null;
  communication: number | null;
  shipping: number | null;
  comment: string;
  publishedAt: string;
  reply: string | null;
  repliedAt: string | null;
}

/** One page (1-based) of the published reviews `userId` received, newest first, and how many there are. */
export async function listReceivedReviews(
  db: Kysely<Database>,
  userId: string,
  { page = 1, pageSize = REVIEWS_PAGE_SIZE }: { page?: number; pageSize?: number } = {},
): Promise<{ reviews: ReceivedReview[]; total: number }> {
  const size = Math.min(Math.max(1, Math.floor(pageSize)), 50);
  const offset = (Math.max(1, Math.floor(page)) - 1) * size;
  const [rows, total] = await Promise.all([
    receivedReviews(db, userId)
      .innerJoin("profiles as p", "p.id", "r.reviewer_id")
      .select([
        "r.id",
        "r.reviewer_id",
        "r.reviewer_role",
        "r.rating",
        "r.item_as_described",
        "r.communication",
        "r.shipping",
        "r.comment",
        "r.published_at",
        "r.reply",
        "r.replied_at",
        "p.first_name",
        "p.last_name",
        "p.company_name",
      ])
      .orderBy("r.published_at", "desc")
      .orderBy("r.id", "desc")
      .limit(size)
      .offset(offset)
      .execute(),
    receivedReviews(db, userId)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(total.n),
    reviews: rows.map((row) => ({
      id: row.id,
      reviewerId: row.reviewer_id,
      reviewerName: memberName(row.first_name, row.last_name, row.company_name),
      reviewerRole: row.reviewer_role === "seller" ? "seller" : "buyer",
      rating: row.rating,
      itemAsDescribed: row.item_as_described,
      communication: row.communication,
      shipping: row.shipping,
      comment: row.comment,
      publishedAt: row.published_at ?? "",
      reply: row.reply,
      repliedAt: row.replied_at,
    })),
  };
}
