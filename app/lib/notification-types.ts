// Notification types and the e-mail alerts a member can choose (client-safe: the bell, the page and /profile use them).

/** docs/product/alerts.md#watchlist types, the watchlist ones of docs/product/alerts.md#saved-searches, and saved-search matches. */
const NOTIFICATION_TYPES = [
  "bid",
  "auction_won",
  "auction_ended",
  "auction_update",
  "message",
  "listing_sold",
  "payment",
  "shipping",
  "dispute",
  "price_drop",
  "watchlist_update",
  "saved_search",
  "offer",
  "review",
  "followed_seller",
  "fraud",
  "system",
  "other",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export function isNotificationType(value: unknown): value is NotificationType {
  return typeof value === "string" && (NOTIFICATION_TYPES as readonly string[]).includes(value);
}

/** The notifications that may also go by e-mail, each with the choice that governs it on /profile. */
export const EMAIL_ALERTS = [
  { key: "outbid", label: "I am outbid", types: ["bid"] },
  { key: "auction_won", label: "I win an auction", types: ["auction_won"] },
  { key: "item_sold", label: "An item of mine sells", types: ["listing_sold"] },
  { key: "message", label: "I receive a message", types: ["message"] },
  { key: "saved_search", label: "New listings match a saved search", types: ["saved_search"] },
  { key: "offer", label: "I receive an offer, or an answer to mine", types: ["offer"] },
  { key: "followed_seller", label: "A seller I follow lists something new", types: ["followed_seller"] },
  // The order's steps (they reached only the bell).
  { key: "order_payment", label: "A payment on my order is confirmed or released", types: ["payment"] },
  { key: "order_shipping", label: "My order ships or is delivered", types: ["shipping"] },
  { key: "dispute", label: "A dispute on my order is opened or decided (refund or release)", types: ["dispute"] },
  { key: "price_drop", label: "An item I watch drops in price", types: ["price_drop"] },
] as const satisfies ReadonlyArray<{ key: string; label: string; types: readonly NotificationType[] }>;
export type EmailAlertKey = (typeof EMAIL_ALERTS)[number]["key"];
export type EmailAlertChoices = Record<EmailAlertKey, boolean>;

/** Until a member chooses, every e-mail alert is on (as on most marketplaces). */
const DEFAULT_EMAIL_ALERTS: EmailAlertChoices = {
  outbid: true,
  auction_won: true,
  item_sold: true,
  message: true,
  saved_search: true,
  offer: true,
  followed_seller: true,
  order_payment: true,
  order_shipping: true,
  dispute: true,
  price_drop: true,
};

/** The e-mail alert that governs a notification type, if any. */
export function emailAlertFor(type: NotificationType): EmailAlertKey | undefined {
  return EMAIL_ALERTS.find((alert) => (alert.types as readonly NotificationType[]).includes(type))?.key;
}

/** Reads stored choices (profiles.preferences.email_alerts), keeping the default for anything missing or malformed. */
export function readEmailAlertChoices(value: unknown): EmailAlertChoices {
  const stored = value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  const choices = { ...DEFAULT_EMAIL_ALERTS };
  for (const alert of EMAIL_ALERTS) {
    if (typeof stored[alert.key] === "boolean") choices[alert.key] = stored[alert.key] as boolean;
  }
  return choices;
}
