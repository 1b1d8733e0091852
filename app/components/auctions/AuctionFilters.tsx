// The /auctions filters: Status, Category and Sort By in a plain GET form (works without JavaScript). It never
// carries `page`, so any change starts at page 1. With JavaScript it only leaves default values out of the URL.
import { Form, useNavigate } from "@remix-run/react";
import type { FormEvent } from "react";
import {
  ALL_CATEGORIES_LABEL,
  AUCTION_CATEGORIES,
  AUCTION_LIST_STATUSES,
  AUCTION_SORTS,
  auctionsUrl,
  parseAuctionFilters,
  type AuctionFilters as Filters,
} from "~/lib/auction-filters.ts";
import { ui } from "../listings/listings-styles.ts";
import { SelectField, SelectOptions } from "../listings/SelectField.tsx";
import { auctionsUi } from "./auctions-styles.ts";

export function AuctionFilters({ filters }: { filters: Filters }) {
  const navigate = useNavigate();

  function submitShortUrl(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (typeof value === "string") params.append(name, value);
    }
    navigate(auctionsUrl({ ...parseAuctionFilters(params), page: 1 }));
  }

  return (
    <Form method="get" action="/auctions" role="search" aria-label="Filter auctions" onSubmit={submitShortUrl}>
      <div className={auctionsUi.filterFields}>
        <SelectField id="auction-status" name="status" label="Status" value={filters.status}>
          <SelectOptions options={AUCTION_LIST_STATUSES} />
        </SelectField>
        <SelectField id="auction-category" name="category" label="Category" value={filters.category}>
          <option value="">{ALL_CATEGORIES_LABEL}</option>
          <SelectOptions options={AUCTION_CATEGORIES} />
        </SelectField>
        <SelectField id="auction-sort" name="sort" label="Sort By" value={filters.sort}>
          <SelectOptions options={AUCTION_SORTS} />
        </SelectField>
        <div className={auctionsUi.filterSubmit}>
          <button type="submit" className={ui.primaryButton}>
            Apply Filters
          </button>
        </div>
      </div>
    </Form>
  );
}
