// The public profile's section tabs (Listings, Auctions for sellers, Reviews), each with its count.
import { Box, HStack, Link } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";

/** One tab: its key, label, how many entries it has, and its address. */
type ProfileTab = { tab: string; label: string; count: number; href: string };

export function ProfileTabs({ tabs, tab }: { tabs: ProfileTab[]; tab: string }) {
  return (
    <Box as="nav" aria-label="Profile sections">
      <HStack as="ul" gap="4" listStyleType="none" borderBottomWidth="1px">
        {tabs.map(({ tab: one, label, count, href }) => (
          <li key={one}>
            <Link
              asChild
              py="2"
              display="inline-block"
              fontWeight={one === tab ? "semibold" : "normal"}
              borderBottomWidth={one === tab ? "2px" : "0"}
              borderColor="blue.solid"
            >
              <RemixLink to={href} aria-current={one === tab ? "page" : undefined}>
                {label} ({count})
              </RemixLink>
            </Link>
          </li>
        ))}
      </HStack>
    </Box>
  );
}
