// The page's two tabs as links (they work without JavaScript and can be bookmarked); the current one is marked
// with aria-current="page".
import { Box, Link } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";
import { WATCHLIST_TABS, type WatchlistTab } from "~/schemas/watchlist.ts";

const TABS: Array<{ tab: WatchlistTab; label: string; to: string }> = [
  { tab: WATCHLIST_TABS.watched, label: "Watched Items", to: "/watchlist" },
  { tab: WATCHLIST_TABS.savedSearches, label: "Saved Searches", to: `/watchlist?tab=${WATCHLIST_TABS.savedSearches}` },
];

export function WatchlistTabs({ current }: { current: WatchlistTab }) {
  return (
    <Box as="nav" aria-label="Watchlist sections" borderBottomWidth="1px">
      <Box as="ul" display="flex" gap="1" listStyleType="none" m="0" p="0">
        {TABS.map(({ tab, label, to }) => {
          const selected = tab === current;
          return (
            <li key={tab}>
              <Link
                asChild
                display="inline-block"
                px="4"
                py="2.5"
                mb="-1px"
                fontWeight="semibold"
                textDecoration="none"
                borderBottomWidth="2px"
                borderColor={selected ? "blue.solid" : "transparent"}
                color={selected ? "blue.fg" : "fg.muted"}
                _hover={{ color: "fg", textDecoration: "none" }}
                _focusVisible={{ outline: "2px solid", outlineColor: "blue.focusRing", outlineOffset: "-2px" }}
              >
                <RemixLink to={to} aria-current={selected ? "page" : undefined} preventScrollReset>
                  {label}
                </RemixLink>
              </Link>
            </li>
          );
        })}
      </Box>
    </Box>
  );
}
