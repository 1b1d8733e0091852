// Save Search: a name field revealed by a <details> element, so it works with or without JavaScript.
// The form posts the current filters in hidden fields to the /listings action (intent=save-search).
// /listings loads this module lazily (it brings conform and zod): only members with filters set see it.
import { getFormProps, getInputProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { AlertIcon } from "~/components/icons.tsx";
import { listingsSearchParams, filtersOnly, type ListingFilters } from "~/lib/listing-filters.ts";
import { SAVE_SEARCH_INTENT, SaveSearchSchema } from "~/schemas/saved-search.ts";
import { ui } from "./listings-styles.ts";

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
    <details key={savedKey} open={failed || undefined}>
      <summary className={ui.saveSummary}>Save Search</summary>
      <div className={ui.savePanel}>
        <Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="intent" value={SAVE_SEARCH_INTENT} />
          {[...listingsSearchParams(filtersOnly(filters))].map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <div className={ui.saveStack}>
            <FormErrors id={form.errorId} errors={form.errors} />
            <NameField meta={fields.name} label="Name for this search" placeholder="e.g. Scopes under $5,000" />
            <div className={ui.saveActions}>
              <button type="submit" className={ui.saveButton} disabled={saving} data-loading={saving ? "" : undefined}>
                {saving ? <span className={ui.spinner} aria-hidden="true" /> : null}
                {saving ? "Saving..." : "Save"}
              </button>
            </div>
          </div>
        </Form>
      </div>
    </details>
  );
}

/**
 * The required name field, as the kit's TextField (app/components/forms/) draws it with Chakra's Field: conform's
 * id, name and aria attributes, the label's required mark, and the error text that describes the input.
 */
function NameField({ meta, label, placeholder }: { meta: FieldMetadata<string | undefined>; label: string; placeholder: string }) {
  const errors = meta.errors ?? [];
  const invalid = errors.length > 0;
  const { key, ...inputProps } = getInputProps(meta, { type: "text", ariaAttributes: true });
  const state = { "data-invalid": invalid ? "" : undefined, "data-required": "" };
  return (
    <div className={ui.field} role="group" {...state}>
      <label className={ui.saveLabel} htmlFor={meta.id} {...state}>
        {label}
        <span className={ui.requiredMark} aria-hidden="true">
          *
        </span>
      </label>
      <input
        key={key}
        {...inputProps}
        className={ui.input}
        placeholder={placeholder}
        required={false}
        aria-errormessage={invalid ? meta.errorId : undefined}
        {...state}
      />
      {invalid ? (
        <span id={meta.errorId} className={ui.error} aria-live="polite">
          {errors.join(" ")}
        </span>
      ) : null}
    </div>
  );
}

/** Errors about the whole form (e.g. a name already saved), announced to screen readers. */
function FormErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors || errors.length === 0) return null;
  return (
    <div className={ui.formError} id={id} role="alert">
      <span className={ui.alertIcon}>
        <AlertIcon />
      </span>
      <div className={ui.alertText}>{errors.join(" ")}</div>
    </div>
  );
}
