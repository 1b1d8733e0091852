// /auctions/{id}/cancel: the owner cancels the auction (spec 01 §4, §5 Ownership). The lot page posts here; the page
// itself asks the same question when the confirmation was missing, and says why when the request is refused.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { OwnerAuctionConfirmPage } from "~/components/auction/OwnerAuctionControls.tsx";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { readForm } from "~/lib/form-data.server.ts";
import { OWNER_CONTROL_MESSAGES, OwnerControlFormSchema, parseAuctionId } from "~/schemas/auction-owner.ts";
import { AuctionLifecycleError, cancelAuction, LIFECYCLE_MESSAGES, ownerControlView, type LifecycleRefusal } from "~/services/auction-lifecycle.server.ts";
import { requireUser } from "~/services/auth.server.ts";

export const meta: MetaFunction = () => [{ title: "Cancel auction — Tradebench" }];

const STATUS_OF: Record<LifecycleRefusal, number> = { not_found: 404, permission: 403, state: 409 };

function notFound(): never {
  throw data({ message: LIFECYCLE_MESSAGES.notFound }, { status: 404 });
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const auctionId = parseAuctionId(params.id) ?? notFound();
  const view = (await ownerControlView(getDb(), { auctionId, userId: user.id }, "cancel")) ?? notFound();
  return data({ view }, { status: view.refusal ? STATUS_OF[view.refusal.reason] : 200 });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const auctionId = parseAuctionId(params.id) ?? notFound();
  if (!OwnerControlFormSchema.safeParse(Object.fromEntries(form)).success) {
    // Refusals first, so someone else's request learns nothing more than that it is refused.
    const view = (await ownerControlView(getDb(), { auctionId, userId: user.id }, "cancel")) ?? notFound();
    if (view.refusal) return data({ error: view.refusal.message }, { status: STATUS_OF[view.refusal.reason] });
    return data({ error: OWNER_CONTROL_MESSAGES.confirmRequired }, { status: 400 });
  }
  try {
    await cancelAuction(getDb(), { auctionId, userId: user.id });
  } catch (error) {
    if (error instanceof AuctionLifecycleError) {
      if (error.reason === "not_found") notFound();
      return data({ error: error.message }, { status: STATUS_OF[error.reason] });
    }
    throw error;
  }
  return redirect(`/auctions/${auctionId}?outcome=cancelled`);
}

export default function CancelAuctionPage() {
  const { view } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <OwnerAuctionConfirmPage action="cancel" auction={view} allowed={view.refusal === null} error={actionData?.error ?? view.refusal?.message ?? null} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
