// POST /auctions/{id}/bid: places a bid (fields `amount`, optional `maxAmount`). One action, three ways to answer:
// - `Accept: application/json` (scripts, the benchmark): JSON {ok, message, result, snapshot} or {ok: false, error};
// - the bid panel's fetcher (it sends js=1): the same data, for the panel to show;
// - a plain form post without JavaScript: a 303 redirect back to the page the form was on, with the outcome in a
//   short-lived signed cookie that page shows once.
// Bad input is a clear message with a 4xx status, never a 500. The form is read once, by parseForm; placing the bid
// and the answer are app/web/bid-form.server.ts answerBidForm, shared with the JSON endpoint POST /api/auctions/{id}/bids.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { commitBidFlash } from "~/web/bid-flash.server.ts";
import { parseForm } from "~/web/form-data.server.ts";
import { BidFormSchema, bidReturnPath, type BidActionData } from "~/schemas/bid.ts";
import { routeIdOf } from "~/web/route-params.server.ts";
import { getOptionalUser } from "~/web/auth.server.ts";
import { answerBidForm, bidFormReadingOf } from "~/web/bid-form.server.ts";
import { loginUrl } from "~/lib/http.ts";
import { resourceHandler } from "~/web/resource-route.server.ts";

type Mode = "json" | "fetcher" | "document";

/** Nothing to show at this address: a visitor who lands here (e.g. after signing in) goes to the lot page. */
async function auctionPage({ params }: LoaderFunctionArgs) {
  const auctionId = routeIdOf(params.id);
  throw redirect(auctionId === null ? "/auctions" : `/auctions/${auctionId}`);
}

function modeOf(request: Request, form: FormData): Mode {
  if ((request.headers.get("Accept") ?? "").toLowerCase().includes("application/json")) return "json";
  return form.get("js") === "1" ? "fetcher" : "document";
}

function typed(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === "string" && value.length <= 40 ? value : undefined;
}

async function placeBidFromForm({ request, params }: ActionFunctionArgs) {
  // Read, bounded and checked once here; answerBidForm takes the reading (the JSON endpoint reads its own small body).
  const { submission, fields: form } = await parseForm(request, BidFormSchema);
  const mode = modeOf(request, form);
  const auctionId = routeIdOf(params.id);
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
  if (!user && mode !== "json") throw redirect(loginUrl(returnTo));
  const { body, status } = await answerBidForm(user, auctionId, bidFormReadingOf(submission));
  return respond(body, status);
}

export const loader = resourceHandler(auctionPage);
export const action = resourceHandler(placeBidFromForm);
