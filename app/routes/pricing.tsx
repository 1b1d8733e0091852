// /pricing: the price list (docs/product/platform.md#public-pages, docs/product/orders.md#fees), rendered from the one fee schedule that checkout charges
// (app/lib/fees.ts): changing a rate there changes this page and what orders are charged alike.
import { Button, HStack, Stack, Text } from "@chakra-ui/react";
import type { MetaFunction } from "@remix-run/node";
import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { PolicyPage, PolicySection, PolicySubsection } from "~/components/site-pages/PolicyPage.tsx";
import { PricingColumns, SuccessFeeTable, formatFee } from "~/components/site-pages/PricingTables.tsx";
import { ReachSupport } from "~/components/site-pages/ReachUs.tsx";
import { FEATURED_ROTATION } from "~/lib/featuring.ts";
import { FEE_SCHEDULE, INSPECTION_PERIOD_DAYS, featuredDurationsText, formatRate } from "~/lib/fees.ts";
import { LISTING_TYPE_LABELS } from "~/lib/listing-types.ts";

export const meta: MetaFunction = () => [
  { title: "Pricing and fees — Tradebench" },
  {
    name: "description",
    content: "Listing on Tradebench is free. Sellers pay a success fee only when equipment sells; buyers pay no premium and are protected by escrow.",
  },
];

export function loader() {
  return { schedule: FEE_SCHEDULE, inspectionDays: INSPECTION_PERIOD_DAYS };
}

export default function PricingPage() {
  const { schedule, inspectionDays } = useLoaderData<typeof loader>();
  const rates = schedule.successFeeBp;
  return (
    <PolicyPage
      title="Pricing and fees"
      lead="Listing test gear, automation parts or a whole production line costs nothing. You pay a success fee only when something sells."
    >
      <PolicySection id="price-list" title="What each side pays">
        <PricingColumns schedule={schedule} />
      </PolicySection>

      <PolicySection id="fee-details" title="Fee details">
        <SuccessFeeTable schedule={schedule} />
        <Text>
          The success fee is taken from the sale price when the escrow is released to you, after the buyer confirms receipt or when the {inspectionDays}-day
          inspection period ends without a dispute. Nothing is charged for items that do not sell, for withdrawn listings or for cancelled orders. Sellers with
          an agreed fee exemption pay a reduced rate, shown on each sale.
        </Text>
        <Text>
          A featured listing is bought by its seller for {featuredDurationsText(schedule.featuredListing.durations)} days at{" "}
          {formatFee(schedule.featuredListing.dayPriceCents)} a day, from the listing&apos;s page or Seller listings. The charge is a platform fee shown on your
          seller dashboard; featuring ends by itself on its last day. Featured listings take turns in Featured Equipment on the home page,{" "}
          {FEATURED_ROTATION.shown} at a time, changing every {FEATURED_ROTATION.minutes} minutes, so every featured listing is shown in turn. Nothing else is
          sold: featuring is not needed to list or sell.
        </Text>
      </PolicySection>

      <PolicySection id="pricing-faq" title="Pricing questions">
        <PolicySubsection title="Is there a monthly subscription?">
          <Text>No. An account has no monthly charge; you only pay the success fee on what you sell, plus any listing you choose to feature.</Text>
        </PolicySubsection>
        <PolicySubsection title="Why do auctions cost more than Buy It Now?">
          <Text>
            An auction keeps our systems busy for its whole run: live bidding, outbid alerts and the end-of-auction checks. That is why the{" "}
            {LISTING_TYPE_LABELS.auction} rate is {formatRate(rates.auction)}, against {formatRate(rates.buy_now)} for {LISTING_TYPE_LABELS.buy_now} and{" "}
            {formatRate(rates.hybrid)} for a {LISTING_TYPE_LABELS.hybrid} listing.
          </Text>
        </PolicySubsection>
        <PolicySubsection title="Do buyers pay a fee?">
          <Text>
            No buyer&apos;s premium. Buyers pay the price or their winning bid by bank transfer into escrow, and arrange shipping with the seller (
            {schedule.paymentMethods.every((m) => m.rateBp === 0 && m.fixedCents === 0) ? "Tradebench adds no processing fee" : "see the payment fees above"}).
          </Text>
        </PolicySubsection>
        <PolicySubsection title="What does importing many listings cost?">
          <Text>
            {formatFee(schedule.bulkImport.priceCentsPerBlock)} for every started block of {schedule.bulkImport.blockSize} listings in one CSV import. Imports
            made by Tradebench staff are free.
          </Text>
        </PolicySubsection>
      </PolicySection>

      <Stack gap="3">
        <HStack gap="3" wrap="wrap">
          <Button asChild colorPalette="blue">
            <RemixLink to="/register">Create a free account</RemixLink>
          </Button>
          <Button asChild variant="outline">
            <RemixLink to="/listings">Browse equipment</RemixLink>
          </Button>
        </HStack>
        <Text color="fg.muted">
          Questions about fees? <ReachSupport />
        </Text>
      </Stack>
    </PolicyPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
