// When to ask the language model again (docs/product/listings.md#ai-assistant: two retries, exponential backoff up to 8 s). The openai SDK can
// retry by itself, but its waits ignore how long the seller has already waited and follow a provider's Retry-After
// however long it is; the service retries itself with this policy instead (the SDK's maxRetries is 0).
import type { AiFailureClass } from "./failures.ts";

export const RETRY_POLICY = {
  /** Retries after the first attempt. */
  retries: 2,
  initialDelayMs: 500,
  maxDelayMs: 8000,
} as const;

/** The wait before retry number `retry` (0 for the first): 0.5 s, 1 s, 2 s, 4 s, then 8 s at most. */
export function backoffDelayMs(retry: number, policy: { initialDelayMs: number; maxDelayMs: number } = RETRY_POLICY): number {
  return Math.min(policy.initialDelayMs * 2 ** Math.max(0, retry), policy.maxDelayMs);
}

/**
 * Failures worth another attempt: the provider busy (429), a lock conflict (409), its own error (5xx), or the
 * connection lost. A timeout is not: the time the seller waits is already spent.
 */
export function isRetryable(failure: AiFailureClass): boolean {
  return failure === "rate_limited" || failure === "server_error" || failure === "conflict" || failure === "connection";
}
