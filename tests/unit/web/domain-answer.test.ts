// The one function from a refusal to the HTTP answer: every kind's status, the JSON body (message, and field only
// when there is one), Retry-After for rate limits, the conform reply for forms and the thrown answer for documents.
import { describe, expect, it, vi } from "vitest";
import { DOMAIN_ERROR_KINDS, DomainError } from "~/services/domain-error.ts";
import { data, redirect } from "@remix-run/node";
import { formReply, REFUSAL_STATUS, refusalInit, refusalsAnswered, throwRefusal } from "~/web/domain-answer.server.ts";

/** A refusal answered as a fetcher's JSON. */
const answerRefusal = (error: DomainError) => refusalsAnswered(() => Promise.reject(error), { as: "json" });

/** What a `data()` answer carries. */
function parts(value: unknown): { data: unknown; status: number | undefined; headers: Record<string, string> } {
  const { data, init } = value as { data: unknown; init: ResponseInit | null };
  return { data, status: init?.status, headers: Object.fromEntries(new Headers(init?.headers).entries()) };
}

describe("the JSON answer of a refusal", () => {
  const expected: Record<string, number> = {
    not_found: 404,
    forbidden: 403,
    conflict: 409,
    invalid: 400,
    rate_limited: 429,
    too_large: 413,
    unavailable: 503,
    unauthenticated: 401,
  };

  it("has a status for every kind", () => {
    expect(REFUSAL_STATUS).toEqual(expected);
    expect(Object.keys(REFUSAL_STATUS).sort()).toEqual([...DOMAIN_ERROR_KINDS].sort());
  });

  it.each(DOMAIN_ERROR_KINDS)("answers %s with its status and the message as JSON", async (kind) => {
    const answer = parts(await answerRefusal(new DomainError(kind, `Refused: ${kind}`)));
    expect(answer.status).toBe(expected[kind]);
    expect(answer.data).toEqual({ message: `Refused: ${kind}` });
  });

  it("names the field when the refusal belongs to one, and never shows the code", async () => {
    const answer = parts(
      await answerRefusal(new DomainError("invalid", "Your maximum bid must be at least your bid", { field: "maxAmount", code: "maximum_below_bid" })),
    );
    expect(answer.data).toEqual({ message: "Your maximum bid must be at least your bid", field: "maxAmount" });
  });

  it("says when to try again after a rate limit (rounded up, a minute when unknown)", async () => {
    expect(parts(await answerRefusal(new DomainError("rate_limited", "Slow down", { retryAfterSeconds: 12.2 }))).headers["retry-after"]).toBe("13");
    expect(parts(await answerRefusal(new DomainError("rate_limited", "Slow down"))).headers["retry-after"]).toBe("60");
    expect(refusalInit(new DomainError("conflict", "Sold")).headers).toBeUndefined();
  });
});

describe("formReply", () => {
  const submission = {
    reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => ({
      status: "error" as const,
      error: { "": options?.formErrors ?? null, ...options?.fieldErrors },
    }),
  };

  it("puts a field's refusal beside the field and the rest above the form, with the refusal's status", () => {
    const beside = formReply(submission, new DomainError("invalid", "Please choose a category from the list", { field: "categoryId" }));
    expect(beside.error).toMatchObject({ categoryId: ["Please choose a category from the list"] });
    const above = formReply(submission, new DomainError("conflict", "Bids have been placed, so the auction settings can no longer change."));
    expect(above.error).toMatchObject({ "": ["Bids have been placed, so the auction settings can no longer change."] });
  });
});

describe("throwRefusal", () => {
  it("throws a refusal as the document's answer, and anything else as it is", () => {
    let thrown: unknown;
    try {
      throwRefusal(new DomainError("not_found", "Listing not found"));
    } catch (error) {
      thrown = error;
    }
    expect(parts(thrown)).toMatchObject({ status: 404, data: { message: "Listing not found" } });
    const crash = new Error("disk full");
    expect(() => throwRefusal(crash)).toThrow(crash);
  });
});

