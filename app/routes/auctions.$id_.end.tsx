// /auctions/{id}/end: the owner ends the auction now (docs/product/auctions.md#states, docs/product/auctions.md#ending Ownership). The lot page posts here; the page
// itself asks the same question when the confirmation was missing, and says why when the request is refused.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { OwnerAuctionConfirmPage } from "~/components/auction/OwnerAuctionControls.tsx";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { ownerControlAction, ownerControlLoader } from "~/web/owner-auction-route.server.ts";
import { endAuctionEarly } from "~/flows/index.server.ts";

export const meta: MetaFunction = () => [{ title: "End auction — Tradebench" }];

export function loader(args: LoaderFunctionArgs) {
  return ownerControlLoader(args, "end");
}

export function action(args: ActionFunctionArgs) {
  return ownerControlAction(args, "end", async (request) => (await endAuctionEarly(getDb(), request)).outcome);
}

export default function EndAuctionPage() {
  const { view } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <OwnerAuctionConfirmPage action="end" auction={view} allowed={view.refusal === null} error={actionData?.error ?? view.refusal?.message ?? null} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
