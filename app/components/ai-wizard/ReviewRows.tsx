// The review step's specification rows (name and value) and feature lines on the kit's RowEditor, over the wizard's
// state ("New feature" is the new line's text, docs/product/listings.md#ai-assistant).
import { RowEditor } from "~/components/forms/RowEditor.tsx";
import type { FieldErrors } from "~/schemas/ai-listing-create.ts";
import { LISTING_LIMITS } from "~/schemas/listing.ts";

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
  return (
    <RowEditor
      legend="Specifications"
      emptyText="No specifications yet."
      rows={rows.map((row, index) => ({
        key: index,
        errorId: `wizard-spec-${index}-error`,
        removeName: `specification ${index + 1}`,
        remove: { type: "button", onClick: () => onRemove(index) },
        cells: [
          {
            label: `Specification ${index + 1} name`,
            maxLength: LISTING_LIMITS.specificationKey,
            errors: errors[`specifications.${index}.key`] ?? [],
            minW: "32",
            input: { value: row.key, onChange: (event) => onChange(index, "key", event.target.value) },
          },
          {
            label: `Specification ${index + 1} value`,
            maxLength: LISTING_LIMITS.specificationValue,
            errors: errors[`specifications.${index}.value`] ?? [],
            flex: "2",
            minW: "40",
            input: { value: row.value, onChange: (event) => onChange(index, "value", event.target.value) },
          },
        ],
      }))}
      listErrors={errors.specifications}
      addLabel="Add specification"
      add={{ type: "button", onClick: onAdd }}
    />
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
  return (
    <RowEditor
      legend="Features"
      emptyText="No features yet."
      rows={features.map((feature, index) => ({
        key: index,
        errorId: `wizard-feature-${index}-error`,
        removeName: `feature ${index + 1}`,
        remove: { type: "button", onClick: () => onRemove(index) },
        cells: [
          {
            label: `Feature ${index + 1}`,
            maxLength: LISTING_LIMITS.feature,
            errors: errors[`features.${index}`] ?? [],
            input: { value: feature, onChange: (event) => onChange(index, event.target.value) },
          },
        ],
      }))}
      listErrors={errors.features}
      addLabel="Add feature"
      add={{ type: "button", onClick: onAdd }}
    />
  );
}
