// Hostile input ("Suites that keep it so"): fast-check generated bodies against every action in app/routes,
// sent by a visitor and by a signed-in, confirmed member of the role the action is for (the seller for a listing's
// and an auction's own pages). For every request: no 5xx and nothing thrown that is not an answer; a refused request
// (4xx) stores nothing (a checksum of every table before and after); a redirect stays on the site without control
// characters; and, throughout, a trivial task waiting on a timer runs within 1 s (the event loop is never stalled).
// The huge bodies of the issue (30 × 5 MB text parts, a 100 MB password) are streamed lazily and refused early.
//
// HOSTILE_RUNS sets the generated bodies per route and visitor (default 16), HOSTILE_SEED replays a run (the seed is
// printed); bench/hostile-input.mjs runs many more and reads the figures written to HOSTILE_REPORT.
import { createSaleEvent } from "~/services/sale-events/index.server.ts";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { createForumTopic } from "~/services/community/forum-posting.server.ts";
import { saveArticle } from "~/services/content/knowledge-base.server.ts";
import { openConversation } from "~/services/messaging/messages.server.ts";
import { createOrder } from "~/services/orders/order-creation.server.ts";
import { makeOffer, respondToOffer } from "~/services/orders/offers.server.ts";
import { insertAuctionRow } from "../../support/auctions.ts";
import { NOT_A_FORM_MESSAGE } from "~/web/form-data.server.ts";
import { bodyArb, hugeForm, hugeMultipart, requestWith, schemaVocabulary, type HostileBody } from "../../support/hostile-bodies.ts";
import { insertListingRow } from "../../support/listings.ts";
import { insertSaleEvent } from "../../support/sale-events.ts";
import { isResourceRoute, resourceServer } from "../../support/remix-resources.ts";
import { pageRoute, renderPage, ROUTE_CONTEXT, sessionCookie, sessionCookies, type RouteModule as PageModule } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const UPLOADS_DIR = path.resolve(process.env.TEST_TMP_DIR ?? "tests/.tmp", `uploads-hostile-${crypto.randomUUID()}`);
process.env.UPLOADS_DIR = UPLOADS_DIR;

const RUNS = Number(process.env.HOSTILE_RUNS ?? 16);
/** fast-check's seed for this run (HOSTILE_SEED replays one); each route and visitor derive theirs from it. */
const SEED = process.env.HOSTILE_SEED ? Number(process.env.HOSTILE_SEED) : crypto.randomInt(2 ** 31);
const ROUTES_DIR = path.resolve("app/routes");

type Member = "buyer" | "seller" | "support" | "editor" | "billing";

/** Where an action is reached and who it is for. */
interface ActionTarget {
  /** Path and query, with {fixture} placeholders. */
  url: string;
  params?: Record<string, string>;
  /** The signed-in member who uses this action (the seller for their own listing's and auction's pages). */
  member: Member;
  /** The field files go in, for a multipart form. */
  fileField?: string;
  /** The page also renders what the action answered (forms whose field errors are shown). */
  renders?: string;
  /** Signing out ends the session sent: each request gets a session of its own. */
  freshSession?: boolean;
}

