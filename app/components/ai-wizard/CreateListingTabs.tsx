// /create-listing's two tabs (docs/product/listings.md#ai-assistant: Manual Listing and AI-Powered Listing, the latter at ?tab=ai). Visitors,
// who may only try the AI wizard, are sent to sign in from the Manual Listing tab.
import { LinkTabs } from "~/components/LinkTabs.tsx";

export type CreateListingTab = "manual" | "ai";

export function CreateListingTabs({ current, manualHref }: { current: CreateListingTab; manualHref: string }) {
  const tabs = [
    { tab: "manual" as const, label: "Manual Listing", to: manualHref },
    { tab: "ai" as const, label: "AI-Powered Listing", to: "/create-listing?tab=ai" },
  ];
  return <LinkTabs label="Ways to create a listing" tabs={tabs} current={current} />;
}
