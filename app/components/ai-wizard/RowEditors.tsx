// The review step's specification rows (name and value) and feature lines, each with Remove, and Add buttons
// ("New feature" is the new line's text, spec 01 §2).
import { Box, Button, Fieldset, HStack, Input, Stack, Text } from "@chakra-ui/react";
import type { FieldErrors } from "~/schemas/ai-listing-create.ts";

export function SpecificationRows({
  rows,
  errors,
  onChange,
  onAdd,
  onRemove,
}: {
  rows: Array<{ key: string; value: string }>;
  errors: FieldErrors;
  onChange: (index: number, part: "key" | "value", value: string) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
}) {
  const listError = errors.specifications;
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="medium">Specifications</Fieldset.Legend>
      <Stack gap="2" mt="2">
        {rows.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            No specifications yet.
          </Text>
        ) : null}
        {rows.map((row, index) => {
          const keyErrors = errors[`specifications.${index}.key`] ?? [];
          const valueErrors = errors[`specifications.${index}.value`] ?? [];
          const rowErrors = [...keyErrors, ...valueErrors];
          return (
            <Box key={index}>
              <HStack gap="2" align="start" flexWrap={{ base: "wrap", sm: "nowrap" }}>
                <Input
                  aria-label={`Specification ${index + 1} name`}
                  value={row.key}
                  onChange={(event) => onChange(index, "key", event.target.value)}
                  aria-invalid={keyErrors.length > 0 || undefined}
                  aria-describedby={rowErrors.length > 0 ? `wizard-spec-${index}-error` : undefined}
                  flex="1"
                  minW="32"
                />
                <Input
                  aria-label={`Specification ${index + 1} value`}
                  value={row.value}
                  onChange={(event) => onChange(index, "value", event.target.value)}
                  aria-invalid={valueErrors.length > 0 || undefined}
                  aria-describedby={rowErrors.length > 0 ? `wizard-spec-${index}-error` : undefined}
                  flex="2"
                  minW="40"
                />
                <Button variant="outline" colorPalette="red" onClick={() => onRemove(index)} minH="11" flexShrink={0}>
                  Remove<Box as="span" srOnly>{` specification ${index + 1}`}</Box>
                </Button>
              </HStack>
              {rowErrors.length > 0 ? (
                <Text id={`wizard-spec-${index}-error`} fontSize="sm" color="fg.error" mt="1">
                  {rowErrors.join(" ")}
                </Text>
              ) : null}
            </Box>
          );
        })}
        {listError ? (
          <Text fontSize="sm" color="fg.error">
            {listError.join(" ")}
          </Text>
        ) : null}
        <Button variant="outline" size="sm" alignSelf="start" onClick={onAdd} minH="11">
          Add specification
        </Button>
      </Stack>
    </Fieldset.Root>
  );
}

export function FeatureRows({
  features,
  errors,
  onChange,
  onAdd,
  onRemove,
}: {
  features: string[];
  errors: FieldErrors;
  onChange: (index: number, value: string) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
}) {
  const listError = errors.features;
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="medium">Features</Fieldset.Legend>
      <Stack gap="2" mt="2">
        {features.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            No features yet.
          </Text>
        ) : null}
        {features.map((feature, index) => {
          const rowErrors = errors[`features.${index}`] ?? [];
          return (
            <Box key={index}>
              <HStack gap="2">
                <Input
                  aria-label={`Feature ${index + 1}`}
                  value={feature}
                  onChange={(event) => onChange(index, event.target.value)}
                  aria-invalid={rowErrors.length > 0 || undefined}
                  aria-describedby={rowErrors.length > 0 ? `wizard-feature-${index}-error` : undefined}
                />
                <Button variant="outline" colorPalette="red" onClick={() => onRemove(index)} minH="11" flexShrink={0}>
                  Remove<Box as="span" srOnly>{` feature ${index + 1}`}</Box>
                </Button>
              </HStack>
              {rowErrors.length > 0 ? (
                <Text id={`wizard-feature-${index}-error`} fontSize="sm" color="fg.error" mt="1">
                  {rowErrors.join(" ")}
                </Text>
              ) : null}
            </Box>
          );
        })}
        {listError ? (
          <Text fontSize="sm" color="fg.error">
            {listError.join(" ")}
          </Text>
        ) : null}
        <Button variant="outline" size="sm" alignSelf="start" onClick={onAdd} minH="11">
          Add feature
        </Button>
      </Stack>
    </Fieldset.Root>
  );
}
