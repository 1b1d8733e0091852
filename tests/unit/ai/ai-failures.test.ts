// The language-model failure classes of docs/product/listings.md#ai-assistant, their messages, and when and how long the service waits before
// asking again (two retries, exponential backoff up to 8 s).
import { describe, expect, it } from "vitest";
import {
  AI_FAILURE_CLASSES,
  AI_FAILURE_MESSAGES,
  AiFailure,
  FALLBACK_NOTICE_PREFIX,
  cappedRetryDelayMs,
  failureClassForStatus,
  fallbackNotice,
  isAiFailureClass,
} from "~/lib/ai/failures.ts";
import { RETRY_POLICY, backoffDelayMs, isRetryable } from "~/lib/ai/retry.ts";

describe("failure classes", () => {
  it.each([
    [400, "bad_request"],
    [401, "unauthorized"],
    [403, "forbidden"],
    [404, "not_found"],
    [408, "timeout"],
    [409, "conflict"],
    [422, "unprocessable"],
    [429, "rate_limited"],
    [500, "server_error"],
    [502, "server_error"],
    [503, "server_error"],
    [504, "server_error"],
    [418, "bad_request"],
    [302, "unexpected"],
  ] as const)("HTTP %i is %s", (status, failureClass) => {
    expect(failureClassForStatus(status)).toBe(failureClass);
  });

  it("has a clear message for every class, and the notice says it was generated without AI", () => {
    for (const failureClass of AI_FAILURE_CLASSES) {
      expect(AI_FAILURE_MESSAGES[failureClass].length).toBeGreaterThan(10);
      const notice = fallbackNotice(failureClass);
      expect(notice.startsWith(FALLBACK_NOTICE_PREFIX)).toBe(true);
      expect(notice).toContain(AI_FAILURE_MESSAGES[failureClass]);
      expect(isAiFailureClass(failureClass)).toBe(true);
    }
    expect(isAiFailureClass("teapot")).toBe(false);
    expect(fallbackNotice("rate_limited")).toBe(
      "Generated without AI: the AI service is busy (429 Too Many Requests) and still was after two retries. The listing was written from our equipment catalogue; please review every field.",
    );
  });

  it("keeps the class and adds the detail to the message", () => {
    const failure = new AiFailure("server_error", "HTTP 503");
    expect(failure.failureClass).toBe("server_error");
    expect(failure.message).toBe(`${AI_FAILURE_MESSAGES.server_error} (HTTP 503)`);
    expect(new AiFailure("timeout").message).toBe(AI_FAILURE_MESSAGES.timeout);
  });
});

describe("retries", () => {
  it("retries twice, waiting 0.5 s then 1 s, doubling up to 8 s at most", () => {
    expect(RETRY_POLICY.retries).toBe(2);
    expect([0, 1, 2, 3, 4, 5, 9].map((retry) => backoffDelayMs(retry))).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000]);
  });

  it("retries only what may pass: busy, conflict, the provider's own error, a lost connection", () => {
    const retried = AI_FAILURE_CLASSES.filter(isRetryable);
    expect(retried).toEqual(["conflict", "rate_limited", "server_error", "connection"]);
  });

  it("follows Retry-After and retry-after-ms, but never beyond the cap", () => {
    const headers = (values: Record<string, string>) => new Headers(values);
    expect(cappedRetryDelayMs(headers({ "retry-after-ms": "250" }), 8000)).toBe(250);
    expect(cappedRetryDelayMs(headers({ "retry-after": "2" }), 8000)).toBe(2000);
    expect(cappedRetryDelayMs(headers({ "retry-after": "600" }), 8000)).toBe(8000);
    const now = Date.parse("2026-11-21T12:00:00Z");
    expect(cappedRetryDelayMs(headers({ "retry-after": "Sat, 21 Nov 2026 12:00:03 GMT" }), 8000, now)).toBe(3000);
    expect(cappedRetryDelayMs(headers({ "retry-after": "soon" }), 8000)).toBeNull();
    expect(cappedRetryDelayMs(headers({}), 8000)).toBeNull();
  });
});
