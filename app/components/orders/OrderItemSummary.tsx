// The item of an order or a checkout: picture, title (linking to the listing), seller, how it is sold, the price.
import { Box, Card, Flex, Heading, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";
import { conditionLabel } from "~/lib/conditions.ts";
import { listingTypeMeaning } from "~/lib/listing-types.ts";
import { formatExactPrice } from "~/lib/money.ts";
import { ImagePlaceholderIcon } from "../icons.tsx";

export interface OrderItemData {
  listingId: number;
  title: string;
  imageUrl: string | null;
  sellerName: string;
  saleType: string;
  priceCents: number;
  currency: string;
  condition?: string;
  location?: string;
}

function OrderItemSummary({ item, priceLabel = "Price" }: { item: OrderItemData; priceLabel?: string }) {
  const facts = [listingTypeMeaning(item.saleType), item.condition ? conditionLabel(item.condition) : null, item.location || null].filter(Boolean);
  return (
    <Flex gap="4" align="start" direction={{ base: "column", sm: "row" }}>
      <Box w={{ base: "full", sm: "40" }} flexShrink={0} aspectRatio="4 / 3" bg="bg.muted" rounded="md" overflow="hidden">
        {item.imageUrl ? (
          <img src={item.imageUrl} alt={item.title} style={{ width: "100%", height: "100%", objectFit: "cover" }} />
        ) : (
          <Flex role="img" aria-label="No image" h="full" align="center" justify="center" color="fg.muted" direction="column" gap="1" fontSize="xs">
            <ImagePlaceholderIcon />
            <span>No image</span>
          </Flex>
        )}
      </Box>
      <Stack gap="1" flex="1" minW="0">
        <Link asChild fontWeight="semibold" fontSize="lg" color="fg">
          <RemixLink to={`/listings/${item.listingId}`}>{item.title}</RemixLink>
        </Link>
        <Text color="fg.muted" fontSize="sm">
          Sold by {item.sellerName}
        </Text>
        {facts.length > 0 ? (
          <Text color="fg.muted" fontSize="sm">
            {facts.join(" · ")}
          </Text>
        ) : null}
        <HStack gap="2" mt="2" align="baseline">
          <Text color="fg.muted">{priceLabel}</Text>
          <Text fontSize="2xl" fontWeight="bold">
            {formatExactPrice(item.priceCents, item.currency)}
          </Text>
        </HStack>
      </Stack>
    </Flex>
  );
}

/** The item as a section of its page, under its own heading ("Order summary" at checkout, "Item" on the order). */
export function OrderItemCard({ heading, headingId, item, priceLabel }: { heading: string; headingId: string; item: OrderItemData; priceLabel?: string }) {
  return (
    <Card.Root as="section" aria-labelledby={headingId}>
      <Card.Body gap="4">
        <Heading as="h2" size="md" id={headingId}>
          {heading}
        </Heading>
        <OrderItemSummary item={item} priceLabel={priceLabel} />
      </Card.Body>
    </Card.Root>
  );
}
