// Testimonials for the home page: the published ones, in their set order.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";

/** docs/product/platform.md#public-pages: the home page shows three testimonials. */
const HOME_TESTIMONIALS = 3;

export interface Testimonial {
  id: number;
  authorName: string;
  authorTitle: string;
  company: string;
  quote: string;
  /** 1–5 stars. */
  rating: number;
}

export async function publishedTestimonials(db: Kysely<Database>, limit: number = HOME_TESTIMONIALS): Promise<Testimonial[]> {
  const rows = await db
    .selectFrom("testimonials")
    .select(["id", "author_name", "author_title", "company", "quote", "rating"])
    .where("is_published", "=", 1)
    .orderBy("position")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    authorName: row.author_name,
    authorTitle: row.author_title,
    company: row.company,
    quote: row.quote,
    rating: Math.min(5, Math.max(1, Math.round(row.rating))),
  }));
}
