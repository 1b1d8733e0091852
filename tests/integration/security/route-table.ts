// The route × role table ("Suites that keep it so"): every route module in app/routes, its loader and its
// action, and what each kind of visitor gets from them. route-matrix.test.ts sends every cell as a real request (a
// session cookie per visitor, a concrete target made in a fresh database) and fails when a file in app/routes has no
// row here, when a row names a file that is gone, or when a row's "none" disagrees with what the module exports.
//
// Outcomes. Passed the guards:
//   ok            2xx: the page, the data, or the action done in place.
//   to:<path>     a redirect to <path> that is the route's own answer (an action done, a stray GET sent to its page).
//   reaches:<n>   the action passed every guard and was stopped by the form's validation (400, a field message) or by
//                 a marketplace rule of the thing itself (409: already confirmed, wrong order state; 403: contacting
//                 yourself about your own listing). The forms sent are
//                 deliberately invalid where a valid one would change what later cells see; a 400 here means "this
//                 visitor gets as far as validation", which is what the matrix is about.
// Stopped by a guard (nothing done):
//   login         a redirect to /login?from=<a same-site path>: visitors sign in first.
//   away:<path>   a redirect elsewhere, e.g. members on visitor-only pages, roles without a capability → /dashboard.
//   refused:<n>   401 (no session, JSON endpoints), 403 (signed in but not allowed: role, permission, unconfirmed
//                 e-mail address, not a member of the conversation), 404 (nothing here for this visitor: someone
//                 else's order or draft, or no such thing for anyone), 405 (wrong method).
// A path ending in * matches any address starting with the rest. {listing}, {auction}, … are the fixtures' ids.
//
// Readings chosen where the product rules leave room (the stricter one):
// - Bidding needs the can_bid permission (decision 0025's matrix: buyer, seller, admin, super_admin), not only a
//   confirmed account: moderators, referees, billing and support are refused with 403, on the route and the API.
// - Unconfirmed accounts (decision 0028) may read everything a member reads but not bid, buy, list, message or edit
//   a listing (403); watching, saving searches, notifications, profile and order pages are not in that list.
// - The actions of /login and /forgot-password serve signed-in members as they serve visitors (their pages send
//   members to /dashboard): signing in again or asking for a reset link gives a member nothing a visitor lacks.
// - /seller/orders and /orders list the member's own sales and purchases, so every member may open them (empty
//   for those who have none); nobody sees another member's rows there.
// - /listings/{id}/watch and the AI wizard's generation (/resources/ai-listing) are open to every member, and the
//   generation to visitors (docs/product/platform.md#routes: visitors try the wizard's first two steps).
import { SHIPPING_ADDRESS } from "../../support/orders.ts";
import type { FormFields } from "../../support/route-calls.ts";

export const VISITORS = [
  "anonymous",
  "buyer",
  "unconfirmed_buyer",
  "seller",
  "unconfirmed_seller",
  "admin",
  "super_admin",
  "moderator",
  "dispute_resolution_referee",
  "billing",
  "support",
] as const;
export type Visitor = (typeof VISITORS)[number];

export type Outcome = "ok" | "login" | `to:${string}` | `away:${string}` | `reaches:${400 | 403 | 409}` | `refused:${401 | 403 | 404 | 405}`;

/** One request of the matrix: where it goes and what each visitor gets. */
export interface MatrixCase {
  /** What this case is about, when a route has more than one. */
  label?: string;
  /** Path and query (default: the row's path). */
  url?: string;
  /** Route parameters (default: the row's). */
  params?: Record<string, string>;
  /** A url-encoded form (actions): minimal, same-site. */
  form?: FormFields;
  /** A JSON body instead of a form. */
  json?: unknown;
  expect: Record<Visitor, Outcome>;
}

export interface RouteRow {
  /** The module's file name in app/routes. */
  file: string;
  /** The address, with fixture placeholders. */
  path: string;
  params?: Record<string, string>;
  loader: "none" | MatrixCase | MatrixCase[];
  action: "none" | MatrixCase | MatrixCase[];
}

const MEMBERS = VISITORS.filter((visitor) => visitor !== "anonymous");
const UNCONFIRMED = ["unconfirmed_buyer", "unconfirmed_seller"] as const;
/** Roles that create listings (can_create_listings), as confirmed and unconfirmed accounts. */
const CREATORS = ["seller", "unconfirmed_seller", "admin", "super_admin"] as const;
/** Staff whose roles do not hold can_bid. */
const NON_BIDDING_STAFF = ["moderator", "dispute_resolution_referee", "billing", "support"] as const;
/** Who the escrow desk and any order are for besides its parties (can_confirm_payments or can_resolve_disputes). */
const ESCROW_STAFF = ["admin", "super_admin", "billing", "dispute_resolution_referee"] as const;
/** Who reads and closes the contact form's messages (can_answer_support). */
const SUPPORT_STAFF = ["admin", "super_admin", "support"] as const;
/** Who may see and edit any listing besides its owner: roles holding can_manage_listings (the listing policy). */
const LISTING_ADMINS = ["admin", "super_admin", "moderator"] as const;
/** Who writes the knowledge base and reads its drafts: roles holding can_edit_content. */
const CONTENT_EDITORS = ["admin", "super_admin"] as const;
/** Who moderates the forum: roles holding can_moderate_content. */
const CONTENT_MODERATORS = ["admin", "super_admin", "moderator"] as const;
/** Who opens the admin console: every staff role (each holds one of ADMIN_CONSOLE_PERMISSIONS in app/lib/admin.ts). */
const ADMIN_CONSOLE_STAFF = ["admin", "super_admin", "moderator", "dispute_resolution_referee", "billing", "support"] as const;
/** Who reads /admin/users: can_view_users, can_manage_users or can_manage_admins. */
const USER_READERS = ["admin", "super_admin", "support"] as const;
/** Who changes roles and fee exemption and reads the audit log: can_manage_users or can_manage_admins. */
const USER_MANAGERS = ["admin", "super_admin"] as const;
/** Who creates and deactivates promo codes: can_manage_promo_codes. */
const PROMO_MANAGERS = ["admin", "super_admin"] as const;
/** Who sets the exchange rates: can_manage_billing. */
const BILLING_MANAGERS = ["super_admin", "billing"] as const;
/** Who reads sales and the marketplace reports: can_view_reports (admin, super_admin, billing) or billing's own flags. */
const SALES_STAFF = ["admin", "super_admin", "billing"] as const;

