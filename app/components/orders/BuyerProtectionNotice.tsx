// The fee schedule and buyer protection in plain words (docs/product/orders.md#states, docs/product/orders.md#fees), from the one fee schedule in app/lib/fees.ts.
import { Card, Heading, List, Stack, Text } from "@chakra-ui/react";
import { formatRate, INSPECTION_PERIOD_DAYS, REFUND_BUSINESS_DAYS, SELLER_RESPONSE_BUSINESS_DAYS, SUCCESS_FEE_RATE_BP, type SaleType } from "~/lib/fees.ts";
import { LISTING_TYPE_MEANINGS } from "~/lib/listing-types.ts";

export function BuyerProtectionNotice({ saleType }: { saleType: SaleType }) {
  return (
    <Card.Root as="section" aria-labelledby="protection-heading" variant="outline">
      <Card.Body gap="4">
        <Heading as="h2" size="md" id="protection-heading">
          Fees and buyer protection
        </Heading>
        <Stack gap="2">
          <Heading as="h3" size="sm">
            What you pay
          </Heading>
          <Text>You pay the price shown. Tradebench adds no buyer&apos;s fee.</Text>
          <Text>
            The seller pays a success fee only when the item sells: {formatRate(SUCCESS_FEE_RATE_BP.buy_now)} on Buy Now sales,{" "}
            {formatRate(SUCCESS_FEE_RATE_BP.auction)} on auctions and {formatRate(SUCCESS_FEE_RATE_BP.hybrid)} on auctions with Buy Now. This sale is a{" "}
            {LISTING_TYPE_MEANINGS[saleType]} sale, so the seller&apos;s fee is {formatRate(SUCCESS_FEE_RATE_BP[saleType])} of the price (less any fee exemption
            the seller holds). Listing is free.
          </Text>
        </Stack>
        <Stack gap="2">
          <Heading as="h3" size="sm">
            How your payment is protected
          </Heading>
          <List.Root as="ol" gap="2" ps="5">
            <List.Item>Your payment is held in escrow by Tradebench. The seller is not paid yet.</List.Item>
            <List.Item>The seller ships the item and adds the carrier and tracking number to your order.</List.Item>
            <List.Item>
              After delivery you have {INSPECTION_PERIOD_DAYS} days to inspect the item. Confirm receipt to release the payment to the seller, or open a dispute
              within those {INSPECTION_PERIOD_DAYS} days if it is not as described. If you do neither, the order completes and the payment is released when the{" "}
              {INSPECTION_PERIOD_DAYS} days are over.
            </List.Item>
            <List.Item>If the item never arrives, open a dispute from your order once it has shipped.</List.Item>
            <List.Item>
              Tradebench reviews every dispute. The seller has {SELLER_RESPONSE_BUSINESS_DAYS} business days to respond; if they do not, or if the dispute is
              decided for you, you are refunded within {REFUND_BUSINESS_DAYS} business days.
            </List.Item>
          </List.Root>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
