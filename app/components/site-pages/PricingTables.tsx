// The price list of /pricing, drawn from the one fee schedule (app/lib/fees.ts) it is given: sellers, buyers and
// paid extras side by side, then the success fee per listing type with a worked example, the same arithmetic
// checkout charges (successFee).
import { Box, Heading, SimpleGrid, Stack, Table, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { bulkImportFeeCents, featuredDurationsText, formatRate, successFee, type FEE_SCHEDULE } from "~/lib/fees.ts";
import { LISTING_TYPE_LABELS, LISTING_TYPE_MEANINGS, LISTING_TYPES } from "~/lib/listing-types.ts";
import { formatExactPrice, formatPrice } from "~/lib/money.ts";

export type FeeSchedule = typeof FEE_SCHEDULE;

/** "$25", "$0.30": whole dollars without cents, other amounts exactly. */
export function formatFee(cents: number): string {
  return cents % 100 === 0 ? formatPrice(cents) : formatExactPrice(cents);
}

/** The worked example's sale amount. */
const EXAMPLE_SALE_CENTS = 1_000_00;

function Column({ title, badge, children }: { title: string; badge: string; children: ReactNode }) {
  return (
    <Box as="section" aria-labelledby={`column-${badge}`} borderWidth="1px" rounded="lg" p="5" bg="bg.panel">
      <Stack gap="3">
        <Heading as="h3" size="lg" id={`column-${badge}`}>
          {title}
        </Heading>
        {children}
      </Stack>
    </Box>
  );
}

function PriceRow({ label, price, note }: { label: string; price: string; note?: string }) {
  return (
    <Box>
      <Text fontWeight="semibold">
        {label}: <span data-fee>{price}</span>
      </Text>
      {note ? (
        <Text fontSize="sm" color="fg.muted">
          {note}
        </Text>
      ) : null}
    </Box>
  );
}

export function PricingColumns({ schedule }: { schedule: FeeSchedule }) {
  const { blockSize, priceCentsPerBlock } = schedule.bulkImport;
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
      <Column title="Sellers" badge="sellers">
        <PriceRow
          label="Listing"
          price={schedule.listingFeeCents === 0 ? "Free" : formatFee(schedule.listingFeeCents)}
          note="Photos, specifications and AI-written descriptions included."
        />
        {LISTING_TYPES.map((type) => (
          <PriceRow
            key={type}
            label={`Success fee, ${LISTING_TYPE_LABELS[type]}`}
            price={formatRate(schedule.successFeeBp[type])}
            note="Of the sale price, only when the item sells."
          />
        ))}
        <PriceRow label="AI listing assistant" price={schedule.aiAssistantPriceCents === 0 ? "Free" : formatFee(schedule.aiAssistantPriceCents)} />
        <PriceRow
          label="Bulk CSV import"
          price={`${formatFee(priceCentsPerBlock)} per ${blockSize} listings`}
          note={`Each started block of ${blockSize} counts: ${blockSize + 1} listings cost ${formatFee(bulkImportFeeCents(blockSize + 1, schedule))}.`}
        />
      </Column>
      <Column title="Buyers" badge="buyers">
        <PriceRow label="Browsing, watching and bidding" price="Free" />
        <PriceRow label="Buyer's premium" price="None" note="You pay the price shown, or your winning bid. Shipping is arranged with the seller." />
        {schedule.paymentMethods.map((method) => (
          <PriceRow
            key={method.label}
            label={method.label}
            price={method.rateBp === 0 && method.fixedCents === 0 ? "No fee" : `${formatRate(method.rateBp)} + ${formatFee(method.fixedCents)}`}
            note={method.description}
          />
        ))}
        <PriceRow label="Buyer protection" price="Included" note="Your payment waits in escrow until you confirm the item arrived as described." />
      </Column>
      <Column title="Paid extras" badge="premium">
        <PriceRow
          label={schedule.featuredListing.label}
          price={`${formatFee(schedule.featuredListing.dayPriceCents)} a day`}
          note={`${schedule.featuredListing.description} Bought for ${featuredDurationsText(schedule.featuredListing.durations)} days from your listing's page or Seller listings; it ends by itself.`}
        />
      </Column>
    </SimpleGrid>
  );
}

/** The success fee per listing type, with what the seller pays and receives on an example sale. */
export function SuccessFeeTable({ schedule }: { schedule: FeeSchedule }) {
  return (
    <Table.ScrollArea position="relative">
      <Table.Root size="sm" variant="outline">
        <Table.Caption captionSide="top" textAlign="start" color="fg.muted" mb="2">
          Success fee by listing type, on a {formatPrice(EXAMPLE_SALE_CENTS)} sale
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader scope="col">Listing type</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">Success fee</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">Fee on {formatPrice(EXAMPLE_SALE_CENTS)}</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">You receive</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {LISTING_TYPES.map((type) => {
            const rateBp = schedule.successFeeBp[type];
            const feeCents = successFee(EXAMPLE_SALE_CENTS, type, 0, schedule.successFeeBp).feeCents;
            return (
              <Table.Row key={type}>
                <Table.Cell as="th" scope="row" fontWeight="semibold">
                  {LISTING_TYPE_MEANINGS[type]}
                </Table.Cell>
                <Table.Cell>{formatRate(rateBp)}</Table.Cell>
                <Table.Cell>{formatExactPrice(feeCents)}</Table.Cell>
                <Table.Cell>{formatExactPrice(EXAMPLE_SALE_CENTS - feeCents)}</Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
