// Step 2 (docs/product/listings.md#ai-assistant AI wizard): every field of the draft to review and edit, up to 4 photo previews, the smart
// pricing panel and the market analysis; "Approve & Continue" for sellers, "Sign in to save your listing" for
// visitors (the draft stays on the device while they sign in); "Back to Input".
import { Alert, Box, Button, Grid, Heading, HStack, Image, Link, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";
import type { CategoryGroup } from "~/components/listing-form/ListingFormFields.tsx";
import { MarketAnalysis } from "~/components/pricing/MarketAnalysis.tsx";
import { SmartPricingPanel } from "~/components/pricing/SmartPricingPanel.tsx";
import type { AiListingDraft } from "~/lib/ai/draft.ts";
import { CONDITION_LABELS, CONDITIONS } from "~/lib/conditions.ts";
import { formatPrice } from "~/lib/money.ts";
import { AI_LISTING_MESSAGES, centsToField, type AiListingFields, type FieldErrors } from "~/schemas/ai-listing-create.ts";
import { LISTING_LIMITS, parseMoneyCents } from "~/schemas/listing.ts";
import { FeatureRows, SpecificationRows } from "./ReviewRows.tsx";
import type { WizardAction, WizardPhoto } from "./wizard-state.ts";
import { SelectField, TextareaField, TextField } from "~/components/forms/index.ts";

const CONDITION_CHOICES = CONDITIONS.map((value) => ({ value, label: CONDITION_LABELS[value] }));
/** docs/product/listings.md#ai-assistant: at most 4 image previews in the review. */
const REVIEW_PREVIEWS = 4;

type TextFieldName = Exclude<keyof AiListingFields, "specifications" | "features">;

function CategoryHelper({ draft, categoryId }: { draft: AiListingDraft; categoryId: string }) {
  const category = draft.category;
  if (category?.certain && categoryId === category.id) return <>Detected from the brand and model: {category.name}.</>;
  if (category?.certain || categoryId !== "") return <>Choose the category buyers will find it under.</>;
  return (
    <Box as="span" color="fg.warning">
      We could not be sure of the category{category ? ` (best guess: ${category.name})` : ""}. Please choose one.
    </Box>
  );
}

function AnalysisSummary({ analysis }: { analysis: AiListingDraft["analysis"] }) {
  const lines = analysis.text.filter((line) => line.trim() !== "").slice(0, 8);
  const labels = [...analysis.labels, ...analysis.objects.map((o) => ({ description: o.name, score: o.score }))]
    .sort((a, b) => b.score - a.score)
    .slice(0, 8)
    .map((l) => l.description);
  if (lines.length === 0 && labels.length === 0) return null;
  return (
    <Box as="details" borderWidth="1px" rounded="md" p="3" fontSize="sm">
      <Box as="summary" cursor="pointer" fontWeight="medium">
        What the photos showed
      </Box>
      <Stack gap="2" mt="2">
        {lines.length > 0 ? <Text>Text read from the photos: {lines.join(" · ")}</Text> : null}
        {labels.length > 0 ? <Text>Seen in the photos: {[...new Set(labels)].join(", ")}</Text> : null}
      </Stack>
    </Box>
  );
}

export function ReviewStep({
  draft,
  fields,
  photos,
  urls,
  categoryGroups,
  errors,
  signedIn,
  loginHref,
  dispatch,
  onApprove,
}: {
  draft: AiListingDraft;
  fields: AiListingFields;
  photos: WizardPhoto[];
  urls: Record<string, string>;
  categoryGroups: CategoryGroup[];
  errors: FieldErrors;
  signedIn: boolean;
  loginHref: string;
  dispatch: (action: WizardAction) => void;
  onApprove: () => void;
}) {
  const set = (field: TextFieldName) => (value: string) => dispatch({ type: "field", field, value });
  const priceCents = parseMoneyCents(fields.price) ?? draft.priceCents;
  const previews = photos.slice(0, REVIEW_PREVIEWS);

  return (
    <Stack gap="6">
      {draft.fallbackMode ? (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>
            {draft.notice ??
              "Generated without AI: the AI service was not available, so this draft was built from the brand, model and condition and the typical specifications of its category. Please check every field."}
          </Alert.Title>
        </Alert.Root>
      ) : draft.notice ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{draft.notice}</Alert.Title>
        </Alert.Root>
      ) : null}

      <Grid templateColumns={{ base: "1fr", lg: "minmax(0, 3fr) minmax(0, 2fr)" }} gap="8" alignItems="start">
        <Stack gap="5">
          <TextField
            id="wizard-title"
            label="Title"
            required
            value={fields.title}
            onChange={set("title")}
            errors={errors.title}
            maxLength={LISTING_LIMITS.title}
          />
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <TextField
              id="wizard-price"
              label="Price (USD)"
              required
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              value={fields.price}
              onChange={set("price")}
              errors={errors.price}
              helper={`Suggested: ${formatPrice(draft.priceCents, "USD")}`}
            />
            <SelectField
              id="wizard-review-condition"
              label="Condition"
              value={fields.condition}
              onChange={set("condition")}
              options={CONDITION_CHOICES}
              errors={errors.condition}
            />
            <TextField
              id="wizard-review-brand"
              label="Brand"
              required
              value={fields.brand}
              onChange={set("brand")}
              errors={errors.brand}
              maxLength={LISTING_LIMITS.brand}
            />
            <TextField
              id="wizard-review-model"
              label="Model"
              required
              value={fields.model}
              onChange={set("model")}
              errors={errors.model}
              maxLength={LISTING_LIMITS.model}
            />
          </SimpleGrid>
          <SelectField
            id="wizard-category"
            label="Category"
            required
            value={fields.categoryId}
            onChange={set("categoryId")}
            groups={categoryGroups}
            placeholder="Choose a category"
            errors={errors.categoryId}
            helper={<CategoryHelper draft={draft} categoryId={fields.categoryId} />}
          />
          <TextareaField
            id="wizard-description"
            label="Description"
            required
            rows={12}
            value={fields.description}
            onChange={set("description")}
            errors={errors.description}
          />
          <SpecificationRows
            rows={fields.specifications}
            errors={errors}
            onChange={(index, part, value) => dispatch({ type: "spec", index, part, value })}
            onAdd={() => dispatch({ type: "add-spec" })}
            onRemove={(index) => dispatch({ type: "remove-spec", index })}
          />
          <FeatureRows
            features={fields.features}
            errors={errors}
            onChange={(index, value) => dispatch({ type: "feature", index, value })}
            onAdd={() => dispatch({ type: "add-feature" })}
            onRemove={(index) => dispatch({ type: "remove-feature", index })}
          />
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
            <TextField
              id="wizard-location"
              label="Location"
              value={fields.location}
              onChange={set("location")}
              errors={errors.location}
              maxLength={LISTING_LIMITS.location}
            />
            <TextField id="wizard-year" label="Year" type="number" inputMode="numeric" value={fields.year} onChange={set("year")} errors={errors.year} />
            <TextField
              id="wizard-serial"
              label="Serial number"
              value={fields.serialNumber}
              onChange={set("serialNumber")}
              errors={errors.serialNumber}
              maxLength={LISTING_LIMITS.serialNumber}
            />
          </SimpleGrid>
        </Stack>

        <Stack gap="6">
          {previews.length > 0 ? (
            <Box as="section" aria-labelledby="wizard-previews-heading">
              <Heading as="h3" size="sm" id="wizard-previews-heading" mb="2">
                Photos
              </Heading>
              <SimpleGrid as="ul" columns={2} gap="2" listStyleType="none" m="0" p="0">
                {previews.map((photo, index) => (
                  <Box as="li" key={photo.id} position="relative" rounded="md" overflow="hidden" borderWidth="1px">
                    {urls[photo.id] ? (
                      <Image src={urls[photo.id]} alt={`Photo ${index + 1}: ${photo.name}`} aspectRatio={4 / 3} objectFit="cover" w="full" />
                    ) : (
                      <Box aspectRatio={4 / 3} bg="bg.muted" />
                    )}
                  </Box>
                ))}
              </SimpleGrid>
              {photos.length > REVIEW_PREVIEWS ? (
                <Text fontSize="sm" color="fg.muted" mt="1">
                  and {photos.length - REVIEW_PREVIEWS} more
                </Text>
              ) : null}
            </Box>
          ) : null}
          <SmartPricingPanel
            guidance={draft.guidance}
            priceCents={priceCents}
            onPriceChange={(cents: number) => dispatch({ type: "field", field: "price", value: centsToField(cents) })}
            condition={fields.condition}
          />
          <MarketAnalysis guidance={draft.guidance} />
          <AnalysisSummary analysis={draft.analysis} />
        </Stack>
      </Grid>

      <HStack gap="3" flexWrap="wrap">
        <Button variant="outline" onClick={() => dispatch({ type: "back" })} minH="11">
          Back to Input
        </Button>
        {signedIn ? (
          <Button colorPalette="blue" onClick={onApprove} minH="11">
            Approve &amp; Continue
          </Button>
        ) : (
          <Stack gap="1">
            <Button asChild colorPalette="blue" minH="11">
              <RemixLink to={loginHref}>{AI_LISTING_MESSAGES.signInToSave}</RemixLink>
            </Button>
            <Text fontSize="sm" color="fg.muted">
              Your draft and photos stay on this device; after signing in with a seller account you continue here.{" "}
              <Link asChild color="blue.fg">
                <RemixLink to="/register">Create an account</RemixLink>
              </Link>
            </Text>
          </Stack>
        )}
      </HStack>
    </Stack>
  );
}