// One entry per app/routes module that exports an action; the test below fails when one is missing.
const TARGETS: Record<string, ActionTarget> = {
  "$.tsx": { url: "/no/such/page", params: { "*": "no/such/page" }, member: "buyer" },
  "auctions.$id_.bid.tsx": { url: "/auctions/{auction}/bid", params: { id: "{auction}" }, member: "buyer" },
  "auctions.$id_.cancel.tsx": { url: "/auctions/{cancelAuction}/cancel", params: { id: "{cancelAuction}" }, member: "seller" },
  "auctions.$id_.end.tsx": { url: "/auctions/{endAuction}/end", params: { id: "{endAuction}" }, member: "seller" },
  "checkout.auction.$id.tsx": { url: "/checkout/auction/{wonAuction}", params: { id: "{wonAuction}" }, member: "buyer" },
  "checkout.listing.$id.tsx": { url: "/checkout/listing/{listing}", params: { id: "{listing}" }, member: "buyer" },
  // Make Offer: the offer form (a refused one comes back on its page), the answers on /offers, the accepted offer's checkout.
  "checkout.offer.$id.tsx": { url: "/checkout/offer/{acceptedOffer}", params: { id: "{acceptedOffer}" }, member: "buyer" },
  "listings.$id_.offer.tsx": { url: "/listings/{offerListing}/offer", params: { id: "{offerListing}" }, member: "buyer", renders: "/listings/:id/offer" },
  "offers.tsx": { url: "/offers", member: "seller", renders: "/offers" },
  "seller.listings.tsx": { url: "/seller/listings", member: "seller", renders: "/seller/listings" },
  "seller.sale-events.new.tsx": { url: "/seller/sale-events/new", member: "seller" },
  "seller.sale-events.$id.tsx": { url: "/seller/sale-events/{houseEvent}", params: { id: "{houseEvent}" }, member: "seller", fileField: "lots" },
  "seller.sale-events.$id_.bidders.tsx": { url: "/seller/sale-events/{houseEvent}/bidders", params: { id: "{houseEvent}" }, member: "seller" },
  "seller.sale-events.$id.bidders[.csv].tsx": { url: "/seller/sale-events/{houseEvent}/bidders.csv", params: { id: "{houseEvent}" }, member: "seller" },
  "admin.sale-event-deposits.tsx": { url: "/admin/sale-event-deposits", member: "billing" },
  "create-auction.tsx": { url: "/create-auction", member: "seller", renders: "/create-auction" },
  // Bulk CSV import: the upload is multipart (field "file"), every other step a small form.
  "bulk-upload.tsx": { url: "/bulk-upload", member: "seller", fileField: "file" },
  "bulk-upload[.csv].tsx": { url: "/bulk-upload.csv?file=template", member: "seller" },
  "contact.tsx": { url: "/contact", member: "buyer" },
  // Asking to bid in a published sale; a refused request comes back on its page.
  "sale-events.$id_.register.tsx": {
    url: "/sale-events/{saleEvent}/register",
    params: { id: "{saleEvent}" },
    member: "buyer",
    renders: "/sale-events/:id/register",
  },
  "confirm-email.tsx": { url: "/confirm-email", member: "buyer" },
  "create-listing.tsx": { url: "/create-listing", member: "seller", fileField: "images", renders: "/create-listing" },
  "edit-listing.$id.tsx": { url: "/edit-listing/{listing}", params: { id: "{listing}" }, member: "seller", fileField: "images", renders: "/edit-listing/:id" },
  "forgot-password.tsx": { url: "/forgot-password", member: "buyer" },
  "forum.new-topic.tsx": { url: "/forum/new-topic", member: "buyer", renders: "/forum/new-topic" },
  "forum.topic.$id.tsx": { url: "/forum/topic/{topic}", params: { id: "{topic}" }, member: "buyer", renders: "/forum/topic/:id" },
  // The knowledge base: "Was this helpful?" for everyone; the editor for staff holding can_edit_content.
  "knowledge-base.$slug.tsx": { url: "/knowledge-base/{article}", params: { slug: "{article}" }, member: "buyer" },
  "knowledge-base.$slug_.edit.tsx": {
    url: "/knowledge-base/{article}/edit",
    params: { slug: "{article}" },
    member: "editor",
    renders: "/knowledge-base/:slug/edit",
  },
  "knowledge-base.new.tsx": { url: "/knowledge-base/new", member: "editor", renders: "/knowledge-base/new" },
  "listings.$id_.contact.tsx": { url: "/listings/{listing}/contact", params: { id: "{listing}" }, member: "buyer" },
  "listings.$id_.delete.tsx": { url: "/listings/{deletable}/delete", params: { id: "{deletable}" }, member: "seller" },
  // Featuring: the seller's own listing; a refused form comes back on its page.
  "listings.$id_.feature.tsx": { url: "/listings/{listing}/feature", params: { id: "{listing}" }, member: "seller", renders: "/listings/:id/feature" },
  // An unsold listing's choices: the seller's own listing; a refused form comes back on its page.
  "listings.$id_.relist.tsx": { url: "/listings/{listing}/relist", params: { id: "{listing}" }, member: "seller", renders: "/listings/:id/relist" },
  "listings.$id_.watch.tsx": { url: "/listings/{listing}/watch", params: { id: "{listing}" }, member: "buyer" },
  "listings._index.tsx": { url: "/listings?search=scope", member: "buyer" },
  "login.tsx": { url: "/login", member: "buyer" },
  // Two-step sign-in: the second step (no sign-in waiting, so no body signs anyone in) and its settings.
  "login_.second-factor.tsx": { url: "/login/second-factor", member: "buyer" },
  "profile_.second-factor.tsx": { url: "/profile/second-factor", member: "buyer" },
  // Passkeys: options and answers as JSON; no body is a genuine authenticator's answer.
  "login_.second-factor_.passkey.tsx": { url: "/login/second-factor/passkey", member: "buyer" },
  "profile_.second-factor_.passkeys.tsx": { url: "/profile/second-factor/passkeys", member: "buyer" },
  "logout.tsx": { url: "/logout", member: "buyer", freshSession: true },
  "messages.tsx": { url: "/messages", member: "buyer" },
  "newsletter.tsx": { url: "/newsletter", member: "buyer" },
  "notifications.tsx": { url: "/notifications", member: "buyer" },
  "orders.$id.tsx": { url: "/orders/{order}", params: { id: "{order}" }, member: "buyer" },
  // A dispute's messages and a proof of delivery: multipart with their files; a refusal has its own page.
  "orders.$id_.dispute.tsx": { url: "/orders/{order}/dispute", params: { id: "{order}" }, member: "buyer", fileField: "files", renders: "/orders/:id/dispute" },
  "orders.$id_.delivered.tsx": {
    url: "/orders/{order}/delivered",
    params: { id: "{order}" },
    member: "seller",
    fileField: "proof",
    renders: "/orders/:id/delivered",
  },
  "orders.$id_.evidence.$file.ts": {
    url: "/orders/{order}/evidence/00000000-0000-4000-8000-000000000000.png",
    params: { id: "{order}", file: "00000000-0000-4000-8000-000000000000.png" },
    member: "buyer",
  },
  // Reviews: the buyer reviews a completed order.
  "user.$id.tsx": { url: "/user/{sellerMember}", params: { id: "{sellerMember}" }, member: "seller", renders: "/user/:id" },
  // Reported reviews: the administrator's bodies reach hide and dismiss (of reviews the fixtures may not have).
  "admin.review-reports.tsx": { url: "/admin/review-reports", member: "editor" },
  // Seller verification: the seller's application (multipart, field "documents"; a refused one comes back
  // on its page), the administrator's decisions on applications the fixtures may not have, the documents (GET only).
  "profile_.verification.tsx": { url: "/profile/verification", member: "seller", fileField: "documents", renders: "/profile/verification" },
  "admin.verifications.tsx": { url: "/admin/verifications", member: "editor" },
  "verification-documents.$id.ts": { url: "/verification-documents/999999", params: { id: "999999" }, member: "buyer" },
  "orders.$id_.review.tsx": { url: "/orders/{completedOrder}/review", params: { id: "{completedOrder}" }, member: "buyer", renders: "/orders/:id/review" },
  "profile.tsx": { url: "/profile", member: "buyer", fileField: "avatar", renders: "/profile" },
  // The member's own security: signing devices out (a session of its own, as a body may sign others
  // out) and changing the password (no body knows the current one).
  "profile_.currency.tsx": { url: "/profile/currency", member: "buyer" },
  // Becoming a seller: posted by a seller, so no body can change the fixtures' roles; refusals render the page.
  "profile_.start-selling.tsx": { url: "/profile/start-selling", member: "seller", renders: "/profile/start-selling" },
  "profile_.devices.tsx": { url: "/profile/devices", member: "buyer", freshSession: true },
  "profile_.password.tsx": { url: "/profile/password", member: "buyer", renders: "/profile/password" },
  "register.tsx": { url: "/register", member: "buyer" },
  "reset-password.tsx": { url: "/reset-password", member: "buyer" },
  "resources.ai-listing.ts": { url: "/resources/ai-listing", member: "buyer", fileField: "photos" },
  // Staff only (can_manage_users): the administrator's bodies reach the role change.
  "admin.users.tsx": { url: "/admin/users", member: "editor" },
  // A member's page (suspend / reinstate): a member id nobody has, so no body can suspend a fixture that other targets
  // sign in as; the administrator's bodies reach validation and the service. Promo codes: bodies may create codes.
  // Roles: can_manage_admins only, so the administrator's bodies are refused.
  "admin.users_.$id.tsx": {
    url: "/admin/users/00000000-0000-4000-8000-000000000000",
    params: { id: "00000000-0000-4000-8000-000000000000" },
    member: "editor",
    renders: "/admin/users/:id",
  },
  "admin.promo-codes.tsx": { url: "/admin/promo-codes", member: "editor", renders: "/admin/promo-codes" },
  "admin.roles.tsx": { url: "/admin/roles", member: "editor" },
  // The order desk: hold, lift, note and cancel reach the service with the administrator's bodies.
  "admin.orders.tsx": { url: "/admin/orders", member: "editor" },
  // Exchange rates: one rate as a form, or a file (field "file") as multipart.
  "admin.exchange-rates.tsx": { url: "/admin/exchange-rates", member: "billing", fileField: "file", renders: "/admin/exchange-rates" },
  // Moderation: the review of a listing nobody has (no body can remove a fixture other targets use);
  // the member-report queue, listings (feature) and categories reach their services with the administrator's bodies.
  "admin.flagged-listings.tsx": { url: "/admin/flagged-listings?tab=members", member: "editor" },
  // The moderation inbox: the administrator's bodies reach the flagged-post decision (of posts the fixtures lack).
  "admin.moderation.tsx": { url: "/admin/moderation", member: "editor" },
  "admin.review-listing.$id.tsx": { url: "/admin/review-listing/999999999", params: { id: "999999999" }, member: "editor" },
  "admin.listings.tsx": { url: "/admin/listings", member: "editor" },
  "admin.bulk-imports.tsx": { url: "/admin/bulk-imports", member: "editor" },
  "admin.categories.tsx": { url: "/admin/categories", member: "editor" },
  // Report this listing / member: the buyer's bodies reach the report (a refused one comes back on its page).
  "listings.$id_.report.tsx": { url: "/listings/{listing}/report", params: { id: "{listing}" }, member: "buyer", renders: "/listings/:id/report" },
  "user.$id_.report.tsx": { url: "/user/{sellerMember}/report", params: { id: "{sellerMember}" }, member: "buyer", renders: "/user/:id/report" },
  // Staff only (can_answer_support): visitors sign in first; the support agent's bodies reach the actions.
  "support-inbox.tsx": { url: "/support-inbox", member: "support" },
  "support-inbox_.$id.tsx": { url: "/support-inbox/{supportRequest}", params: { id: "{supportRequest}" }, member: "support" },
  // The newsletter's mailed links: no sign-in.
  "newsletter_.confirm.tsx": { url: "/newsletter/confirm?token=x", member: "buyer" },
  "newsletter_.unsubscribe.tsx": { url: "/newsletter/unsubscribe?s={supportRequest}&t=x", member: "buyer" },
  "resources.offline-actions.ts": { url: "/resources/offline-actions", member: "buyer" },
  "watchlist.tsx": { url: "/watchlist", member: "buyer" },
  // Resource routes that serve GET only: any body is a 405 with a message.
  "events.ts": { url: "/events?auction={auction}", member: "buyer" },
  "healthz.ts": { url: "/healthz", member: "buyer" },
  "saved-searches.tsx": { url: "/saved-searches", member: "buyer" },
  "admin.reports[.csv].tsx": { url: "/admin/reports.csv", member: "editor" },
  "admin.sales[.csv].tsx": { url: "/admin/sales.csv", member: "editor" },
  "admin.audit-log[.csv].tsx": { url: "/admin/audit-log.csv", member: "editor" },
  "admin.newsletter[.csv].tsx": { url: "/admin/newsletter.csv", member: "editor" },
  "resources.notifications.ts": { url: "/resources/notifications", member: "buyer" },
  "resources.offline-snapshot.ts": { url: "/resources/offline-snapshot", member: "buyer" },
  "styles.$file.ts": { url: "/styles/site-0.css", member: "buyer" },
  "uploads.avatars.$file.ts": { url: "/uploads/avatars/x.webp", member: "buyer" },
  "uploads.listings.$id.$file.ts": { url: "/uploads/listings/{listing}/x.webp", member: "buyer" },
};

