// Feature rows and specification (name/value) rows. Add and remove are conform intent buttons: with
// JavaScript they change the list at once; without it they submit the form, which comes back with the
// values kept and the list changed (files must then be chosen again).
import { getInputProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { Box, Button, Field, Fieldset, HStack, Input, Stack, Text } from "@chakra-ui/react";
import type { ListingFormInput } from "~/schemas/listing.ts";
import { LISTING_LIMITS } from "~/schemas/listing.ts";

type Form = FormMetadata<ListingFormInput>;

function RowError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors || errors.length === 0) return null;
  return (
    <Text id={id} color="fg.error" fontSize="sm">
      {errors.join(" ")}
    </Text>
  );
}

export function FeatureRows({ form, meta }: { form: Form; meta: FieldMetadata<ListingFormInput["features"]> }) {
  const rows = meta.getFieldList();
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontSize="lg" fontWeight="semibold">
        Features
      </Fieldset.Legend>
      <Fieldset.HelperText>One feature per row, e.g. “Option 1GB memory installed”. Empty rows are left out.</Fieldset.HelperText>
      <Fieldset.Content>
        <Stack gap="2" as="ol" listStyleType="none" m="0" p="0">
          {rows.map((row, index) => {
            const { key, ...props } = getInputProps(row, { type: "text", ariaAttributes: true });
            return (
              <Box as="li" key={key}>
                <HStack gap="2" align="start">
                  <Field.Root invalid={(row.errors?.length ?? 0) > 0} flex="1">
                    <Input {...props} aria-label={`Feature ${index + 1}`} maxLength={LISTING_LIMITS.feature} />
                  </Field.Root>
                  <Button type="submit" variant="ghost" colorPalette="red" {...form.remove.getButtonProps({ name: meta.name, index })}>
                    Remove<Box as="span" srOnly>{` feature ${index + 1}`}</Box>
                  </Button>
                </HStack>
                <RowError id={row.errorId} errors={row.errors} />
              </Box>
            );
          })}
        </Stack>
        <RowError id={meta.errorId} errors={meta.errors} />
        {rows.length < LISTING_LIMITS.features ? (
          <Button type="submit" variant="outline" alignSelf="start" {...form.insert.getButtonProps({ name: meta.name, defaultValue: "" })}>
            Add feature
          </Button>
        ) : null}
      </Fieldset.Content>
    </Fieldset.Root>
  );
}

export function SpecificationRows({ form, meta }: { form: Form; meta: FieldMetadata<ListingFormInput["specifications"]> }) {
  const rows = meta.getFieldList();
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontSize="lg" fontWeight="semibold">
        Specifications
      </Fieldset.Legend>
      <Fieldset.HelperText>A name and a value per row, e.g. “Bandwidth” and “500 MHz”. Rows missing either are left out.</Fieldset.HelperText>
      <Fieldset.Content>
        <Stack gap="2" as="ol" listStyleType="none" m="0" p="0">
          {rows.map((row, index) => {
            const cells = row.getFieldset();
            const { key: nameKey, ...nameProps } = getInputProps(cells.key, { type: "text", ariaAttributes: true });
            const { key: valueKey, ...valueProps } = getInputProps(cells.value, { type: "text", ariaAttributes: true });
            return (
              <Box as="li" key={row.key}>
                <HStack gap="2" align="start" wrap={{ base: "wrap", sm: "nowrap" }}>
                  <Field.Root invalid={(cells.key.errors?.length ?? 0) > 0} flex="1" minW="10rem">
                    <Input
                      key={nameKey}
                      {...nameProps}
                      aria-label={`Specification ${index + 1} name`}
                      placeholder="Name"
                      maxLength={LISTING_LIMITS.specificationKey}
                    />
                  </Field.Root>
                  <Field.Root invalid={(cells.value.errors?.length ?? 0) > 0} flex="2" minW="10rem">
                    <Input
                      key={valueKey}
                      {...valueProps}
                      aria-label={`Specification ${index + 1} value`}
                      placeholder="Value"
                      maxLength={LISTING_LIMITS.specificationValue}
                    />
                  </Field.Root>
                  <Button type="submit" variant="ghost" colorPalette="red" {...form.remove.getButtonProps({ name: meta.name, index })}>
                    Remove<Box as="span" srOnly>{` specification ${index + 1}`}</Box>
                  </Button>
                </HStack>
                <RowError id={cells.key.errorId} errors={cells.key.errors} />
                <RowError id={cells.value.errorId} errors={cells.value.errors} />
              </Box>
            );
          })}
        </Stack>
        <RowError id={meta.errorId} errors={meta.errors} />
        {rows.length < LISTING_LIMITS.specifications ? (
          <Button type="submit" variant="outline" alignSelf="start" {...form.insert.getButtonProps({ name: meta.name, defaultValue: { key: "", value: "" } })}>
            Add specification
          </Button>
        ) : null}
      </Fieldset.Content>
    </Fieldset.Root>
  );
}
