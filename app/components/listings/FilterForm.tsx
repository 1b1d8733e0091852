// The /listings filter form: a plain GET form (works without JavaScript); with JavaScript it only
// leaves empty fields out of the URL. It never carries `page`, so any change starts at page 1.
import { Form, useNavigate } from "@remix-run/react";
import type { FormEvent } from "react";
import { CONDITION_GROUP_LABELS, CONDITION_GROUPS, CONDITION_LABELS, CONDITION_OPTIONS, isCondition } from "~/lib/conditions.ts";
import { DEFAULT_SORT, LISTING_SORTS, RELEVANCE_SORT, type ListingFilters, type ParsedListingFilters } from "~/lib/listing-filters.ts";
import { TEST_LEVEL_OPTIONS } from "~/lib/test-levels.ts";
import { classNames } from "../shell-styles.ts";
import { ui } from "./listings-styles.ts";
import { SelectField, SelectOptions } from "./SelectField.tsx";

export interface FilterFormProps {
  filters: ListingFilters;
  errors: ParsedListingFilters["errors"];
  /** The price fields as typed, so an ignored value stays visible beside its message. */
  rawPrices: { minPrice: string; maxPrice: string };
  /** The currency prices are filtered in (every listing's price converted to it); the labels name it. */
  priceCurrency?: string;
}

/**
 * The Sort By options. The default for the query (Best match when searching, else Newest First) is
 * sent as an empty value, so adding search words to a default-sorted page switches to Best match.
 */
function sortOptions(searching: boolean) {
  const defaultSort = searching ? RELEVANCE_SORT.value : DEFAULT_SORT;
  const options = searching ? [RELEVANCE_SORT, ...LISTING_SORTS] : [...LISTING_SORTS];
  return options.map((option) => ({ label: option.label, value: option.value === defaultSort ? "" : option.value }));
}

function conditionGroupLabel(group: keyof typeof CONDITION_GROUPS): string {
  return `${CONDITION_GROUP_LABELS[group]} (${CONDITION_GROUPS[group].map((c) => CONDITION_LABELS[c]).join(", ")})`;
}

export function FilterForm({ filters, errors, rawPrices, priceCurrency = "USD" }: FilterFormProps) {
  const navigate = useNavigate();
  const searching = Boolean(filters.search);
  const defaultSort = searching ? RELEVANCE_SORT.value : DEFAULT_SORT;
  const coarseCondition =
    filters.condition && !isCondition(filters.condition) && filters.condition in CONDITION_GROUPS
      ? (filters.condition as keyof typeof CONDITION_GROUPS)
      : undefined;

  // With JavaScript: the same GET, minus the empty fields, for short shareable URLs.
  function submitWithoutEmptyFields(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (typeof value === "string" && value.trim() !== "") params.append(name, value.trim());
    }
    const query = params.toString();
    navigate(query ? `/listings?${query}` : "/listings");
  }

  return (
    <Form method="get" action="/listings" role="search" aria-label="Filter listings" onSubmit={submitWithoutEmptyFields}>
      {filters.category ? <input type="hidden" name="category" value={filters.category} /> : null}
      <div className={ui.fields}>
        <div className={classNames(ui.field, ui.fieldWide)}>
          <label htmlFor="filter-search" className={ui.label}>
            Search
          </label>
          <input
            id="filter-search"
            type="search"
            name="search"
            defaultValue={filters.search ?? ""}
            placeholder="Brand, model or keyword"
            maxLength={200}
            className={ui.input}
          />
        </div>
        <div className={ui.field}>
          <label htmlFor="filter-brand" className={ui.label}>
            Brand
          </label>
          <input
            id="filter-brand"
            type="text"
            name="brand"
            defaultValue={filters.brand ?? ""}
            placeholder="Any brand"
            maxLength={100}
            autoComplete="off"
            className={ui.input}
          />
        </div>
        <SelectField id="filter-condition" name="condition" label="Condition" value={filters.condition ?? ""}>
          <option value="">Any condition</option>
          <SelectOptions options={CONDITION_OPTIONS} />
          {coarseCondition ? <option value={coarseCondition}>{conditionGroupLabel(coarseCondition)}</option> : null}
        </SelectField>
        <SelectField id="filter-sort" name="sort" label="Sort By" value={filters.sort === defaultSort ? "" : filters.sort}>
          <SelectOptions options={sortOptions(searching)} />
        </SelectField>
        <PriceField name="minPrice" label={`Min price (${priceCurrency})`} value={rawPrices.minPrice} error={errors.minPrice} />
        <PriceField name="maxPrice" label={`Max price (${priceCurrency})`} value={rawPrices.maxPrice} error={errors.maxPrice} />
        <SelectField id="filter-test-level" name="testLevel" label="Test level" value={filters.testLevel ?? ""}>
          <option value="">Any test level</option>
          <SelectOptions options={TEST_LEVEL_OPTIONS} />
        </SelectField>
        <label className={ui.check}>
          <input type="checkbox" name="calibrated" value="1" defaultChecked={filters.calibrated === true} className={ui.checkbox} />
          Calibrated within 12 months
        </label>
      </div>
      <div className={ui.actions}>
        <button type="submit" className={ui.primaryButton}>
          Apply Filters
        </button>
      </div>
    </Form>
  );
}

function PriceField({ name, label, value, error }: { name: "minPrice" | "maxPrice"; label: string; value: string; error?: string }) {
  const id = `filter-${name}`;
  const errorId = `${name}-error`;
  return (
    <div className={ui.field}>
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      <input
        id={id}
        type="number"
        name={name}
        min={0}
        step={0.01}
        inputMode="decimal"
        placeholder={name === "minPrice" ? "0" : "Any"}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={ui.input}
      />
      {error ? (
        <p id={errorId} className={ui.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
