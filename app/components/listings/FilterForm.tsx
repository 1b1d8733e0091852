// The /listings filter form: a plain GET form (works without JavaScript); with JavaScript it only
// leaves empty fields out of the URL. It never carries `page`, so any change starts at page 1.
import { Box, Button, chakra, Field, HStack, Input, NativeSelect, SimpleGrid } from "@chakra-ui/react";
import { Form, useNavigate } from "@remix-run/react";
import type { FormEvent } from "react";
import { CONDITION_GROUP_LABELS, CONDITION_GROUPS, CONDITION_LABELS, CONDITION_OPTIONS, isCondition } from "~/lib/conditions.ts";
import { DEFAULT_SORT, LISTING_SORTS, RELEVANCE_SORT, type ListingFilters, type ParsedListingFilters } from "~/lib/listing-filters.ts";
import { TEST_LEVEL_OPTIONS } from "~/lib/test-levels.ts";

export interface FilterFormProps {
  filters: ListingFilters;
  errors: ParsedListingFilters["errors"];
  /** The price fields as typed, so an ignored value stays visible beside its message. */
  rawPrices: { minPrice: string; maxPrice: string };
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

export function FilterForm({ filters, errors, rawPrices }: FilterFormProps) {
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
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4" alignItems="start">
        <Field.Root gridColumn={{ sm: "span 2" }}>
          <Field.Label>Search</Field.Label>
          <Input type="search" name="search" defaultValue={filters.search ?? ""} placeholder="Brand, model or keyword" maxLength={200} />
        </Field.Root>
        <Field.Root>
          <Field.Label>Condition</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field name="condition" defaultValue={filters.condition ?? ""}>
              <option value="">Any condition</option>
              {CONDITION_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
              {coarseCondition ? <option value={coarseCondition}>{conditionGroupLabel(coarseCondition)}</option> : null}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root>
          <Field.Label>Sort By</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field name="sort" defaultValue={filters.sort === defaultSort ? "" : filters.sort}>
              {sortOptions(searching).map((option) => (
                <option key={option.label} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <PriceField name="minPrice" label="Min price" value={rawPrices.minPrice} error={errors.minPrice} />
        <PriceField name="maxPrice" label="Max price" value={rawPrices.maxPrice} error={errors.maxPrice} />
        <Field.Root>
          <Field.Label>Test level</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field name="testLevel" defaultValue={filters.testLevel ?? ""}>
              <option value="">Any test level</option>
              {TEST_LEVEL_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Box pt={{ lg: "9" }}>
          <HStack as="label" gap="2" cursor="pointer" fontSize="sm" fontWeight="medium">
            <chakra.input
              type="checkbox"
              name="calibrated"
              value="1"
              defaultChecked={filters.calibrated === true}
              w="4"
              h="4"
              accentColor="blue.solid"
              cursor="pointer"
            />
            Calibrated within 12 months
          </HStack>
        </Box>
      </SimpleGrid>
      <HStack mt="4" gap="3">
        <Button type="submit" colorPalette="blue">
          Apply Filters
        </Button>
      </HStack>
    </Form>
  );
}

function PriceField({ name, label, value, error }: { name: string; label: string; value: string; error?: string }) {
  const errorId = `${name}-error`;
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <Input
        type="number"
        name={name}
        min={0}
        step={0.01}
        inputMode="decimal"
        placeholder={name === "minPrice" ? "0" : "Any"}
        defaultValue={value}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <Field.ErrorText id={errorId} color="red.fg">
          {error}
        </Field.ErrorText>
      ) : null}
    </Field.Root>
  );
}
