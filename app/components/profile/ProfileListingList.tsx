// The public profile's Listings tab: the member's active listings and their prices.
import { HStack, Link, Stack, Text } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";
import { formatPrice } from "~/lib/money.ts";
import type { ProfileListing } from "~/flows/index.server.ts";

export function ProfileListingList({ listings }: { listings: ProfileListing[] }) {
  return listings.length === 0 ? (
    <Text color="fg.muted">No listings found</Text>
  ) : (
    <Stack as="ul" gap="2" listStyleType="none">
      {listings.map((listing) => (
        <HStack as="li" key={listing.id} justify="space-between" borderBottomWidth="1px" py="2">
          <Link asChild color="blue.fg">
            <RemixLink to={`/listings/${listing.id}`}>{listing.title}</RemixLink>
          </Link>
          <Text fontWeight="semibold">{formatPrice(listing.priceCents, listing.currency)}</Text>
        </HStack>
      ))}
    </Stack>
  );
}
