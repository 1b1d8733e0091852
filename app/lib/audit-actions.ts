// The catalogue of audit actions: every action a service records in audit_events, with the words the audit
// log shows for it, grouped as the log's filter offers them. Defined once: recordAuditEvent
// (app/services/platform/audit-log.server.ts) accepts only an AuditAction, so a new act that is not listed here does
// not compile; /admin/audit-log and its CSV read the labels and the filter's list from here. Client-safe.

/** The groups of the filter, in the order it lists them; an action belongs to the group its name starts with. */
const AUDIT_ACTION_GROUPS = [
  { prefix: "user.", label: "Members" },
  { prefix: "role.", label: "Roles" },
  { prefix: "seller.", label: "Seller verification" },
  { prefix: "fraud_report.", label: "Fraud reports" },
  { prefix: "listing.", label: "Listings" },
  { prefix: "bulk_import.", label: "Bulk imports" },
  { prefix: "category.", label: "Categories" },
  { prefix: "forum.", label: "Forum" },
  { prefix: "review.", label: "Reviews" },
  { prefix: "order.", label: "Orders" },
  { prefix: "promo_code.", label: "Promo codes" },
  { prefix: "exchange_rate.", label: "Exchange rates" },
  { prefix: "account.", label: "Sign-in security" },
  { prefix: "sale_event.", label: "Sale events" },
] as const;

/** Every recorded action and its label, by group. */
export const AUDIT_ACTION_LABELS = {
  "user.role_change": "Role changed",
  "user.fee_exemption_change": "Fee exemption changed",
  "user.suspend": "Member suspended",
  "user.reinstate": "Member reinstated",
  "user.restore_cancelled_auctions": "Cancelled auctions restored",
  "user.become_seller": "Buyer became a seller",
  "role.permissions_change": "Role permissions changed",
  "seller.verify": "Seller verified",
  "seller.unverify": "Seller verification withdrawn",
  "seller.verification_submitted": "Verification application submitted",
  "seller.verification_approved": "Verification application approved",
  "seller.verification_rejected": "Verification application rejected",
  "fraud_report.dismiss": "Fraud report dismissed",
  "fraud_report.confirm": "Fraud report confirmed",
  "listing.hide_by_reports": "Listing hidden after members' reports",
  "listing.dismiss": "Listing reports dismissed",
  "listing.warn": "Seller warned about a listing",
  "listing.unpublish": "Listing unpublished",
  "listing.remove": "Listing removed",
  "listing.bulk_unpublish": "Listing unpublished (bulk)",
  "listing.bulk_remove": "Listing removed (bulk)",
  "listing.feature": "Listing featured",
  "listing.unfeature": "Listing no longer featured",
  "bulk_import.approve": "Bulk import approved",
  "bulk_import.reject": "Bulk import rejected",
  "category.add": "Category added",
  "category.rename": "Category renamed",
  "category.hide": "Category hidden",
  "category.show": "Category shown again",
  "category.delete": "Category deleted",
  "forum.topic.pin": "Topic pinned",
  "forum.topic.unpin": "Topic unpinned",
  "forum.topic.lock": "Topic locked",
  "forum.topic.unlock": "Topic unlocked",
  "forum.topic.hide": "Topic hidden",
  "forum.topic.unhide": "Topic shown again",
  "forum.topic.move": "Topic moved",
  "forum.topic.mark_solution": "Solution marked",
  "forum.topic.unmark_solution": "Solution unmarked",
  "forum.post.hide": "Post hidden",
  "forum.post.restore": "Post restored",
  "forum.post.remove": "Post removed after flags",
  "forum.post.hide_by_flags": "Post hidden after members' flags",
  "review.hide": "Review hidden",
  "review.reports_dismiss": "Review reports dismissed",
  "order.confirm_payment": "Payment confirmed",
  "order.ship": "Order shipped",
  "order.mark_delivered": "Order marked delivered",
  "order.confirm_receipt": "Receipt confirmed",
  "order.open_dispute": "Dispute opened",
  "order.refund": "Order refunded",
  "order.release": "Payment released to the seller",
  "order.cancel": "Order cancelled",
  "order.hold": "Order put on hold",
  "order.lift_hold": "Order hold lifted",
  "order.note": "Staff note added to an order",
  "promo_code.create": "Promo code created",
  "promo_code.deactivate": "Promo code deactivated",
  "exchange_rate.record": "Exchange rate recorded",
  "account.second_factor.enable": "Two-step sign-in turned on",
  "account.second_factor.disable": "Two-step sign-in turned off",
  "account.second_factor.recovery_codes": "New recovery codes made",
  "account.passkey.add": "Passkey added",
  "account.passkey.remove": "Passkey removed",
  "sale_event.edit_after_opening": "Sale event changed after it opened",
  "sale_event.cancel": "Sale event cancelled",
  "sale_event.bidder_decision": "Sale bidder decided",
  "sale_event.bidding_limit": "Sale bidder's limit set",
  "sale_event.deposit_record": "Sale deposit recorded",
  "sale_event.deposit_confirm": "Sale deposit confirmed",
} as const satisfies Record<`${(typeof AUDIT_ACTION_GROUPS)[number]["prefix"]}${string}`, string>;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === "string" && Object.hasOwn(AUDIT_ACTION_LABELS, value);
}