/** Tables a refused request may still write: sign-in counters, sessions touched (and the sign-ins they record), search statistics. */
const BOOKKEEPING = new Set([
  "sessions",
  "sign_in_events",
  "attempt_counters",
  "known_sign_ins",
  "search_queries",
  "search_query_visitors",
  "recent_views",
  "listing_views",
  "listing_view_days",
  "seller_view_days",
]);

type Handler = (args: { request: Request; params: Record<string, string>; context: typeof ROUTE_CONTEXT }) => unknown;
interface RouteModule {
  action?: Handler;
  loader?: Handler;
  default?: unknown;
}

function routeFiles(): string[] {
  return fs
    .readdirSync(ROUTES_DIR)
    .filter((name) => /\.(tsx?|jsx?)$/.test(name))
    .sort();
}

/** The route modules by file name, loaded once. */
const modules = new Map<string, RouteModule>();
/** Remix's own handler for the resource routes (the way their answers reach a browser differs from a page's). */
let serveResource: (request: Request) => Promise<Response>;
let opened: OpenedDatabase;
const people = {} as Record<Member, string>;
const fixtures: Record<string, string> = {};
const cookieFor = sessionCookies(() => opened.db);
let vocabulary: { names: string[]; values: string[] };
let tables: string[] = [];

// ——— The event loop: a trivial task on a 50 ms timer, and the longest it ever waited past its time ———
let maxStallMs = 0;
/** How often the task ran (it must have run throughout for the figure to mean anything). */
let probeTicks = 0;
let probe: ReturnType<typeof setTimeout> | undefined;
function startProbe() {
  let expected = performance.now() + 50;
  const tick = () => {
    const now = performance.now();
    maxStallMs = Math.max(maxStallMs, now - expected);
    probeTicks += 1;
    expected = now + 50;
    probe = setTimeout(tick, 50);
  };
  probe = setTimeout(tick, 50);
}

