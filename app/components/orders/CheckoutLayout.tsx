// The frame of both checkout pages (Buy Now and the auction winner's): the heading, the order summary with the
// shipping form below it, and beside them how to pay and the buyer protection that covers the sale.
import { Container, Grid, GridItem, Heading, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import type { SaleType } from "~/lib/fees.ts";
import { BuyerProtectionNotice } from "./BuyerProtectionNotice.tsx";
import { OrderItemCard, type OrderItemData } from "./OrderItemSummary.tsx";

export interface CheckoutLayoutProps {
  title: string;
  /** A line under the heading. */
  intro?: string;
  item: OrderItemData & { saleType: SaleType };
  /** What the price in the summary is called ("You pay", "Winning bid, you pay"). */
  priceLabel: string;
  /** How to pay, above the buyer protection. */
  payment: ReactNode;
  /** The shipping form (or why the item cannot be bought), under the summary. */
  children: ReactNode;
}

export function CheckoutLayout({ title, intro, item, priceLabel, payment, children }: CheckoutLayoutProps) {
  return (
    <Container maxW="6xl" py={{ base: "6", md: "10" }}>
      <Heading as="h1" size="2xl" mb={intro ? "2" : "6"}>
        {title}
      </Heading>
      {intro ? (
        <Text color="fg.muted" mb="6">
          {intro}
        </Text>
      ) : null}
      <Grid templateColumns={{ base: "1fr", lg: "minmax(0, 3fr) minmax(0, 2fr)" }} gap="8">
        <GridItem>
          <Stack gap="6">
            <OrderItemCard heading="Order summary" headingId="summary-heading" item={item} priceLabel={priceLabel} />
            {children}
          </Stack>
        </GridItem>
        <GridItem>
          <Stack gap="6">
            {payment}
            <BuyerProtectionNotice saleType={item.saleType} />
          </Stack>
        </GridItem>
      </Grid>
    </Container>
  );
}
