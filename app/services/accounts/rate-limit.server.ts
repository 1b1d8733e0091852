// Fixed-window counters kept in this process's memory, for limits that no one can point at somebody else: the AI
// route's per-address and per-member generations, a member's messages per minute. Sign-in, registration and
// password-reset limits are counted in the database instead (attempt-counters.server.ts, docs/decisions/0029).
import cluster from "node:cluster";
export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

interface Window {
  count: number;
  resetAt: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  /**
   * `processes`: how many processes share the limits, each with its own counters. Each enforces its share of every
   * limit, so together they never allow more than the limit (a client whose attempts all reach one process meets
   * that share sooner).
   */
  constructor(private readonly processes = 1) {}

  /** Counts one attempt; returns the seconds to wait when the limit is already used up. */
  hit(key: string, rule: RateLimitRule, now = Date.now()): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + rule.windowMs };
      this.windows.set(key, window);
    }
    if (window.count >= Math.max(1, Math.floor(rule.limit / this.processes))) {
      return { allowed: false, retryAfterSeconds: Math.ceil((window.resetAt - now) / 1000) };
    }
    window.count += 1;
    if (this.windows.size > 50_000) this.prune(now);
    return { allowed: true };
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/** Worker processes started by server.mjs (WEB_CONCURRENCY) spread connections over themselves and count apart. */
export function workerProcesses(): number {
  const count = Number(process.env.WEB_CONCURRENCY);
  return cluster.isWorker && Number.isInteger(count) && count > 1 ? count : 1;
}
