// The top of the detail page: title, badges, price and condition, and the definition list of facts.
import { AppLink } from "~/components/AppLink.tsx";
import { conditionLabel } from "~/lib/conditions.ts";
import { isAuctionListingType } from "~/lib/listing-types.ts";
import { ApproxPrice } from "~/components/ApproxPrice.tsx";
import { formatCount, formatPrice, type ApproxPrices } from "~/lib/money.ts";
import { LISTING_STATUS_LABELS, LISTING_STATUSES, type ListingStatus } from "~/lib/listing-status.ts";
import { facts, summary } from "./detail-styles.ts";
import { MODERATION_STATUS_LABELS } from "~/lib/moderation.ts";

const NOT_SPECIFIED = "Not specified";

/** The status badge's colour: red for sold, gray for drafts and archived listings. */
const STATUS_BADGES: Record<string, string> = { draft: summary.statusGray, archived: summary.statusGray, sold: summary.statusRed };

export interface ListingSummaryData {
  title: string;
  status: string;
  listingType: string;
  isFeatured: boolean;
  priceCents: number;
  currency: string;
  condition: string;
}

/** `approx`: the viewer's currency and rates; a price in another currency adds "≈ {amount}" in it (the price stays). */
export function ListingSummary({ listing, approx }: { listing: ListingSummaryData; approx?: ApproxPrices }) {
  // Active listings need no badge; drafts, archived and sold listings say so, as do those under a moderator's review.
  const status = LISTING_STATUSES.find((value): value is ListingStatus => value === listing.status);
  const statusLabel = status && status !== "active" ? LISTING_STATUS_LABELS[status] : (MODERATION_STATUS_LABELS[listing.status] ?? null);
  return (
    <div className={summary.root}>
      <div className={summary.badges}>
        {statusLabel ? <span className={STATUS_BADGES[listing.status] ?? summary.statusGray}>{statusLabel}</span> : null}
        {listing.isFeatured ? <span className={summary.featured}>Featured</span> : null}
        {isAuctionListingType(listing.listingType) ? <span className={summary.auction}>Auction</span> : null}
      </div>
      <h1 className={summary.title}>{listing.title}</h1>
      <div className={summary.priceLine}>
        <p className={summary.price} data-testid="listing-price">
          {formatPrice(listing.priceCents, listing.currency)}
        </p>
        <ApproxPrice approx={approx} minorUnits={listing.priceCents} currency={listing.currency} className={summary.condition} />
        <span className={summary.condition}>{conditionLabel(listing.condition)}</span>
      </div>
    </div>
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
    <dl className={facts.root} aria-label="Listing details">
      <Fact label="Brand" value={orNotSpecified(listing.brand)} />
      <Fact label="Model" value={orNotSpecified(listing.model)} />
      <div className={facts.item}>
        <dt className={facts.label}>Category</dt>
        <dd className={facts.value}>
          {category ? (
            <AppLink to={`/listings?${new URLSearchParams({ category: category.id })}`} className={facts.categoryLink}>
              {listing.categoryPath.map((step) => step.name).join(" › ")}
            </AppLink>
          ) : (
            NOT_SPECIFIED
          )}
        </dd>
      </div>
      <Fact label="Location" value={orNotSpecified(listing.location)} />
      <Fact label="Year" value={orNotSpecified(listing.year)} />
      <Fact label="Views" value={formatCount(listing.views)} testId="listing-views" />
    </dl>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className={facts.item}>
      <dt className={facts.label}>{label}</dt>
      <dd className={facts.value} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
