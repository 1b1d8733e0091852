// Featured Equipment: six active featured listings, newest first, with View All to /listings.
import { Box, Button, Flex, Heading, SimpleGrid, Text } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";
import { ListingCard } from "~/components/ListingCard.tsx";
import type { ListingCardData } from "~/services/listing-cards.server.ts";

export const NO_FEATURED_LISTINGS = "No featured listings available at the moment.";

export function FeaturedGrid({ listings, watchedIds }: { listings: ListingCardData[]; watchedIds: number[] }) {
  const watched = new Set(watchedIds);
  return (
    <Box as="section" aria-labelledby="featured-heading">
      <Flex justify="space-between" align="center" gap="4" mb="5" wrap="wrap">
        <Heading as="h2" id="featured-heading" size="2xl">
          Featured Equipment
        </Heading>
        <Button asChild variant="outline" size="sm">
          <RemixLink to="/listings">View All</RemixLink>
        </Button>
      </Flex>
      {listings.length === 0 ? (
        <Box borderWidth="1px" borderStyle="dashed" rounded="lg" p="10" textAlign="center">
          <Text color="fg.muted">{NO_FEATURED_LISTINGS}</Text>
        </Box>
      ) : (
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, xl: 3 }} gap="5">
          {listings.map((listing) => (
            <Box as="li" key={listing.id}>
              <ListingCard listing={listing} watching={watched.has(listing.id)} />
            </Box>
          ))}
        </SimpleGrid>
      )}
    </Box>
  );
}
