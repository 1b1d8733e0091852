// "Read a bid form, place it, answer": the one implementation behind POST /auctions/{id}/bid (the Remix route, in
// all its answer modes) and POST /api/auctions/{id}/bids (the JSON endpoint server.mjs answers ahead of Remix).
import { getDb } from "~/db.server.ts";
import { BID_MESSAGES } from "~/lib/bidding.ts";
import { hundredthsToMinorUnits } from "~/lib/money.ts";
import type { CurrentUser } from "~/lib/user.ts";
import { bidOutcomeMessage, BID_FORM_MESSAGES, BidFormSchema, type BidActionData, type BidField, type BidForm } from "~/schemas/bid.ts";
import { auctionCurrency, forViewer, AUCTION_NOT_FOUND, placeBid } from "~/services/auctions/index.server.ts";
import { emailConfirmationRefusal } from "~/services/accounts/index.server.ts";
import { getUserOfCookieHeader, PERMISSION_MESSAGES, userHasPermission } from "./auth.server.ts";
import { routeIdOf } from "./route-params.server.ts";
import { DomainError, isDomainError } from "~/services/domain-error.ts";
import { refusalInit } from "./domain-answer.server.ts";

export interface BidAnswer {
  status: number;
  body: BidActionData;
}

/** A refused bid as the answer: the status of its kind, the message, and the field it belongs beside. */
function refused(error: DomainError): BidAnswer {
  const field: BidField | undefined = error.field === "maxAmount" || error.field === "amount" ? error.field : undefined;
  return { status: refusalInit(error).status, body: { ok: false, error: error.message, ...(field ? { field } : {}) } };
}

/** A bid form read once with BidFormSchema: its amounts, or the refusal of the first field that is wrong. */
export type BidFormReading = { ok: true; value: BidForm } | { ok: false; refusal: DomainError };

function invalidBidField(name: string | number | undefined, message: string | undefined): BidFormReading {
  const field: BidField = name === "maxAmount" ? "maxAmount" : "amount";
  return { ok: false, refusal: new DomainError("invalid", message ?? BID_MESSAGES.invalidAmount, { field }) };
}

/** Reads a bid form's fields (the JSON endpoint's small urlencoded body) with BidFormSchema. */
function readBidFields(fields: Record<string, unknown>): BidFormReading {
  const parsed = BidFormSchema.safeParse(fields);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  return invalidBidField(issue?.path[0], issue?.message);
}

/** The reading parseForm(request, BidFormSchema) already made: its value, or its first field's first message. */
export function bidFormReadingOf(submission: {
  status?: "success" | "error";
  value?: BidForm;
  error?: Record<string, string[] | null> | null;
}): BidFormReading {
  if (submission.status === "success" && submission.value) return { ok: true, value: submission.value };
  const [name, messages] = Object.entries(submission.error ?? {}).find(([, list]) => (list?.length ?? 0) > 0) ?? [];
  return invalidBidField(name, messages?.[0]);
}

/**
 * Places the bid a read form describes (`amount`, optional `maxAmount`, `intent`) for the signed-in `user` on the
 * auction `auctionId` (null: not a valid id) and says what to answer. Never throws: an unexpected failure is logged
 * and answered with the spec's "Failed to place bid" message.
 */
export async function answerBidForm(user: CurrentUser | null, auctionId: number | null, bid: BidFormReading): Promise<BidAnswer> {
  if (!user) return refused(new DomainError("unauthenticated", BID_FORM_MESSAGES.notSignedIn));
  // An account that has not confirmed its e-mail address may not bid yet (docs/decisions/0028).
  const unconfirmed = emailConfirmationRefusal(user);
  if (unconfirmed) return refused(unconfirmed);
  // Bidding is a capability (decision 0025: buyer, seller and administrators hold can_bid; the other staff roles do not).
  const mayBid = await userHasPermission(user, "can_bid").catch((error: unknown) => {
    console.error("Could not read the can_bid permission", error);
    return null;
  });
  if (mayBid === null) return { status: 500, body: { ok: false, error: BID_MESSAGES.failed } };
  if (!mayBid) return refused(new DomainError("forbidden", PERMISSION_MESSAGES.forbidden, { code: "can_bid" }));
  if (auctionId === null) return refused(new DomainError("not_found", BID_MESSAGES.auctionNotFound, { code: AUCTION_NOT_FOUND }));

  if (!bid.ok) return refused(bid.refusal);

  try {
    // The form reads hundredths of a unit; the lot's currency says what its minor unit is (¥: whole yen only).
    const currency = await auctionCurrency(getDb(), auctionId);
    if (currency === null) return refused(new DomainError("not_found", BID_MESSAGES.auctionNotFound, { code: AUCTION_NOT_FOUND }));
    const amountCents = hundredthsToMinorUnits(bid.value.amountCents, currency);
    const maxCents = bid.value.maxCents === null ? null : hundredthsToMinorUnits(bid.value.maxCents, currency);
    if (amountCents === null) return refused(new DomainError("invalid", BID_MESSAGES.wholeUnitsOnly(currency), { field: "amount" }));
    if (bid.value.maxCents !== null && maxCents === null)
      return refused(new DomainError("invalid", BID_MESSAGES.wholeUnitsOnly(currency), { field: "maxAmount" }));
    const outcome = await placeBid(getDb(), { auctionId, bidderId: user.id, amountCents, maxCents });
    return {
      status: 200,
      body: {
        ok: true,
        message: bidOutcomeMessage(outcome.result, outcome.bidCents, outcome.state.currency),
        result: outcome.result,
        bidCents: outcome.bidCents,
        snapshot: forViewer(outcome.state, user.id),
      },
    };
  } catch (error) {
    if (isDomainError(error)) return refused(error);
    console.error(`Failed to place a bid on auction ${auctionId}`, error);
    return { status: 500, body: { ok: false, error: BID_MESSAGES.failed } };
  }
}

/** What the JSON endpoint is given by the HTTP server: the path's id, the Cookie header and the raw body. */
export interface BidApiRequest {
  /** The `{id}` of /api/auctions/{id}/bids, as it appeared in the path. */
  auctionId: string;
  cookie: string | null;
  contentType: string | null;
  /** The request body as text (the server limits its size). */
  body: string;
}

export const BID_API_MESSAGES = {
  notAForm: "This request did not contain a form. Send the bid as application/x-www-form-urlencoded.",
} as const;

/**
 * POST /api/auctions/{id}/bids: the JSON answer of the bid route's `Accept: application/json` mode, without the
 * Remix request pipeline. The caller (server.mjs) has already refused requests from other sites.
 */
export async function answerBidApi(request: BidApiRequest): Promise<BidAnswer> {
  if (!/^application\/x-www-form-urlencoded\b/i.test(request.contentType ?? "")) {
    return refused(new DomainError("invalid", BID_API_MESSAGES.notAForm));
  }
  // The session is read from the Cookie header the same way every page reads it.
  const user = await getUserOfCookieHeader(request.cookie);
  return answerBidForm(user, routeIdOf(request.auctionId), readBidFields(Object.fromEntries(new URLSearchParams(request.body))));
}
