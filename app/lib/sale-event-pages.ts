// What the public sale-event pages say (docs/product/sale-events.md#pages): the listing's tabs, the close schedule
// in words, the buyer's premium and deposit terms in plain words, a registration's status and the lot page's place in
// its catalogue. Client-safe; the rules themselves are app/lib/sale-events.ts.
import { formatBidMoney } from "./bidding.ts";
import type { BidderStatus, DepositKind, SaleEventPhase, SaleEventStatus } from "./sale-events.ts";

/** Lots per catalogue page of /sale-events/{id}. */
export const CATALOGUE_PAGE_SIZE = 100;
/** Lots in the "Closing next" strip. */
export const CLOSING_NEXT_COUNT = 5;
/** A lot closing within this many milliseconds shows a live countdown in the catalogue. */
export const COUNTDOWN_WITHIN_MS = 60 * 60 * 1000;

export const SALE_EVENT_TABS: ReadonlyArray<{ value: SaleEventPhase; label: string }> = [
  { value: "live", label: "Live" },
  { value: "upcoming", label: "Upcoming" },
  { value: "closed", label: "Closed" },
];

export const SALE_EVENT_STATUS_LABELS: Readonly<Record<SaleEventStatus, string>> = {
  draft: "Draft",
  scheduled: "Upcoming",
  live: "Live",
  closing: "Closing",
  closed: "Closed",
  cancelled: "Cancelled",
};

export const SALE_EVENT_PAGE_MESSAGES = {
  title: "Sale events",
  empty: {
    live: "No sale is running right now.",
    upcoming: "No sale is scheduled yet.",
    closed: "No sale has closed yet.",
  } satisfies Record<SaleEventPhase, string>,
  noPremium: "No buyer's premium.",
  noDeposit: "No deposit.",
  approvalRequired: "The house approves each bidder: register to bid before the sale opens.",
  noApproval: "Anyone signed in may bid; register to bid to give the house your details.",
  registered: "Your request to bid has been sent to the house.",
  signInToRegister: "Sign in to register to bid",
} as const;

/** "1 minute", "90 seconds", "2 minutes". */
function intervalText(seconds: number): string {
  if (seconds % 60 === 0) {
    const minutes = seconds / 60;
    return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
  }
  return `${seconds} seconds`;
}

const WHEN = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});

/** "Dec 13, 2026, 14:05 UTC": the same on the server and in every browser. */
export function formatEventTime(iso: string): string {
  return `${WHEN.format(new Date(iso))} UTC`;
}

/** "Lots close 1 minute apart from Dec 13, 2026, 14:05 UTC". */
export function closeScheduleText(firstCloseAt: string, intervalSeconds: number): string {
  return `Lots close ${intervalText(intervalSeconds)} apart from ${formatEventTime(firstCloseAt)}`;
}

/** "15 %" from hundredths of a percent. */
function percentText(bps: number): string {
  return `${(bps / 100).toLocaleString("en-US", { maximumFractionDigits: 2 })}%`;
}

/** "Buyer's premium: 15% of the hammer price (at least $50, at most $5,000)". */
export function premiumText(premium: { percentBps: number; minCents: number | null; maxCents: number | null } | null, currency: string): string {
  if (!premium || premium.percentBps <= 0) return SALE_EVENT_PAGE_MESSAGES.noPremium;
  const bounds = [
    premium.minCents !== null ? `at least ${formatBidMoney(premium.minCents, currency)}` : null,
    premium.maxCents !== null ? `at most ${formatBidMoney(premium.maxCents, currency)}` : null,
  ].filter(Boolean);
  return `Buyer's premium: ${percentText(premium.percentBps)} of the winning bid${bounds.length ? ` (${bounds.join(", ")} per lot)` : ""}.`;
}

/** "Deposit: $500 before you bid, refunded within 14 days". */
export function depositText(
  deposit: { kind: DepositKind; fixedCents: number | null; percentBps: number | null; refundDays: number | null },
  currency: string,
): string {
  if (deposit.kind === "none") return SALE_EVENT_PAGE_MESSAGES.noDeposit;
  const amount =
    deposit.kind === "fixed" ? formatBidMoney(deposit.fixedCents ?? 0, currency) : `${percentText(deposit.percentBps ?? 0)} of the bidding limit you ask for`;
  const refund = deposit.refundDays !== null ? `, refunded within ${deposit.refundDays} days of the sale if you win nothing` : "";
  return `Deposit: ${amount}, paid and confirmed before you bid${refund}.`;
}

export const REGISTRATION_STATUS_TEXT: Readonly<Record<BidderStatus, string>> = {
  pending: "Your request to bid is awaiting the house's decision.",
  approved: "You are approved to bid in this sale.",
  declined: "The house declined your request to bid.",
  in_review: "The house is reviewing your request to bid.",
};

/** "Lot 17 of 240 in {title}". */
export function lotOfText(lotNumber: number, lotCount: number, title: string): string {
  return `Lot ${lotNumber} of ${lotCount} in ${title}`;
}

/** "Pay $500 with the payment reference TB-SE3-B7". */
export function depositInstructions(cents: number, currency: string, reference: string): string {
  return `Pay the deposit of ${formatBidMoney(cents, currency)} by bank transfer with the payment reference ${reference}. The house's billing staff confirm it; you may bid once it is confirmed.`;
}
