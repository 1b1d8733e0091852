// "Report this listing" (issue 19 §5): the reasons of spec 02 §3 and a short note, posted to /listings/{id}/report.
// On the listing and lot pages it sits in a closed <details> (no script, no query: the pages already know whether the
// viewer is signed in and not the seller); /listings/{id}/report shows the same form with its answer.
import { Form, useNavigation } from "@remix-run/react";
import { LISTING_REPORT_REASON_LABELS, LISTING_REPORT_REASONS, REPORT_NOTE_MAX } from "~/lib/moderation.ts";
import { staticClasses } from "~/lib/static-styles.ts";

export const reportUi = staticClasses("report", {
  details: { borderTopWidth: "1px", borderColor: "border", pt: "3" },
  summary: { color: "fg.muted", fontSize: "sm", cursor: "pointer", w: "fit-content", textDecoration: "underline", _hover: { color: "fg" } },
  form: { display: "flex", flexDirection: "column", gap: "3", mt: "3" },
  fieldset: { display: "flex", flexDirection: "column", gap: "1.5", border: "none", p: "0", m: "0" },
  legend: { fontWeight: "medium", fontSize: "sm", mb: "1" },
  option: { display: "flex", gap: "2", alignItems: "center", fontSize: "sm" },
  label: { fontWeight: "medium", fontSize: "sm" },
  textarea: { recipe: "textarea", css: { minH: "4rem" } },
  error: { color: "fg.error", fontSize: "sm" },
  notice: { fontSize: "sm", fontWeight: "medium" },
  muted: { color: "fg.muted", fontSize: "sm" },
  submit: { recipe: "button", variants: { variant: "outline", size: "sm" }, css: { colorPalette: "red", w: "fit-content" } },
  page: { maxW: "2xl", mx: "auto", px: "4", py: { base: "6", md: "10" }, display: "flex", flexDirection: "column", gap: "4" },
  pageTitle: { recipe: "heading", variants: { size: "xl" } },
  link: { color: "blue.fg", textDecoration: "underline" },
});

export interface ReportFormAnswer {
  errors?: { reason?: string; note?: string; form?: string };
  values?: { reason?: string; note?: string };
}

export function ReportListingForm({ listingId, answer }: { listingId: number; answer?: ReportFormAnswer }) {
  const navigation = useNavigation();
  const action = `/listings/${listingId}/report`;
  const sending = navigation.state === "submitting" && navigation.formAction === action;
  const errors = answer?.errors;
  return (
    <Form method="post" action={action} className={reportUi.form} noValidate>
      {errors?.form ? (
        <p role="alert" className={reportUi.error}>
          {errors.form}
        </p>
      ) : null}
      <fieldset className={reportUi.fieldset} aria-describedby={errors?.reason ? `report-reason-error-${listingId}` : undefined}>
        <legend className={reportUi.legend}>Why are you reporting it?</legend>
        {LISTING_REPORT_REASONS.map((reason) => (
          <label key={reason} className={reportUi.option}>
            <input type="radio" name="reason" value={reason} required defaultChecked={answer?.values?.reason === reason} />
            {LISTING_REPORT_REASON_LABELS[reason]}
          </label>
        ))}
        {errors?.reason ? (
          <span id={`report-reason-error-${listingId}`} className={reportUi.error}>
            {errors.reason}
          </span>
        ) : null}
      </fieldset>
      <label htmlFor={`report-note-${listingId}`} className={reportUi.label}>
        What did you notice? (optional)
      </label>
      <textarea
        id={`report-note-${listingId}`}
        name="note"
        maxLength={REPORT_NOTE_MAX}
        defaultValue={answer?.values?.note}
        className={reportUi.textarea}
        aria-invalid={errors?.note ? true : undefined}
        aria-describedby={errors?.note ? `report-note-error-${listingId}` : undefined}
      />
      {errors?.note ? (
        <span id={`report-note-error-${listingId}`} className={reportUi.error}>
          {errors.note}
        </span>
      ) : null}
      <p className={reportUi.muted}>Our moderators read every report. The seller is not told who reported the listing.</p>
      <button type="submit" className={reportUi.submit} disabled={sending}>
        {sending ? "Sending report…" : "Send report"}
      </button>
    </Form>
  );
}

/** The closed disclosure on the listing and lot pages, for signed-in members other than the seller. */
export function ReportListingControl({ listingId }: { listingId: number }) {
  return (
    <details className={reportUi.details} data-testid="report-listing">
      <summary className={reportUi.summary}>Report this listing</summary>
      <ReportListingForm listingId={listingId} />
    </details>
  );
}
