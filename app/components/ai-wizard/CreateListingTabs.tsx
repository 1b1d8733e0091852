// /create-listing's two tabs as links (spec 01 §2: Manual Listing and AI-Powered Listing): they work without
// JavaScript and can be bookmarked (?tab=ai). The current one is marked with aria-current="page". Visitors, who may
// only try the AI wizard, are sent to sign in from the Manual Listing tab.
import { Box, Link } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";

export type CreateListingTab = "manual" | "ai";

export function CreateListingTabs({ current, manualHref }: { current: CreateListingTab; manualHref: string }) {
  const tabs: Array<{ tab: CreateListingTab; label: string; to: string }> = [
    { tab: "manual", label: "Manual Listing", to: manualHref },
    { tab: "ai", label: "AI-Powered Listing", to: "/create-listing?tab=ai" },
  ];
  return (
    <Box as="nav" aria-label="Ways to create a listing" borderBottomWidth="1px">
      <Box as="ul" display="flex" gap="1" listStyleType="none" m="0" p="0">
        {tabs.map(({ tab, label, to }) => {
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
