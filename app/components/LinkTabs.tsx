// A page's tabs as links: they work without JavaScript and can be bookmarked; the current one is marked with
// aria-current="page". Used by /watchlist and /create-listing.
import { Box, Link } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";

export interface LinkTab<T extends string> {
  tab: T;
  label: string;
  to: string;
}

export function LinkTabs<T extends string>({ label, tabs, current }: { label: string; tabs: ReadonlyArray<LinkTab<T>>; current: T }) {
  return (
    <Box as="nav" aria-label={label} borderBottomWidth="1px">
      <Box as="ul" display="flex" gap="1" listStyleType="none" m="0" p="0">
        {tabs.map(({ tab, label: text, to }) => {
          const selected = tab === current;
          return (
            <li key={tab}>
              <Link
                asChild
                display="inline-flex"
                alignItems="center"
                minH="11"
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
                  {text}
                </RemixLink>
              </Link>
            </li>
          );
        })}
      </Box>
    </Box>
  );
}
