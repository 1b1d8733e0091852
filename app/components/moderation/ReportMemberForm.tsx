// "Report this member" (docs/product/admin.md#moderation Fraud report): what happened and a short note, posted to
// /user/{id}/report for the trust and safety team. On the public profile it sits in a closed <details> for signed-in
// members other than the profile's owner; /user/{id}/report shows the same form with its answer.
import { FRAUD_REPORT_REASON_LABELS, FRAUD_REPORT_REASONS } from "~/lib/moderation.ts";
import { ReportForm, reportUi, type ReportFormAnswer } from "./ReportListingForm.tsx";

const MEMBER_REASONS = FRAUD_REPORT_REASONS.map((value) => ({ value, label: FRAUD_REPORT_REASON_LABELS[value] }));

export function ReportMemberForm({ userId, answer }: { userId: string; answer?: ReportFormAnswer }) {
  return (
    <ReportForm
      action={`/user/${userId}/report`}
      answer={answer}
      legend="What happened?"
      reasons={MEMBER_REASONS}
      noteLabel="Details: order numbers, dates, what was said (optional)"
      footnote="Our trust and safety team reviews every report. The member is not told who reported them."
      ids={{ reasonError: "member-report-reason-error", note: "member-report-note", noteError: "member-report-note-error" }}
    />
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
