// The loader and action of the owner's auction routes (/auctions/{id}/end and /auctions/{id}/cancel): both read the
// auction for its owner, refuse others with the spec's message and a status that says why, ask for the confirmation
// box, and on success go back to the lot page with the outcome (docs/product/auctions.md#states, docs/product/auctions.md#bidding Ownership).
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db.server.ts";
import { parseForm } from "~/web/form-data.server.ts";
import { OWNER_CONTROL_MESSAGES, OwnerControlFormSchema, type OwnerOutcome } from "~/schemas/auction-owner.ts";
import { ownerControlView } from "~/flows/index.server.ts";
import { LIFECYCLE_MESSAGES, type OwnerAction, type OwnerRequest } from "~/services/auctions/index.server.ts";
import { DomainError, isDomainError } from "~/services/domain-error.ts";
import { requireUser } from "~/web/auth.server.ts";
import { REFUSAL_STATUS, refusalInit, throwRefusal } from "./domain-answer.server.ts";
import { parseRouteId } from "~/web/route-params.server.ts";

function notFound(): never {
  throwRefusal(new DomainError("not_found", LIFECYCLE_MESSAGES.notFound));
}

/** The confirmation page: the auction, and why the action is refused (with its status) if it is. */
export async function ownerControlLoader({ request, params }: LoaderFunctionArgs, action: OwnerAction) {
  const user = await requireUser(request);
  const auctionId = parseRouteId(params.id, LIFECYCLE_MESSAGES.notFound);
  const view = (await ownerControlView(getDb(), { auctionId, userId: user.id }, action)) ?? notFound();
  return data({ view }, { status: view.refusal ? REFUSAL_STATUS[view.refusal.kind] : 200 });
}

/** Runs `perform` (ending or cancelling) once the owner has ticked the confirmation; refusals come back as `error`. */
export async function ownerControlAction(
  { request, params }: ActionFunctionArgs,
  action: OwnerAction,
  perform: (request: OwnerRequest) => Promise<OwnerOutcome>,
) {
  const user = await requireUser(request);
  const { submission } = await parseForm(request, OwnerControlFormSchema);
  const auctionId = parseRouteId(params.id, LIFECYCLE_MESSAGES.notFound);
  if (submission.status !== "success") {
    // Refusals first, so someone else's request learns nothing more than that it is refused.
    const view = (await ownerControlView(getDb(), { auctionId, userId: user.id }, action)) ?? notFound();
    const refusal = view.refusal
      ? new DomainError(view.refusal.kind, view.refusal.message)
      : new DomainError("invalid", OWNER_CONTROL_MESSAGES.confirmRequired);
    return data({ error: refusal.message }, refusalInit(refusal));
  }
  let outcome: OwnerOutcome;
  try {
    outcome = await perform({ auctionId, userId: user.id });
  } catch (error) {
    if (!isDomainError(error) || error.kind === "not_found") throwRefusal(error);
    return data({ error: error.message }, refusalInit(error));
  }
  return redirect(`/auctions/${auctionId}?outcome=${outcome}`);
}
