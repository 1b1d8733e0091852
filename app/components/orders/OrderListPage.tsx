// A signed-in member's page of orders (/orders: purchases, /seller/orders: sales): the heading and what the list
// holds, the table or an empty state with where to go instead, and the pages.
import { Box, Button, Container, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { formatShortDate } from "~/lib/dates.ts";
import { Link as RemixLink } from "@remix-run/react";
import type { ReactNode } from "react";
import type { OrderListItem } from "~/services/orders/index.server.ts";
import { Pagination } from "../listings/Pagination.tsx";
import { OrderTable } from "./OrderTable.tsx";

export interface OrderListPageProps {
  title: string;
  /** Under the heading: how many there are and what to do with them. */
  intro: ReactNode;
  side: "purchases" | "sales";
  /** The table's caption for screen readers. */
  caption: string;
  orders: { items: OrderListItem[]; page: number; totalPages: number };
  /** The address of page `page` of this list. */
  pageHref: (page: number) => string;
  /** Shown when there are none, with a way on. */
  empty: { text: string; to: string; label: string };
  maxW?: "6xl" | "7xl";
  /** Orders this member may review now: "Leave a review" for each. */
  reviewsDue?: ReadonlyArray<{ orderId: number; reference: string; title: string; otherPartyName: string; windowEndsAt: string }>;
}

export function OrderListPage({ title, intro, side, caption, orders, pageHref, empty, maxW = "6xl", reviewsDue = [] }: OrderListPageProps) {
  return (
    <Container maxW={maxW} py={{ base: "6", md: "10" }}>
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            {title}
          </Heading>
          <Text color="fg.muted">{intro}</Text>
        </Stack>
        {reviewsDue.length > 0 ? (
          <Box as="section" aria-labelledby="reviews-due-heading" borderWidth="1px" rounded="md" p="4">
            <Heading as="h2" size="md" id="reviews-due-heading" mb="2">
              Reviews to leave
            </Heading>
            <Stack as="ul" gap="2" listStyleType="none">
              {reviewsDue.map((due) => (
                <HStack as="li" key={due.orderId} justify="space-between" flexWrap="wrap" gap="2">
                  <Text>
                    {due.title} ({due.reference}) with {due.otherPartyName}
                    <Text as="span" color="fg.muted" fontSize="sm">
                      {" "}
                      · until {formatShortDate(due.windowEndsAt)}
                    </Text>
                  </Text>
                  <Button asChild size="sm" colorPalette="blue" variant="outline">
                    <RemixLink to={`/orders/${due.orderId}/review`} aria-label={`Leave a review of order ${due.reference}`}>
                      Leave a review
                    </RemixLink>
                  </Button>
                </HStack>
              ))}
            </Stack>
          </Box>
        ) : null}
        {orders.items.length === 0 ? (
          <Stack gap="3" align="start" borderWidth="1px" rounded="md" p="6">
            <Text>{empty.text}</Text>
            <Button asChild colorPalette="blue">
              <RemixLink to={empty.to}>{empty.label}</RemixLink>
            </Button>
          </Stack>
        ) : (
          <OrderTable orders={orders.items} side={side} caption={caption} />
        )}
        <Pagination page={orders.page} totalPages={orders.totalPages} hrefFor={pageHref} />
      </Stack>
    </Container>
  );
}