// ——— Figures ———
let requestsSent = 0;
/** The slowest request, for the report. */
let slowest = { ms: 0, what: "" };

function describeBody(body: HostileBody): string {
  if (typeof body.body === "function") return "(streamed)";
  const text = typeof body.body === "string" ? body.body : body.body ? new TextDecoder().decode(body.body) : "";
  return JSON.stringify(text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text);
}
const serverErrors: string[] = [];
const stored: string[] = [];
const badRedirects: string[] = [];
/** Refusals of resource routes that reached the caller without their message. */
const unworded: string[] = [];
/** Well-formed multipart forms answered as if they were not forms (file names with `=` or `;` did that). */
const unread: string[] = [];

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  const db = opened.db;
  people.buyer = await insertUserRow(db, "hostile-buyer@example.test", "buyer");
  people.seller = await insertUserRow(db, "hostile-seller@example.test", "seller");
  people.support = await insertUserRow(db, "hostile-support@example.test", "support");
  // Staff who edit the knowledge base (can_edit_content).
  people.editor = await insertUserRow(db, "hostile-editor@example.test", "admin");
  // Staff who set the exchange rates (can_manage_billing).
  people.billing = await insertUserRow(db, "hostile-billing@example.test", "billing");
  const { buyer, seller } = people;
  const listing = await insertListingRow(db, seller, { title: "Keysight DSOX3034T oscilloscope" });
  const deletable = await insertListingRow(db, seller, { title: "Fluke 87V multimeter" });
  // Listings that take offers: one with the buyer's open offer awaiting the seller, one whose offer was accepted.
  const offerListing = await insertListingRow(db, seller, { title: "Tektronix AFG31000 function generator", accepts_offers: 1 });
  const { offerId: openOffer } = await makeOffer(db, { listingId: offerListing, buyerId: buyer, amountCents: 50_000 });
  const soldByOffer = await insertListingRow(db, seller, { title: "Agilent 34970A data acquisition unit", accepts_offers: 1 });
  const { offerId: acceptedOffer } = await makeOffer(db, { listingId: soldByOffer, buyerId: buyer, amountCents: 60_000 });
  await respondToOffer(db, { offerId: acceptedOffer, userId: seller, action: "accept" });
  const { auctionId: auction } = await insertAuctionRow(db, seller);
  const { eventId: saleEvent } = await insertSaleEvent(db, seller, new Date());
  const { auctionId: endAuction } = await insertAuctionRow(db, seller);
  const { auctionId: cancelAuction } = await insertAuctionRow(db, seller);
  const { auctionId: wonAuction, listingId: wonListing } = await insertAuctionRow(db, seller, { status: "ended", winner_id: buyer });
  const order = await createOrder(
    db,
    {
      listingId: wonListing,
      auctionId: wonAuction,
      buyerId: buyer,
      sellerId: seller,
      saleType: "auction",
      amountCents: 120_000,
      currency: "USD",
      createdBy: null,
    },
    new Date(),
  );
  // A completed order (receipt confirmed), so a review of it may be stored.
  const { listingId: reviewedListing, auctionId: reviewedAuction } = await insertAuctionRow(db, seller, { status: "ended", winner_id: buyer });
  const completedOrder = await createOrder(
    db,
    {
      listingId: reviewedListing,
      auctionId: reviewedAuction,
      buyerId: buyer,
      sellerId: seller,
      saleType: "auction",
      amountCents: 90_000,
      currency: "USD",
      createdBy: null,
    },
    new Date(),
  );
  await db.updateTable("orders").set({ status: "completed", completed_at: new Date().toISOString() }).where("id", "=", completedOrder.id).execute();
  const { conversationId } = await openConversation(db, buyer, listing);
  const notification = await db
    .insertInto("notifications")
    .values({ user_id: buyer, title: "You were outbid", message: "Someone bid more.", type: "bid" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const supportRequest = await db
    .insertInto("support_requests")
    .values({ name: "Ada Lovelace", email: "ada@example.test", subject: "Invoice", message: "Where is my invoice?" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const topic = await createForumTopic(
    db,
    { userId: seller, canModerate: false },
    { categoryId: "general", title: "Crating a 60 kg analyzer", body: "Crate or pallet?" },
  );
  const article = await saveArticle(
    db,
    null,
    {
      slug: "crating-an-analyzer",
      title: "Crating an analyzer",
      category: "shipping-logistics",
      content: "Use a pallet.",
      tags: ["freight"],
      status: "published",
    },
    people.editor,
  );
  const houseEvent = await createSaleEvent(db, people.seller, {
    title: "Hostile sale",
    startsAt: new Date(Date.now() + 86_400_000),
    firstCloseAt: new Date(Date.now() + 2 * 86_400_000),
  });
  Object.assign(fixtures, {
    houseEvent: String(houseEvent),
    article: article.slug,
    topic: String(topic),
    listing: String(listing),
    deletable: String(deletable),
    offerListing: String(offerListing),
    openOffer: String(openOffer),
    acceptedOffer: String(acceptedOffer),
    supportRequest: String(supportRequest.id),
    auction: String(auction),
    saleEvent: String(saleEvent),
    endAuction: String(endAuction),
    cancelAuction: String(cancelAuction),
    wonAuction: String(wonAuction),
    order: String(order.id),
    completedOrder: String(completedOrder.id),
    sellerMember: seller,
    conversation: String(conversationId),
    notification: String(notification.id),
  });
  const fromSchemas = await schemaVocabulary();
  vocabulary = {
    names: [
      ...new Set([
        ...fromSchemas.names,
        "intent",
        "returnTo",
        "js",
        "id",
        "conversationId",
        "listingId",
        "searchId",
        "body",
        "photos",
        "images",
        "avatar",
        "assignee",
        "expected",
        "then",
        "token",
        "s",
        "t",
      ]),
    ],
    values: [
      ...new Set([
        ...fromSchemas.values,
        ...Object.values(fixtures),
        "watch",
        "unwatch",
        "mark-read",
        "mark-all-read",
        "remove-avatar",
        "assign",
        "assign-me",
        "reply",
        "close",
        "reopen",
        "accept",
        "decline",
        "counter",
        "withdraw",
        "received",
        "sent",
      ]),
    ],
  };
  // Kysely's introspection lists the tables on either engine (SQLite's own and the migrator's left out).
  tables = (await db.introspection.getTables())
    .filter((table) => !table.isView)
    .map((table) => table.name)
    .filter((name) => !BOOKKEEPING.has(name) && !name.startsWith("kysely_") && !name.startsWith("sqlite_"))
    .sort();
  // Loading a module runs its code at once (the test's own cost, not the server's): all of them before the probe starts.
  for (const file of routeFiles()) modules.set(file, (await import(path.join(ROUTES_DIR, file))) as RouteModule);
  serveResource = resourceServer(
    new Map([...modules].filter(([, module]) => isResourceRoute(module as Record<string, unknown>))) as Map<string, Record<string, unknown>>,
  );
  startProbe();
});

afterAll(async () => {
  if (probe) clearTimeout(probe);
  await opened.close();
  fs.rmSync(UPLOADS_DIR, { recursive: true, force: true });
  const figures = {
    requests: requestsSent,
    serverErrors: serverErrors.length,
    stored: stored.length,
    maxStallMs: Math.round(maxStallMs),
    runsPerRoute: RUNS,
    seed: SEED,
    probeTicks,
    slowestMs: Math.round(slowest.ms),
  };
  console.info(`slowest request: ${slowest.what}`);
  console.info(`hostile input: ${JSON.stringify(figures)}`);
  if (process.env.HOSTILE_REPORT)
    fs.writeFileSync(
      process.env.HOSTILE_REPORT,
      JSON.stringify({ ...figures, problems: [...serverErrors, ...stored, ...badRedirects, ...unworded, ...unread].slice(0, 50) }),
    );
});

function fill(text: string): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => fixtures[name] ?? whole);
}

