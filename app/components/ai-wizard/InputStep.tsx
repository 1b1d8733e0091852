// Step 1 (docs/product/listings.md#ai-assistant AI wizard): brand and model (required), condition, photos; "Generate AI Listing" stays disabled
// while generating or while brand, model or photos are missing, and says what is missing.
import { Box, Button, Link, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";
import { CONDITION_LABELS, CONDITIONS } from "~/lib/conditions.ts";
import { WIZARD_MAX_PHOTOS, type FieldErrors } from "~/schemas/ai-listing-create.ts";
import { missingForGeneration, WIZARD_PHOTO_RULES, type WizardInput as Input, type WizardPhoto } from "./wizard-state.ts";
import { ImagePicker, SelectField, TextField } from "~/components/forms/index.ts";

function newId(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

const CONDITION_CHOICES = CONDITIONS.map((value) => ({ value, label: CONDITION_LABELS[value] }));

export function InputStep({
  input,
  photos,
  urls,
  errors,
  generating,
  signedIn,
  loginHref,
  onInput,
  onAddPhotos,
  onRemovePhoto,
  onGenerate,
}: {
  input: Input;
  photos: WizardPhoto[];
  urls: Record<string, string>;
  errors: FieldErrors;
  generating: boolean;
  signedIn: boolean;
  loginHref: string;
  onInput: (field: keyof Input, value: string) => void;
  onAddPhotos: (photos: WizardPhoto[]) => void;
  onRemovePhoto: (id: string) => void;
  onGenerate: () => void;
}) {
  const missing = missingForGeneration({ input, photos });
  return (
    <Stack gap="6">
      <Text color="fg.muted">
        Give the brand, model and condition and add a few photos — a clear shot of the nameplate helps most. The assistant drafts the title, description,
        specifications and features and suggests a price from comparable listings on Tradebench.
      </Text>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <TextField id="wizard-brand" label="Brand" required value={input.brand} onChange={(v) => onInput("brand", v)} errors={errors.brand} />
        <TextField id="wizard-model" label="Model" required value={input.model} onChange={(v) => onInput("model", v)} errors={errors.model} />
        <SelectField
          id="wizard-condition"
          label="Condition"
          value={input.condition}
          onChange={(v) => onInput("condition", v)}
          options={CONDITION_CHOICES}
          errors={errors.condition}
        />
      </SimpleGrid>
      <ImagePicker
        mode="controlled"
        id="wizard-photos"
        legend="Photos"
        images={photos}
        urls={urls}
        onAdd={(files) => onAddPhotos(files.map((file) => ({ id: newId(), name: file.name, size: file.size, type: file.type, blob: file })))}
        onRemove={onRemovePhoto}
        errors={[...(errors.photos ?? []), ...(errors.images ?? [])]}
        disabled={generating}
        rules={WIZARD_PHOTO_RULES}
        helper={`PNG, JPG, GIF up to 10MB. Up to ${WIZARD_MAX_PHOTOS} photos; include the nameplate. The first photo is the primary one.`}
      />
      <Stack gap="2" align="start">
        <Button
          colorPalette="purple"
          size="lg"
          onClick={onGenerate}
          disabled={generating || missing.length > 0}
          loading={generating}
          loadingText="Generating..."
        >
          Generate AI Listing
        </Button>
        {missing.length > 0 && !generating ? (
          <Text fontSize="sm" color="fg.muted">
            To generate, add: {missing.join(", ")}.
          </Text>
        ) : null}
        <Box fontSize="sm" color="fg.muted">
          {signedIn ? (
            "Your draft is kept on this device until the listing is created."
          ) : (
            <>
              Anyone can try the assistant; to save the listing you need to{" "}
              <Link asChild color="blue.fg">
                <RemixLink to={loginHref}>sign in</RemixLink>
              </Link>{" "}
              with a seller account. Your draft is kept on this device meanwhile.
            </>
          )}
        </Box>
      </Stack>
    </Stack>
  );
}
