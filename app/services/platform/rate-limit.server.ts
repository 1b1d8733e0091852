// Fixed-window limits for what no one can point at somebody else: the AI route's per-address and per-member
// generations, a member's messages per minute. They are counted in the database's attempt_counters table
// (attempt-counters.server.ts, docs/decisions/0029 and 0034), so every worker process and every app server shares
// one count and a limit holds however many servers a client's requests reach. Sign-in, registration and
// password-reset limits use the same table through their own rules.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { counterKey, hitWindow, type Verdict, type WindowRule } from "./attempt-counters.server.ts";

export type RateLimitRule = WindowRule;
export type RateLimitVerdict = Verdict;

export interface RateLimiter {
  /**
   * Counts one attempt under `key`; refuses (counting nothing) with the seconds to wait when the window's allowance
   * is used up. Inside a write transaction the count is part of it (a rolled-back attempt counts nothing).
   */
  hit(db: Kysely<Database>, key: string, rule: RateLimitRule, now?: Date): Promise<RateLimitVerdict>;
}

/** The limiter of the app: counts in the database, shared by every process and server. */
export const sharedRateLimiter: RateLimiter = {
  hit: (db, key, rule, now = new Date()) => hitWindow(db, counterKey("rate", key), rule, now),
};

/**
 * Counts in this process's memory only: for tests that want limits of their own, apart from the database's
 * (the app itself uses `sharedRateLimiter`).
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  async hit(_db: Kysely<Database>, key: string, rule: RateLimitRule, now = new Date()): Promise<RateLimitVerdict> {
    const at = now.getTime();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= at) {
      window = { count: 0, resetAt: at + rule.windowMs };
      this.windows.set(key, window);
    }
    if (window.count >= rule.limit) return { allowed: false, retryAfterSeconds: Math.ceil((window.resetAt - at) / 1000) };
    window.count += 1;
    return { allowed: true };
  }
}