/** A digest of every table a request could write (bookkeeping aside). */
async function checksum(): Promise<string> {
  const hash = crypto.createHash("sha256");
  for (const table of tables) {
    const { rows } = await sql`select * from ${sql.table(table)}`.execute(opened.db);
    // Rows in a fixed order: PostgreSQL may return them in another order after a write that changed nothing visible.
    hash.update(table).update(JSON.stringify(rows.map((row) => JSON.stringify(row)).sort()));
  }
  return hash.digest("hex");
}

interface Answer {
  status: number;
  location: string | null;
  problem?: string;
  /** A refusal whose body says only "Unexpected Server Error" (Remix's words for a resource route's unhandled answer). */
  unworded?: boolean;
  /** The answer's `message`, when it has one. */
  message?: unknown;
}

function messageOf(text: string): unknown {
  try {
    return (JSON.parse(text) as { message?: unknown }).message;
  } catch {
    return undefined;
  }
}

/** What Remix's handler answers a resource route's request with. */
async function resourceAnswer(request: Request): Promise<Answer> {
  const response = await serveResource(request);
  const text = response.body ? await response.text() : "";
  return {
    status: response.status,
    location: response.headers.get("Location"),
    problem: response.status >= 500 ? text.slice(0, 500) : undefined,
    message: messageOf(text),
    unworded: response.status >= 400 && /Unexpected Server Error/.test(text),
  };
}

