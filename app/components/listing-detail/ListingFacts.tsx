// The top of the detail page: title, badges, price and condition, and the definition list of facts.
import { Badge, DataList, Heading, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";
import { conditionLabel } from "~/lib/conditions.ts";
import { formatCount, formatPrice } from "~/lib/money.ts";
import { LISTING_STATUS_LABELS, LISTING_STATUSES, type ListingStatus } from "~/lib/listing-status.ts";

export const NOT_SPECIFIED = "Not specified";

const STATUS_COLOURS: Record<string, string> = { draft: "gray", archived: "gray", sold: "red" };

export function isAuctionType(listingType: string): boolean {
  return listingType === "auction" || listingType === "hybrid";
}

export interface ListingSummaryData {
  title: string;
  status: string;
  listingType: string;
  isFeatured: boolean;
  priceCents: number;
  currency: string;
  condition: string;
}

export function ListingSummary({ listing }: { listing: ListingSummaryData }) {
  // Active listings need no badge; drafts, archived and sold listings say so.
  const status = LISTING_STATUSES.find((value): value is ListingStatus => value === listing.status);
  const statusLabel = status && status !== "active" ? LISTING_STATUS_LABELS[status] : null;
  return (
    <Stack gap="3">
      <HStack gap="2" wrap="wrap">
        {statusLabel ? (
          <Badge size="lg" variant="solid" colorPalette={STATUS_COLOURS[listing.status] ?? "gray"}>
            {statusLabel}
          </Badge>
        ) : null}
        {listing.isFeatured ? (
          <Badge size="lg" variant="solid" colorPalette="orange">
            Featured
          </Badge>
        ) : null}
        {isAuctionType(listing.listingType) ? (
          <Badge size="lg" colorPalette="purple">
            Auction
          </Badge>
        ) : null}
      </HStack>
      <Heading as="h1" size={{ base: "2xl", md: "3xl" }} overflowWrap="anywhere">
        {listing.title}
      </Heading>
      <HStack gap="4" wrap="wrap" align="baseline">
        <Text fontSize="3xl" fontWeight="bold" color="blue.fg" data-testid="listing-price">
          {formatPrice(listing.priceCents, listing.currency)}
        </Text>
        <Badge size="lg" variant="outline">
          {conditionLabel(listing.condition)}
        </Badge>
      </HStack>
    </Stack>
  );
}

export interface ListingFactsData {
  brand: string;
  model: string;
  categoryPath: Array<{ id: string; name: string }>;
  location: string;
  year: number | null;
  views: number;
}

function orNotSpecified(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return NOT_SPECIFIED;
  const text = String(value).trim();
  return text === "" ? NOT_SPECIFIED : text;
}

export function ListingFacts({ listing }: { listing: ListingFactsData }) {
  const category = listing.categoryPath.at(-1);
  return (
    <DataList.Root orientation="horizontal" gap="2" size="md" aria-label="Listing details">
      <Fact label="Brand" value={orNotSpecified(listing.brand)} />
      <Fact label="Model" value={orNotSpecified(listing.model)} />
      <DataList.Item>
        <DataList.ItemLabel>Category</DataList.ItemLabel>
        <DataList.ItemValue>
          {category ? (
            <Link asChild colorPalette="blue" variant="underline">
              <RemixLink to={`/listings?${new URLSearchParams({ category: category.id })}`}>
                {listing.categoryPath.map((step) => step.name).join(" › ")}
              </RemixLink>
            </Link>
          ) : (
            NOT_SPECIFIED
          )}
        </DataList.ItemValue>
      </DataList.Item>
      <Fact label="Location" value={orNotSpecified(listing.location)} />
      <Fact label="Year" value={orNotSpecified(listing.year)} />
      <Fact label="Views" value={formatCount(listing.views)} testId="listing-views" />
    </DataList.Root>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue data-testid={testId} overflowWrap="anywhere">
        {value}
      </DataList.ItemValue>
    </DataList.Item>
  );
}
