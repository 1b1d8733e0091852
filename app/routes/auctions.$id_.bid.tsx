// POST /auctions/{id}/bid: places a bid (fields `amount`, optional `maxAmount`). One action, three ways to answer:
// - `Accept: application/json` (scripts, the benchmark): JSON {ok, message, result, snapshot} or {ok: false, error};
// - the bid panel's fetcher (it sends js=1): the same data, for the panel to show;
// - a plain form post without JavaScript: a 303 redirect back to the page the form was on, with the outcome in a
//   short-lived signed cookie that page shows once.
// Bad input is a clear message with a 4xx status, never a 500.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db.server.ts";
import { commitBidFlash } from "~/lib/bid-flash.server.ts";
import { readForm } from "~/lib/form-data.server.ts";
import { BID_MESSAGES } from "~/lib/bidding.ts";
import {
  bidOutcomeMessage,
  bidReturnPath,
  BID_FORM_MESSAGES,
  BidFormSchema,
  parseAuctionId,
  type BidActionData,
  type BidField,
} from "~/schemas/bid.ts";
import { forViewer } from "~/services/auction-state.server.ts";
import { getOptionalUser } from "~/services/auth.server.ts";
import { BidRejectedError, placeBid } from "~/services/bidding.server.ts";

type Mode = "json" | "fetcher" | "document";

/** Nothing to show at this address: a visitor who lands here (e.g. after signing in) goes to the lot page. */
export async function loader({ params }: LoaderFunctionArgs) {
  const auctionId = parseAuctionId(params.id);
  throw redirect(auctionId === null ? "/auctions" : `/auctions/${auctionId}`);
}

/** The status that tells a script why a bid was refused. */
function refusalStatus(message: string): number {
  if (message === BID_MESSAGES.auctionNotFound) return 404;
  if (message === BID_MESSAGES.ownAuction) return 403;
  if (message === BID_MESSAGES.invalidAmount || message === BID_MESSAGES.maximumBelowBid) return 400;
  // Not active, already leading, or below the price another bid has just reached: the auction's state decides.
  return 409;
}

function modeOf(request: Request, form: FormData): Mode {
  if ((request.headers.get("Accept") ?? "").toLowerCase().includes("application/json")) return "json";
  return form.get("js") === "1" ? "fetcher" : "document";
}

function typed(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === "string" && value.length <= 40 ? value : undefined;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const form = await readForm(request);
  const mode = modeOf(request, form);
  const auctionId = parseAuctionId(params.id);
  const returnTo = bidReturnPath(form.get("returnTo"), auctionId === null ? "/auctions" : `/auctions/${auctionId}`);

  async function respond(body: BidActionData, status: number) {
    if (mode === "json") return Response.json(body, { status });
    if (mode === "fetcher" || auctionId === null) return data(body, { status });
    const cookie = await commitBidFlash(
      body.ok
        ? { auctionId, ok: true, message: body.message }
        : { auctionId, ok: false, message: body.error, amount: typed(form, "amount"), maxAmount: typed(form, "maxAmount") },
    );
    throw redirect(returnTo, { status: 303, headers: { "Set-Cookie": cookie } });
  }

  const user = await getOptionalUser(request);
  if (!user) {
    if (mode === "json") return respond({ ok: false, error: BID_FORM_MESSAGES.notSignedIn }, 401);
    throw redirect(`/login?${new URLSearchParams({ redirectTo: returnTo })}`);
  }
  if (auctionId === null) return respond({ ok: false, error: BID_MESSAGES.auctionNotFound }, 404);

  const parsed = BidFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field: BidField = issue?.path[0] === "maxAmount" ? "maxAmount" : "amount";
    return respond({ ok: false, error: issue?.message ?? BID_MESSAGES.invalidAmount, field }, 400);
  }

  try {
    const outcome = await placeBid(getDb(), {
      auctionId,
      bidderId: user.id,
      amountCents: parsed.data.amountCents,
      maxCents: parsed.data.maxCents,
    });
    return respond(
      {
        ok: true,
        message: bidOutcomeMessage(outcome.result, outcome.bidCents, outcome.state.currency),
        result: outcome.result,
        bidCents: outcome.bidCents,
        snapshot: forViewer(outcome.state, user.id),
      },
      200,
    );
  } catch (error) {
    if (error instanceof BidRejectedError) {
      const field: BidField | undefined = error.message === BID_MESSAGES.maximumBelowBid ? "maxAmount" : undefined;
      return respond({ ok: false, error: error.message, ...(field ? { field } : {}) }, refusalStatus(error.message));
    }
    console.error(`Failed to place a bid on auction ${auctionId}`, error);
    return respond({ ok: false, error: BID_MESSAGES.failed }, 500);
  }
}
