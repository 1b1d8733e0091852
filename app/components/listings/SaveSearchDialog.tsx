// Save Search: a name field revealed by a <details> element, so it works with or without JavaScript.
// The form posts the current filters in hidden fields to the /listings action (intent=save-search).
// /listings loads this module lazily (it brings conform and zod): only members with filters set see it.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Box, Button, chakra, HStack, Stack } from "@chakra-ui/react";
import { Form, useNavigation } from "@remix-run/react";
import { FormErrors, TextField } from "~/components/forms.tsx";
import { listingsSearchParams, filtersOnly, type ListingFilters } from "~/lib/listing-filters.ts";
import { SAVE_SEARCH_INTENT, SaveSearchSchema } from "~/schemas/saved-search.ts";
import { TOUCH, TOUCH_TARGET } from "~/lib/touch.ts";

const summaryStyles = {
  display: "inline-flex",
  alignItems: "center",
  h: "10",
  px: "4",
  rounded: "md",
  borderWidth: "1px",
  borderColor: "border",
  fontWeight: "semibold",
  fontSize: "sm",
  cursor: "pointer",
  listStyle: "none",
  userSelect: "none",
  _hover: { bg: "bg.muted" },
  _focusVisible: { outline: "2px solid", outlineColor: "blue.focusRing", outlineOffset: "2px" },
  "&::-webkit-details-marker": { display: "none" },
  [TOUCH]: { minH: TOUCH_TARGET },
} as const;

export function SaveSearchDialog({
  filters,
  lastResult,
  savedKey,
}: {
  filters: ListingFilters;
  lastResult: SubmissionResult<string[]> | undefined;
  /** Changes after each successful save, which closes the panel and empties the field. */
  savedKey: string;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === SAVE_SEARCH_INTENT;
  const [form, fields] = useForm({
    id: `save-search-${savedKey}`,
    lastResult: lastResult?.status === "error" ? lastResult : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SaveSearchSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const failed = lastResult?.status === "error";
  return (
    <chakra.details key={savedKey} open={failed || undefined}>
      <chakra.summary css={summaryStyles}>Save Search</chakra.summary>
      <Box
        mt="3"
        p="4"
        borderWidth="1px"
        rounded="lg"
        bg="bg.panel"
        shadow="md"
        minW={{ base: "full", sm: "xs" }}
        // The shared field's error colour is too faint on a panel; the palette's text shade passes AA.
        css={{ "& .chakra-field__errorText, & .chakra-field__requiredIndicator": { color: "red.fg" } }}
      >
        <Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="intent" value={SAVE_SEARCH_INTENT} />
          {[...listingsSearchParams(filtersOnly(filters))].map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Stack gap="3">
            <FormErrors id={form.errorId} errors={form.errors} />
            <TextField meta={fields.name} label="Name for this search" placeholder="e.g. Scopes under $5,000" required />
            <HStack>
              <Button type="submit" colorPalette="blue" size="sm" loading={saving} loadingText="Saving...">
                Save
              </Button>
            </HStack>
          </Stack>
        </Form>
      </Box>
    </chakra.details>
  );
}
