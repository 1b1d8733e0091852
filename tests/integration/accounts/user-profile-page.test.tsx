// /user/{id} rendered as the server renders it, on a real database (both engines): the card and the rating of
// published reviews with the seller's reply, what a visitor does not see (hidden e-mail, a buyer's figures), and
// "User not found" with its way home for an unknown member.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { buyNow } from "~/services/orders/checkout.server.ts";
import { transitionOrder, type OrderActor } from "~/services/orders/order-flow.server.ts";
import { replyToReview, submitReview } from "~/services/reviews/index.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { SHIPPING_ADDRESS } from "../../support/orders.ts";
import { pageRoute, renderPage, sessionCookie, type RouteModule } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));
const userRoute = await import("~/routes/user.$id.tsx");

const DAY = 24 * 60 * 60 * 1000;
const T0 = new Date("2026-11-23T10:00:00.000Z");
const at = (days: number) => new Date(T0.getTime() + days * DAY);

let opened: OpenedDatabase;
let seller: OrderActor;
let buyer: OrderActor;

beforeEach(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  const db = opened.db;
  seller = { id: await insertUserRow(db, "desk@corelab.example", "seller"), role: "seller" };
  buyer = { id: await insertUserRow(db, "bianca@northgate.example"), role: "buyer" };
  const billing = await insertUserRow(db, undefined, "billing");
  await db
    .updateTable("profiles")
    .set({ company_name: "Corelab Instruments", location: "Austin, TX", website: "javascript:alert(1)" })
    .where("id", "=", seller.id)
    .execute();
  await db.updateTable("profiles").set({ first_name: "Bianca", last_name: "Byers" }).where("id", "=", buyer.id).execute();

  const listingId = await insertListingRow(db, seller.id, { title: "Fluke 5522A calibrator", price_cents: 900_000 });
  await insertListingRow(db, seller.id, { title: "Keithley 2450 SourceMeter", price_cents: 600_000 });
  const { orderId } = await buyNow(db, { listingId, buyerId: buyer.id, shipping: SHIPPING_ADDRESS, now: T0 });
  await transitionOrder(db, { orderId, actor: { id: billing, role: "billing" }, action: "confirm_payment", now: at(1) });
  await transitionOrder(db, { orderId, actor: seller, action: "ship", carrier: "UPS", trackingNumber: "1Z999", now: at(2) });
  await transitionOrder(db, { orderId, actor: buyer, action: "confirm_receipt", now: at(3) });
  const { reviewId } = await submitReview(db, {
    orderId,
    reviewerId: buyer.id,
    rating: 4,
    itemAsDescribed: 5,
    communication: 4,
    shipping: 3,
    comment: "Arrived with a fresh calibration certificate.",
    now: at(4),
  });
  await submitReview(db, { orderId, reviewerId: seller.id, rating: 5, comment: "Paid at once.", now: at(5) });
  await replyToReview(db, { reviewId, userId: seller.id, reply: "Thank you for the kind words.", now: at(6) });
});
afterEach(() => opened.close());

const routes = () => [pageRoute("/user/:id", userRoute as unknown as RouteModule)];
const open = async (path: string, viewer?: string | null) =>
  renderPage(routes(), new Request(`http://localhost${path}`, { headers: viewer ? { Cookie: await sessionCookie(opened.db, viewer) } : {} }));
const post = async (path: string, viewer: string, form: Record<string, string>) =>
  renderPage(
    routes(),
    new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { Cookie: await sessionCookie(opened.db, viewer), "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
    }),
  );

