// The action of the two report pages, /listings/{id}/report and /user/{id}/report: reads the form
// (reason and note) against the page's schema, files the report, and answers on the page: thanks, the schema's field
// messages (400), or the service's refusal on its field or the form (a not-found refusal is thrown as the page's 404).
import { data } from "@remix-run/node";
import type { ReportFormAnswer } from "~/components/moderation/ReportListingForm.tsx";
import type { FraudReportSchema, ListingReportSchema } from "~/schemas/moderation.ts";
import { isDomainError } from "~/services/domain-error.ts";
import { refusalInit, throwRefusal } from "./domain-answer.server.ts";
import { parseForm } from "./form-data.server.ts";

export type ReportAnswer = ReportFormAnswer & { sent?: string };

export async function reportAction(
  request: Request,
  schema: typeof ListingReportSchema | typeof FraudReportSchema,
  file: (report: { reason: string; note: string }) => Promise<unknown>,
  sent: string,
) {
  const { submission, fields } = await parseForm(request, schema);
  const values = { reason: String(fields.get("reason") ?? ""), note: String(fields.get("note") ?? "") };
  if (submission.status !== "success") {
    return data<ReportAnswer>({ errors: { reason: submission.error?.reason?.[0], note: submission.error?.note?.[0] }, values }, { status: 400 });
  }
  try {
    await file({ reason: submission.value.reason, note: submission.value.note });
  } catch (error) {
    if (!isDomainError(error) || error.kind === "not_found") throwRefusal(error);
    const errors = error.field === "reason" || error.field === "note" ? { [error.field]: error.message } : { form: error.message };
    return data<ReportAnswer>({ errors, values }, refusalInit(error));
  }
  return data<ReportAnswer>({ sent });
}
