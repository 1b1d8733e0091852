// A signed-in member's page of orders (/orders: purchases, /seller/orders: sales): the heading and what the list
// holds, the table or an empty state with where to go instead, and the pages.
import { Button, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";
import type { ReactNode } from "react";
import type { OrderListItem } from "~/services/orders/orders.server.ts";
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
}

export function OrderListPage({ title, intro, side, caption, orders, pageHref, empty, maxW = "6xl" }: OrderListPageProps) {
  return (
    <Container maxW={maxW} py={{ base: "6", md: "10" }}>
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            {title}
          </Heading>
          <Text color="fg.muted">{intro}</Text>
        </Stack>
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
