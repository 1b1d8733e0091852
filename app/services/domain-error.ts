// The one way a service refuses: a kind that says what went wrong for the caller, and the user-facing message (the
// spec's words where it has them). app/web/domain-answer.server.ts turns it into the HTTP answer; services never
// build responses, and routes never invent their own status for a refusal.

export const DOMAIN_ERROR_KINDS = [
  /** The thing does not exist, or the caller may not know that it does. */
  "not_found",
  /** The caller is known but may not do this. */
  "forbidden",
  /** The request is valid but the state of the marketplace refuses it now (sold, outbid, already ended…). */
  "conflict",
  /** The input breaks a rule; `field` names the form field when there is one. */
  "invalid",
  /** Too many attempts; `retryAfterSeconds` says when to try again. */
  "rate_limited",
  /** A body, file or list over its bound. */
  "too_large",
  /** Something the marketplace depends on is not available right now. */
  "unavailable",
  /** Nobody is signed in, or the credentials given do not sign anyone in. */
  "unauthenticated",
] as const;
export type DomainErrorKind = (typeof DOMAIN_ERROR_KINDS)[number];

export interface DomainErrorOptions {
  /** The form field the message belongs beside. */
  field?: string;
  /** A code the caller may branch on (e.g. a bid's "outbid"), never shown to users. */
  code?: string;
  /** For rate_limited: seconds until another attempt may succeed. */
  retryAfterSeconds?: number;
}

export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  readonly field: string | undefined;
  readonly code: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(kind: DomainErrorKind, message: string, options: DomainErrorOptions = {}) {
    super(message);
    this.name = "DomainError";
    this.kind = kind;
    this.field = options.field;
    this.code = options.code;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
