// The listing type and its price fields. buy_now is the only type for now; the auctions issue adds
// auction and hybrid to LISTING_TYPES and their fields here (starting price, reserve price, duration,
// bid increment, auto-extend), shown for the chosen type.
import type { FieldMetadata } from "@conform-to/react";
import { Fieldset, SimpleGrid } from "@chakra-ui/react";
import { CURRENCIES, CURRENCY_SYMBOLS } from "~/lib/money.ts";
import { LISTING_TYPE_LABELS, LISTING_TYPES, type ListingFormInput } from "~/schemas/listing.ts";
import { InputField } from "./InputField.tsx";
import { SelectField } from "./SelectField.tsx";

const TYPE_OPTIONS = LISTING_TYPES.map((value) => ({ value, label: LISTING_TYPE_LABELS[value] }));
const CURRENCY_OPTIONS = CURRENCIES.map((value) => ({ value, label: `${value} (${CURRENCY_SYMBOLS[value]})` }));

export interface ListingTypeFieldMetas {
  listingType: FieldMetadata<ListingFormInput["listingType"]>;
  price: FieldMetadata<ListingFormInput["price"]>;
  currency: FieldMetadata<ListingFormInput["currency"]>;
}

export function ListingTypeFields({ fields }: { fields: ListingTypeFieldMetas }) {
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontSize="lg" fontWeight="semibold">
        Listing type and price
      </Fieldset.Legend>
      <Fieldset.Content>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <SelectField meta={fields.listingType} label="Listing type" options={TYPE_OPTIONS} required />
          <InputField
            meta={fields.price}
            label="Price"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            required
            helper="The buy-now price buyers pay."
          />
          <SelectField meta={fields.currency} label="Currency" options={CURRENCY_OPTIONS} />
        </SimpleGrid>
      </Fieldset.Content>
    </Fieldset.Root>
  );
}
