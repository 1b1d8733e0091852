// Step 4 (docs/product/listings.md#ai-assistant AI wizard): the listing is live; where buyers find it; notifications for inquiries; links to
// the listing (and its auction), the dashboard and the listings.
import { Alert, Button, HStack, List, Stack } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";
import { AI_LISTING_MESSAGES } from "~/schemas/ai-listing-create.ts";

export function SuccessStep({ listingId, auctionId, onStartOver }: { listingId: number; auctionId: number | null; onStartOver: () => void }) {
  return (
    <Stack gap="6">
      <Alert.Root status="success">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{AI_LISTING_MESSAGES.created}</Alert.Title>
          <Alert.Description>Your listing is live now.</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <List.Root gap="2" ps="5">
        <List.Item>Buyers find it right away under Equipment, in its category and in search; members whose saved searches match it are alerted.</List.Item>
        {auctionId !== null ? <List.Item>Its auction has started and appears under Live Auctions.</List.Item> : null}
        <List.Item>When a buyer sends you an inquiry about it, you get a notification.</List.Item>
      </List.Root>
      <HStack gap="3" flexWrap="wrap">
        <Button asChild colorPalette="blue" minH="11">
          <RemixLink to={`/listings/${listingId}`}>View your listing</RemixLink>
        </Button>
        {auctionId !== null ? (
          <Button asChild variant="outline" minH="11">
            <RemixLink to={`/auctions/${auctionId}`}>View the auction</RemixLink>
          </Button>
        ) : null}
        <Button asChild variant="outline" minH="11">
          <RemixLink to="/dashboard">Go to Dashboard</RemixLink>
        </Button>
        <Button asChild variant="outline" minH="11">
          <RemixLink to="/listings">Browse Listings</RemixLink>
        </Button>
        <Button variant="ghost" onClick={onStartOver} minH="11">
          Create another with AI
        </Button>
      </HStack>
    </Stack>
  );
}
