// The one place a refusal becomes an HTTP answer. Services throw DomainError (app/services/domain-error.ts); a route
// runs its work inside refusalsAnswered, which answers a refusal the way the route says, never with a status of its own:
// - `{ as: "document" }`: thrown as `data()`, so the route's error boundary shows the message with its status,
// - `{ as: "json" }`: `{ message, field? }` for fetchers and the API,
// - `{ as: (refusal) => body }`: the body the route's component reads (formReply for a conform form's reply), with
//   the refusal's status; `page` names the kinds that are the page's answer instead (a listing gone meanwhile);
//   `crash` is the body (logged, with its own status) when the work failed otherwise and the user keeps the form.
// Anything else that is not a DomainError (a redirect, a Response, a crash without `crash`) goes on as it is.
// throwRefusal is the same document answer for one refusal outside such work (a missing route id).
// docs/decisions/0025-refusals-and-permissions.md has the table; 0081 the wrapper.
import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { isDomainError, type DomainError, type DomainErrorKind } from "~/services/domain-error.ts";

type Answered<Body> = ReturnType<typeof data<Body>>;

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

/** What a conform submission offers: its reply, with errors of the action's own. */
interface Replying {
  reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }) => SubmissionResult<string[]>;
}

/**
 * A conform form's reply to a refusal: the message beside its field, or above the form when it belongs to no field;
 * `hideFields` are sent back empty (passwords, codes).
 */
export function formReply(submission: Replying, refusal: DomainError, options: { hideFields?: string[] } = {}): SubmissionResult<string[]> {
  const hidden = options.hideFields ? { hideFields: options.hideFields } : {};
  return refusal.field === undefined
    ? submission.reply({ formErrors: [refusal.message], ...hidden })
    : submission.reply({ fieldErrors: { [refusal.field]: [refusal.message] }, ...hidden });
}

/** How a route answers the refusals its work throws. */
export type RefusalAnswer<Body> =
  | { as: "document" }
  | { as: "json" }
  | {
      /** The body the route's component reads; the answer carries the refusal's status (and Retry-After). */
      as: (refusal: DomainError) => Body;
      /** Kinds answered as the page's error instead (thrown, for the error boundary): not_found, mostly. */
      page?: readonly DomainErrorKind[];
      /** A crash (the database unreachable) answered in the page: logged, and the body with this status. */
      crash?: CrashAnswer<Body>;
    };

/** The answer to work that failed without a refusal: `log` leads the console line, `as` is the body. */
interface CrashAnswer<Body> {
  log: string;
  status: number;
  as: () => Body;
}

/** A redirect or an answer thrown on purpose (`data()`), which no crash answer replaces. */
function thrownOnPurpose(error: unknown): boolean {
  return error instanceof Response || (typeof error === "object" && error !== null && "type" in error && error.type === "DataWithResponseInit");
}

/**
 * Runs a route's work; a DomainError it throws becomes the answer `answer` says (see the top of this file), and
 * anything else it throws (a redirect, a Response, a crash) goes on unchanged.
 */
export async function refusalsAnswered<T>(work: () => Promise<T>, answer: { as: "document" }): Promise<T>;
export async function refusalsAnswered<T>(work: () => Promise<T>, answer: { as: "json" }): Promise<T | Answered<RefusalBody>>;
export async function refusalsAnswered<T, Body>(
  work: () => Promise<T>,
  answer: { as: (refusal: DomainError) => Body; page?: readonly DomainErrorKind[]; crash?: CrashAnswer<Body> },
): Promise<T | Answered<Body>>;
export async function refusalsAnswered<T, Body>(work: () => Promise<T>, answer: RefusalAnswer<Body>): Promise<T | Answered<Body> | Answered<RefusalBody>> {
  try {
    return await work();
  } catch (error) {
    if (!isDomainError(error) && typeof answer.as === "function" && "crash" in answer && answer.crash && !thrownOnPurpose(error)) {
      console.error(answer.crash.log, error);
      return data<Body>(answer.crash.as(), { status: answer.crash.status });
    }
    if (!isDomainError(error) || answer.as === "document") throwRefusal(error);
    if (answer.as === "json") return data<RefusalBody>(refusalBody(error), refusalInit(error));
    if (answer.page?.includes(error.kind)) throwRefusal(error);
    return data<Body>(answer.as(error), refusalInit(error));
  }
}

/**
 * For a refusal outside a route's work (a route id that reads as none): thrown as `data()` so the route's error
 * boundary shows its message with its status; anything else is thrown on as it is.
 */
export function throwRefusal(error: unknown): never {
  if (isDomainError(error)) throw data<RefusalBody>(refusalBody(error), refusalInit(error));
  throw error;
}
