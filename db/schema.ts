// The Database interface: one table type per table, used by every query.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

/** ISO-8601 UTC timestamps, stored as text. */
type Timestamp = string;
/** Booleans are stored as 0/1 integers so the same code runs on SQLite and PostgreSQL. */
type Flag = ColumnType<number, number | undefined, number>;

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
  /** When the owner followed the confirmation link; null until then (docs/decisions/0028). */
  email_confirmed_at: Timestamp | null;
}

export interface SessionsTable {
  /** SHA-256 of the session id held in the cookie; the raw id is never stored. */
  id_hash: string;
  user_id: string;
  expires_at: Timestamp;
  created_at: Generated<Timestamp>;
  ip: string | null;
  user_agent: string | null;
}

/** An account's authenticator-app secret (TOTP; docs/decisions/0064). */
export interface TotpFactorsTable {
  user_id: string;
  /** Base32. */
  secret: string;
  /** Null while enrolment is not finished (no code from the app typed yet). */
  confirmed_at: Timestamp | null;
  /** The newest 30-second step whose code was accepted (a code works once). */
  last_used_step: number | null;
  created_at: Generated<Timestamp>;
}

/** A one-time recovery code, stored as its SHA-256. */
export interface RecoveryCodesTable {
  user_id: string;
  code_hash: string;
  used_at: Timestamp | null;
  created_at: Generated<Timestamp>;
}

/** A sign-in whose password was right, waiting for its second step. */
export interface SecondFactorChallengesTable {
  /** SHA-256 of the token in the browser's cookie. */
  id_hash: string;
  user_id: string;
  remember: Flag;
  redirect_to: Generated<string>;
  failures: Generated<number>;
  expires_at: Timestamp;
  created_at: Generated<Timestamp>;
}

/** A passkey (WebAuthn credential) registered as a second factor (docs/decisions/0071). */
export interface PasskeysTable {
  /** base64url, as the authenticator gave it. */
  credential_id: string;
  user_id: string;
  name: string;
  /** The COSE public key, base64url. */
  public_key: string;
  counter: Generated<number>;
  /** Comma-separated transports ("internal,hybrid"). */
  transports: Generated<string>;
  created_at: Generated<Timestamp>;
  last_used_at: Timestamp | null;
}

/** A single-use WebAuthn challenge: a passkey's registration, or a passkey answering a waiting sign-in. */
export interface PasskeyChallengesTable {
  challenge: string;
  user_id: string;
  purpose: "register" | "sign_in";
  sign_in_id_hash: string | null;
  expires_at: Timestamp;
  created_at: Generated<Timestamp>;
}

export interface ProfilesTable {
  id: string;
  email: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  company_name: Generated<string>;
  avatar_url: string | null;
  is_verified: Flag;
  verification_date: Timestamp | null;
  role: Generated<string>;
  /** JSON object of permission flags, e.g. {"can_manage_users": true}. */
  permissions: Generated<string>;
  /** Percent 0–100 taken off the success fee. */
  fee_exemption: Generated<number>;
  phone: Generated<string>;
  address: Generated<string>;
  city: Generated<string>;
  state: Generated<string>;
  zip: Generated<string>;
  country: Generated<string>;
  bio: Generated<string>;
  website: Generated<string>;
  location: Generated<string>;
  /** JSON object: { privacy: { show_email, show_phone }, ... }. */
  preferences: Generated<string>;
  last_role_change: Timestamp | null;
  changed_by: string | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
  /** When staff suspended the account; null while it is not suspended. */
  suspended_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  suspended_by: ColumnType<string | null, string | null | undefined, string | null>;
  suspension_reason: Generated<string>;
  /** The currency "≈" amounts are shown in; null: from the browser's language. */
  display_currency: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Generated<Timestamp>;
}

/** One-time links that confirm an account's e-mail address; only a SHA-256 digest of the token is kept. */
export interface EmailConfirmationTokensTable {
  id: Generated<number>;
  user_id: string;
  token_hash: string;
  expires_at: Timestamp;
  /** When the link confirmed the address, or when a newer link replaced it. */
  used_at: Timestamp | null;
  /** 1 when a newer link voided this one before it was used. */
  replaced: Generated<number>;
  created_at: Generated<Timestamp>;
}

export interface EmailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** pending (waiting for the dispatcher), sending, queued (no SMTP configured: printed to the log), sent, failed */
  status: string;
  error: string | null;
  created_at: Generated<Timestamp>;
  sent_at: Timestamp | null;
}

export interface NewsletterSubscriptionsTable {
  id: Generated<number>;
  email: string;
  source: Generated<string>;
  created_at: Generated<Timestamp>;
  /** pending (asked, not confirmed: not mailed), subscribed (followed the confirmation link), unsubscribed. */
  status: Generated<"pending" | "subscribed" | "unsubscribed">;
  /** SHA-256 of the open confirmation link's token; null once used or when none is open. */
  confirm_token_hash: string | null;
  confirm_expires_at: Timestamp | null;
  /** When the last confirmation (or "already subscribed") mail was queued. */
  confirmation_sent_at: Timestamp | null;
  confirmed_at: Timestamp | null;
  unsubscribed_at: Timestamp | null;
}

/** A message sent through the contact form. */
export interface SupportRequestsTable {
  id: Generated<number>;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  subject: string;
  message: string;
  /** The signed-in sender, if any. */
  user_id: string | null;
  /** The order the message is about: set only when the sender is its buyer or seller. */
  order_id: number | null;
  status: Generated<"open" | "closed">;
  created_at: Generated<Timestamp>;
  closed_at: Timestamp | null;
  /** The staff member answering it; null while nobody is. */
  assignee_id: Generated<string | null>;
}

