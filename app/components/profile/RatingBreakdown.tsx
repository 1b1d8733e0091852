// The public profile's rating breakdown: reviews per star count, and the seller's aspect averages.
import { Box, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { REVIEW_STARS, SELLER_RATING_ASPECTS } from "~/lib/reviews.ts";
import type { RatingSummary } from "~/services/reviews/index.server.ts";

export function RatingBreakdown({ rating }: { rating: RatingSummary }) {
  return (
    <Box as="section" aria-labelledby="rating-heading">
      <Heading as="h2" size="md" id="rating-heading" mb="2">
        Rating breakdown
      </Heading>
      <Stack as="ul" gap="1" listStyleType="none">
        {[...REVIEW_STARS].reverse().map((stars) => {
          const count = rating.breakdown[stars];
          const share = rating.count === 0 ? 0 : Math.round((count / rating.count) * 100);
          return (
            <HStack as="li" key={stars} gap="3">
              <Text w="14" fontSize="sm">
                {stars} {stars === 1 ? "star" : "stars"}
              </Text>
              <Box flex="1" h="2" bg="bg.muted" rounded="full" overflow="hidden" aria-hidden="true">
                <Box h="full" w={`${share}%`} bg="orange.solid" />
              </Box>
              <Text w="8" fontSize="sm" textAlign="end">
                {count}
              </Text>
            </HStack>
          );
        })}
      </Stack>
      {rating.itemAsDescribed !== null ? (
        <Stack gap="0" mt="3" fontSize="sm">
          {SELLER_RATING_ASPECTS.map((aspect) => (
            <Text key={aspect.key}>
              {aspect.label}: {rating[aspect.key]} / 5
            </Text>
          ))}
        </Stack>
      ) : null}
    </Box>
  );
}
