// The in-memory fixed-window counters of the AI route and of messages (sign-in limits: sign-in-limits.test.ts).
import { describe, expect, it } from "vitest";
import { RateLimiter } from "~/services/accounts/rate-limit.server.ts";

const RULE = { limit: 3, windowMs: 60_000 };
const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);

describe("RateLimiter", () => {
  it("allows `limit` hits in a window, then refuses with the seconds left", () => {
    const limiter = new RateLimiter();
    for (let i = 0; i < RULE.limit; i += 1) {
      expect(limiter.hit("ip:1", RULE, T0 + i * 1000)).toEqual({ allowed: true });
    }
    expect(limiter.hit("ip:1", RULE, T0 + 1_500)).toEqual({ allowed: false, retryAfterSeconds: 59 });
    expect(limiter.hit("ip:1", RULE, T0 + 59_999)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it("does not count refused hits towards the next window", () => {
    const limiter = new RateLimiter();
    for (let i = 0; i < 10; i += 1) limiter.hit("ip:1", RULE, T0);
    // A new window starts at T0 + windowMs and holds the full allowance again.
    for (let i = 0; i < RULE.limit; i += 1) expect(limiter.hit("ip:1", RULE, T0 + RULE.windowMs).allowed).toBe(true);
    expect(limiter.hit("ip:1", RULE, T0 + RULE.windowMs).allowed).toBe(false);
  });

  it("keeps keys independent", () => {
    const limiter = new RateLimiter();
    for (let i = 0; i < RULE.limit; i += 1) limiter.hit("ip:1", RULE, T0);
    expect(limiter.hit("ip:1", RULE, T0).allowed).toBe(false);
    expect(limiter.hit("ip:2", RULE, T0)).toEqual({ allowed: true });
    expect(limiter.hit("account:ip:1", RULE, T0)).toEqual({ allowed: true });
  });

  it("resets exactly when the window ends", () => {
    const limiter = new RateLimiter();
    for (let i = 0; i < RULE.limit; i += 1) limiter.hit("k", RULE, T0);
    expect(limiter.hit("k", RULE, T0 + RULE.windowMs - 1).allowed).toBe(false);
    expect(limiter.hit("k", RULE, T0 + RULE.windowMs)).toEqual({ allowed: true });
  });

  it("keeps the window of the first hit, not of the latest", () => {
    const limiter = new RateLimiter();
    limiter.hit("k", RULE, T0);
    limiter.hit("k", RULE, T0 + 50_000);
    limiter.hit("k", RULE, T0 + 55_000);
    expect(limiter.hit("k", RULE, T0 + 56_000)).toEqual({ allowed: false, retryAfterSeconds: 4 });
    expect(limiter.hit("k", RULE, T0 + 60_000).allowed).toBe(true);
  });

  it("shared by worker processes, each allows its share, so all together never allow more than the limit", () => {
    const rule = { limit: 10, windowMs: 15 * 60_000 };
    const workers = [new RateLimiter(2), new RateLimiter(2)];
    let allowed = 0;
    for (let i = 0; i < 3 * rule.limit; i += 1) if (workers[i % 2].hit("ai:ip:192.0.2.1", rule, T0).allowed) allowed += 1;
    expect(allowed).toBe(rule.limit);
    // Never less than one attempt per process.
    expect(new RateLimiter(4).hit("k", { limit: 3, windowMs: 60_000 }, T0).allowed).toBe(true);
  });
});
