// The loader and action of the owner's auction routes (/auctions/{id}/end and /auctions/{id}/cancel): both read the
// auction for its owner, refuse others with the spec's message and a status that says why, ask for the confirmation
// box, and on success go back to the lot page with the outcome (spec 01 §4, §5 Ownership).
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db.server.ts";
import { readForm } from "~/web/form-data.server.ts";
import { OWNER_CONTROL_MESSAGES, OwnerControlFormSchema, type OwnerOutcome } from "~/schemas/auction-owner.ts";
import {
  AuctionLifecycleError,
  LIFECYCLE_MESSAGES,
  ownerControlView,
  type LifecycleRefusal,
  type OwnerAction,
  type OwnerRequest,
} from "~/services/auctions/auction-lifecycle.server.ts";
import { requireUser } from "~/web/auth.server.ts";
import { parseRouteId } from "~/web/route-params.server.ts";

const STATUS_OF: Record<LifecycleRefusal, number> = { not_found: 404, permission: 403, state: 409 };

function notFound(): never {
  throw data({ message: LIFECYCLE_MESSAGES.notFound }, { status: 404 });
}

/** The confirmation page: the auction, and why the action is refused (with its status) if it is. */
export async function ownerControlLoader({ request, params }: LoaderFunctionArgs, action: OwnerAction) {
  const user = await requireUser(request);
  const auctionId = parseRouteId(params.id, LIFECYCLE_MESSAGES.notFound);
  const view = (await ownerControlView(getDb(), { auctionId, userId: user.id }, action)) ?? notFound();
  return data({ view }, { status: view.refusal ? STATUS_OF[view.refusal.reason] : 200 });
}

/** Runs `perform` (ending or cancelling) once the owner has ticked the confirmation; refusals come back as `error`. */
export async function ownerControlAction(
  { request, params }: ActionFunctionArgs,
  action: OwnerAction,
  perform: (request: OwnerRequest) => Promise<OwnerOutcome>,
) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const auctionId = parseRouteId(params.id, LIFECYCLE_MESSAGES.notFound);
  if (!OwnerControlFormSchema.safeParse(Object.fromEntries(form)).success) {
    // Refusals first, so someone else's request learns nothing more than that it is refused.
    const view = (await ownerControlView(getDb(), { auctionId, userId: user.id }, action)) ?? notFound();
    if (view.refusal) return data({ error: view.refusal.message }, { status: STATUS_OF[view.refusal.reason] });
    return data({ error: OWNER_CONTROL_MESSAGES.confirmRequired }, { status: 400 });
  }
  let outcome: OwnerOutcome;
  try {
    outcome = await perform({ auctionId, userId: user.id });
  } catch (error) {
    if (error instanceof AuctionLifecycleError) {
      if (error.reason === "not_found") notFound();
      return data({ error: error.message }, { status: STATUS_OF[error.reason] });
    }
    throw error;
  }
  return redirect(`/auctions/${auctionId}?outcome=${outcome}`);
}
