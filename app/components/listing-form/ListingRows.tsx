// The listing form's feature and specification rows on the kit's RowEditor. Add and remove are conform intent
// buttons: with JavaScript they change the list at once; without it they submit the form, which comes back with the
// values kept and the list changed (files must then be chosen again).
import { getInputProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { RowEditor } from "~/components/forms/RowEditor.tsx";
import type { ListingFormInput } from "~/schemas/listing.ts";
import { LISTING_LIMITS } from "~/schemas/listing.ts";

type Form = FormMetadata<ListingFormInput>;

export function FeatureRows({ form, meta }: { form: Form; meta: FieldMetadata<ListingFormInput["features"]> }) {
  const rows = meta.getFieldList();
  return (
    <RowEditor
      legend="Features"
      helper="One feature per row, e.g. “Option 1GB memory installed”. Empty rows are left out."
      rows={rows.map((row, index) => ({
        key: row.key ?? index,
        errorId: row.errorId,
        removeName: `feature ${index + 1}`,
        remove: { type: "submit", ...form.remove.getButtonProps({ name: meta.name, index }) },
        cells: [
          {
            label: `Feature ${index + 1}`,
            maxLength: LISTING_LIMITS.feature,
            errors: row.errors ?? [],
            input: getInputProps(row, { type: "text", ariaAttributes: false }),
          },
        ],
      }))}
      listErrors={meta.errors}
      listErrorId={meta.errorId}
      addLabel="Add feature"
      add={rows.length < LISTING_LIMITS.features ? { type: "submit", ...form.insert.getButtonProps({ name: meta.name, defaultValue: "" }) } : null}
    />
  );
}

export function SpecificationRows({ form, meta }: { form: Form; meta: FieldMetadata<ListingFormInput["specifications"]> }) {
  const rows = meta.getFieldList();
  return (
    <RowEditor
      legend="Specifications"
      helper="A name and a value per row, e.g. “Bandwidth” and “500 MHz”. Rows missing either are left out."
      rows={rows.map((row, index) => {
        const cells = row.getFieldset();
        return {
          key: row.key ?? index,
          errorId: row.errorId,
          removeName: `specification ${index + 1}`,
          remove: { type: "submit", ...form.remove.getButtonProps({ name: meta.name, index }) },
          cells: [
            {
              label: `Specification ${index + 1} name`,
              placeholder: "Name",
              maxLength: LISTING_LIMITS.specificationKey,
              errors: cells.key.errors ?? [],
              minW: "10rem",
              input: getInputProps(cells.key, { type: "text", ariaAttributes: false }),
            },
            {
              label: `Specification ${index + 1} value`,
              placeholder: "Value",
              maxLength: LISTING_LIMITS.specificationValue,
              errors: cells.value.errors ?? [],
              flex: "2",
              minW: "10rem",
              input: getInputProps(cells.value, { type: "text", ariaAttributes: false }),
            },
          ],
        };
      })}
      listErrors={meta.errors}
      listErrorId={meta.errorId}
      addLabel="Add specification"
      add={
        rows.length < LISTING_LIMITS.specifications
          ? { type: "submit", ...form.insert.getButtonProps({ name: meta.name, defaultValue: { key: "", value: "" } }) }
          : null
      }
    />
  );
}
