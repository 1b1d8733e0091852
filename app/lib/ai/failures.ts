// Why an AI listing was written by the built-in generator instead of the language model: one class per failure of
// docs/product/listings.md#ai-assistant (the provider's HTTP statuses, connection, timeout, abort) plus the service's own (no key configured,
// a reply that could not be used, anything unexpected), each with the message the seller reads.

export const AI_FAILURE_CLASSES = [
  "not_configured",
  "bad_request",
  "unauthorized",
  "forbidden",
  "not_found",
  "conflict",
  "unprocessable",
  "rate_limited",
  "server_error",
  "connection",
  "timeout",
  "aborted",
  "invalid_reply",
  "unexpected",
] as const;
export type AiFailureClass = (typeof AI_FAILURE_CLASSES)[number];

/** What went wrong, in the seller's words (the notice reads "Generated without AI: " + this). */
export const AI_FAILURE_MESSAGES: Record<AiFailureClass, string> = {
  not_configured: "no AI service is configured on this marketplace.",
  bad_request: "the AI service refused the request (400 Bad Request).",
  unauthorized: "the AI service did not accept the marketplace's key (401 Unauthorized).",
  forbidden: "the marketplace's key may not use this AI model (403 Forbidden).",
  not_found: "the configured AI model was not found (404 Not Found).",
  conflict: "the AI service reported a conflict (409 Conflict).",
  unprocessable: "the AI service could not process the request (422 Unprocessable Entity).",
  rate_limited: "the AI service is busy (429 Too Many Requests) and still was after two retries.",
  server_error: "the AI service had an internal error (5xx) and still did after two retries.",
  connection: "the AI service could not be reached.",
  timeout: "the AI service took too long to answer.",
  aborted: "the request was cancelled before the AI service answered.",
  invalid_reply: "the AI service's answer could not be used.",
  unexpected: "something went wrong while generating with AI.",
};

export const FALLBACK_NOTICE_PREFIX = "Generated without AI: ";

/** The notice a draft written by the built-in generator carries. */
export function fallbackNotice(failure: AiFailureClass): string {
  return `${FALLBACK_NOTICE_PREFIX}${AI_FAILURE_MESSAGES[failure]} The listing was written from our equipment catalogue; please review every field.`;
}

/** The class of an HTTP status the provider answered with. */
export function failureClassForStatus(status: number): AiFailureClass {
  switch (status) {
    case 400:
      return "bad_request";
    case 401:
      return "unauthorized";
    case 403:
      return "forbidden";
    case 404:
      return "not_found";
    case 408:
      return "timeout";
    case 409:
      return "conflict";
    case 422:
      return "unprocessable";
    case 429:
      return "rate_limited";
    default:
      if (status >= 500) return "server_error";
      if (status >= 400) return "bad_request";
      return "unexpected";
  }
}

export function isAiFailureClass(value: unknown): value is AiFailureClass {
  return typeof value === "string" && (AI_FAILURE_CLASSES as readonly string[]).includes(value);
}

/** The failure of one provider call, as the service records it. */
export class AiFailure extends Error {
  constructor(
    readonly failureClass: AiFailureClass,
    detail?: string,
  ) {
    super(detail ? `${AI_FAILURE_MESSAGES[failureClass]} (${detail})` : AI_FAILURE_MESSAGES[failureClass]);
    this.name = "AiFailure";
  }
}

/** The retry delay a provider asked for, capped: Retry-After may name minutes, a seller waits at most `capMs`. */
export function cappedRetryDelayMs(headers: { get(name: string): string | null }, capMs: number, now = Date.now()): number | null {
  const ms = headers.get("retry-after-ms");
  if (ms !== null && ms.trim() !== "" && Number.isFinite(Number(ms))) return Math.min(Math.max(0, Number(ms)), capMs);
  const after = headers.get("retry-after");
  if (after === null || after.trim() === "") return null;
  const seconds = Number(after);
  if (Number.isFinite(seconds)) return Math.min(Math.max(0, seconds * 1000), capMs);
  const date = Date.parse(after);
  if (Number.isNaN(date)) return null;
  return Math.min(Math.max(0, date - now), capMs);
}
