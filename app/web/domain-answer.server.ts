// The one place a refusal becomes an HTTP answer. Services throw DomainError (app/services/domain-error.ts); a route
// catches it and answers with one of these, never with a status of its own:
// - refusalJson: `{ message, field? }` for fetchers and the API (answerRefusal for the common case),
// - refusalReply: a conform submission's reply, the message beside its field or above the form,
// - throwRefusal / withRefusals: a thrown `data()` for documents, so the error boundary shows the message.
// docs/decisions/0025-refusals-and-permissions.md has the table and why.
import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { isDomainError, type DomainError, type DomainErrorKind } from "~/services/domain-error.ts";

/** The HTTP status of each kind of refusal. */
export const REFUSAL_STATUS: Readonly<Record<DomainErrorKind, number>> = {
  not_found: 404,
  forbidden: 403,
  conflict: 409,
  invalid: 400,
  rate_limited: 429,
  too_large: 413,
  unavailable: 503,
  unauthenticated: 401,
};

/** Retry-After when nothing better is known (a rate limit without its own figure, a dependency down). */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** The status and headers of a refusal: a rate limit (and a dependency that is down) says when to try again. */
export function refusalInit(error: DomainError): { status: number; headers?: Record<string, string> } {
  const status = REFUSAL_STATUS[error.kind];
  if (error.kind === "rate_limited" || (error.kind === "unavailable" && error.retryAfterSeconds !== undefined)) {
    const seconds = Math.max(1, Math.ceil(error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS));
    return { status, headers: { "Retry-After": String(seconds) } };
  }
  return { status };
}

/** The JSON body of a refusal: the user-facing message, and the form field it belongs beside when there is one. */
export interface RefusalBody {
  message: string;
  field?: string;
}

export function refusalBody(error: DomainError): RefusalBody {
  return error.field === undefined ? { message: error.message } : { message: error.message, field: error.field };
}

/** A refusal as the JSON answer of a fetcher or the API. */
export function answerRefusal(error: DomainError) {
  return data<RefusalBody>(refusalBody(error), refusalInit(error));
}

/**
 * For conform forms: the submission's reply with the refusal's message beside its field (or above the form when it
 * belongs to no field), and the refusal's status.
 */
export function refusalReply(
  submission: { reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]> },
  error: DomainError,
) {
  const result =
    error.field === undefined
      ? submission.reply({ formErrors: [error.message] })
      : submission.reply({ fieldErrors: { [error.field]: [error.message] } });
  return { result, init: refusalInit(error) };
}

/**
 * For documents (loaders, and actions whose refusal is a page of its own): a DomainError is thrown as `data()` so the
 * route's error boundary shows its message with its status; anything else is thrown on as it is.
 */
export function throwRefusal(error: unknown): never {
  if (isDomainError(error)) throw data<RefusalBody>(refusalBody(error), refusalInit(error));
  throw error;
}

/** Runs `work`; a refusal it throws becomes the document's error answer (throwRefusal). */
export async function withRefusals<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throwRefusal(error);
  }
}