describe("/user/{id}", () => {
  it("shows the seller's card, rating breakdown, figures and listings to a visitor, without the hidden e-mail or an unsafe website", async () => {
    const page = await open(`/user/${seller.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Corelab Instruments");
    expect(page.text).toContain("Seller");
    expect(page.text).toContain("4 (1 review)");
    expect(page.text).toContain("Austin, TX");
    expect(page.text).toContain("1 Sold $9,000.00 Total sales");
    expect(page.text).toContain("Listings (1)");
    expect(page.text).toContain("Keithley 2450 SourceMeter");
    expect(page.text).not.toContain("desk@corelab.example");
    expect(page.html).not.toContain("javascript:");
  });

  it("shows the published review with the seller's reply on the Reviews tab", async () => {
    const page = await open(`/user/${seller.id}?tab=reviews`);
    expect(page.text).toContain("Reviews (1)");
    expect(page.text).toContain("Bianca Byers bought from Corelab Instruments");
    expect(page.text).toContain("Arrived with a fresh calibration certificate.");
    expect(page.text).toContain("Reply from Corelab Instruments Thank you for the kind words.");
    const buyerPage = await open(`/user/${buyer.id}?tab=reviews`);
    expect(buyerPage.text).toContain("Paid at once.");
  });

  it("keeps a buyer's figures from other people and shows them to the buyer", async () => {
    expect((await open(`/user/${buyer.id}`)).text).not.toContain("Buyer stats");
    expect((await open(`/user/${buyer.id}`, seller.id)).text).not.toContain("Buyer stats");
    const own = await open(`/user/${buyer.id}`, buyer.id);
    expect(own.text).toContain("Buyer stats");
    expect(own.text).toContain("bianca@northgate.example");
  });

  it("lets the reviewed member reply once from the Reviews tab, and another member report a review", async () => {
    const form = await open(`/user/${buyer.id}?tab=reviews`, buyer.id);
    expect(form.text).toContain("Your reply (once, shown to everyone)");
    expect((await open(`/user/${buyer.id}?tab=reviews`, seller.id)).text).not.toContain("Your reply");
    const review = await opened.db.selectFrom("reviews").select("id").where("reviewed_id", "=", buyer.id).executeTakeFirstOrThrow();
    const sent = await post(`/user/${buyer.id}`, buyer.id, { intent: "reply", reviewId: String(review.id), reply: "Thanks, smooth handover." });
    expect(sent.location).toBe(`/user/${buyer.id}?tab=reviews&done=reply`);
    expect((await open(sent.location!, null)).text).toContain("Reply from Bianca Byers Thanks, smooth handover.");
    const again = await post(`/user/${buyer.id}`, buyer.id, { intent: "reply", reviewId: String(review.id), reply: "Edited." });
    expect(again.status).toBe(409);
    expect(again.text).toContain("You have already replied to this review");

    const member = await insertUserRow(opened.db);
    const aboutSeller = await opened.db.selectFrom("reviews").select("id").where("reviewed_id", "=", seller.id).executeTakeFirstOrThrow();
    expect((await open(`/user/${seller.id}?tab=reviews`, member)).text).toContain("Report this review");
    const reported = await post(`/user/${seller.id}`, member, {
      intent: "report",
      reviewId: String(aboutSeller.id),
      reason: "Mentions a different instrument.",
    });
    expect(reported.location).toBe(`/user/${seller.id}?tab=reviews&done=report`);
    expect(await opened.db.selectFrom("review_reports").select(["reporter_id", "reason"]).execute()).toEqual([
      { reporter_id: member, reason: "Mentions a different instrument." },
    ]);
  });

  it("answers 404 'User not found' with Return to Home for an unknown member or an address that is no member id", async () => {
    for (const path of ["/user/00000000-0000-0000-0000-000000000000", "/user/not-a-member"]) {
      const page = await open(path);
      expect(page.status).toBe(404);
      expect(page.text).toContain("User not found");
      expect(page.html).toMatch(/href="\/"[^>]*>Return to Home/);
    }
  });
});

describe("/user/{id}: Message, Follow, the Auctions tab and verification", () => {
  it("shows Message and Follow only to signed-in members on someone else's profile; both work", async () => {
    expect((await open(`/user/${seller.id}`)).text).not.toMatch(/Message|Follow\b/);
    const own = await open(`/user/${seller.id}`, seller.id);
    expect(own.html).not.toContain('value="message"');
    expect(own.html).not.toContain('value="follow"');
    const asBuyer = await open(`/user/${seller.id}`, buyer.id);
    expect(asBuyer.text).toContain("0 followers");
    expect(asBuyer.html).toContain('value="follow"');
    // The Message form offers a general question or one of their listings.
    expect(asBuyer.text).toContain("General question");
    expect(asBuyer.text).toContain("About: Keithley 2450 SourceMeter");

    const followed = await post(`/user/${seller.id}`, buyer.id, { intent: "follow" });
    expect(followed.location).toBe(`/user/${seller.id}?done=follow`);
    const after = await open(followed.location!, buyer.id);
    expect(after.text).toContain("1 follower");
    expect(after.html).toContain('value="unfollow"');

    const general = await post(`/user/${seller.id}`, buyer.id, { intent: "message", listingId: "" });
    expect(general.location).toMatch(/^\/messages\?conversation=\d+$/);
    const again = await post(`/user/${seller.id}`, buyer.id, { intent: "message" });
    expect(again.location).toBe(general.location);
    const listing = await opened.db.selectFrom("equipment_listings").select("id").where("title", "=", "Keithley 2450 SourceMeter").executeTakeFirstOrThrow();
    const about = await post(`/user/${seller.id}`, buyer.id, { intent: "message", listingId: String(listing.id) });
    expect(about.location).not.toBe(general.location);
    const conversations = await opened.db.selectFrom("conversations").select(["listing_id", "general"]).orderBy("id").execute();
    expect(conversations).toEqual([
      { listing_id: null, general: 1 },
      { listing_id: listing.id, general: 0 },
    ]);
    // A buyer's profile has no Follow: only sellers are followed.
    expect((await open(`/user/${buyer.id}`, seller.id)).html).not.toContain('value="follow"');
  });

  it("lists the seller's auctions on the Auctions tab, and none for a buyer", async () => {
    const page = await open(`/user/${seller.id}?tab=auctions`);
    expect(page.text).toContain("Auctions (0)");
    expect(page.text).toContain("No auctions yet");
    expect((await open(`/user/${buyer.id}`)).text).not.toContain("Auctions (");
  });

  it("shows staff holding can_manage_users where verification is decided, refuses marking by hand, and lets them revoke it, audited", async () => {
    const admin = await insertUserRow(opened.db, undefined, "admin");
    expect((await open(`/user/${seller.id}`, buyer.id)).text).not.toContain("Seller verification");
    expect((await open(`/user/${seller.id}`, admin)).text).toContain("A seller becomes verified when staff approve their application");
    const refused = await post(`/user/${seller.id}`, buyer.id, { intent: "verify", verified: "yes", since: "2026-10-01" });
    expect(refused.status).toBe(403);
    // Approval of an application is the only way in.
    const byHand = await post(`/user/${seller.id}`, admin, { intent: "verify", verified: "yes", since: "2026-10-01" });
    expect(byHand.status).toBe(409);
    expect((await open(`/user/${seller.id}`)).text).not.toContain("Verified Seller");
    await opened.db.updateTable("profiles").set({ is_verified: 1, verification_date: "2026-10-01T00:00:00.000Z" }).where("id", "=", seller.id).execute();
    expect((await open(`/user/${seller.id}`, admin)).text).toContain("Revoke verification");
    const done = await post(`/user/${seller.id}`, admin, { intent: "verify", verified: "no" });
    expect(done.location).toBe(`/user/${seller.id}?done=unverified`);
    expect((await open(`/user/${seller.id}`)).text).not.toContain("Verified Seller");
    expect(await opened.db.selectFrom("audit_events").select(["action", "actor_user_id"]).where("subject_id", "=", seller.id).execute()).toEqual([
      { action: "seller.unverify", actor_user_id: admin },
    ]);
  });
});
