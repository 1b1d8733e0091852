// Step 3 (docs/product/listings.md#ai-assistant AI wizard): Buy It Now, Auction or Hybrid; Auction and Hybrid show Auction Settings (starting
// price and reserve prefilled at 80 % and 90 % of the price, duration 3/5/7/10/14 days, default 7). "Create Listing"
// is enabled once a type is chosen and reads "Creating..." while the listing is created; "Back to Edit".
import { Alert, Box, Button, Checkbox, Fieldset, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { CONDITION_LABELS, isCondition } from "~/lib/conditions.ts";
import { formatExactPrice } from "~/lib/money.ts";
import { WIZARD_DURATION_DAYS, type AiListingFields, type FieldErrors } from "~/schemas/ai-listing-create.ts";
import { isAuctionListingType, LISTING_TYPE_DESCRIPTIONS, LISTING_TYPE_LABELS, LISTING_TYPES } from "~/lib/listing-types.ts";
import { parseMoneyCents } from "~/schemas/listing.ts";
import type { WizardAction } from "./wizard-state.ts";
import { SelectField, TextField } from "~/components/forms/index.ts";

const TYPES = LISTING_TYPES.map((value) => ({ value, label: LISTING_TYPE_LABELS[value], description: LISTING_TYPE_DESCRIPTIONS[value] }));

const DURATIONS = WIZARD_DURATION_DAYS.map((days) => ({ value: String(days), label: `${days} days` }));

export function ListingTypeStep({
  fields,
  errors,
  creating,
  dispatch,
  onCreate,
}: {
  fields: AiListingFields;
  errors: FieldErrors;
  creating: boolean;
  dispatch: (action: WizardAction) => void;
  onCreate: () => void;
}) {
  const priceCents = parseMoneyCents(fields.price);
  const auction = isAuctionListingType(fields.listingType);
  const set = (field: "startingPrice" | "reservePrice" | "duration") => (value: string) => dispatch({ type: "field", field, value });
  const imageErrors = errors.images ?? [];

  return (
    <Stack gap="6">
      <Box borderWidth="1px" rounded="md" p="4" bg="bg.subtle">
        <Text fontWeight="semibold">{fields.title}</Text>
        <Text fontSize="sm" color="fg.muted">
          {[fields.brand, fields.model, isCondition(fields.condition) ? CONDITION_LABELS[fields.condition] : null].filter(Boolean).join(" · ")}
          {priceCents !== null ? ` · ${formatExactPrice(priceCents, "USD")}` : ""}
        </Text>
      </Box>

      {imageErrors.length > 0 ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{imageErrors.join(" ")}</Alert.Title>
        </Alert.Root>
      ) : null}

      <Fieldset.Root invalid={(errors.listingType?.length ?? 0) > 0}>
        <Fieldset.Legend fontSize="lg" fontWeight="semibold">
          Listing type
        </Fieldset.Legend>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="3" mt="3">
          {TYPES.map((type) => {
            const checked = fields.listingType === type.value;
            return (
              <Box
                as="label"
                key={type.value}
                display="flex"
                gap="3"
                alignItems="start"
                borderWidth="2px"
                borderColor={checked ? "blue.solid" : "border"}
                bg={checked ? "blue.subtle" : undefined}
                rounded="lg"
                p="4"
                cursor="pointer"
                _focusWithin={{ outline: "2px solid", outlineColor: "blue.focusRing", outlineOffset: "2px" }}
              >
                <input
                  type="radio"
                  name="wizard-listing-type"
                  value={type.value}
                  checked={checked}
                  onChange={() => dispatch({ type: "choose-type", listingType: type.value })}
                  style={{ marginTop: "0.3rem", width: "1.1rem", height: "1.1rem" }}
                  aria-describedby={`wizard-type-${type.value}-help`}
                />
                <Stack gap="1">
                  <Text fontWeight="semibold">{type.label}</Text>
                  <Text id={`wizard-type-${type.value}-help`} fontSize="sm" color="fg.muted">
                    {type.description}
                  </Text>
                </Stack>
              </Box>
            );
          })}
        </SimpleGrid>
        {errors.listingType ? <Fieldset.ErrorText>{errors.listingType.join(" ")}</Fieldset.ErrorText> : null}
      </Fieldset.Root>

      {auction ? (
        <Fieldset.Root>
          <Fieldset.Legend fontSize="lg" fontWeight="semibold">
            Auction Settings
          </Fieldset.Legend>
          <Fieldset.HelperText>
            The auction starts as soon as the listing is created.
            {fields.listingType === "hybrid" && priceCents !== null
              ? ` Buyers can end it at once by paying your price of ${formatExactPrice(priceCents, "USD")}.`
              : ""}
          </Fieldset.HelperText>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" mt="3">
            <TextField
              id="wizard-starting-price"
              label="Starting price (USD)"
              required
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              value={fields.startingPrice}
              onChange={set("startingPrice")}
              errors={errors.startingPrice}
              helper="Prefilled at 80% of the price."
            />
            <TextField
              id="wizard-reserve-price"
              label="Reserve price (USD)"
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              value={fields.reservePrice}
              onChange={set("reservePrice")}
              errors={errors.reservePrice}
              helper="Optional and hidden from bidders; prefilled at 90% of the price."
            />
            <SelectField
              id="wizard-duration"
              label="Duration"
              value={fields.duration}
              onChange={set("duration")}
              options={DURATIONS}
              errors={errors.duration}
            />
          </SimpleGrid>
        </Fieldset.Root>
      ) : null}

      {fields.listingType === "buy_now" || fields.listingType === "hybrid" ? (
        <Fieldset.Root invalid={Boolean(errors.acceptsOffers ?? errors.autoAcceptPrice ?? errors.autoDeclinePrice)}>
          <Fieldset.Legend fontSize="lg" fontWeight="semibold">
            Offers
          </Fieldset.Legend>
          <Fieldset.HelperText>
            Buyers may offer below your price; you accept, decline or counter within 48 hours. The two prices are never shown to buyers.
          </Fieldset.HelperText>
          <Checkbox.Root
            mt="3"
            checked={fields.acceptsOffers === "on"}
            onCheckedChange={(change) => dispatch({ type: "field", field: "acceptsOffers", value: change.checked === true ? "on" : "" })}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Accept offers</Checkbox.Label>
          </Checkbox.Root>
          {errors.acceptsOffers ? <Fieldset.ErrorText>{errors.acceptsOffers.join(" ")}</Fieldset.ErrorText> : null}
          {fields.acceptsOffers === "on" ? (
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" mt="3">
              <TextField
                id="wizard-auto-accept-price"
                label="Auto-accept offers at or above (USD)"
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                value={fields.autoAcceptPrice ?? ""}
                onChange={(value) => dispatch({ type: "field", field: "autoAcceptPrice", value })}
                errors={errors.autoAcceptPrice}
                helper="Optional; below your price."
              />
              <TextField
                id="wizard-auto-decline-price"
                label="Auto-decline offers below (USD)"
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                value={fields.autoDeclinePrice ?? ""}
                onChange={(value) => dispatch({ type: "field", field: "autoDeclinePrice", value })}
                errors={errors.autoDeclinePrice}
                helper="Optional; below the auto-accept price."
              />
            </SimpleGrid>
          ) : null}
          {fields.acceptsOffers === "on" && (errors.confirmLowPrices || fields.confirmLowPrices === "on") ? (
            <Checkbox.Root
              mt="3"
              checked={fields.confirmLowPrices === "on"}
              onCheckedChange={(change) => dispatch({ type: "field", field: "confirmLowPrices", value: change.checked === true ? "on" : "" })}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Yes, keep these prices</Checkbox.Label>
            </Checkbox.Root>
          ) : null}
          {errors.confirmLowPrices ? <Fieldset.ErrorText>{errors.confirmLowPrices.join(" ")}</Fieldset.ErrorText> : null}
        </Fieldset.Root>
      ) : null}

      <HStack gap="3" flexWrap="wrap">
        <Button variant="outline" onClick={() => dispatch({ type: "back" })} disabled={creating} minH="11">
          Back to Edit
        </Button>
        <Button colorPalette="blue" onClick={onCreate} disabled={fields.listingType === "" || creating} loading={creating} loadingText="Creating..." minH="11">
          Create Listing
        </Button>
      </HStack>
    </Stack>
  );
}