/** What the Remix server would send for what the action returned or threw. */
async function answerOf(work: () => unknown): Promise<Answer> {
  let value: unknown;
  try {
    value = await work();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    const json = (value.headers.get("Content-Type") ?? "").includes("json");
    const message = json ? messageOf(await value.text()) : undefined;
    if (!json) await value.body?.cancel().catch(() => {});
    return { status: value.status, location: value.headers.get("Location"), message };
  }
  if (value && typeof value === "object" && "type" in value && value.type === "DataWithResponseInit") {
    const { init, data } = value as unknown as { init: ResponseInit | null; data: unknown };
    return { status: init?.status ?? 200, location: null, message: (data as { message?: unknown } | null)?.message };
  }
  if (value instanceof Error) return { status: 500, location: null, problem: value.stack ?? value.message };
  if (value !== null && typeof value === "object" && !Array.isArray(value) && Object.getPrototypeOf(value) !== Object.prototype) {
    return { status: 500, location: null, problem: `threw or returned a ${String((value as object).constructor?.name)}` };
  }
  return { status: 200, location: null };
}

/** Whether a Location stays on this site as a plain path. */
function safeLocation(location: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
  if (/[\u0000-\u001f\u007f\\]/.test(location)) return false;
  if (!location.startsWith("/") || location.startsWith("//")) return false;
  return new URL(location, "http://localhost").origin === "http://localhost";
}

