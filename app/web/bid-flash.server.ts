// The outcome of a bid posted without JavaScript: the bid route redirects back to the page the form was on and
// leaves the outcome in a short-lived signed cookie, which that page shows once and clears. Signed, so a link
// cannot put words in the page's mouth; it holds only what the page shows.
import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { getEnv } from "~/env.server.ts";
import type { BidFlash } from "~/schemas/bid.ts";

const BID_FLASH_COOKIE = "__bid_outcome";

const BidFlashSchema = z.object({
  auctionId: z.number().int().positive(),
  ok: z.boolean(),
  message: z.string().max(300),
  amount: z.string().max(40).optional(),
  maxAmount: z.string().max(40).optional(),
});

function bidFlashCookie() {
  const env = getEnv();
  return createCookie(BID_FLASH_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure: env.COOKIE_SECURE,
    path: "/",
    secrets: [env.SESSION_SECRET],
    maxAge: 60,
  });
}

/** The Set-Cookie value that carries `flash` to the next page. */
export function commitBidFlash(flash: BidFlash): Promise<string> {
  return bidFlashCookie().serialize(BidFlashSchema.parse(flash));
}

/**
 * The outcome waiting for the page of `auctionId` (null if none), and the headers that clear the cookie once read.
 * An outcome for another auction is dropped too: it belonged to a page the bidder has left.
 */
export async function takeBidFlash(request: Request, auctionId: number | null): Promise<{ flash: BidFlash | null; headers: Headers }> {
  const headers = new Headers();
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader?.includes(`${BID_FLASH_COOKIE}=`)) return { flash: null, headers };
  const cookie = bidFlashCookie();
  const parsed = BidFlashSchema.safeParse(await cookie.parse(cookieHeader));
  headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0, expires: new Date(0) }));
  const flash = parsed.success && parsed.data.auctionId === auctionId ? parsed.data : null;
  return { flash, headers };
}
