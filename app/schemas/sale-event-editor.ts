// The house's sale-event editor (/seller/sale-events/new and /seller/sale-events/$id): the event's terms, the lots'
// catalogue actions and the bidders' and deposits' decisions, each bounded before any work. Times are entered in UTC.
import { z } from "zod";
import { SALE_EVENT_HOUSE_MESSAGES } from "~/lib/sale-event-house.ts";
import {
  CLOSE_INTERVAL_SECONDS,
  DEFAULT_EVENT_EXTENSION_CAP_MINUTES,
  DEFAULT_EVENT_SOFT_CLOSE_SECONDS,
  DEPOSIT_KINDS,
  EVENT_EXTENSION_CAP_MINUTES,
  EVENT_SOFT_CLOSE_SECONDS,
  MAX_EVENT_LOTS,
  SALE_EVENT_MESSAGES,
} from "~/lib/sale-events.ts";

export const SALE_EVENT_EDITOR_LIMITS = { title: 200, description: 20_000, location: 200, dates: 500, terms: 20_000, reason: 500, reference: 100 } as const;
/** The editor's form body: the terms and a catalogue of MAX_EVENT_LOTS ids fit. */
export const SALE_EVENT_EDITOR_MAX_BYTES = 128 * 1024;

const EDITOR_MESSAGES = {
  time: "Enter a date and time (UTC)",
  amount: "Enter an amount such as 250 or 250.00",
  percent: "Enter a percentage between 0 and 100, such as 15 or 12.5",
  whole: (min: number, max: number) => `Enter a whole number between ${min} and ${max}`,
  depositFixed: "A fixed deposit needs an amount",
  depositPercent: "A percentage deposit needs a percentage",
  premiumRange: "The premium's minimum may not exceed its maximum",
} as const;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max.toLocaleString("en-US")} characters`)
    .optional()
    .default("");
const time = z
  .string({ message: EDITOR_MESSAGES.time })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, EDITOR_MESSAGES.time)
  .transform((value) => new Date(`${value.length === 16 ? `${value}:00` : value}Z`))
  .refine((value) => !Number.isNaN(value.getTime()), EDITOR_MESSAGES.time);
const whole = (min: number, max: number, fallback: number) =>
  z
    .number({ message: EDITOR_MESSAGES.whole(min, max) })
    .int(EDITOR_MESSAGES.whole(min, max))
    .min(min, EDITOR_MESSAGES.whole(min, max))
    .max(max, EDITOR_MESSAGES.whole(min, max))
    .optional()
    .default(fallback);
/** An amount in a two-decimal currency, as cents. */
const amount = z
  .string()
  .trim()
  .regex(/^\d{1,10}(\.\d{1,2})?$/, EDITOR_MESSAGES.amount)
  .transform((value) => Math.round(Number(value) * 100))
  .optional();
/** A percentage, as hundredths of a percent. */
const percent = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, EDITOR_MESSAGES.percent)
  .transform((value) => Math.round(Number(value) * 100))
  .refine((bps) => bps <= 10_000, EDITOR_MESSAGES.percent)
  .optional();

const TermsFields = z.object({
  title: z.string({ message: SALE_EVENT_MESSAGES.titleRequired }).trim().min(1, SALE_EVENT_MESSAGES.titleRequired).max(SALE_EVENT_EDITOR_LIMITS.title),
  description: text(SALE_EVENT_EDITOR_LIMITS.description),
  location: text(SALE_EVENT_EDITOR_LIMITS.location),
  inspection: text(SALE_EVENT_EDITOR_LIMITS.dates),
  pickup: text(SALE_EVENT_EDITOR_LIMITS.dates),
  terms: text(SALE_EVENT_EDITOR_LIMITS.terms),
  startsAt: time,
  firstCloseAt: time,
  closeIntervalSeconds: whole(CLOSE_INTERVAL_SECONDS.min, CLOSE_INTERVAL_SECONDS.max, CLOSE_INTERVAL_SECONDS.default),
  softCloseSeconds: whole(EVENT_SOFT_CLOSE_SECONDS.min, EVENT_SOFT_CLOSE_SECONDS.max, DEFAULT_EVENT_SOFT_CLOSE_SECONDS),
  extensionCapMinutes: whole(EVENT_EXTENSION_CAP_MINUTES.min, EVENT_EXTENSION_CAP_MINUTES.max, DEFAULT_EVENT_EXTENSION_CAP_MINUTES),
  approvalRequired: z.boolean().optional().default(false),
  depositKind: z.enum(DEPOSIT_KINDS).optional().default("none"),
  depositFixed: amount,
  depositPercent: percent,
  depositRefundDays: z.number().int().min(0).max(365).optional(),
  premiumPercent: percent,
  premiumMin: amount,
  premiumMax: amount,
});

/** The event's terms, as the new-event form and the editor's details form send them. */
export const SaleEventTermsSchema = TermsFields.superRefine((value, ctx) => {
  if (value.startsAt.getTime() >= value.firstCloseAt.getTime())
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["startsAt"], message: SALE_EVENT_MESSAGES.startBeforeFirstClose });
  if (value.depositKind === "fixed" && !value.depositFixed)
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["depositFixed"], message: EDITOR_MESSAGES.depositFixed });
  if (value.depositKind === "percent" && !value.depositPercent)
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["depositPercent"], message: EDITOR_MESSAGES.depositPercent });
  if (value.premiumMin !== undefined && value.premiumMax !== undefined && value.premiumMin > value.premiumMax)
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["premiumMax"], message: EDITOR_MESSAGES.premiumRange });
});
export type SaleEventTerms = z.output<typeof SaleEventTermsSchema>;

/** The domain's input from the form's terms. */
export function saleEventInputOf(terms: SaleEventTerms) {
  return {
    title: terms.title,
    description: terms.description,
    location: terms.location,
    inspection: terms.inspection,
    pickup: terms.pickup,
    terms: terms.terms,
    startsAt: terms.startsAt,
    firstCloseAt: terms.firstCloseAt,
    closeIntervalSeconds: terms.closeIntervalSeconds,
    softCloseSeconds: terms.softCloseSeconds,
    extensionCapMinutes: terms.extensionCapMinutes,
    approvalRequired: terms.approvalRequired,
    deposit: { kind: terms.depositKind, fixedCents: terms.depositFixed ?? null, percentBps: terms.depositPercent ?? null },
    depositRefundDays: terms.depositRefundDays ?? null,
    premium:
      terms.premiumPercent === undefined ? null : { percentBps: terms.premiumPercent, minCents: terms.premiumMin ?? null, maxCents: terms.premiumMax ?? null },
  };
}

const id = z.number({ message: SALE_EVENT_HOUSE_MESSAGES.notALot }).int().positive().max(Number.MAX_SAFE_INTEGER);
const idList = (message: string) => z.array(id).min(1, message).max(MAX_EVENT_LOTS, SALE_EVENT_HOUSE_MESSAGES.tooManyLots);

/** The editor page's forms (other than the CSV upload), by intent. */
export const SaleEventEditorActionSchema = z.discriminatedUnion("intent", [
  TermsFields.extend({ intent: z.literal("details") }),
  z.object({ intent: z.literal("description"), description: text(SALE_EVENT_EDITOR_LIMITS.description) }),
  z.object({ intent: z.literal("add"), auctionIds: idList(SALE_EVENT_HOUSE_MESSAGES.chooseLots) }),
  z.object({ intent: z.literal("up"), auctionId: id }),
  z.object({ intent: z.literal("down"), auctionId: id }),
  z.object({ intent: z.literal("remove"), auctionId: id }),
  z.object({ intent: z.literal("moveTo"), auctionId: id, position: z.number().int().min(1).max(MAX_EVENT_LOTS) }),
  z.object({ intent: z.literal("order"), auctionIds: idList(SALE_EVENT_HOUSE_MESSAGES.chooseLots) }),
  z.object({ intent: z.literal("publish") }),
  z.object({
    intent: z.literal("cancel"),
    confirm: z
      .boolean()
      .optional()
      .refine((value) => value === true, SALE_EVENT_HOUSE_MESSAGES.confirmCancel),
    reason: text(SALE_EVENT_EDITOR_LIMITS.reason),
  }),
]);
export type SaleEventEditorAction = z.output<typeof SaleEventEditorActionSchema>;

const member = z.string().trim().min(1).max(64);

/** The bidders page's forms: decide a registration, set a limit. */
export const BidderActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("decide"),
    userId: member,
    status: z.enum(["approved", "declined", "in_review"]),
    reason: text(SALE_EVENT_EDITOR_LIMITS.reason),
  }),
  z.object({ intent: z.literal("limit"), userId: member, limit: amount }),
]);

/** The deposits page's forms: record a payment, confirm it. */
export const DepositActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("record"),
    eventId: id,
    userId: member,
    amount: z
      .string({ message: EDITOR_MESSAGES.amount })
      .trim()
      .regex(/^\d{1,10}(\.\d{1,2})?$/, EDITOR_MESSAGES.amount)
      .transform((value) => Math.round(Number(value) * 100)),
    reference: z
      .string({ message: SALE_EVENT_MESSAGES.referenceRequired })
      .trim()
      .min(1, SALE_EVENT_MESSAGES.referenceRequired)
      .max(SALE_EVENT_EDITOR_LIMITS.reference),
  }),
  z.object({ intent: z.literal("confirm"), eventId: id, userId: member }),
]);

export const BIDDER_FILTERS = ["all", "pending", "approved", "declined", "in_review"] as const;
export type BidderFilter = (typeof BIDDER_FILTERS)[number];
export function bidderFilterOf(value: string | null): BidderFilter {
  return (BIDDER_FILTERS as readonly string[]).includes(value ?? "") ? (value as BidderFilter) : "all";
}
