// "Report this listing": the reasons of docs/product/admin.md#moderation and a short note, posted to /listings/{id}/report.
// On the listing and lot pages it sits in a closed <details> (no script, no query: the pages already know whether the
// viewer is signed in and not the seller); /listings/{id}/report shows the same form with its answer.
import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
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

/**
 * The page of one report (/listings/{id}/report, /user/{id}/report): its title, a link to what is reported, then the
 * thanks once sent, the reason it cannot be reported (before any answer), or the form.
 */
export function ReportPage({
  title,
  href,
  name,
  sent,
  problem,
  form,
}: {
  title: string;
  href: string;
  name: string;
  sent?: string;
  problem?: string | null;
  form: ReactNode;
}) {
  return (
    <div className={reportUi.page}>
      <h1 className={reportUi.pageTitle}>{title}</h1>
      <p>
        <Link to={href} className={reportUi.link}>
          {name}
        </Link>
      </p>
      {sent ? (
        <p role="status" className={reportUi.notice}>
          {sent}
        </p>
      ) : problem ? (
        <p className={reportUi.notice}>{problem}</p>
      ) : (
        form
      )}
    </div>
  );
}

/** The element ids of one report form's note and error messages (unique on the page that shows the form). */
export interface ReportFormIds {
  reasonError: string;
  note: string;
  noteError: string;
}

/** The report form both reports share: a reason (radio buttons), an optional note, a line on who reads it, Send report. */
export function ReportForm({
  action,
  answer,
  legend,
  reasons,
  noteLabel,
  footnote,
  ids,
}: {
  action: string;
  answer?: ReportFormAnswer;
  legend: string;
  reasons: readonly { value: string; label: string }[];
  noteLabel: string;
  footnote: string;
  ids: ReportFormIds;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === action;
  const errors = answer?.errors;
  return (
    <Form method="post" action={action} className={reportUi.form} noValidate>
      {errors?.form ? (
        <p role="alert" className={reportUi.error}>
          {errors.form}
        </p>
      ) : null}
      <fieldset className={reportUi.fieldset} aria-describedby={errors?.reason ? ids.reasonError : undefined}>
        <legend className={reportUi.legend}>{legend}</legend>
        {reasons.map((reason) => (
          <label key={reason.value} className={reportUi.option}>
            <input type="radio" name="reason" value={reason.value} required defaultChecked={answer?.values?.reason === reason.value} />
            {reason.label}
          </label>
        ))}
        {errors?.reason ? (
          <span id={ids.reasonError} className={reportUi.error}>
            {errors.reason}
          </span>
        ) : null}
      </fieldset>
      <label htmlFor={ids.note} className={reportUi.label}>
        {noteLabel}
      </label>
      <textarea
        id={ids.note}
        name="note"
        maxLength={REPORT_NOTE_MAX}
        defaultValue={answer?.values?.note}
        className={reportUi.textarea}
        aria-invalid={errors?.note ? true : undefined}
        aria-describedby={errors?.note ? ids.noteError : undefined}
      />
      {errors?.note ? (
        <span id={ids.noteError} className={reportUi.error}>
          {errors.note}
        </span>
      ) : null}
      <p className={reportUi.muted}>{footnote}</p>
      <button type="submit" className={reportUi.submit} disabled={sending}>
        {sending ? "Sending report…" : "Send report"}
      </button>
    </Form>
  );
}

const LISTING_REASONS = LISTING_REPORT_REASONS.map((value) => ({ value, label: LISTING_REPORT_REASON_LABELS[value] }));

export function ReportListingForm({ listingId, answer }: { listingId: number; answer?: ReportFormAnswer }) {
  return (
    <ReportForm
      action={`/listings/${listingId}/report`}
      answer={answer}
      legend="Why are you reporting it?"
      reasons={LISTING_REASONS}
      noteLabel="What did you notice? (optional)"
      footnote="Our moderators read every report. The seller is not told who reported the listing."
      ids={{ reasonError: `report-reason-error-${listingId}`, note: `report-note-${listingId}`, noteError: `report-note-error-${listingId}` }}
    />
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