/** What the log calls `action`: its label, or the recorded name for one the catalogue no longer lists. */
export function auditActionLabel(action: string): string {
  return isAuditAction(action) ? AUDIT_ACTION_LABELS[action] : action;
}

/** The filter's list: each group with its actions, in catalogue order. */
export function auditActionChoices(): Array<{ prefix: string; label: string; actions: Array<{ value: AuditAction; label: string }> }> {
  return AUDIT_ACTION_GROUPS.map((group) => ({
    prefix: group.prefix,
    label: group.label,
    actions: (Object.keys(AUDIT_ACTION_LABELS) as AuditAction[])
      .filter((action) => action.startsWith(group.prefix))
      .map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] })),
  }));
}

/** The filter accepts one catalogued action, or a group's prefix ("forum.": every forum action). */
export function isAuditActionFilter(value: string): boolean {
  return isAuditAction(value) || AUDIT_ACTION_GROUPS.some((group) => group.prefix === value);
}

/** What the log says for an action filter it does not know. */
export const UNKNOWN_AUDIT_ACTION_MESSAGE = (value: string) => `The audit log records no action called "${value}": choose one from the list.`;

// ---- The detail, in plain words ----------------------------------------------------------------------------------

/** Field names as the detail lines say them (the rest: underscores and camelCase read as words). */
const FIELD_WORDS: Record<string, string> = {
  is_featured: "featured",
  fee_exemption: "fee exemption (%)",
  amountCents: "amount (minor units)",
  importId: "bulk import",
  cancelledAuction: "cancelled auction",
  biddersNotified: "bidders told",
  reports: "reports closed",
  factorLeft: "sign-in factor left",
  passkeysLeft: "passkeys left",
  firstFactor: "first factor",
  unitsPerUsd: "units per USD",
};

/** What a forum act's { from, to } is about. */
const FROM_TO_FIELD: Record<string, string> = {
  "forum.topic.pin": "pinned",
  "forum.topic.unpin": "pinned",
  "forum.topic.lock": "locked",
  "forum.topic.unlock": "locked",
  "forum.topic.hide": "hidden",
  "forum.topic.unhide": "hidden",
  "forum.topic.move": "forum category",
  "forum.topic.mark_solution": "solution post",
  "forum.topic.unmark_solution": "solution post",
  "exchange_rate.record": "units per USD",
};

function fieldWords(key: string): string {
  return (
    FIELD_WORDS[key] ??
    key
      .replace(/([a-z])([A-Z])/g, "$1 $2")
      .replace(/_/g, " ")
      .toLowerCase()
  );
}

