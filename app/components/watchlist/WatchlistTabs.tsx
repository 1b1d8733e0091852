// The watchlist's tabs: Watched Items, Saved Searches (/watchlist?tab=saved-searches) and the sellers one follows
// (/watchlist?tab=following).
import { LinkTabs, type LinkTab } from "~/components/LinkTabs.tsx";
import { WATCHLIST_TABS, type WatchlistTab } from "~/lib/watchlist-messages.ts";

const TABS: Array<LinkTab<WatchlistTab>> = [
  { tab: WATCHLIST_TABS.watched, label: "Watched Items", to: "/watchlist" },
  { tab: WATCHLIST_TABS.savedSearches, label: "Saved Searches", to: `/watchlist?tab=${WATCHLIST_TABS.savedSearches}` },
  { tab: WATCHLIST_TABS.following, label: "Following", to: `/watchlist?tab=${WATCHLIST_TABS.following}` },
];

export function WatchlistTabs({ current }: { current: WatchlistTab }) {
  return <LinkTabs label="Watchlist sections" tabs={TABS} current={current} />;
}
