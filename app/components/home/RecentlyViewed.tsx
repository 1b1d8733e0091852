// "Recently viewed" on the home page, for signed-in members who have looked at listings: up to 10 cards, newest
// view first, in one row that scrolls sideways. A listing sold since is marked Sold instead of priced.
import { Badge, Box, Heading, Text } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";
import { CardPicture, cardFrame } from "~/components/card-frame.tsx";
import { conditionLabel } from "~/lib/conditions.ts";
import { formatPrice } from "~/lib/money.ts";
import { staticClasses } from "~/lib/static-styles.ts";
import type { ListingCardData } from "~/services/listing-cards.server.ts";

/** The title link covers the whole card (as on listing cards), so the picture is clickable too. */
const recent = staticClasses("recent", {
  link: { color: "inherit", _before: { content: '""', position: "absolute", inset: "0", zIndex: "0" } },
});

export interface RecentlyViewedItem {
  card: ListingCardData;
  sold: boolean;
}

export function RecentlyViewed({ items }: { items: RecentlyViewedItem[] }) {
  if (items.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="recently-viewed-heading" mb="10">
      <Heading as="h2" id="recently-viewed-heading" size="xl" mb="4">
        Recently viewed
      </Heading>
      <Box
        as="ul"
        listStyleType="none"
        display="flex"
        gap="4"
        overflowX="auto"
        pb="3"
        scrollSnapType="x mandatory"
        data-testid="recently-viewed"
      >
        {items.map(({ card, sold }) => (
          <Box as="li" key={card.id} flex="0 0 auto" w={{ base: "60", md: "56" }} scrollSnapAlign="start">
            <RecentCard card={card} sold={sold} />
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function RecentCard({ card, sold }: RecentlyViewedItem) {
  const priceCents = card.auction ? card.auction.currentPriceCents : card.priceCents;
  return (
    <article className={cardFrame.root}>
      <CardPicture imageUrl={card.imageUrl}>
        {sold ? (
          <Badge position="absolute" top="2" left="2" variant="solid" colorPalette="gray">
            Sold
          </Badge>
        ) : null}
      </CardPicture>
      <Box display="flex" flexDirection="column" gap="1" p="3" flex="1">
        <RemixLink to={`/listings/${card.id}`} className={recent.link}>
          <Text as="h3" className={cardFrame.title} fontSize="sm">
            {card.title}
          </Text>
        </RemixLink>
        {sold ? (
          <Text fontSize="sm" color="fg.muted">
            No longer available
          </Text>
        ) : (
          <Text fontWeight="bold" color="blue.fg">
            {formatPrice(priceCents, card.currency)}
            {card.auction ? (
              <Text as="span" fontSize="xs" fontWeight="normal" color="fg.muted">
                {" "}
                {card.auction.bidCount > 0 ? "current bid" : "starting bid"}
              </Text>
            ) : null}
          </Text>
        )}
        <Text fontSize="xs" color="fg.muted">
          {conditionLabel(card.condition)}
        </Text>
      </Box>
    </article>
  );
}