function each(visitors: readonly Visitor[], outcome: Outcome): Partial<Record<Visitor, Outcome>> {
  return Object.fromEntries(visitors.map((visitor) => [visitor, outcome]));
}

/** The visitor's outcome, every member's unless one of `except` names them. */
function outcomes(anonymous: Outcome, members: Outcome, ...except: Array<Partial<Record<Visitor, Outcome>>>): Record<Visitor, Outcome> {
  return Object.assign({ anonymous }, each(MEMBERS, members), ...except) as Record<Visitor, Outcome>;
}

const everyone = (outcome: Outcome) => outcomes(outcome, outcome);
/** Members only, the same for each; visitors sign in first. */
const members = (outcome: Outcome, ...except: Array<Partial<Record<Visitor, Outcome>>>) => outcomes("login", outcome, ...except);
/** Visitor-only pages (sign-in, register, passwords): members go to their dashboard. */
const visitorsOnly = (anonymous: Outcome) => outcomes(anonymous, "away:/dashboard");

/** Bidding (route and API): a confirmed account whose role holds can_bid reaches the amount's validation. */
const BIDDING: Omit<Record<Visitor, Outcome>, "anonymous"> = {
  ...(each(MEMBERS, "reaches:400") as Record<Visitor, Outcome>),
  ...each(UNCONFIRMED, "refused:403"),
  ...each(NON_BIDDING_STAFF, "refused:403"),
};

/** A complete shipping address, as the checkout form sends it. */
const SHIPPING: FormFields = Object.fromEntries(Object.entries(SHIPPING_ADDRESS).map(([name, value]) => [name, String(value ?? "")]));

/** A page of the seller's own auction (end or cancel): the owner only; the lot is public, so others get 403. */
const OWNER_AUCTION_PAGE = members("refused:403", { seller: "ok" });
const OWNER_AUCTION_ACTION = members("refused:403", { seller: "reaches:400" });

/** A resource route that serves GET only: any other method is a 405 with a message (app/web/resource-route.server.ts). */
const ONLY_GET: MatrixCase = { label: "a method it does not serve", form: {}, expect: everyone("refused:405") };

