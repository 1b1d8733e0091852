// "Report this member" (issue 19 §5, spec 01 §3 Fraud report): what happened and a short note, posted to
// /user/{id}/report for the trust and safety team. On the public profile it sits in a closed <details> for signed-in
// members other than the profile's owner; /user/{id}/report shows the same form with its answer.
import { Form, useNavigation } from "@remix-run/react";
import { FRAUD_REPORT_REASON_LABELS, FRAUD_REPORT_REASONS, REPORT_NOTE_MAX } from "~/lib/moderation.ts";
import { reportUi, type ReportFormAnswer } from "./ReportListingForm.tsx";

export function ReportMemberForm({ userId, answer }: { userId: string; answer?: ReportFormAnswer }) {
  const navigation = useNavigation();
  const action = `/user/${userId}/report`;
  const sending = navigation.state === "submitting" && navigation.formAction === action;
  const errors = answer?.errors;
  return (
    <Form method="post" action={action} className={reportUi.form} noValidate>
      {errors?.form ? (
        <p role="alert" className={reportUi.error}>
          {errors.form}
        </p>
      ) : null}
      <fieldset className={reportUi.fieldset} aria-describedby={errors?.reason ? "member-report-reason-error" : undefined}>
        <legend className={reportUi.legend}>What happened?</legend>
        {FRAUD_REPORT_REASONS.map((reason) => (
          <label key={reason} className={reportUi.option}>
            <input type="radio" name="reason" value={reason} required defaultChecked={answer?.values?.reason === reason} />
            {FRAUD_REPORT_REASON_LABELS[reason]}
          </label>
        ))}
        {errors?.reason ? (
          <span id="member-report-reason-error" className={reportUi.error}>
            {errors.reason}
          </span>
        ) : null}
      </fieldset>
      <label htmlFor="member-report-note" className={reportUi.label}>
        Details: order numbers, dates, what was said (optional)
      </label>
      <textarea
        id="member-report-note"
        name="note"
        maxLength={REPORT_NOTE_MAX}
        defaultValue={answer?.values?.note}
        className={reportUi.textarea}
        aria-invalid={errors?.note ? true : undefined}
        aria-describedby={errors?.note ? "member-report-note-error" : undefined}
      />
      {errors?.note ? (
        <span id="member-report-note-error" className={reportUi.error}>
          {errors.note}
        </span>
      ) : null}
      <p className={reportUi.muted}>Our trust and safety team reviews every report. The member is not told who reported them.</p>
      <button type="submit" className={reportUi.submit} disabled={sending}>
        {sending ? "Sending report…" : "Send report"}
      </button>
    </Form>
  );
}

/** The closed disclosure on /user/{id}, for signed-in members other than the profile's owner. */
export function ReportMemberControl({ userId }: { userId: string }) {
  return (
    <details className={reportUi.details} data-testid="report-member">
      <summary className={reportUi.summary}>Report this member</summary>
      <ReportMemberForm userId={userId} />
    </details>
  );
}
