// The multipart forms of a dispute and a proof of delivery: one reader for both routes, bounded before any
// work (files, their size, the whole body), answering a refusal beside its field or as the page's error.
import { data, redirect } from "@remix-run/node";
import type { ZodTypeAny, z } from "zod";
import { MAX_DISPUTE_FILE_BYTES, MAX_DISPUTE_FILES } from "~/lib/disputes.ts";
import { ORDER_MESSAGES } from "~/lib/orders.ts";
import { isDomainError } from "~/services/domain-error.ts";
import type { ReceivedFile } from "~/services/uploads.ts";
import { refusalInit, throwRefusal } from "./domain-answer.server.ts";
import { parseForm } from "./form-data.server.ts";
import { parseRouteId } from "./route-params.server.ts";

export interface EvidenceFormResult {
  form: "dispute_message" | "delivery_proof";
  fieldErrors?: Partial<Record<"body" | "files" | "proof" | "note", string>>;
  formError?: string;
}

/** Reads the form, runs `act` with its values and files, and redirects to the order page with `done`. */
export async function evidenceFormAction<Schema extends ZodTypeAny>(
  request: Request,
  idParam: string | undefined,
  form: EvidenceFormResult["form"],
  schema: Schema,
  act: (orderId: number, value: z.output<Schema>, files: ReceivedFile[]) => Promise<void>,
) {
  const orderId = parseRouteId(idParam, ORDER_MESSAGES.orderNotFound);
  const { submission, files } = await parseForm(request, schema, {
    files: {
      field: form === "dispute_message" ? "files" : "proof",
      maxFiles: MAX_DISPUTE_FILES,
      maxFileBytes: MAX_DISPUTE_FILE_BYTES,
      maxTotalBytes: (MAX_DISPUTE_FILES + 1) * MAX_DISPUTE_FILE_BYTES + 200_000,
    },
  });
  if (submission.status !== "success") {
    const fieldErrors: EvidenceFormResult["fieldErrors"] = {};
    for (const field of ["body", "note"] as const) {
      const message = submission.error?.[field]?.[0];
      if (message) fieldErrors[field] = message;
    }
    return data<EvidenceFormResult>({ form, fieldErrors }, { status: 400 });
  }
  try {
    await act(orderId, submission.value, files);
  } catch (error) {
    if (!isDomainError(error) || error.kind === "not_found") throwRefusal(error);
    const field = error.field;
    const result: EvidenceFormResult =
      field === "body" || field === "files" || field === "proof" || field === "note"
        ? { form, fieldErrors: { [form === "delivery_proof" && field === "files" ? "proof" : field]: error.message } }
        : { form, formError: error.message };
    return data(result, refusalInit(error));
  }
  throw redirect(`/orders/${orderId}?done=${form === "dispute_message" ? "dispute_message" : "mark_delivered"}`);
}