async function headersFor(target: ActionTarget, as: Member | null): Promise<Headers> {
  const headers = new Headers({ Origin: "http://localhost" });
  if (as) headers.set("Cookie", target.freshSession ? await sessionCookie(opened.db, people[as]) : await cookieFor(people[as]));
  return headers;
}

/** Sends one body to one action, and records what went wrong. */
async function send(file: string, module: RouteModule, target: ActionTarget, as: Member | null, body: HostileBody): Promise<Answer> {
  const url = `http://localhost${fill(target.url)}`;
  const params = Object.fromEntries(Object.entries(target.params ?? {}).map(([name, value]) => [name, fill(value)]));
  // Requests reach a server through its sockets, one event-loop turn each: the harness yields as they would, so the
  // probe measures how long one request holds the loop (without this, a run of requests would be one long chain of
  // promise callbacks that never lets a timer run).
  await new Promise((resolve) => setImmediate(resolve));
  const before = await checksum();
  const request = requestWith(url, body, await headersFor(target, as));
  const started = performance.now();
  const answer = isResourceRoute(module as Record<string, unknown>)
    ? await resourceAnswer(request)
    : await answerOf(() => module.action!({ request, params, context: ROUTE_CONTEXT }));
  const tookMs = performance.now() - started;
  if (tookMs > slowest.ms) slowest = { ms: tookMs, what: `${file} as ${as ?? "anonymous"}, ${body.label}: ${describeBody(body)} → ${answer.status}` };
  requestsSent += 1;
  const who = as ?? "anonymous";
  if (answer.status >= 500) serverErrors.push(`${file} as ${who}, ${body.label}: ${answer.status} ${answer.problem ?? ""}`);
  if (answer.status >= 400 && answer.status < 500 && (await checksum()) !== before)
    stored.push(`${file} as ${who}, ${body.label}: refused with ${answer.status} but stored`);
  if (body.wellFormed && answer.message === NOT_A_FORM_MESSAGE)
    unread.push(`${file} as ${who}: a well-formed multipart form answered "not a form": ${describeBody(body)}`);
  if (answer.unworded) unworded.push(`${file} as ${who}, ${body.label}: ${answer.status} without its message`);
  if (answer.location !== null && !safeLocation(answer.location)) badRedirects.push(`${file} as ${who}: Location ${JSON.stringify(answer.location)}`);
  return answer;
}

