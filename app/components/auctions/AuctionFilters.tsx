// The /auctions filters: Status, Category and Sort By in a plain GET form (works without JavaScript). It never
// carries `page`, so any change starts at page 1. With JavaScript it only leaves default values out of the URL.
import { Form, useNavigate } from "@remix-run/react";
import type { FormEvent, ReactNode } from "react";
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
          {AUCTION_LIST_STATUSES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <SelectField id="auction-category" name="category" label="Category" value={filters.category}>
          <option value="">{ALL_CATEGORIES_LABEL}</option>
          {AUCTION_CATEGORIES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <SelectField id="auction-sort" name="sort" label="Sort By" value={filters.sort}>
          {AUCTION_SORTS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
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

function SelectField({ id, name, label, value, children }: { id: string; name: string; label: string; value: string; children: ReactNode }) {
  return (
    <div className={ui.field}>
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      <div className={ui.selectBox}>
        <select id={id} name={name} defaultValue={value} className={ui.select}>
          {children}
        </select>
        <span className={ui.selectIcon} aria-hidden="true">
          <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M6 9l6 6 6-6" />
          </svg>
        </span>
      </div>
    </div>
  );
}
