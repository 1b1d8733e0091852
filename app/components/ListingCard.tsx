// A listing in a grid: picture, Featured, title, price, condition, location, Verified Seller and the watch toggle.
import { AspectRatio, Badge, Box, Card, Flex, HStack, Image, LinkOverlay, LinkBox, Text } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";
import { conditionLabel } from "~/lib/conditions.ts";
import { formatPrice } from "~/lib/money.ts";
import type { ListingCardData } from "~/services/listing-cards.server.ts";
import { ImagePlaceholderIcon, ShieldCheckIcon } from "./icons.tsx";
import { WatchButton } from "./WatchButton.tsx";

export function ListingCard({ listing, watching }: { listing: ListingCardData; watching: boolean }) {
  return (
    <LinkBox as="article" h="full">
      <Card.Root h="full" overflow="hidden" _hover={{ borderColor: "blue.solid" }} _focusWithin={{ borderColor: "blue.solid" }}>
        <Box position="relative">
          <AspectRatio ratio={4 / 3} bg="bg.muted">
            {listing.imageUrl ? (
              <Image src={listing.imageUrl} alt="" loading="lazy" objectFit="cover" />
            ) : (
              <Flex role="img" aria-label="No image" color="fg.muted" direction="column" align="center" justify="center" gap="1">
                <ImagePlaceholderIcon />
                <Text fontSize="xs">No image</Text>
              </Flex>
            )}
          </AspectRatio>
          {listing.isFeatured ? (
            <Badge position="absolute" top="2" left="2" colorPalette="orange" variant="solid" bg="orange.700" color="white">
              Featured
            </Badge>
          ) : null}
          <Box position="absolute" top="2" right="2" zIndex="1">
            <WatchButton listingId={listing.id} watching={watching} title={listing.title} />
          </Box>
        </Box>
        <Card.Body gap="2" p="4">
          <LinkOverlay asChild>
            <RemixLink to={`/listings/${listing.id}`}>
              <Text as="h3" fontWeight="semibold" lineClamp={2}>
                {listing.title}
              </Text>
            </RemixLink>
          </LinkOverlay>
          <Text fontSize="xl" fontWeight="bold" color="blue.fg">
            {formatPrice(listing.priceCents, listing.currency)}
          </Text>
          <HStack gap="2" wrap="wrap">
            <Badge variant="outline">{conditionLabel(listing.condition)}</Badge>
            {listing.listingType !== "buy_now" ? <Badge colorPalette="purple">Auction</Badge> : null}
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {listing.location || "Location not specified"}
          </Text>
          {listing.sellerVerified ? (
            <HStack gap="1" color="green.fg" fontSize="sm">
              <ShieldCheckIcon />
              <Text>Verified Seller</Text>
            </HStack>
          ) : null}
        </Card.Body>
      </Card.Root>
    </LinkBox>
  );
}
