// The reviews demo: after the demo seed, completed orders carry reviews from both sides, published by the
// double-blind rule (both in, or the window over), some with the seller's reply, and the demo seller has a rating.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { seedDemoMarketplace } from "#db/seed/demo.ts";
import { REVIEW_WINDOW_DAYS } from "~/lib/reviews.ts";
import { ratingSummary } from "~/services/reviews/index.server.ts";
import { DiskStore } from "~/services/storage/index.server.ts";
import { createTestDatabase } from "../../support/test-database.ts";

let seeded: OpenedDatabase;
const uploadsDir = path.resolve(process.env.TEST_TMP_DIR ?? "tests/.tmp", `uploads-${crypto.randomUUID()}`);
const NOW = new Date("2026-12-02T12:00:00.000Z");

beforeAll(async () => {
  seeded = createTestDatabase();
  await seedDemoMarketplace(seeded.db, { uploads: new DiskStore(uploadsDir), now: NOW });
}, 300_000);
afterAll(async () => {
  await seeded.close();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

it("reviews the demo's completed orders from both sides, published by the double-blind rule, with a few replies", async () => {
  const reviews = await seeded.db.selectFrom("reviews").selectAll().execute();
  expect(reviews.length).toBeGreaterThan(0);
  const completed = await seeded.db.selectFrom("orders").select(["id", "status"]).execute();
  const statusOf = new Map(completed.map((order) => [order.id, order.status]));
  for (const review of reviews) {
    expect(["completed", "released"]).toContain(statusOf.get(review.order_id));
    expect(review.created_at < NOW.toISOString()).toBe(true);
    const pair = reviews.filter((other) => other.order_id === review.order_id);
    const windowOver = review.window_ends_at <= NOW.toISOString();
    expect(review.published_at !== null).toBe(pair.length === 2 || windowOver);
    if (review.reply !== null) expect(review.published_at).not.toBeNull();
  }
  expect(reviews.some((review) => review.reply !== null)).toBe(true);
  expect(reviews.every((review) => new Date(review.window_ends_at).getTime() - new Date(review.created_at).getTime() <= REVIEW_WINDOW_DAYS * 86_400_000)).toBe(
    true,
  );

  const sellers = [...new Set(reviews.filter((r) => r.reviewer_role === "buyer" && r.published_at !== null).map((r) => r.reviewed_id))];
  expect(sellers.length).toBeGreaterThan(0);
  const summary = await ratingSummary(seeded.db, sellers[0]!, "seller");
  expect(summary.count).toBeGreaterThan(0);
  expect(summary.average).toBeGreaterThanOrEqual(1);
});

it("seeds the trust demo: follows, an audited verification, a general conversation answered, a reported review", async () => {
  const follows = await seeded.db.selectFrom("follows").selectAll().execute();
  expect(follows.length).toBe(3);
  // One dealer verified through an approved application, a second one's application waiting (docs/decisions/0076).
  expect(await seeded.db.selectFrom("audit_events").select("action").where("action", "=", "seller.verification_approved").execute()).toHaveLength(1);
  expect(await seeded.db.selectFrom("seller_verification_applications").select("status").where("status", "=", "pending").execute()).toHaveLength(1);
  const general = await seeded.db.selectFrom("conversations").select("id").where("general", "=", 1).execute();
  expect(general).toHaveLength(1);
  expect(await seeded.db.selectFrom("messages").select("id").where("conversation_id", "=", general[0]!.id).execute()).toHaveLength(2);
  expect(await seeded.db.selectFrom("review_reports").select("id").where("dismissed_at", "is", null).execute()).not.toHaveLength(0);
});
