// Which stored copy the offline page shows for the address the browser asked for. Pure.
import { WATCHLIST_TABS, type WatchlistTab } from "~/lib/watchlist-messages.ts";

export type OfflineRoute =
  { kind: "watchlist"; tab: WatchlistTab } | { kind: "listing"; listingId: number } | { kind: "auction"; auctionId: number } | { kind: "index" };

function positiveId(text: string | undefined): number | null {
  if (!text || !/^\d{1,15}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * /watchlist (?tab=saved-searches) → the watchlist tabs; /listings/{id} and /auctions/{id} → the stored copy;
 * anything else → the offline index.
 */
export function offlineRouteOf(pathname: string, search: string = ""): OfflineRoute {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === "/watchlist") {
    const tab = new URLSearchParams(search).get("tab");
    return { kind: "watchlist", tab: tab === WATCHLIST_TABS.savedSearches ? WATCHLIST_TABS.savedSearches : WATCHLIST_TABS.watched };
  }
  const detail = /^\/(listings|auctions)\/([^/]+)$/.exec(path);
  if (detail) {
    const id = positiveId(detail[2]);
    if (id !== null) return detail[1] === "listings" ? { kind: "listing", listingId: id } : { kind: "auction", auctionId: id };
  }
  return { kind: "index" };
}

/**
 * The address a link leads to when the offline page can show it itself (same origin, a page rather than a file):
 * offline, such links are followed in the page instead of asking the network. Null for anything else.
 */
export function inPageAddress(href: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const last = url.pathname.split("/").pop() ?? "";
  if (last.includes(".") || url.pathname.startsWith("/resources/") || url.pathname.startsWith("/uploads/")) return null;
  return `${url.pathname}${url.search}`;
}
