// How the listing is sold and at what price, with the watch button and, for its owner or an admin, Edit Listing.
import { Button, Card, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";
import { useState } from "react";
import { formatPrice } from "~/lib/money.ts";
import { OFFLINE_MESSAGES } from "~/lib/offline/messages.ts";
import { isOffline } from "~/lib/offline/online.ts";
import { ContactSellerButton } from "../ContactSellerButton.tsx";
import { WatchButton } from "../WatchButton.tsx";

export const LISTING_TYPE_LABELS: Record<string, string> = {
  buy_now: "Buy It Now",
  auction: "Auction",
  hybrid: "Auction with Buy It Now",
};

export interface ListingTypePanelData {
  id: number;
  title: string;
  listingType: string;
  priceCents: number;
  buyNowPriceCents: number | null;
  currency: string;
  status: string;
}

export function ListingTypePanel({
  listing,
  watching,
  canEdit,
  canContact = false,
}: {
  listing: ListingTypePanelData;
  watching: boolean;
  canEdit: boolean;
  /** Contact Seller: for everyone but the listing's own seller (visitors are asked to sign in). */
  canContact?: boolean;
}) {
  const isBuyNow = listing.listingType !== "auction" && listing.listingType !== "hybrid";
  // Buying needs a connection: refused at once offline.
  const [offlineRefusal, setOfflineRefusal] = useState(false);
  const rows: Array<{ label: string; cents: number }> = isBuyNow
    ? [{ label: "Buy It Now price", cents: listing.priceCents }]
    : [{ label: "Starting price", cents: listing.priceCents }];
  if (listing.listingType === "hybrid" && listing.buyNowPriceCents !== null) {
    rows.push({ label: "Buy It Now price", cents: listing.buyNowPriceCents });
  }
  return (
    <Card.Root variant="subtle" as="section" aria-labelledby="listing-type-heading">
      <Card.Body gap="4">
        <Stack gap="1">
          <Text fontSize="sm" color="fg.muted">
            Listing type
          </Text>
          <Heading as="h2" size="lg" id="listing-type-heading">
            {LISTING_TYPE_LABELS[listing.listingType] ?? listing.listingType}
          </Heading>
        </Stack>
        <Stack gap="2">
          {rows.map((row) => (
            <HStack key={row.label} justify="space-between" gap="4">
              <Text color="fg.muted">{row.label}</Text>
              <Text fontWeight="bold" fontSize="lg">
                {formatPrice(row.cents, listing.currency)}
              </Text>
            </HStack>
          ))}
        </Stack>
        {listing.status === "sold" ? <Text fontWeight="semibold">This item has been sold.</Text> : null}
        <HStack gap="3" wrap="wrap">
          {listing.listingType === "buy_now" && listing.status === "active" && !canEdit ? (
            <Button asChild colorPalette="blue">
              <RemixLink
                to={`/checkout/listing/${listing.id}`}
                onClick={(event) => {
                  if (!isOffline()) return;
                  event.preventDefault();
                  setOfflineRefusal(true);
                }}
              >
                Buy Now
              </RemixLink>
            </Button>
          ) : null}
          <WatchButton listingId={listing.id} watching={watching} title={listing.title} variant="full" />
          {canContact ? <ContactSellerButton listingId={listing.id} /> : null}
          {canEdit ? (
            <Button asChild variant="outline" colorPalette="blue">
              <RemixLink to={`/edit-listing/${listing.id}`}>Edit Listing</RemixLink>
            </Button>
          ) : null}
        </HStack>
        {offlineRefusal ? (
          <Text role="alert" color="red.fg" fontWeight="medium">
            {OFFLINE_MESSAGES.needsConnection}
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
