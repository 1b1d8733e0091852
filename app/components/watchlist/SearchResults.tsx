// What Execute found: up to 50 active listings, newest first, each with its picture, title, price, condition and
// the date it was listed; or "No matching listings found.".
import { Box, Link, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";
import { CardPicture } from "~/components/card-frame.tsx";
import type { ExecutedListingView } from "~/lib/watchlist-views.ts";
import { WATCHLIST_MESSAGES } from "~/lib/watchlist-messages.ts";

export function SearchResults({ searchTitle, results }: { searchTitle: string; results: ExecutedListingView[] }) {
  return (
    <Box as="section" aria-label={`Results for ${searchTitle}`} borderTopWidth="1px" pt="4">
      <Text role="status" fontWeight="semibold" mb="3">
        {results.length === 0 ? WATCHLIST_MESSAGES.noMatches : `${results.length} ${results.length === 1 ? "listing" : "listings"} found, newest first`}
      </Text>
      {results.length > 0 ? (
        <SimpleGrid as="ul" columns={{ base: 1, sm: 2, lg: 3 }} gap="4" listStyleType="none">
          {results.map((listing) => (
            <li key={listing.id}>
              <Box display="grid" gridTemplateColumns="5rem minmax(0, 1fr)" gap="3" borderWidth="1px" rounded="md" p="2" h="full">
                <Box rounded="sm" overflow="hidden" alignSelf="start">
                  <CardPicture imageUrl={listing.imageUrl} />
                </Box>
                <Stack gap="0.5" minW="0" fontSize="sm">
                  <Link asChild fontWeight="semibold" color="fg" lineClamp="2">
                    <RemixLink to={listing.href}>{listing.title}</RemixLink>
                  </Link>
                  <Text>
                    <Text as="span" color="fg.muted">
                      {listing.priceLabel}:{" "}
                    </Text>
                    <Text as="span" fontWeight="bold" color="blue.fg">
                      {listing.priceText}
                    </Text>
                  </Text>
                  <Text color="fg.muted">{listing.condition}</Text>
                  <Text color="fg.muted">
                    Listed <time dateTime={listing.createdAt}>{listing.created}</time>
                  </Text>
                </Stack>
              </Box>
            </li>
          ))}
        </SimpleGrid>
      ) : null}
    </Box>
  );
}