/** A recorded value in words: yes/no, "none" for nothing, lists joined. */
function valueWords(value: unknown): string {
  if (value === null || value === undefined || value === "") return "none";
  if (value === true) return "yes";
  if (value === false) return "no";
  if (Array.isArray(value)) return value.length === 0 ? "none" : value.map(valueWords).join(", ");
  if (typeof value === "object") {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => `${fieldWords(key)} ${valueWords(inner)}`)
      .join(", ");
  }
  return String(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function changeLines(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys.map((key) => {
    const old = before?.[key];
    const next = after?.[key];
    // Recorded on one side only: a created thing's field, a reason given with the change, what a deleted thing was.
    if (before === null || !(key in before)) return `${fieldWords(key)}: ${valueWords(next)}`;
    if (after === null || !(key in after)) return `${fieldWords(key)} was: ${valueWords(old)}`;
    if (same(old, next)) return `${fieldWords(key)}: ${valueWords(old)}`;
    return `${fieldWords(key)}: ${valueWords(old)} → ${valueWords(next)}`;
  });
}

/**
 * The detail of one entry as lines a person reads: each changed field as "field: old → new" (an unchanged one, a
 * created thing's, or one recorded only with the new values as "field: value"; one recorded only with the old values
 * as "field was: value"), then anything else it records as "field: value". Free text stays the text it is; an empty
 * detail is no lines.
 */
export function auditDetailLines(action: string, detail: string): string[] {
  const text = detail.trim();
  if (text === "") return [];
  let parsed: unknown = null;
  if (text.startsWith("{")) {
    try {
      parsed = JSON.parse(text) as unknown;
    } catch {
      parsed = null;
    }
  }
  if (!isRecord(parsed)) return [text];
  const lines: string[] = [];
  const rest = { ...parsed };
  for (const [oldKey, newKey] of [
    ["old", "new"],
    ["before", "after"],
    ["from", "to"],
  ] as const) {
    if (!(oldKey in rest) && !(newKey in rest)) continue;
    const old = rest[oldKey];
    const next = rest[newKey];
    delete rest[oldKey];
    delete rest[newKey];
    if ((isRecord(old) || old === null || old === undefined) && (isRecord(next) || next === null || next === undefined) && (isRecord(old) || isRecord(next))) {
      lines.push(...changeLines(isRecord(old) ? old : null, isRecord(next) ? next : null));
    } else {
      lines.push(`${FROM_TO_FIELD[action] ?? "value"}: ${valueWords(old)} → ${valueWords(next)}`);
    }
  }
  for (const [key, value] of Object.entries(rest)) lines.push(`${fieldWords(key)}: ${valueWords(value)}`);
  return lines;
}

// ---- Subjects and their pages ------------------------------------------------------------------------------------

/** What an entry was done to, and what a link to it needs. */
export interface AuditSubjectRef {
  type: string;
  id: string;
  /** A forum post's topic (its page). */
  topicId?: number;
  /** A review's reviewed member (the profile that shows it). */
  memberId?: string;
  /** No longer in the database: named by kind and id, linked nowhere. */
  gone?: boolean;
}

/** The admin pages a viewer of the log may open (each page's own guard decides; these only pick which links show). */
export interface AuditPagesOpen {
  users: boolean;
  orders: boolean;
  categories: boolean;
  promoCodes: boolean;
  roles: boolean;
  exchangeRates: boolean;
  bulkImports: boolean;
}

/** The page of a subject, or null where there is none (or none this viewer may open). */
export function auditSubjectHref(subject: AuditSubjectRef, pages: AuditPagesOpen): string | null {
  if (subject.gone) return null;
  const id = encodeURIComponent(subject.id);
  switch (subject.type) {
    case "user":
      return pages.users ? `/admin/users/${id}` : null;
    case "listing":
      return `/listings/${id}`;
    case "order":
      return pages.orders ? `/admin/orders?order=${id}` : null;
    case "review":
      return subject.memberId ? `/user/${encodeURIComponent(subject.memberId)}` : null;
    case "forum_topic":
      return `/forum/topic/${id}`;
    case "forum_post":
      return subject.topicId ? `/forum/topic/${subject.topicId}#post-${id}` : null;
    case "category":
      return pages.categories ? "/admin/categories" : null;
    case "promo_code":
      return pages.promoCodes ? "/admin/promo-codes" : null;
    case "role":
      return pages.roles ? "/admin/roles" : null;
    case "exchange_rate":
      return pages.exchangeRates ? "/admin/exchange-rates" : null;
    case "bulk_import":
      return pages.bulkImports ? "/admin/bulk-imports" : null;
    default:
      return null;
  }
}
