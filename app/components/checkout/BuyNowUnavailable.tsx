// Why a Buy Now checkout cannot go on (sold meanwhile, the seller's own listing, an auction with bids), with the
// ways on from there: back to the listing, to its auction when it has one, or to browsing.
import { Alert, HStack, Link } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";

export function BuyNowUnavailable({ problem, listingId, auctionId }: { problem: string; listingId: number; auctionId: number | null }) {
  return (
    <Alert.Root status="warning" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{problem}</Alert.Title>
        <Alert.Description>
          <HStack gap="4" mt="2" wrap="wrap">
            <Link asChild fontWeight="semibold">
              <RemixLink to={`/listings/${listingId}`}>Back to the listing</RemixLink>
            </Link>
            {auctionId !== null ? (
              <Link asChild fontWeight="semibold">
                <RemixLink to={`/auctions/${auctionId}`}>Go to the auction</RemixLink>
              </Link>
            ) : null}
            <Link asChild fontWeight="semibold">
              <RemixLink to="/listings">Browse equipment</RemixLink>
            </Link>
          </HStack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