describe("refusalsAnswered", () => {
  const refuse = (error: unknown) => () => Promise.reject(error);
  const submission = {
    reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }) => ({
      status: "error" as const,
      error: { "": options?.formErrors ?? null, ...options?.fieldErrors },
      hidden: options?.hideFields ?? [],
    }),
  };

  it("gives back what the work answers when nothing is refused", async () => {
    expect(await refusalsAnswered(async () => 42, { as: "json" })).toBe(42);
    expect(await refusalsAnswered(async () => "page", { as: "document" })).toBe("page");
    expect(await refusalsAnswered(async () => ({ ok: true }), { as: () => ({ ok: false }) })).toEqual({ ok: true });
  });

  it("answers a document's refusal by throwing it for the error boundary, with its status and message", async () => {
    const thrown = await refusalsAnswered(refuse(new DomainError("forbidden", "Not yours")), { as: "document" }).catch((e: unknown) => e);
    expect(parts(thrown)).toMatchObject({ status: 403, data: { message: "Not yours" } });
  });

  it("answers a fetcher's refusal as JSON: the message, its field, the status and Retry-After", async () => {
    const answer = parts(await refusalsAnswered(refuse(new DomainError("invalid", "Too low", { field: "amount" })), { as: "json" }));
    expect(answer).toMatchObject({ status: 400, data: { message: "Too low", field: "amount" } });
    const limited = parts(await refusalsAnswered(refuse(new DomainError("rate_limited", "Slow down", { retryAfterSeconds: 5 })), { as: "json" }));
    expect(limited).toMatchObject({ status: 429, headers: { "retry-after": "5" } });
  });

  it("answers with the route's own body and the refusal's status, and throws the kinds that are the page's", async () => {
    const how = { as: (refusal: DomainError) => ({ ok: false as const, message: refusal.message }), page: ["not_found"] as const };
    expect(parts(await refusalsAnswered(refuse(new DomainError("conflict", "Already sold")), how))).toMatchObject({
      status: 409,
      data: { ok: false, message: "Already sold" },
    });
    const thrown = await refusalsAnswered(refuse(new DomainError("not_found", "Listing not found")), how).catch((e: unknown) => e);
    expect(parts(thrown)).toMatchObject({ status: 404, data: { message: "Listing not found" } });
  });

  it("puts a form's refusal beside its field, or above the form, with the fields to hide", async () => {
    const how = { as: (refusal: DomainError) => ({ result: formReply(submission, refusal, { hideFields: ["password"] }) }) };
    const beside = parts(await refusalsAnswered(refuse(new DomainError("invalid", "Too short", { field: "password" })), how));
    expect(beside).toMatchObject({ status: 400, data: { result: { error: { "": null, password: ["Too short"] }, hidden: ["password"] } } });
    const above = parts(await refusalsAnswered(refuse(new DomainError("conflict", "Link used")), how));
    expect(above).toMatchObject({ status: 409, data: { result: { error: { "": ["Link used"] } } } });
  });

  it("lets anything that is not a refusal through unchanged: a crash, a redirect", async () => {
    const crash = new Error("disk full");
    await expect(refusalsAnswered(refuse(crash), { as: "json" })).rejects.toBe(crash);
    await expect(refusalsAnswered(refuse(crash), { as: "document" })).rejects.toBe(crash);
    await expect(refusalsAnswered(refuse(crash), { as: () => "never" })).rejects.toBe(crash);
    const away = redirect("/elsewhere");
    await expect(refusalsAnswered(refuse(away), { as: () => "never", page: ["not_found"] })).rejects.toBe(away);
  });

  it("answers a crash with the route's crash body and status when it asks, logged, and lets a redirect or data() through", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const crash = new Error("database unreachable");
    const how = {
      as: (refusal: DomainError) => ({ sent: false, message: refusal.message }),
      crash: { log: "keeping a message failed:", status: 503, as: () => ({ sent: false, message: "Please try again." }) },
    };
    expect(parts(await refusalsAnswered(refuse(crash), how))).toMatchObject({ status: 503, data: { sent: false, message: "Please try again." } });
    expect(logged).toHaveBeenCalledWith("keeping a message failed:", crash);
    expect(parts(await refusalsAnswered(refuse(new DomainError("rate_limited", "Slow down")), how))).toMatchObject({
      status: 429,
      data: { message: "Slow down" },
    });
    const away = redirect("/elsewhere");
    await expect(refusalsAnswered(refuse(away), how)).rejects.toBe(away);
    const answered = data({ page: "gone" }, { status: 404 });
    await expect(refusalsAnswered(refuse(answered), how)).rejects.toBe(answered);
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
  });
});
