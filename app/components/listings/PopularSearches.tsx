// The most searched queries as chips, offered while the search box is empty.
import { Box, Button, HStack, Text } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";
import { listingsUrl } from "~/lib/listing-filters.ts";

export function PopularSearches({ searches }: { searches: { query: string }[] }) {
  if (searches.length === 0) return null;
  return (
    <Box as="nav" aria-labelledby="popular-searches-heading">
      <Text id="popular-searches-heading" fontSize="sm" fontWeight="semibold" color="fg.muted" mb="2">
        Popular searches
      </Text>
      <HStack as="ul" gap="2" wrap="wrap" listStyleType="none">
        {searches.map(({ query }) => (
          <li key={query}>
            <Button asChild size="xs" variant="subtle" rounded="full">
              <RemixLink to={listingsUrl({ search: query })}>{query}</RemixLink>
            </Button>
          </li>
        ))}
      </HStack>
    </Box>
  );
}