/** The page of `target` after the action answered `body`: it renders (never a 5xx). */
async function renderAfter(module: RouteModule, target: ActionTarget, as: Member, body: HostileBody): Promise<number> {
  await new Promise((resolve) => setImmediate(resolve));
  const request = requestWith(`http://localhost${fill(target.url)}`, body, await headersFor(target, as));
  const started = performance.now();
  const page = await renderPage([pageRoute(target.renders!, module as unknown as PageModule)], request);
  const tookMs = performance.now() - started;
  if (tookMs > slowest.ms) slowest = { ms: tookMs, what: `page ${target.renders} as ${as}, ${body.label}: ${describeBody(body)} → ${page.status}` };
  requestsSent += 1;
  return page.status;
}

describe("the generators", () => {
  it("have an entry for every route module in app/routes that exports an action, and none for a file without one", async () => {
    const withAction: string[] = [];
    for (const [file, module] of modules) if (typeof module.action === "function") withAction.push(file);
    expect({
      withoutEntry: withAction.filter((file) => !(file in TARGETS)),
      withoutAction: Object.keys(TARGETS).filter((file) => !withAction.includes(file)),
    }).toEqual({
      withoutEntry: [],
      withoutAction: [],
    });
  });

  it("know the forms' field names from app/schemas", () => {
    expect(vocabulary.names).toEqual(expect.arrayContaining(["brand", "features", "emailAlerts", "returnTo", "password"]));
  });
});

for (const [routeIndex, [file, target]] of Object.entries(TARGETS).entries()) {
  describe(file, () => {
    for (const [visitorIndex, as] of ([null, target.member] as const).entries()) {
      it(`answers ${RUNS} generated bodies ${as ? `from a signed-in ${as}` : "from a visitor"} without a 5xx, storing nothing when it refuses`, async () => {
        const module = modules.get(file)!;
        const before = serverErrors.length + stored.length + badRedirects.length + unworded.length + unread.length;
        await fc.assert(
          fc.asyncProperty(bodyArb(vocabulary.names, vocabulary.values, target.fileField ?? null), async (body) => {
            const answer = await send(file, module, target, as, body);
            if (answer.status >= 500) return false;
            if (as && target.renders && answer.status === 400 && body.label === "form") {
              return (await renderAfter(module, target, as, body)) < 500;
            }
            return true;
          }),
          { numRuns: RUNS, endOnFailure: true, seed: SEED + routeIndex * 2 + visitorIndex },
        );
        expect([...serverErrors, ...stored, ...badRedirects, ...unworded, ...unread].slice(before)).toEqual([]);
      }, 120_000);
    }
  });
}

describe("huge bodies, streamed", () => {
  const cases: Array<[string, Member | null, () => HostileBody]> = [
    ["login.tsx", null, () => hugeForm("password", 100)],
    ["newsletter.tsx", null, () => hugeForm("email", 100)],
    ["contact.tsx", null, () => hugeForm("message", 100)],
    ["knowledge-base.new.tsx", "editor", () => hugeForm("content", 100)],
    ["profile.tsx", "buyer", () => hugeMultipart(30, 5)],
    ["create-listing.tsx", "seller", () => hugeMultipart(30, 5)],
    ["bulk-upload.tsx", "seller", () => hugeMultipart(30, 5)],
    ["edit-listing.$id.tsx", "seller", () => hugeMultipart(30, 5)],
    ["resources.ai-listing.ts", null, () => hugeMultipart(30, 5)],
  ];
  for (const [file, as, body] of cases) {
    it(`refuses ${body().label} to ${file} with a 4xx before reading it all`, async () => {
      const module = modules.get(file)!;
      const memoryBefore = process.memoryUsage().rss;
      const answer = await send(file, module, TARGETS[file]!, as, body());
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      // Never buffered: far less than the body's 100–150 MB.
      expect(process.memoryUsage().rss - memoryBefore).toBeLessThan(60 * 1024 * 1024);
    });
  }
});

describe("throughout", () => {
  it("no request was answered with a server error, stored anything it refused, redirected off the site or lost its message", () => {
    expect({ serverErrors, stored, badRedirects, unworded, unread }).toEqual({ serverErrors: [], stored: [], badRedirects: [], unworded: [], unread: [] });
  });

  it("a trivial task waiting on a timer always ran within 1 s", () => {
    expect(maxStallMs).toBeLessThan(1_000);
  });
});