/** One step in a support message's history: assigned (to assignee_id, or to nobody), replied (body mailed to the sender), closed, reopened. */
export interface SupportRequestEventsTable {
  id: Generated<number>;
  request_id: number;
  kind: "assigned" | "replied" | "closed" | "reopened";
  /** Who did it; null once that account is gone. */
  actor_id: string | null;
  assignee_id: string | null;
  body: string | null;
  created_at: Generated<Timestamp>;
}

/** A knowledge-base article: Markdown written by staff, draft or published. */
export interface KnowledgeArticlesTable {
  id: Generated<number>;
  /** Its address: /knowledge-base/<slug>. */
  slug: string;
  title: string;
  /** A key of KNOWLEDGE_CATEGORIES (app/lib/knowledge-base.ts). */
  category: string;
  /** Markdown source. */
  content: string;
  status: Generated<"draft" | "published">;
  author_id: string | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
  published_at: Timestamp | null;
}

/** One tag of an article, lower-cased. */
export interface KnowledgeArticleTagsTable {
  article_id: number;
  tag: string;
}

/** A reader's "Was this helpful?" answer: one per article and reader ("user:<id>" or a visitor's keyed device hash). */
export interface KnowledgeArticleVotesTable {
  article_id: number;
  voter_key: string;
  user_id: string | null;
  /** 1 = Yes, 0 = No. */
  helpful: number;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** One permission a role holds (app/lib/permissions.ts names them; read by requirePermission). */
export interface RolePermissionsTable {
  role: string;
  permission: string;
  created_at: Generated<Timestamp>;
}

export interface CategoriesTable {
  /** main slug, subcategory slug, or main_sub_item */
  id: string;
  name: string;
  slug: string;
  /** 1 main category, 2 subcategory, 3 item */
  level: number;
  parent_id: string | null;
  position: number;
}

export interface EquipmentListingsTable {
  id: Generated<number>;
  /** The seller. */
  user_id: string;
  title: string;
  description: Generated<string>;
  brand: Generated<string>;
  model: Generated<string>;
  /** A category at any level of the taxonomy; the forms offer items. */
  category_id: string;
  /** One of the canonical CONDITIONS in app/lib/conditions.ts. */
  condition: string;
  /** buy_now, auction, hybrid */
  listing_type: Generated<string>;
  /** Asking price (buy_now) or starting price (auction, hybrid) in minor units of `currency`. */
  price_cents: number;
  /** Hybrid listings only. */
  buy_now_price_cents: number | null;
  currency: Generated<string>;
  location: Generated<string>;
  year: number | null;
  serial_number: Generated<string>;
  /** JSON object of specification name → value, in the seller's order. */
  specifications: Generated<string>;
  /** JSON array of feature lines. */
  features: Generated<string>;
  /** draft, active, sold, archived */
  status: Generated<string>;
  ai_generated: Flag;
  /** JSON array of comparable listings used for price guidance. */
  comparable_listings: Generated<string>;
  views: Generated<number>;
  is_featured: Flag;
  /** A paid featuring's end (migration 2026-12-10T1300); null when not featured or featured by staff (no end). */
  featured_until: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** fully_tested, powers_on, untested, for_parts */
  test_level: string | null;
  /** YYYY-MM-DD */
  calibration_date: string | null;
  /** YYYY-MM-DD */
  calibration_due: string | null;
  /** Calibrated by an ISO/IEC 17025 accredited lab. */
  calibration_accredited: Flag;
  installed_options: Generated<string>;
  /** The seller takes offers below the price (buy_now and hybrid listings; migration 2026-12-01T1300). */
  accepts_offers: Flag;
  /** Offers at or above it are accepted at once; the seller's alone, never sent to buyers. */
  auto_accept_cents: number | null;
  /** Offers below it are declined at once; the seller's alone, never sent to buyers. */
  auto_decline_cents: number | null;
  /**
   * The price a buyer pays now (the live auction's current price, else price_cents) in minor units of the reference
   * currency; kept by triggers (migration 2026-12-10T0900), never written by the app. Null only for a currency
   * without a rate. What /listings filters and sorts on.
   */
  reference_amount: Generated<number | null>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
  // brand_key (the brand with its ASCII letters lower-cased, generated by the database; migration 2026-11-27T0900) is
  // left out on purpose: nothing writes it, and only the listing search reads it (by name).
}

/** One row (id 1) whose version changes with every write that can change search results (by triggers). */
export interface ListingSearchStateTable {
  id: number;
  version: number;
}

export interface EquipmentImagesTable {
  id: Generated<number>;
  listing_id: number;
  /** Public path of the WebP image (≤ 1600 px). */
  url: string;
  /** Public path of the 400 px WebP thumbnail. */
  thumbnail_url: string;
  width: number;
  height: number;
  is_primary: Flag;
  position: Generated<number>;
  /** Name and size of the uploaded file, for skipping duplicates. */
  original_name: Generated<string>;
  original_size: Generated<number>;
  created_at: Generated<Timestamp>;
}

export interface ListingViewsTable {
  id: Generated<number>;
  listing_id: number;
  user_id: string | null;
  /** Who viewed: a hash of the user id, or of the salted IP for visitors. */
  viewer_hash: string;
  /** Salted hash of the IP; the IP itself is never stored. */
  ip_hash: string | null;
  viewed_at: Timestamp;
  created_at: Generated<Timestamp>;
}

/** Counted views (rows of listing_views) per listing and UTC day (YYYY-MM-DD), kept by recordListingView. */
export interface ListingViewDaysTable {
  listing_id: number;
  day: string;
  views: number;
}

/** Counted views of all of a seller's listings per UTC day, kept by recordListingView (the seller dashboard's figures). */
export interface SellerViewDaysTable {
  seller_id: string;
  day: string;
  views: number;
}

export interface WatchlistTable {
  id: Generated<number>;
  user_id: string;
  listing_id: number;
  notes: Generated<string>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface SavedSearchesTable {
  id: Generated<number>;
  user_id: string;
  name: string;
  /** JSON of SavedSearchParams (app/lib/listing-filters.ts). */
  search_params: string;
  notify_on_new: Flag;
  last_executed: Timestamp | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
  /**
   * Match keys for alerts (app/services/alerts/alert-keys.server.ts): one full-text term every match must
   * contain (a prefix when alert_term_prefix is 1), the category, and the price bounds in cents.
   */
  alert_term: string | null;
  alert_term_prefix: Flag;
  alert_category: string | null;
  alert_min_cents: number | null;
  alert_max_cents: number | null;
  /** The version of the key rules the keys were computed with; older rows are re-keyed at start. */
  alert_key_version: Generated<number>;
}

/** A listing found to match a saved search; notified_at is set once its owner has been told. */
export interface SavedSearchMatchesTable {
  id: Generated<number>;
  saved_search_id: number;
  listing_id: number;
  matched_at: Generated<Timestamp>;
  notified_at: Timestamp | null;
}

/** One conversation per buyer, seller and listing. */
export interface ConversationsTable {
  id: Generated<number>;
  /** Null once the listing has been deleted; listing_title keeps its name. */
  listing_id: number | null;
  listing_title: string;
  buyer_id: string;
  seller_id: string;
  last_message_at: Generated<Timestamp>;
  created_at: Generated<Timestamp>;
  /** 1: a general conversation opened from a profile (not about a listing); buyer_id is who opened it. */
  general: Flag;
}

export interface MessagesTable {
  id: Generated<number>;
  conversation_id: number;
  sender_id: string;
  recipient_id: string;
  /** Plain text as typed (trimmed); links are made clickable when shown. */
  body: string;
  created_at: Generated<Timestamp>;
  read_at: Timestamp | null;
}

/** The latest view of a listing by a member. */
export interface RecentViewsTable {
  user_id: string;
  listing_id: number;
  viewed_at: Timestamp;
}

/** An action a device queued offline, applied once under its client-generated id. */
export interface OfflineActionsTable {
  user_id: string;
  action_id: string;
  kind: string;
  /** What the replay did: applied, or the reason it changed nothing (gone, refused). */
  outcome: string;
  applied_at: Generated<Timestamp>;
}

/** One AI listing generation and its outcome (ai_stats). */
export interface AiGenerationsTable {
  id: Generated<number>;
  user_id: string | null;
  brand: string;
  model: string;
  photo_count: Generated<number>;
  /** "ai" when the language model wrote the listing, "fallback" when the built-in generator did. */
  outcome: "ai" | "fallback";
  /** Why the fallback ran: not_configured or a failure class. */
  failure_class: string | null;
  model_name: string | null;
  server_ms: Generated<number>;
  model_ms: Generated<number>;
  /** The listing created from this generation, once the seller saved it. */
  listing_id: number | null;
  created_at: Generated<Timestamp>;
}

export interface SearchQueriesTable {
  /** Normalised text: trimmed, lower-case, single spaces. */
  query: string;
  /** Results of the latest run. */
  result_count: Generated<number>;
  /** How often it was searched. */
  count: Generated<number>;
  /** The latest signed-in searcher. */
  user_id: string | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** Which visitors searched a query today (migration 2026-11-25T1810): a query counts once per visitor. */
export interface SearchQueryVisitorsTable {
  query: string;
  /** Keyed hash of the visitor (user id, else address and user agent) with the day's salt; never the raw address. */
  visitor_hash: string;
  /** The UTC day (YYYY-MM-DD) of the salt. */
  day: string;
  created_at: Generated<Timestamp>;
}

/** Attempt counters shared by every process (migration 2026-11-25T1800, docs/decisions/0029). */
export interface AttemptCountersTable {
  /** A keyed hash naming what is counted (a sign-in pair, an address, an account, …). */
  key: string;
  count: Generated<number>;
  /** Attempts are refused until then; null when they are not. */
  blocked_until: Timestamp | null;
  /** From then on the counter is forgotten. */
  expires_at: Timestamp;
  updated_at: Generated<Timestamp>;
}

/** (account, address) and (account, device) pairs that signed in successfully (docs/decisions/0029). */
export interface KnownSignInsTable {
  key: string;
  expires_at: Timestamp;
  created_at: Generated<Timestamp>;
}

export interface TestimonialsTable {
  id: Generated<number>;
  author_name: string;
  author_title: Generated<string>;
  company: Generated<string>;
  quote: string;
  rating: Generated<number>;
  is_published: Flag;
  position: Generated<number>;
  created_at: Generated<Timestamp>;
}

export interface AuctionsTable {
  id: Generated<number>;
  listing_id: number;
  start_date: Timestamp;
  /** Moves later with soft close: a bid in the last 5 minutes ends it 5 minutes after that bid. */
  end_date: Timestamp;
  starting_price_cents: number;
  /** Hidden from bidders: they only learn whether it is met. */
  reserve_price_cents: number | null;
  /** The starting price until the first bid, then the price the bidding rules give. */
  current_price_cents: number;
  /** The seller's fixed increment, used only when `bid_increment_fixed` is 1; else the tiered table (app/lib/bidding.ts). */
  bid_increment_cents: Generated<number>;
  /** 1: the seller fixed the increment; 0 (the default): the increment follows the current price's band. */
  bid_increment_fixed: Flag;
  /** Hybrid auctions: Buy Now stays open while the current price is below it. */
  buy_now_price_cents: number | null;
  currency: Generated<string>;
  /** upcoming, active, ended, cancelled */
  status: Generated<string>;
  auto_extend: Flag;
  extension_count: Generated<number>;
  /** Soft close moves the end no later than this: the original end plus the cap (null: late bids never extend it). */
  extensions_end_at: Timestamp | null;
  bid_count: Generated<number>;
  /** The bid of the current leader; it carries the leader's maximum. */
  leading_bid_id: number | null;
  winner_id: string | null;
  /** Bumped by every change, so a writer can claim a state change by a conditional update. */
  version: Generated<number>;
  ended_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  /** When watchers were told the auction has under an hour left. */
  ending_soon_notified_at: Generated<Timestamp | null>;
  /** The lot's own soft-close window in seconds (a sale event's setting); null: the platform default (SOFT_CLOSE_MS). */
  soft_close_seconds: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** A house's timed sale of auction lots with staggered closes (docs/product/sale-events.md). */
export interface SaleEventsTable {
  id: Generated<number>;
  /** The house: a seller account. */
  seller_id: string;
  title: string;
  /** Markdown. */
  description: Generated<string>;
  location: Generated<string>;
  /** Inspection dates: text or ISO. */
  inspection: Generated<string>;
  /** Pickup dates: text or ISO. */
  pickup: Generated<string>;
  terms: Generated<string>;
  /** An upload key; null: no cover image. */
  cover_image_key: string | null;
  /** draft, scheduled, cancelled (live, closing and closed follow from the lots' times). */
  status: Generated<string>;
  currency: Generated<string>;
  /** When bidding opens on every lot. */
  starts_at: Timestamp;
  /** T: when lot 1 closes; lot i closes at T + (i − 1)·Δ. */
  first_close_at: Timestamp;
  /** Δ, 30..600. */
  close_interval_seconds: Generated<number>;
  /** W: a bid this close to a lot's end moves only that lot's end to the bid + W. */
  soft_close_seconds: Generated<number>;
  /** Soft close stops moving a lot this long after its scheduled end. */
  extension_cap_minutes: Generated<number>;
  approval_required: Flag;
  /** none, fixed, percent (of the requested limit) */
  deposit_kind: Generated<string>;
  deposit_fixed_cents: number | null;
  /** Hundredths of a percent. */
  deposit_percent_bps: number | null;
  deposit_refund_days: number | null;
  /** Buyer's premium in hundredths of a percent; null: none. */
  premium_percent_bps: number | null;
  premium_min_cents: number | null;
  premium_max_cents: number | null;
  lot_count: Generated<number>;
  published_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** An auction lot of a sale event, in catalogue order (lot numbers 1..N). */
export interface SaleEventLotsTable {
  id: Generated<number>;
  event_id: number;
  auction_id: number;
  lot_number: number;
  position: number;
}

/** A member's registration to bid in a sale event: the house's decision, the deposit, the bidding limit. */
export interface SaleEventBiddersTable {
  id: Generated<number>;
  event_id: number;
  user_id: string;
  /** pending, approved, declined, in_review */
  status: Generated<string>;
  reason: Generated<string>;
  company: Generated<string>;
  phone: Generated<string>;
  intended_purchases: Generated<string>;
  requested_limit_cents: number | null;
  bidding_limit_cents: number | null;
  deposit_cents: number | null;
  deposit_reference: string | null;
  deposit_confirmed_at: Timestamp | null;
  deposit_confirmed_by: string | null;
  decided_by: string | null;
  decided_at: Timestamp | null;
  created_at: Generated<Timestamp>;
}

export interface BidsTable {
  id: Generated<number>;
  auction_id: number;
  user_id: string;
  amount_cents: number;
  /** The bidder's proxy maximum; null for a plain bid. */
  max_amount_cents: number | null;
  /** 1 when the system placed it for a leader's maximum answering a challenger. */
  is_auto: Flag;
  created_at: Generated<Timestamp>;
}

export interface OrdersTable {
  id: Generated<number>;
  /** Unique payment reference the buyer quotes on the bank transfer. */
  reference: string;
  listing_id: number;
  auction_id: number | null;
  buyer_id: string;
  seller_id: string;
  /** buy_now, auction, hybrid: picks the success fee rate. */
  sale_type: string;
  amount_cents: number;
  /** The seller's success fee after any fee exemption. */
  fee_cents: number;
  /** The rate applied, in basis points (250 = 2.5%). */
  fee_rate_bp: number;
  currency: Generated<string>;
  /** pending, paid, shipped, delivered, completed, disputed, refunded, released, cancelled */
  status: Generated<string>;
  shipping_name: Generated<string>;
  shipping_company: Generated<string>;
  shipping_address: Generated<string>;
  shipping_city: Generated<string>;
  shipping_state: Generated<string>;
  shipping_zip: Generated<string>;
  shipping_country: Generated<string>;
  shipping_phone: Generated<string>;
  carrier: string | null;
  tracking_number: string | null;
  dispute_reason: string | null;
  resolution_note: string | null;
  version: Generated<number>;
  created_at: Generated<Timestamp>;
  /** When the buyer confirmed the shipping address at checkout. */
  checked_out_at: Timestamp | null;
  paid_at: Timestamp | null;
  shipped_at: Timestamp | null;
  delivered_at: Timestamp | null;
  completed_at: Timestamp | null;
  disputed_at: Timestamp | null;
  resolved_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  /** What billing recorded as received when confirming the payment (minor units), and the bank's value date. */
  payment_received_cents: number | null;
  payment_value_date: string | null;
  payment_confirmed_by: string | null;
  /** The amount a referee decided to refund (a partial refund is less than amount_cents). */
  refunded_cents: number | null;
  /** A staff hold: while set, the order's flow and its automatic completion wait. */
  held_at: Timestamp | null;
  held_by: string | null;
  hold_reason: string | null;
  /** Where the delivery came from: buyer, seller_proof or carrier; null before delivery. */
  delivery_source: string | null;
  /** The upload-store key of the seller's proof of delivery (a photo or a signed delivery note). */
  delivery_proof_key: string | null;
  updated_at: Generated<Timestamp>;
}

/** One message of a dispute's thread: from the buyer, the seller or the referee. */
export interface DisputeMessagesTable {
  id: Generated<number>;
  order_id: number;
  author_id: string | null;
  /** buyer, seller, referee */
  author_side: string;
  body: string;
  created_at: Generated<Timestamp>;
}

/** A photo or PDF attached to a dispute message, kept in the upload store under disputes/{order}/. */
export interface DisputeAttachmentsTable {
  id: Generated<number>;
  message_id: number;
  order_id: number;
  file_key: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  created_at: Generated<Timestamp>;
}

/** An offer or a counter on a listing; a chain of rows linked by parent_offer_id is one negotiation. */
export interface OffersTable {
  id: Generated<number>;
  listing_id: number;
  buyer_id: string;
  seller_id: string;
  amount_cents: number;
  currency: Generated<string>;
  message: Generated<string>;
  /** open, accepted, declined, countered, expired, withdrawn (OFFER_STATUSES in app/lib/offers.ts) */
  status: Generated<string>;
  /** buyer or seller: who made this offer or counter. */
  made_by: string;
  /** buyer, seller or system: who answered, withdrew or expired it; null while open. */
  acted_by: string | null;
  decline_reason: string | null;
  parent_offer_id: number | null;
  /** The chain's first offer (the buyer's); null on that first row itself. */
  root_offer_id: number | null;
  /** The order an accepted offer created. */
  order_id: number | null;
  expires_at: Timestamp;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** A review one side of a completed order gave the other; hidden from all but its author until published_at. */
export interface ReviewsTable {
  id: Generated<number>;
  order_id: number;
  reviewer_id: string;
  reviewed_id: string;
  /** buyer (reviewing the seller) or seller (reviewing the buyer). */
  reviewer_role: string;
  /** 1–5 stars overall. */
  rating: number;
  /** 1–5, the buyer's review only (null on the seller's). */
  item_as_described: number | null;
  communication: number | null;
  shipping: number | null;
  comment: Generated<string>;
  created_at: Generated<Timestamp>;
  /** The end of the review window (the order's completion + 60 days): a lone review publishes then. */
  window_ends_at: Timestamp;
  /** When both sides had reviewed, or the window ended; null while double-blind. */
  published_at: Timestamp | null;
  /** The reviewed party's one reply. */
  reply: string | null;
  replied_at: Timestamp | null;
  hidden_at: Timestamp | null;
  hidden_by: string | null;
  hidden_reason: string | null;
}

/** A member's report of a review, once per member and review. */
export interface ReviewReportsTable {
  id: Generated<number>;
  review_id: number;
  reporter_id: string;
  reason: string;
  created_at: Generated<Timestamp>;
  /** A moderator found nothing wrong (the review stays); null while the report is open. */
  dismissed_at: Timestamp | null;
  dismissed_by: string | null;
}

/** A member following a seller: the seller's new listings are announced to them, batched. */
export interface FollowsTable {
  follower_id: string;
  seller_id: string;
  created_at: Generated<Timestamp>;
}

/** A listing a seller put up that their followers are told of at the next flush (one row per listing, once). */
export interface FollowedListingAlertsTable {
  listing_id: number;
  seller_id: string;
  listed_at: Timestamp;
  notified_at: Timestamp | null;
}

/** Staff's internal notes on an order (the order desk); never shown to the buyer or the seller. */
export interface OrderStaffNotesTable {
  id: Generated<number>;
  order_id: number;
  author_id: string | null;
  body: string;
  created_at: Generated<Timestamp>;
}

export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  /** The status the order moved to. */
  status: string;
  /** Who moved it; null for the scheduler. */
  actor_id: string | null;
  note: Generated<string>;
  created_at: Generated<Timestamp>;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: string;
  title: string;
  message: string;
  /** bid, auction_won, auction_ended, message, listing_sold, payment, shipping, fraud, system, other, … */
  type: Generated<string>;
  action_url: string | null;
  is_read: Flag;
  created_at: Generated<Timestamp>;
}

/** A forum category (docs/product/community.md#forum), reference rows written by the forum migration. */
export interface ForumCategoriesTable {
  id: string;
  name: string;
  description: string;
  position: number;
}

/** A forum topic; its opening post is its first row in forum_posts (is_opening = 1). */
export interface ForumTopicsTable {
  id: Generated<number>;
  category_id: string;
  author_id: string;
  title: string;
  pinned: Flag;
  locked: Flag;
  /** Hidden by a moderator: only staff (and its author) see it. */
  hidden: Flag;
  /** Visible replies, the opening post not counted. */
  reply_count: Generated<number>;
  view_count: Generated<number>;
  /** The reply marked as the answer. */
  solution_post_id: number | null;
  created_at: Generated<Timestamp>;
  /** The newest visible post's time and author. */
  last_post_at: Generated<Timestamp>;
  last_post_author_id: string | null;
  /** Title and opening post, ASCII-lower-cased and bounded (FORUM_LIMITS.searchTextMax): what the search matches. */
  search_text: Generated<string>;
}

/** A post of a topic: the opening post or a reply (Markdown source). */
export interface ForumPostsTable {
  id: Generated<number>;
  topic_id: number;
  author_id: string;
  body: string;
  is_opening: Flag;
  /** Hidden by a moderator or by three members' flags, pending review. */
  hidden: Flag;
  flag_count: Generated<number>;
  like_count: Generated<number>;
  created_at: Generated<Timestamp>;
  edited_at: Timestamp | null;
}

/** A counted topic view: once per viewer per 30 minutes. */
export interface ForumTopicViewsTable {
  id: Generated<number>;
  topic_id: number;
  viewer_hash: string;
  viewed_at: Timestamp;
}

/** A member who hears of every reply to a topic. */
export interface ForumTopicFollowersTable {
  topic_id: number;
  user_id: string;
  created_at: Generated<Timestamp>;
}

/** One member's flag or like on one post. */
export interface ForumPostMarksTable {
  post_id: number;
  user_id: string;
  created_at: Generated<Timestamp>;
}

/** A member's report of a listing to the moderators (migration 2026-12-03T1200; at most one open per member). */
export interface ListingReportsTable {
  id: Generated<number>;
  listing_id: number;
  reporter_id: string;
  /** prohibited_item, misleading_description, suspicious_price, counterfeit (app/lib/moderation.ts) */
  reason: string;
  note: Generated<string>;
  status: Generated<"open" | "closed">;
  created_at: Generated<Timestamp>;
  resolved_at: Timestamp | null;
  resolved_by: string | null;
  /** dismissed, warned, unpublished, removed */
  resolution: string | null;
}

/** A member's report of another member (docs/product/admin.md#moderation; one pending per reporter and member). */
export interface FraudReportsTable {
  id: Generated<number>;
  reported_user_id: string;
  reporter_id: string;
  reason: string;
  note: Generated<string>;
  status: Generated<"pending" | "dismissed" | "confirmed">;
  created_at: Generated<Timestamp>;
  resolved_at: Timestamp | null;
  resolved_by: string | null;
}

/** Staff's changes to the taxonomy: a new name, hidden, or an item staff added (its categories row exists for it). */
export interface CategoryOverridesTable {
  category_id: string;
  name: string | null;
  hidden: Generated<number>;
  added: Generated<number>;
  updated_by: string | null;
  updated_at: Generated<Timestamp>;
}

/** What staff did to what (forum moderation now, the administration pages later). */
export interface AuditEventsTable {
  id: Generated<number>;
  actor_user_id: string | null;
  action: string;
  subject_type: string;
  subject_id: string;
  detail: Generated<string>;
  created_at: Generated<Timestamp>;
}

/** A promo code staff created (docs/product/admin.md#promo-codes PROMO_CODE); `current_uses` counts its redemptions. */
export interface PromoCodesTable {
  id: Generated<number>;
  code: string;
  description: Generated<string>;
  discount_type: "percentage" | "fixed";
  /** percentage: hundredths of a percent (0–10000); fixed: cents. */
  discount_value: number;
  /** null: unlimited. */
  max_uses: number | null;
  current_uses: Generated<number>;
  valid_from: Generated<Timestamp>;
  valid_until: Timestamp | null;
  active: Generated<number>;
  created_by: string | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** One member's use of one promo code (at most one per member and code). */
export interface PromoCodeRedemptionsTable {
  id: Generated<number>;
  promo_code_id: number;
  user_id: string;
  amount_cents: number;
  discount_cents: number;
  created_at: Generated<Timestamp>;
}

/** A successful sign-in, kept for the member's page in the console. */
export interface SignInEventsTable {
  id: Generated<number>;
  user_id: string;
  ip: string | null;
  user_agent: string | null;
  created_at: Generated<Timestamp>;
}

/** One bulk CSV upload and where its wizard stands. */
export interface BulkImportsTable {
  id: Generated<number>;
  user_id: string;
  file_name: string;
  status: Generated<"mapping" | "review" | "payment" | "importing" | "imported" | "cancelled">;
  /** JSON array of the header cells. */
  headers: string;
  /** JSON array: the field each column is mapped to, or null. */
  mapping: string;
  row_count: Generated<number>;
  ai_state: Generated<"idle" | "running" | "done">;
  ai_total: Generated<number>;
  ai_done: Generated<number>;
  ai_started_at: Timestamp | null;
  ai_lease_until: Timestamp | null;
  import_lease_until: Timestamp | null;
  created_count: Generated<number>;
  failed_count: Generated<number>;
  total_cents: Generated<number>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
  completed_at: Timestamp | null;
  /** "." or ",": how the file's prices are read (migration 2026-12-11T0700). */
  decimal_separator: Generated<string>;
  /** null, or the staff review of a new seller's first large import: held, approved, rejected. */
  review_state: "held" | "approved" | "rejected" | null;
  review_promo_code: string | null;
  reviewed_by: string | null;
  reviewed_at: Timestamp | null;
  review_note: string | null;
}

/** One row of a bulk upload, with its report, its AI results and the listing it became. */
export interface BulkImportRowsTable {
  id: Generated<number>;
  import_id: number;
  row_number: number;
  /** `{import id}:{row number}`: a retried import never creates a second listing for it. */
  row_key: string;
  cells: string;
  brand: Generated<string>;
  model: Generated<string>;
  condition: Generated<string>;
  price: Generated<string>;
  category_id: Generated<string>;
  category_source: Generated<string>;
  description: Generated<string>;
  specifications: Generated<string>;
  features: Generated<string>;
  location: Generated<string>;
  photo_urls: Generated<string>;
  errors: Generated<string>;
  removed: Generated<number>;
  ai_done: Generated<number>;
  ai_processed: Generated<number>;
  suggested_price_cents: number | null;
  needs_price_review: Generated<number>;
  comparable_listings: Generated<string>;
  processing_error: string | null;
  photo_errors: Generated<string>;
  listing_id: number | null;
  import_error: string | null;
  title: Generated<string>;
  currency: Generated<string>;
  /** 1 when none of the row's photos loaded: its listing was kept as a draft. */
  held_as_draft: Generated<number>;
}

/** The bulk import fee ledger: one entry per paid import (read by the admin reports). */
export interface BulkImportChargesTable {
  id: Generated<number>;
  import_id: number;
  user_id: string;
  listing_count: number;
  fee_cents: number;
  exemption_percent: Generated<number>;
  exemption_cents: Generated<number>;
  promo_code: string | null;
  discount_cents: Generated<number>;
  total_cents: number;
  status: "waived" | "invoiced";
  created_at: Generated<Timestamp>;
}

/** A platform fee a seller owes: one row per purchase of a paid service (featuring a listing; migration 2026-12-10T1300). */
export interface PlatformFeesTable {
  id: Generated<number>;
  seller_id: string;
  /** Null once the listing was deleted (the fee stays owed). */
  listing_id: number | null;
  kind: "featured_listing";
  /** What was bought, in words (the listing's title at the time). */
  description: string;
  days: number;
  amount_cents: number;
  currency: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  status: Generated<"owed" | "paid" | "waived">;
  created_at: Generated<Timestamp>;
}

/** A seller's application to be verified (migration 2026-12-11T0800); approval is what sets profiles.is_verified. */
export interface SellerVerificationApplicationsTable {
  id: Generated<number>;
  seller_id: string;
  status: Generated<"pending" | "approved" | "rejected">;
  company_name: string;
  registration_number: string;
  country: string;
  address: string;
  rejection_reason: string | null;
  decided_by: string | null;
  decided_at: Timestamp | null;
  created_at: Generated<Timestamp>;
}

/** A document of a verification application, kept in the upload store under `verification/{application}/`. */
export interface SellerVerificationDocumentsTable {
  id: Generated<number>;
  application_id: number;
  upload_key: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  created_at: Generated<Timestamp>;
}

/** A live auction a suspension cancelled, with its state before, so reinstating can offer it back. */
export interface SuspensionCancellationsTable {
  id: Generated<number>;
  user_id: string;
  /** The suspension's time (profiles.suspended_at when it was made). */
  suspended_at: Timestamp;
  auction_id: number;
  listing_id: number;
  /** upcoming or active */
  previous_status: string;
  previous_end_date: Timestamp;
  previous_listing_status: string;
  restored_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  restored_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Generated<Timestamp>;
}

/** How many listings were created in a month ("YYYY-MM") and now have a status; kept by triggers (admin dashboard). */
export interface ListingCountsByMonthTable {
  month: string;
  status: string;
  listings: number;
}

/** How many listings of a category have a status; kept by triggers (admin dashboard). */
export interface ListingCountsByCategoryTable {
  category_id: string;
  status: string;
  listings: number;
}

/** Orders placed in a month ("YYYY-MM") that now have a status: how many, and their amounts and fees; kept by triggers. */
export interface OrderTotalsByMonthTable {
  month: string;
  status: string;
  orders: number;
  amount_cents: number;
  fee_cents: number;
}

/** An operator's exchange rate: how many units of `currency` one US dollar buys on `rate_date` (migration 2026-12-10T0900). */
export interface ExchangeRatesTable {
  id: Generated<number>;
  currency: string;
  /** YYYY-MM-DD; one row per currency and day. */
  rate_date: string;
  /** A positive decimal as text. */
  units_per_usd: string;
  /** initial (the installation's starting rates), manual, csv, ecb */
  source: string;
  recorded_by: string | null;
  created_at: Generated<Timestamp>;
}

/** Per currency, minor units of the reference currency per minor unit, from its latest rate (what the triggers use). */
export interface ReferenceRatesTable {
  currency: string;
  reference_currency: string;
  factor: number;
  rate_date: string;
}

/** Orders by month, status and currency, and the sums of their amounts and fees; kept by triggers (migration 2026-12-10T0901). */
export interface OrderTotalsByCurrencyTable {
  month: string;
  status: string;
  currency: string;
  orders: number;
  amount_cents: number;
  fee_cents: number;
}

/** How many members joined in a month ("YYYY-MM"); kept by triggers (admin dashboard). */
export interface ProfileCountsByMonthTable {
  month: string;
  profiles: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  totp_factors: TotpFactorsTable;
  recovery_codes: RecoveryCodesTable;
  second_factor_challenges: SecondFactorChallengesTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  profiles: ProfilesTable;
  password_reset_tokens: PasswordResetTokensTable;
  email_confirmation_tokens: EmailConfirmationTokensTable;
  email_outbox: EmailOutboxTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  support_requests: SupportRequestsTable;
  support_request_events: SupportRequestEventsTable;
  knowledge_articles: KnowledgeArticlesTable;
  knowledge_article_tags: KnowledgeArticleTagsTable;
  knowledge_article_votes: KnowledgeArticleVotesTable;
  role_permissions: RolePermissionsTable;
  categories: CategoriesTable;
  equipment_listings: EquipmentListingsTable;
  equipment_images: EquipmentImagesTable;
  listing_views: ListingViewsTable;
  listing_view_days: ListingViewDaysTable;
  seller_view_days: SellerViewDaysTable;
  watchlist: WatchlistTable;
  saved_searches: SavedSearchesTable;
  search_queries: SearchQueriesTable;
  search_query_visitors: SearchQueryVisitorsTable;
  attempt_counters: AttemptCountersTable;
  known_sign_ins: KnownSignInsTable;
  testimonials: TestimonialsTable;
  auctions: AuctionsTable;
  bids: BidsTable;
  sale_events: SaleEventsTable;
  sale_event_lots: SaleEventLotsTable;
  sale_event_bidders: SaleEventBiddersTable;
  orders: OrdersTable;
  order_events: OrderEventsTable;
  dispute_messages: DisputeMessagesTable;
  dispute_attachments: DisputeAttachmentsTable;
  reviews: ReviewsTable;
  review_reports: ReviewReportsTable;
  platform_fees: PlatformFeesTable;
  seller_verification_applications: SellerVerificationApplicationsTable;
  seller_verification_documents: SellerVerificationDocumentsTable;
  suspension_cancellations: SuspensionCancellationsTable;
  follows: FollowsTable;
  followed_listing_alerts: FollowedListingAlertsTable;
  offers: OffersTable;
  notifications: NotificationsTable;
  saved_search_matches: SavedSearchMatchesTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  recent_views: RecentViewsTable;
  listing_search_state: ListingSearchStateTable;
  offline_actions: OfflineActionsTable;
  ai_generations: AiGenerationsTable;
  forum_categories: ForumCategoriesTable;
  forum_topics: ForumTopicsTable;
  forum_posts: ForumPostsTable;
  forum_topic_views: ForumTopicViewsTable;
  forum_topic_followers: ForumTopicFollowersTable;
  forum_post_flags: ForumPostMarksTable;
  forum_post_likes: ForumPostMarksTable;
  audit_events: AuditEventsTable;
  order_staff_notes: OrderStaffNotesTable;
  listing_reports: ListingReportsTable;
  fraud_reports: FraudReportsTable;
  category_overrides: CategoryOverridesTable;
  listing_counts_by_month: ListingCountsByMonthTable;
  listing_counts_by_category: ListingCountsByCategoryTable;
  profile_counts_by_month: ProfileCountsByMonthTable;
  order_totals_by_month: OrderTotalsByMonthTable;
  promo_codes: PromoCodesTable;
  promo_code_redemptions: PromoCodeRedemptionsTable;
  sign_in_events: SignInEventsTable;
  bulk_imports: BulkImportsTable;
  bulk_import_rows: BulkImportRowsTable;
  bulk_import_charges: BulkImportChargesTable;
  exchange_rates: ExchangeRatesTable;
  reference_rates: ReferenceRatesTable;
  order_totals_by_currency: OrderTotalsByCurrencyTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Profile = Selectable<ProfilesTable>;
export type NewProfile = Insertable<ProfilesTable>;
export type ProfileUpdate = Updateable<ProfilesTable>;
export type Category = Selectable<CategoriesTable>;
export type OutboxEmail = Selectable<EmailOutboxTable>;
/**
 * A listing as the application reads it whole (LISTING_ROW_COLUMNS). The seller's offer settings are left out: they are
 * read only by the offers service, so a whole listing handed to a page can never carry the automatic prices.
 */
export type Listing = Omit<Selectable<EquipmentListingsTable>, "accepts_offers" | "auto_accept_cents" | "auto_decline_cents" | "reference_amount">;
export type NewListing = Insertable<EquipmentListingsTable>;
export type ListingUpdate = Updateable<EquipmentListingsTable>;
export type ListingImage = Selectable<EquipmentImagesTable>;
export type NewListingImage = Insertable<EquipmentImagesTable>;
export type SavedSearch = Selectable<SavedSearchesTable>;
export type Auction = Selectable<AuctionsTable>;
export type NewAuction = Insertable<AuctionsTable>;
export type Bid = Selectable<BidsTable>;
export type Order = Selectable<OrdersTable>;
export type NewOrder = Insertable<OrdersTable>;
export type Notification = Selectable<NotificationsTable>;
export type NewNotification = Insertable<NotificationsTable>;