// prettier-ignore
export const ROUTE_TABLE: readonly RouteRow[] = [
  { file: "$.tsx", path: "/no/such/page", params: { "*": "no/such/page" },
    loader: { expect: everyone("refused:404") },
    action: { form: {}, expect: everyone("refused:404") } },
  { file: "_index.tsx", path: "/", loader: { expect: everyone("ok") }, action: "none" },
  { file: "healthz.ts", path: "/healthz", loader: { expect: everyone("ok") }, action: ONLY_GET },
  { file: "events.ts", path: "/events?auction={auction}", loader: { expect: everyone("ok") }, action: ONLY_GET },
  { file: "styles.$file.ts", path: "/styles/{stylesheet}", params: { file: "{stylesheet}" }, loader: { expect: everyone("ok") }, action: ONLY_GET },
  { file: "uploads.avatars.$file.ts", path: "/uploads/avatars/{avatar}", params: { file: "{avatar}" }, loader: { expect: everyone("ok") }, action: ONLY_GET },
  { file: "uploads.listings.$id.$file.ts", path: "/uploads/listings/{listing}/{image}", params: { id: "{listing}", file: "{image}" },
    loader: { expect: everyone("ok") }, action: ONLY_GET },

  // Visitor-only pages.
  { file: "login.tsx", path: "/login",
    loader: { expect: visitorsOnly("ok") },
    action: { form: { email: "", password: "" }, expect: everyone("reaches:400") } },
  // Two-step sign-in's second step: without a sign-in waiting for its code, the page sends visitors to
  // the password step; an empty code stops at validation.
  { file: "login_.second-factor.tsx", path: "/login/second-factor",
    loader: { expect: visitorsOnly("to:/login") },
    action: { form: { code: "" }, expect: everyone("reaches:400") } },
  // The passkey way through the second step (docs/decisions/0071): a request without an intent stops at validation.
  { file: "login_.second-factor_.passkey.tsx", path: "/login/second-factor/passkey",
    loader: "none",
    action: { form: { intent: "" }, expect: everyone("reaches:400") } },
  { file: "register.tsx", path: "/register",
    loader: { expect: visitorsOnly("ok") },
    action: { form: { email: "not-an-address" }, expect: visitorsOnly("reaches:400") } },
  { file: "forgot-password.tsx", path: "/forgot-password",
    loader: { expect: visitorsOnly("ok") },
    action: { form: { email: "not-an-address" }, expect: everyone("reaches:400") } },
  { file: "reset-password.tsx", path: "/reset-password",
    loader: { expect: visitorsOnly("ok") },
    action: { form: { token: "" }, expect: visitorsOnly("reaches:400") } },
  { file: "logout.tsx", path: "/logout",
    loader: { expect: everyone("to:/") },
    action: { form: {}, expect: everyone("to:/") } },
  { file: "confirm-email.tsx", path: "/confirm-email",
    loader: { expect: everyone("ok") },
    action: { form: {}, expect: members("reaches:409", each(UNCONFIRMED, "to:/confirm-email?sent=1")) } },
  { file: "newsletter.tsx", path: "/newsletter",
    loader: { expect: everyone("ok") },
    action: { form: { email: "not-an-address" }, expect: everyone("reaches:400") } },
  // The newsletter's mailed links work without signing in; opening one changes nothing, a wrong token is refused.
  { file: "newsletter_.confirm.tsx", path: "/newsletter/confirm?token=not-a-token",
    loader: { expect: everyone("ok") },
    action: { form: { token: "not-a-token" }, expect: everyone("reaches:400") } },
  { file: "newsletter_.unsubscribe.tsx", path: "/newsletter/unsubscribe?s=1&t=not-a-token",
    loader: { expect: everyone("ok") },
    action: { form: { s: "1", t: "not-a-token" }, expect: everyone("reaches:400") } },

  // Static and policy pages: public, read-only.
  { file: "about.tsx", path: "/about", loader: { expect: everyone("ok") }, action: "none" },
  { file: "faq.tsx", path: "/faq?q=refund", loader: { expect: everyone("ok") }, action: "none" },
  { file: "terms.tsx", path: "/terms", loader: { expect: everyone("ok") }, action: "none" },
  { file: "privacy.tsx", path: "/privacy", loader: { expect: everyone("ok") }, action: "none" },
  { file: "prohibited-conduct.tsx", path: "/prohibited-conduct", loader: { expect: everyone("ok") }, action: "none" },
  { file: "buyer-protection.tsx", path: "/buyer-protection", loader: { expect: everyone("ok") }, action: "none" },
  { file: "pricing.tsx", path: "/pricing", loader: { expect: everyone("ok") }, action: "none" },
  // The contact form: public; a message without its subject is refused beside the field (a valid one would be kept).
  { file: "contact.tsx", path: "/contact",
    loader: { expect: everyone("ok") },
    action: { form: { name: "Ada", email: "ada@example.test", subject: "", message: "Hello" }, expect: everyone("reaches:400") } },
  { file: "support-inbox.tsx", path: "/support-inbox",
    loader: { expect: members("refused:403", each(SUPPORT_STAFF, "ok")) },
    action: { form: { intent: "close" }, expect: members("refused:403", each(SUPPORT_STAFF, "reaches:400")) } },
  // One message of the inbox: staff only; an empty reply is refused beside its field (a real one would be mailed).
  { file: "support-inbox_.$id.tsx", path: "/support-inbox/{supportRequest}", params: { id: "{supportRequest}" },
    loader: { expect: members("refused:403", each(SUPPORT_STAFF, "ok")) },
    action: { form: { intent: "reply", body: "" }, expect: members("refused:403", each(SUPPORT_STAFF, "reaches:400")) } },

  // The admin console: staff only, each page behind its own permission. The role change sent names no
  // member, so it stops at validation for those who may make it.
  { file: "admin.tsx", path: "/admin", loader: { expect: members("refused:403", each(ADMIN_CONSOLE_STAFF, "ok")) }, action: "none" },
  { file: "admin._index.tsx", path: "/admin", loader: { expect: members("refused:403", each(ADMIN_CONSOLE_STAFF, "ok")) }, action: "none" },
  { file: "admin.users.tsx", path: "/admin/users?q=scope&role=seller&page=2",
    loader: { expect: members("refused:403", each(USER_READERS, "ok")) },
    action: { form: { intent: "change-access", role: "admin" }, expect: members("refused:403", each(USER_MANAGERS, "reaches:400")) } },
  // The audit log: the whole log for USER_MANAGERS, their own decisions for content moderators; its CSV the same.
  { file: "admin.audit-log.tsx", path: "/admin/audit-log?action=user.&from=2026-01-01", loader: { expect: members("refused:403", each(CONTENT_MODERATORS, "ok")) }, action: "none" },
  { file: "admin.audit-log[.csv].tsx", path: "/admin/audit-log.csv?action=listing.&actor=someone", loader: { expect: members("refused:403", each(CONTENT_MODERATORS, "ok")) }, action: ONLY_GET },
  // A member's page: read by who reads members; suspension by who manages them (an over-long reason
  // stops at validation, so the member stays active). Promo codes: can_manage_promo_codes (an empty code stops
  // at validation). Roles: read by who manages members, changed only with can_manage_admins (an unknown role).
  { file: "admin.users_.$id.tsx", path: "/admin/users/{member}", params: { id: "{member}" },
    loader: { expect: members("refused:403", each(USER_READERS, "ok")) },
    action: { form: { intent: "suspend", reason: "x".repeat(600) }, expect: members("refused:403", each(USER_MANAGERS, "reaches:400")) } },
  { file: "admin.promo-codes.tsx", path: "/admin/promo-codes?page=2",
    loader: { expect: members("refused:403", each(PROMO_MANAGERS, "ok")) },
    action: { form: { intent: "create", code: "", discountType: "percentage", value: "10" }, expect: members("refused:403", each(PROMO_MANAGERS, "reaches:400")) } },
  // Exchange rates: can_manage_billing; a rate without its day and value stops at validation.
  { file: "admin.exchange-rates.tsx", path: "/admin/exchange-rates",
    loader: { expect: members("refused:403", each(BILLING_MANAGERS, "ok")) },
    action: { form: { intent: "set", currency: "EUR", date: "", unitsPerUsd: "" }, expect: members("refused:403", each(BILLING_MANAGERS, "reaches:400")) } },
  { file: "admin.roles.tsx", path: "/admin/roles",
    loader: { expect: members("refused:403", each(USER_MANAGERS, "ok")) },
    action: { form: { role: "wizard", permissions: "can_bid" }, expect: members("refused:403", { super_admin: "reaches:400" }) } },
  // Moderation: report queues and reviews need can_moderate_content, /admin/listings
  // can_manage_listings, /admin/categories can_manage_categories; the forms sent stop at validation (no decision, no
  // listing, no name), so nothing changes for later cells.
  { file: "admin.flagged-listings.tsx", path: "/admin/flagged-listings?tab=members&page=2",
    loader: { expect: members("refused:403", each(CONTENT_MODERATORS, "ok")) },
    action: { form: { reportId: "0", decision: "dismiss" }, expect: members("refused:403", each(CONTENT_MODERATORS, "reaches:400")) } },
  // The moderation inbox: can_moderate_content; a decision without a post or a choice stops at validation.
  { file: "admin.moderation.tsx", path: "/admin/moderation",
    loader: { expect: members("refused:403", each(CONTENT_MODERATORS, "ok")) },
    action: { form: { postId: "0", decision: "" }, expect: members("refused:403", each(CONTENT_MODERATORS, "reaches:400")) } },
  { file: "admin.review-listing.$id.tsx", path: "/admin/review-listing/{listing}", params: { id: "{listing}" },
    loader: { expect: members("refused:403", each(CONTENT_MODERATORS, "ok")) },
    action: { form: { decision: "" }, expect: members("refused:403", each(CONTENT_MODERATORS, "reaches:400")) } },
  { file: "admin.listings.tsx", path: "/admin/listings?q=scope&status=active&seller=example&page=2",
    loader: { expect: members("refused:403", each(LISTING_ADMINS, "ok")) },
    action: { form: { listingId: "", featured: "1" }, expect: members("refused:403", each(LISTING_ADMINS, "reaches:400")) } },
  // Held bulk imports: listing managers decide; a decision without an import is answered 400.
  { file: "admin.bulk-imports.tsx", path: "/admin/bulk-imports",
    loader: { expect: members("refused:403", each(LISTING_ADMINS, "ok")) },
    action: { form: { importId: "", decision: "approve" }, expect: members("refused:403", each(LISTING_ADMINS, "reaches:400")) } },
  { file: "admin.categories.tsx", path: "/admin/categories",
    loader: { expect: members("refused:403", each(USER_MANAGERS, "ok")) },
    action: { form: { intent: "rename", categoryId: "test_measurement", name: "" }, expect: members("refused:403", each(USER_MANAGERS, "reaches:400")) } },
  // Sales and reports: administrators and billing (can_view_reports, can_manage_billing,
  // can_confirm_payments); system status: the administrators (can_manage_users, can_manage_admins).
  { file: "admin.sales.tsx", path: "/admin/sales?status=pending&page=2", loader: { expect: members("refused:403", each(SALES_STAFF, "ok")) }, action: "none" },
  { file: "admin.sales[.csv].tsx", path: "/admin/sales.csv?status=sold", loader: { expect: members("refused:403", each(SALES_STAFF, "ok")) }, action: ONLY_GET },
  // Newsletter subscribers and their CSV: who manages members (can_manage_users or can_manage_admins).
  { file: "admin.newsletter.tsx", path: "/admin/newsletter?q=example&state=subscribed&before=50", loader: { expect: members("refused:403", each(USER_MANAGERS, "ok")) }, action: "none" },
  { file: "admin.newsletter[.csv].tsx", path: "/admin/newsletter.csv?state=all", loader: { expect: members("refused:403", each(USER_MANAGERS, "ok")) }, action: ONLY_GET },
  { file: "admin.reports.tsx", path: "/admin/reports?months=6", loader: { expect: members("refused:403", each(SALES_STAFF, "ok")) }, action: "none" },
  { file: "admin.reports[.csv].tsx", path: "/admin/reports.csv?months=24", loader: { expect: members("refused:403", each(SALES_STAFF, "ok")) }, action: ONLY_GET },
  { file: "admin.system-status.tsx", path: "/admin/system-status", loader: { expect: members("refused:403", each(USER_MANAGERS, "ok")) }, action: "none" },

  // The forum: public reading; posting needs a confirmed account; moderation needs can_moderate_content.
  // The forms sent are incomplete (an empty reply, an unknown category), so nothing is posted or moved.
  { file: "forum._index.tsx", path: "/forum?sort=popular&page=3", loader: { expect: everyone("ok") }, action: "none" },
  { file: "forum.new-topic.tsx", path: "/forum/new-topic",
    loader: { expect: members("ok", each(UNCONFIRMED, "refused:403")) },
    action: { form: { category: "general", title: "", body: "" }, expect: members("reaches:400", each(UNCONFIRMED, "refused:403")) } },
  { file: "forum.topic.$id.tsx", path: "/forum/topic/{topic}", params: { id: "{topic}" },
    loader: { expect: everyone("ok") },
    action: [
      { label: "a reply", form: { intent: "reply", body: "" }, expect: members("reaches:400", each(UNCONFIRMED, "refused:403")) },
      { label: "moving the topic", form: { intent: "move", category: "no-such-category" },
        expect: members("refused:403", each(UNCONFIRMED, "refused:403"), each(CONTENT_MODERATORS, "reaches:400")) },
    ] },

  // The knowledge base: public reading and "Was this helpful?" (a choice that is neither Yes nor No is
  // refused; an answer to a draft finds nothing); drafts and the editor for staff holding can_edit_content. The
  // editor's forms lack a title, so nothing is saved.
  { file: "knowledge-base._index.tsx", path: "/knowledge-base?q=calibration&category=testing-calibration", loader: { expect: everyone("ok") }, action: "none" },
  { file: "knowledge-base.$slug.tsx", path: "/knowledge-base/{article}", params: { slug: "{article}" },
    loader: [
      { label: "a published article", expect: everyone("ok") },
      { label: "a draft", url: "/knowledge-base/{draftArticle}", params: { slug: "{draftArticle}" },
        expect: outcomes("refused:404", "refused:404", each(CONTENT_EDITORS, "ok")) },
    ],
    action: [
      { label: "a published article", form: { intent: "vote", helpful: "maybe" }, expect: everyone("reaches:400") },
      { label: "a draft", url: "/knowledge-base/{draftArticle}", params: { slug: "{draftArticle}" }, form: { intent: "vote", helpful: "yes" },
        expect: everyone("refused:404") },
    ] },
  { file: "knowledge-base.new.tsx", path: "/knowledge-base/new",
    loader: { expect: members("refused:403", each(CONTENT_EDITORS, "ok")) },
    action: { form: { intent: "save", title: "" }, expect: members("refused:403", each(CONTENT_EDITORS, "reaches:400")) } },
  { file: "knowledge-base.$slug_.edit.tsx", path: "/knowledge-base/{draftArticle}/edit", params: { slug: "{draftArticle}" },
    loader: { expect: members("refused:403", each(CONTENT_EDITORS, "ok")) },
    action: { form: { intent: "save", title: "" }, expect: members("refused:403", each(CONTENT_EDITORS, "reaches:400")) } },

  // Browsing.
  { file: "listings._index.tsx", path: "/listings",
    loader: { expect: everyone("ok") },
    action: { url: "/listings?search=scope", form: { intent: "save-search", name: "" }, expect: members("reaches:400") } },
  { file: "listings.$id.tsx", path: "/listings/{listing}", params: { id: "{listing}" },
    loader: [
      { label: "an active listing", expect: everyone("ok") },
      { label: "the seller's draft", url: "/listings/{draft}", params: { id: "{draft}" },
        expect: outcomes("refused:404", "refused:404", { seller: "ok" }, each(LISTING_ADMINS, "ok")) },
    ],
    action: "none" },
  { file: "listings.$id_.watch.tsx", path: "/listings/{listing}/watch", params: { id: "{listing}" },
    loader: { expect: everyone("refused:404") },
    action: [
      { label: "an active listing", form: { intent: "watch", js: "1" }, expect: members("ok") },
      { label: "the seller's draft", url: "/listings/{draft}/watch", params: { id: "{draft}" }, form: { intent: "watch", js: "1" },
        expect: members("refused:404", { seller: "ok" }) },
    ] },
  { file: "listings.$id_.contact.tsx", path: "/listings/{listing}/contact", params: { id: "{listing}" },
    loader: { expect: everyone("to:/listings/{listing}") },
    action: [
      { label: "an active listing", form: {}, expect: members("to:/messages?conversation=*", each(UNCONFIRMED, "refused:403"), { seller: "reaches:403" }) },
      { label: "the seller's draft", url: "/listings/{draft}/contact", params: { id: "{draft}" }, form: {},
        expect: members("refused:404", each(UNCONFIRMED, "refused:403")) },
    ] },
  // Make Offer: confirmed members other than the listing's seller; the seller has no offer page (404).
  { file: "listings.$id_.offer.tsx", path: "/listings/{listing}/offer", params: { id: "{listing}" },
    loader: { expect: members("ok", each(UNCONFIRMED, "refused:403"), { seller: "refused:404" }) },
    action: { form: { amount: "" }, expect: members("reaches:400", each(UNCONFIRMED, "refused:403")) } },
  // Report this listing / member: confirmed members; the seller's own page says they cannot report it.
  // An empty reason stops at validation.
  { file: "listings.$id_.report.tsx", path: "/listings/{listing}/report", params: { id: "{listing}" },
    loader: { expect: members("ok", each(UNCONFIRMED, "refused:403")) },
    action: { form: { reason: "" }, expect: members("reaches:400", each(UNCONFIRMED, "refused:403")) } },
  { file: "user.$id_.report.tsx", path: "/user/{member}/report", params: { id: "{member}" },
    loader: { expect: members("ok", each(UNCONFIRMED, "refused:403")) },
    action: { form: { reason: "" }, expect: members("reaches:400", each(UNCONFIRMED, "refused:403")) } },
  { file: "auctions._index.tsx", path: "/auctions", loader: { expect: everyone("ok") }, action: "none" },
  { file: "auctions.$id.tsx", path: "/auctions/{auction}", params: { id: "{auction}" }, loader: { expect: everyone("ok") }, action: "none" },
  { file: "auctions.$id_.bid.tsx", path: "/auctions/{auction}/bid", params: { id: "{auction}" },
    loader: { expect: everyone("to:/auctions/{auction}") },
    action: { form: { amount: "not a number", js: "1" }, expect: { anonymous: "login", ...BIDDING } } },

  // Sale events: public once published; a draft is found only by its house (the seller) and listing moderators.
  // Asking to bid: a confirmed account whose role bids reaches the form's validation (a phone is required).
  { file: "sale-events._index.tsx", path: "/sale-events", loader: { expect: everyone("ok") }, action: "none" },
  { file: "sale-events.$id.tsx", path: "/sale-events/{saleEvent}", params: { id: "{saleEvent}" },
    loader: [
      { expect: everyone("ok") },
      { label: "a draft", url: "/sale-events/{draftSaleEvent}", params: { id: "{draftSaleEvent}" },
        expect: outcomes("refused:404", "refused:404", each(["seller", ...LISTING_ADMINS], "ok")) },
    ],
    action: "none" },
  { file: "sale-events.$id[.ics].ts", path: "/sale-events/{saleEvent}.ics", params: { id: "{saleEvent}" },
    loader: [
      { expect: everyone("ok") },
      { label: "a draft", url: "/sale-events/{draftSaleEvent}.ics", params: { id: "{draftSaleEvent}" },
        expect: outcomes("refused:404", "refused:404", each(["seller", ...LISTING_ADMINS], "ok")) },
    ],
    action: "none" },
  { file: "sale-events.$id_.register.tsx", path: "/sale-events/{saleEvent}/register", params: { id: "{saleEvent}" },
    loader: [
      { expect: members("ok") },
      { label: "a draft", url: "/sale-events/{draftSaleEvent}/register", params: { id: "{draftSaleEvent}" },
        expect: members("refused:404", each(["seller", ...LISTING_ADMINS], "ok")) },
    ],
    action: { form: { phone: "" }, expect: { anonymous: "login", ...BIDDING } } },

  // Selling.
  // Bulk CSV import: creators only (can_create_listings); posting also needs a confirmed account. The form
  // sent names no step, so it stops at validation (400).
  { file: "bulk-upload.tsx", path: "/bulk-upload",
    loader: [
      { label: "the wizard and the history", expect: members("refused:403", each(CREATORS, "ok")) },
      { label: "someone else's (or no) import", url: "/bulk-upload?import=999999", expect: members("refused:403", each(CREATORS, "refused:404")) },
    ],
    action: { form: { intent: "bogus" }, expect: members("refused:403", each(CREATORS, "reaches:400"), { unconfirmed_seller: "refused:403" }) } },
  { file: "bulk-upload[.csv].tsx", path: "/bulk-upload.csv?file=template",
    loader: [
      { label: "the template", expect: members("refused:403", each(CREATORS, "ok")) },
      { label: "the rejected rows of an import that is not yours", url: "/bulk-upload.csv?import=999999", expect: members("refused:403", each(CREATORS, "refused:404")) },
    ],
    action: ONLY_GET },
  { file: "create-listing.tsx", path: "/create-listing",
    loader: [
      { label: "the manual form", expect: members("away:/dashboard", each(CREATORS, "ok")) },
      { label: "the AI wizard", url: "/create-listing?tab=ai", expect: outcomes("ok", "away:/dashboard", each(CREATORS, "ok")) },
    ],
    // The page sends other roles to their dashboard (docs/product/accounts.md#roles); a post without can_create_listings is refused.
    action: { form: { title: "" }, expect: members("refused:403", each(CREATORS, "reaches:400"), { unconfirmed_seller: "refused:403" }) } },
  { file: "edit-listing.$id.tsx", path: "/edit-listing/{listing}", params: { id: "{listing}" },
    loader: { expect: members("refused:403", { seller: "ok" }, each(LISTING_ADMINS, "ok")) },
    action: { form: { intent: "image-up" },
      expect: members("refused:403", { seller: "reaches:400" }, each(LISTING_ADMINS, "reaches:400"), each(UNCONFIRMED, "refused:403")) } },
  // Per-listing analytics: the owner, or roles holding can_view_any_listing_analytics (admin, super_admin as seeded).
  { file: "listings.$id_.analytics.tsx", path: "/listings/{listing}/analytics", params: { id: "{listing}" },
    loader: { expect: members("refused:403", { seller: "ok", admin: "ok", super_admin: "ok" }) }, action: "none" },
  { file: "listings.$id_.delete.tsx", path: "/listings/{listing}/delete", params: { id: "{listing}" },
    loader: { expect: members("refused:403", { seller: "ok" }) },
    action: { form: {}, expect: members("refused:403", { seller: "reaches:400" }) } },
  // Featuring: the listing's seller buys it; anyone else learns nothing.
  { file: "listings.$id_.feature.tsx", path: "/listings/{listing}/feature", params: { id: "{listing}" },
    loader: { expect: members("refused:404", { seller: "ok" }) },
    action: { form: {}, expect: members("refused:404", { seller: "reaches:400" }, each(UNCONFIRMED, "refused:403")) } },
  // An unsold listing's choices: its seller relists, switches to Buy It Now or ends it; anyone else learns nothing.
  { file: "listings.$id_.relist.tsx", path: "/listings/{listing}/relist", params: { id: "{listing}" },
    loader: { expect: members("refused:404", { seller: "ok" }) },
    action: { form: {}, expect: members("refused:404", { seller: "reaches:400" }, each(UNCONFIRMED, "refused:403")) } },
  { file: "auctions.$id_.end.tsx", path: "/auctions/{auction}/end", params: { id: "{auction}" },
    loader: { expect: OWNER_AUCTION_PAGE }, action: { form: {}, expect: OWNER_AUCTION_ACTION } },
  { file: "auctions.$id_.cancel.tsx", path: "/auctions/{auction}/cancel", params: { id: "{auction}" },
    loader: { expect: OWNER_AUCTION_PAGE }, action: { form: {}, expect: OWNER_AUCTION_ACTION } },
  { file: "resources.ai-listing.ts", path: "/resources/ai-listing",
    loader: { expect: everyone("refused:405") },
    action: { form: { brand: "" }, expect: everyone("reaches:400") } },

  // Buying and orders.
  { file: "checkout.listing.$id.tsx", path: "/checkout/listing/{listing}", params: { id: "{listing}" },
    loader: [
      { label: "an active listing", expect: members("ok") },
      { label: "the seller's draft", url: "/checkout/listing/{draft}", params: { id: "{draft}" }, expect: members("refused:404") },
    ],
    action: { form: {}, expect: members("reaches:400", each(UNCONFIRMED, "refused:403")) } },
  { file: "checkout.auction.$id.tsx", path: "/checkout/auction/{wonAuction}", params: { id: "{wonAuction}" },
    loader: { expect: members("refused:404", { buyer: "ok" }) },
    action: { form: SHIPPING, expect: members("refused:404", { buyer: "to:/orders/{order}?placed=1" }, each(UNCONFIRMED, "refused:403")) } },
  // The accepted offer's checkout: its buyer only (anyone else learns nothing).
  { file: "checkout.offer.$id.tsx", path: "/checkout/offer/{acceptedOffer}", params: { id: "{acceptedOffer}" },
    loader: { expect: members("refused:404", { buyer: "ok" }) },
    action: { form: SHIPPING, expect: members("refused:404", { buyer: "to:/orders/{offerOrder}?placed=1" }, each(UNCONFIRMED, "refused:403")) } },
  // Every member's own offers, received and sent; answering needs a confirmed account, and the answer's form is checked first.
  { file: "offers.tsx", path: "/offers",
    loader: [
      { label: "received", expect: members("ok") },
      { label: "sent", url: "/offers?tab=sent", expect: members("ok") },
    ],
    action: { form: { intent: "accept", offerId: "not-a-number" }, expect: members("reaches:400", each(UNCONFIRMED, "refused:403")) } },
  { file: "orders._index.tsx", path: "/orders", loader: { expect: members("ok") }, action: "none" },
  { file: "seller.orders.tsx", path: "/seller/orders", loader: { expect: members("ok") }, action: "none" },
  { file: "orders.$id.tsx", path: "/orders/{order}", params: { id: "{order}" },
    // Support reads every order and, like escrow staff, may not make the parties' moves.
    loader: { expect: members("refused:404", { buyer: "ok", seller: "ok" }, each(ESCROW_STAFF, "ok"), { support: "ok" }) },
    // Marking an order that awaits payment as delivered: its parties reach the state rule (409), escrow staff may
    // see the order but not make this move (403), anyone else learns nothing (404).
    action: { form: { intent: "mark_delivered" },
      expect: members("refused:404", { buyer: "reaches:409", seller: "reaches:409" }, each(ESCROW_STAFF, "refused:403"), { support: "refused:403" }) } },
  // A message in an order's dispute: on an order awaiting payment its parties and referees reach the
  // state rule (409), billing may see the order but not write in its dispute (403), anyone else learns nothing (404).
  { file: "orders.$id_.dispute.tsx", path: "/orders/{order}/dispute", params: { id: "{order}" },
    loader: { expect: members("ok") },
    action: { form: { body: "The photos are attached." },
      expect: members("refused:404", { buyer: "reaches:409", seller: "reaches:409", admin: "reaches:409", super_admin: "reaches:409", dispute_resolution_referee: "reaches:409", billing: "refused:403", support: "refused:403" }) } },
  // "Mark as delivered" with its proof: the parties reach the state rule (409), staff are refused (403).
  { file: "orders.$id_.delivered.tsx", path: "/orders/{order}/delivered", params: { id: "{order}" },
    loader: { expect: members("ok") },
    action: { form: { note: "Left at the dock." },
      expect: members("refused:404", { buyer: "reaches:409", seller: "reaches:409" }, each(ESCROW_STAFF, "refused:403"), { support: "refused:403" }) } },
  // A dispute's evidence file: a name that is not one of ours is a 404 for everyone.
  { file: "orders.$id_.evidence.$file.ts", path: "/orders/{order}/evidence/00000000-0000-4000-8000-000000000000.png", params: { id: "{order}", file: "00000000-0000-4000-8000-000000000000.png" },
    loader: { expect: members("refused:404") }, action: ONLY_GET },
  // Reviewing an order: only its parties find the page; on an order awaiting payment they read why they
  // cannot review yet, and a valid review is refused by the completion rule (409); unconfirmed accounts may not post.
  { file: "orders.$id_.review.tsx", path: "/orders/{order}/review", params: { id: "{order}" },
    loader: { expect: members("refused:404", { buyer: "ok", seller: "ok" }) },
    action: { form: { rating: "5", itemAsDescribed: "5", communication: "5", shipping: "5", comment: "Fine." },
      expect: members("refused:404", { buyer: "reaches:409", seller: "reaches:409" }, each(UNCONFIRMED, "refused:403")) } },
  // The order desk: escrow staff and support read it; admins and billing act (an empty note reaches the
  // form's validation); referees and support may not act.
  { file: "admin.orders.tsx", path: "/admin/orders",
    loader: { expect: members("refused:403", each(ESCROW_STAFF, "ok"), { support: "ok" }) },
    action: { form: { intent: "note", orderId: "1", text: "" },
      expect: members("refused:403", { admin: "reaches:400", super_admin: "reaches:400", billing: "reaches:400" }) } },
  { file: "escrow.tsx", path: "/escrow", loader: { expect: members("refused:403", each(ESCROW_STAFF, "ok")) }, action: "none" },

  // The member's own things.
  { file: "dashboard.tsx", path: "/dashboard", loader: { expect: members("ok") }, action: "none" },
  // Role dashboards: the exact role only (docs/product/accounts.md#roles), everyone else to /.
  // The seller's own listings: roles that create listings; the bulk form also needs a confirmed address (decision 0028).
  { file: "seller.listings.tsx", path: "/seller/listings",
    loader: { expect: members("refused:403", each(CREATORS, "ok")) },
    action: { form: { intent: "publish" }, expect: members("refused:403", each(["seller", "admin", "super_admin"], "reaches:400")) } },
  // The house's sale events: roles that create listings see their own; one event's pages are its house's only
  // (others who create listings are refused by the domain); forms also need a confirmed address.
  { file: "seller.sale-events._index.tsx", path: "/seller/sale-events", loader: { expect: members("refused:403", each(CREATORS, "ok")) }, action: "none" },
  { file: "seller.sale-events.new.tsx", path: "/seller/sale-events/new",
    loader: { expect: members("refused:403", each(CREATORS, "ok")) },
    action: { form: { intent: "details", title: "" }, expect: members("refused:403", each(["seller", "admin", "super_admin"], "reaches:400")) } },
  { file: "seller.sale-events.$id.tsx", path: "/seller/sale-events/{houseEvent}", params: { id: "{houseEvent}" },
    loader: { expect: members("refused:403", { seller: "ok" }) },
    action: { form: { intent: "up", auctionId: "" }, expect: members("refused:403", { seller: "reaches:400" }) } },
  { file: "seller.sale-events.$id_.bidders.tsx", path: "/seller/sale-events/{houseEvent}/bidders", params: { id: "{houseEvent}" },
    loader: { expect: members("refused:403", { seller: "ok" }) },
    action: { form: { intent: "decide", userId: "" }, expect: members("refused:403", { seller: "reaches:400" }) } },
  { file: "seller.sale-events.$id.bidders[.csv].tsx", path: "/seller/sale-events/{houseEvent}/bidders.csv", params: { id: "{houseEvent}" },
    loader: { expect: members("refused:403", { seller: "ok" }) }, action: ONLY_GET },
  // Sale-event deposits: billing staff (can_confirm_payments) record and confirm them.
  { file: "admin.sale-event-deposits.tsx", path: "/admin/sale-event-deposits",
    loader: { expect: members("refused:403", each(["admin", "super_admin", "billing"], "ok")) },
    action: { form: { intent: "confirm", eventId: "", userId: "" }, expect: members("refused:403", each(["admin", "super_admin", "billing"], "reaches:400")) } },
  { file: "buyer-dashboard.tsx", path: "/buyer-dashboard", loader: { expect: members("away:/", each(["buyer", "unconfirmed_buyer"], "ok")) }, action: "none" },
  // The saved searches live on /watchlist's tab (docs/product/platform.md#routes link target).
  { file: "saved-searches.tsx", path: "/saved-searches", loader: { expect: members("to:/watchlist?tab=saved-searches") }, action: ONLY_GET },
  // Starting an auction for one's own listing: creators; posting also needs a confirmed address.
  { file: "create-auction.tsx", path: "/create-auction",
    loader: { expect: members("refused:403", each(CREATORS, "ok")) },
    action: { form: { listingId: "" }, expect: members("refused:403", each(["seller", "admin", "super_admin"], "reaches:400")) } },
  // The seller's conversations about their listings: every member, their own only (empty for most).
  { file: "seller.messages.tsx", path: "/seller/messages", loader: { expect: members("ok") }, action: "none" },
  { file: "seller-dashboard.tsx", path: "/seller-dashboard", loader: { expect: members("away:/", each(["seller", "unconfirmed_seller"], "ok")) }, action: "none" },
  { file: "profile.tsx", path: "/profile",
    loader: { expect: members("ok") },
    action: { form: { firstName: "", lastName: "" }, expect: members("reaches:400") } },
  // Two-step sign-in's settings: every member's own; a confirmation without a code stops at validation.
  { file: "profile_.second-factor.tsx", path: "/profile/second-factor",
    loader: { expect: members("ok") },
    action: { form: { intent: "confirm", code: "" }, expect: members("reaches:400") } },
  // Registering a passkey (docs/decisions/0071): every member's own; a request without an intent stops at validation.
  { file: "profile_.second-factor_.passkeys.tsx", path: "/profile/second-factor/passkeys",
    loader: "none",
    action: { form: { intent: "" }, expect: members("reaches:400") } },
  // The member's own security: changing the password needs the current one (an empty form stops at
  // validation); signing a device out that is not signed in says so back on /profile.
  { file: "profile_.password.tsx", path: "/profile/password",
    loader: { expect: members("ok") },
    action: { form: { currentPassword: "", newPassword: "", confirmPassword: "" }, expect: members("reaches:400") } },
  // The display currency: every member's own; an unknown currency comes back refused on /profile.
  { file: "profile_.currency.tsx", path: "/profile/currency",
    loader: { expect: members("to:/profile*") },
    action: { form: { currency: "CHF" }, expect: members("to:/profile?currency=refused*") } },
  // Becoming a seller: every member reads the page (sellers and staff are told why they cannot); a form
  // without the terms ticked stops at validation; unconfirmed accounts may not post.
  { file: "profile_.start-selling.tsx", path: "/profile/start-selling",
    loader: { expect: members("ok") },
    action: { form: { companyName: "" }, expect: members("reaches:400", each(UNCONFIRMED, "refused:403")) } },
  { file: "profile_.devices.tsx", path: "/profile/devices",
    loader: { expect: members("to:/profile*") },
    action: { form: { intent: "end", device: "0".repeat(20) }, expect: members("to:/profile?devices=gone*") } },
  // Seller verification: every member reads where they stand; confirmed members reach the form's
  // validation (only sellers get further); staff holding can_manage_users decide (a rejection without a reason stops at
  // validation); a document nobody has is not found for everyone signed in.
  { file: "profile_.verification.tsx", path: "/profile/verification",
    loader: { expect: members("ok") },
    action: { form: { companyName: "" }, expect: members("reaches:400", each(UNCONFIRMED, "refused:403")) } },
  { file: "admin.verifications.tsx", path: "/admin/verifications?page=2",
    loader: { expect: members("refused:403", each(USER_MANAGERS, "ok")) },
    action: { form: { intent: "reject", applicationId: "1", reason: "" }, expect: members("refused:403", each(USER_MANAGERS, "reaches:400")) } },
  { file: "verification-documents.$id.ts", path: "/verification-documents/999999", params: { id: "999999" },
    loader: { expect: members("refused:404") }, action: ONLY_GET },
  // Reported reviews: can_moderate_content; a hide without a reason stops at validation.
  { file: "admin.review-reports.tsx", path: "/admin/review-reports?page=2",
    loader: { expect: members("refused:403", each(CONTENT_MODERATORS, "ok")) },
    action: { form: { intent: "hide", reviewId: "1", reason: "" }, expect: members("refused:403", each(CONTENT_MODERATORS, "reaches:400")) } },
  // The public profile: everyone reads it; an unknown member or an address that is no member id is not found.
  { file: "user.$id.tsx", path: "/user/{member}", params: { id: "{member}" },
    loader: [
      { label: "the seller's profile", expect: everyone("ok") },
      { label: "the reviews tab", url: "/user/{member}?tab=reviews&page=2", expect: everyone("ok") },
      { label: "the auctions tab", url: "/user/{member}?tab=auctions", expect: everyone("ok") },
      { label: "nobody", url: "/user/00000000-0000-0000-0000-000000000000", params: { id: "00000000-0000-0000-0000-000000000000" }, expect: everyone("refused:404") },
      { label: "not an id", url: "/user/..%2Fadmin", params: { id: "../admin" }, expect: everyone("refused:404") },
    ],
    // A reply with no text: confirmed members reach the form's message; unconfirmed accounts may not post.
    action: { form: { intent: "reply", reviewId: "1", reply: "" }, expect: members("reaches:400", each(UNCONFIRMED, "refused:403")) } },
  { file: "watchlist.tsx", path: "/watchlist",
    loader: { expect: members("ok") },
    // Renaming the buyer's saved search: only its owner finds it.
    action: { form: { intent: "rename", searchId: "{savedSearch}", name: "Bench oscilloscopes" }, expect: members("refused:404", { buyer: "ok" }) } },
  { file: "notifications.tsx", path: "/notifications",
    loader: { expect: members("ok") },
    action: { form: { intent: "mark-read", id: "{notification}" }, expect: members("refused:404", { buyer: "to:/notifications?*" }) } },
  { file: "messages.tsx", path: "/messages?conversation={conversation}",
    loader: { expect: members("refused:403", { buyer: "ok", seller: "ok" }) },
    action: { url: "/messages", form: { conversationId: "{conversation}", body: "Is it still available?" },
      expect: members("refused:403", { buyer: "to:/messages?conversation=*", seller: "to:/messages?conversation=*" }, each(UNCONFIRMED, "refused:403")) } },
  { file: "resources.notifications.ts", path: "/resources/notifications", loader: { expect: outcomes("refused:401", "ok") }, action: ONLY_GET },
  { file: "resources.offline-snapshot.ts", path: "/resources/offline-snapshot", loader: { expect: outcomes("refused:401", "ok") }, action: ONLY_GET },
  { file: "resources.offline-actions.ts", path: "/resources/offline-actions",
    loader: { expect: everyone("refused:405") },
    action: { json: { actions: [{ id: "matrix-1", kind: "unwatch", listingId: "{listing}" }] }, expect: outcomes("refused:401", "ok") } },
];

/**
 * Endpoints answered outside app/routes: server.mjs's POST /api/auctions/{id}/bids (answerBidApi in
 * app/web/bid-form.server.ts), the bid route's JSON twin. Same readings as the bid route.
 */
export const BID_API_CASE: MatrixCase = {
  label: "POST /api/auctions/{auction}/bids",
  url: "/api/auctions/{auction}/bids",
  form: { amount: "not a number" },
  expect: { anonymous: "refused:401", ...BIDDING },
};
