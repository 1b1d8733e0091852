// Every field of the manual listing form, shared by /create-listing and /edit-listing/{id}.
import type { FormMetadata } from "@conform-to/react";
import { Checkbox, Fieldset, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { PriceHintNote } from "~/components/pricing/PriceHintNote.tsx";
import { CONDITION_OPTIONS } from "~/lib/conditions.ts";
import { priceHint, type PriceHintTable } from "~/lib/pricing/price-hints.ts";
import { TEST_LEVEL_OPTIONS } from "~/lib/test-levels.ts";
import { LISTING_LIMITS, LISTING_STATUS_LABELS, type ListingFormInput, type ListingStatus } from "~/schemas/listing.ts";
import { FeatureRows, SpecificationRows } from "./ListingRows.tsx";
import { ImagePicker, SelectField, TextareaField, TextField } from "~/components/forms/index.ts";
import { listingImageHelp, listingImageRules } from "./listing-image-rules.ts";
import { ListingTypeFields, type ListingAuctionContext } from "./ListingTypeFields.tsx";

export interface CategoryGroup {
  label: string;
  options: Array<{ value: string; label: string }>;
}

/**
 * The form as these components read it. Create and edit forms differ only in the statuses they accept,
 * so their conform metadata is passed as this one type.
 */
export type ListingFormMetadata = FormMetadata<ListingFormInput>;

export interface ListingFormFieldsProps {
  form: ListingFormMetadata;
  categoryGroups: CategoryGroup[];
  /** The statuses the seller may choose; null when the status cannot change (a sold listing). */
  statuses: readonly ListingStatus[] | null;
  images: { maxFiles: number; existingCount: number; errors: string[]; rechoose: boolean };
  /** The edit form: the listing's live auction, or whether a new one may start. */
  auctions?: ListingAuctionContext;
  /** What similar equipment sells for (app/services/pricing/price-hints.server.ts); no hint without it. */
  priceHints?: PriceHintTable | null;
}

export function ListingFormFields({ form, categoryGroups, statuses, images, auctions, priceHints }: ListingFormFieldsProps) {
  const fields = form.getFieldset();
  const hint = priceHint(priceHints, {
    categoryId: fields.categoryId.value,
    brand: fields.brand.value,
    condition: fields.condition.value,
    currency: fields.currency.value,
  });
  const latestYear = new Date().getUTCFullYear();
  return (
    <Stack gap="8">
      <Fieldset.Root>
        <Fieldset.Legend fontSize="lg" fontWeight="semibold">
          The equipment
        </Fieldset.Legend>
        <Fieldset.Content>
          <TextField
            meta={fields.title}
            label="Title"
            required
            maxLength={LISTING_LIMITS.title}
            placeholder="e.g. Keysight DSOX3034T 350 MHz 4-channel oscilloscope"
          />
          <TextareaField meta={fields.description} label="Description" required rows={8} maxLength={LISTING_LIMITS.description} />
          <SelectField meta={fields.categoryId} label="Category" groups={categoryGroups} placeholder="Select a category" required />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <TextField meta={fields.brand} label="Brand" maxLength={LISTING_LIMITS.brand} placeholder="e.g. Keysight" />
            <TextField meta={fields.model} label="Model" maxLength={LISTING_LIMITS.model} placeholder="e.g. DSOX3034T" />
            <SelectField meta={fields.condition} label="Condition" options={CONDITION_OPTIONS} placeholder="Select a condition" required />
            <TextField
              meta={fields.year}
              label="Year"
              type="number"
              inputMode="numeric"
              min={LISTING_LIMITS.firstYear}
              max={latestYear}
              step={1}
              helper={`Year of manufacture, ${LISTING_LIMITS.firstYear}–${latestYear}.`}
            />
            <TextField meta={fields.serialNumber} label="Serial number" maxLength={LISTING_LIMITS.serialNumber} />
            <TextField meta={fields.location} label="Location" maxLength={LISTING_LIMITS.location} placeholder="e.g. Austin, TX" />
          </SimpleGrid>
        </Fieldset.Content>
      </Fieldset.Root>

      <ListingTypeFields fields={fields} auctions={auctions} priceHint={priceHints ? <PriceHintNote hint={hint} /> : null} />

      <FeatureRows form={form} meta={fields.features} />
      <SpecificationRows form={form} meta={fields.specifications} />

      <Fieldset.Root>
        <Fieldset.Legend fontSize="lg" fontWeight="semibold">
          Testing and calibration
        </Fieldset.Legend>
        <Fieldset.Content>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <SelectField meta={fields.testLevel} label="Test level" options={TEST_LEVEL_OPTIONS} placeholder="Not stated" />
            <TextField meta={fields.calibrationDate} label="Calibration date" type="date" />
            <TextField meta={fields.calibrationDue} label="Calibration due" type="date" />
          </SimpleGrid>
          {/* The input's id goes through the root's ids, so the label (the root) points at it: an id set on the input
              alone left the label pointing nowhere, and only the keyboard ticked the box. */}
          <Checkbox.Root
            name={fields.calibrationAccredited.name}
            value="on"
            defaultChecked={fields.calibrationAccredited.initialValue === "on"}
            ids={{ hiddenInput: fields.calibrationAccredited.id }}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Calibrated by an ISO/IEC 17025 accredited laboratory</Checkbox.Label>
          </Checkbox.Root>
          <TextareaField
            meta={fields.installedOptions}
            label="Installed options"
            rows={3}
            maxLength={LISTING_LIMITS.installedOptions}
            helper="Option codes and licences, e.g. “DSOX3MSO, DSOX3AWG”."
          />
        </Fieldset.Content>
      </Fieldset.Root>

      <Fieldset.Root>
        <Fieldset.Legend fontSize="lg" fontWeight="semibold">
          Images
        </Fieldset.Legend>
        <Fieldset.Content>
          <ImagePicker
            mode="form"
            id="listing-images"
            name="images"
            label={images.existingCount > 0 ? "Add images" : "Choose images"}
            primaryFirst={images.existingCount === 0}
            errors={images.errors}
            rechoose={images.rechoose}
            rules={listingImageRules(images.maxFiles, images.existingCount)}
            helper={listingImageHelp(images.maxFiles, images.existingCount)}
          />
        </Fieldset.Content>
      </Fieldset.Root>

      <Fieldset.Root>
        <Fieldset.Legend fontSize="lg" fontWeight="semibold">
          Visibility
        </Fieldset.Legend>
        <Fieldset.Content>
          {statuses ? (
            <SelectField
              meta={fields.status}
              label="Status"
              options={statuses.map((value) => ({ value, label: LISTING_STATUS_LABELS[value] }))}
              helper="Active listings are public. Drafts and archived listings are seen only by you and administrators."
            />
          ) : (
            <Text>This listing is sold, so its status stays Sold.</Text>
          )}
        </Fieldset.Content>
      </Fieldset.Root>
    </Stack>
  );
}
