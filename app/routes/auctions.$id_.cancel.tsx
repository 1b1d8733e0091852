// /auctions/{id}/cancel: the owner cancels the auction (docs/product/auctions.md#states, docs/product/auctions.md#ending Ownership). The lot page posts here; the page
// itself asks the same question when the confirmation was missing, and says why when the request is refused.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { OwnerAuctionConfirmPage } from "~/components/auction/OwnerAuctionControls.tsx";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { ownerControlAction, ownerControlLoader } from "~/web/owner-auction-route.server.ts";
import { cancelAuction } from "~/flows/index.server.ts";

export const meta: MetaFunction = () => [{ title: "Cancel auction — Tradebench" }];

export function loader(args: LoaderFunctionArgs) {
  return ownerControlLoader(args, "cancel");
}

export function action(args: ActionFunctionArgs) {
  return ownerControlAction(args, "cancel", async (request) => {
    await cancelAuction(getDb(), request);
    return "cancelled";
  });
}

export default function CancelAuctionPage() {
  const { view } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <OwnerAuctionConfirmPage action="cancel" auction={view} allowed={view.refusal === null} error={actionData?.error ?? view.refusal?.message ?? null} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
