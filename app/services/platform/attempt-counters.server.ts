// Attempt counters kept in the database (docs/decisions/0029), so every server process and every restart sees the
// same counts. Two shapes: a fixed window (registration, password-reset requests) and failures that earn a growing
// wait (sign-in). Keys are keyed hashes of what they count: the table holds no raw e-mail address or client address.
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { getEnv } from "~/env.server.ts";
import { DomainError } from "../domain-error.ts";

/** At most `limit` attempts per window of `windowMs`, counted from the first one. */
export interface WindowRule {
  limit: number;
  windowMs: number;
}

/** Attempts counted until they succeed; past `free` of them, each one earns a wait before the next is taken. */
export interface BackoffRule {
  /** Attempts taken without any wait (Infinity: never a wait, the count is only read). */
  free: number;
  /** The wait earned by attempt number `free`; each further attempt doubles it, up to `maxWaitMs`. */
  firstWaitMs: number;
  maxWaitMs: number;
  /** The count is forgotten this long after its latest attempt. */
  forgetMs: number;
}

export type Verdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** The refusal of every limit here, in the words the sign-in, registration and reset pages have always used. */
export function tooManyAttempts(retryAfterSeconds: number): DomainError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new DomainError("rate_limited", `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`, {
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)),
  });
}

let cachedKey: { secret: string; key: Buffer } | undefined;

/** The hashing key, derived from the session secret so it is secret too but never the same bytes. */
function counterHashKey(): Buffer {
  const secret = getEnv().SESSION_SECRET;
  if (cachedKey?.secret !== secret) cachedKey = { secret, key: crypto.createHmac("sha256", secret).update("tradebench:attempt-counters:v1").digest() };
  return cachedKey.key;
}

/** The stored key for `kind` and its parts (e-mail, address, device…): `kind:` and a keyed hash of the parts. */
export function counterKey(kind: string, ...parts: string[]): string {
  return `${kind}:${crypto.createHmac("sha256", counterHashKey()).update(parts.join("\n")).digest("base64url")}`;
}

const iso = (ms: number) => new Date(ms).toISOString();
const secondsUntil = (time: string, now: number) => Math.max(1, Math.ceil((Date.parse(time) - now) / 1000));

/**
 * Counts one attempt against a fixed window; refuses (counting nothing) when the window's allowance is used up.
 * Registration and password-reset requests.
 */
export async function hitWindow(db: Kysely<Database>, key: string, rule: WindowRule, now = new Date()): Promise<Verdict> {
  const at = now.getTime();
  return inWriteTransaction(db, async (trx) => {
    const row = await trx.selectFrom("attempt_counters").select(["count", "expires_at"]).where("key", "=", key).executeTakeFirst();
    const live = row !== undefined && Date.parse(row.expires_at) > at;
    if (live && row.count >= rule.limit) return { allowed: false, retryAfterSeconds: secondsUntil(row.expires_at, at) };
    const values = live ? { count: row.count + 1, expires_at: row.expires_at } : { count: 1, expires_at: iso(at + rule.windowMs) };
    await trx
      .insertInto("attempt_counters")
      .values({ key, ...values, blocked_until: null, updated_at: iso(at) })
      .onConflict((oc) => oc.column("key").doUpdateSet({ ...values, blocked_until: null, updated_at: iso(at) }))
      .execute();
    return { allowed: true };
  });
}

/** What a claim changed on one counter, so that a success can take it back. */
export interface CounterClaim {
  key: string;
  /** The count including this attempt. */
  count: number;
  /** blocked_until before this attempt, and as this attempt set it. */
  blockedBefore: string | null;
  blockedAfter: string | null;
}

/** The wait earned by the `count`-th attempt under `rule` (0 before `free`). */
function backoffWaitMs(rule: BackoffRule, count: number): number {
  if (count < rule.free) return 0;
  return Math.min(rule.maxWaitMs, rule.firstWaitMs * 2 ** Math.min(30, count - rule.free));
}

/**
 * Counts one attempt on every key at once, in one write transaction, before the attempt runs (so a burst of parallel
 * attempts cannot all pass before the first one is counted). When any key is still waiting, nothing is counted and
 * the answer is the longest wait. A success takes its claim back with `releaseClaims` / `clearCounters`.
 */
export async function claimAttempts(
  db: Kysely<Database>,
  checks: ReadonlyArray<{ key: string; rule: BackoffRule }>,
  now = new Date(),
): Promise<{ allowed: true; claims: CounterClaim[] } | { allowed: false; retryAfterSeconds: number }> {
  const at = now.getTime();
  return inWriteTransaction(db, async (trx) => {
    const keys = checks.map((check) => check.key);
    const rows = keys.length === 0 ? [] : await trx.selectFrom("attempt_counters").selectAll().where("key", "in", keys).execute();
    const live = new Map(rows.filter((row) => Date.parse(row.expires_at) > at).map((row) => [row.key, row]));
    let wait = 0;
    for (const { key } of checks) {
      const blocked = live.get(key)?.blocked_until;
      if (blocked && Date.parse(blocked) > at) wait = Math.max(wait, secondsUntil(blocked, at));
    }
    if (wait > 0) return { allowed: false, retryAfterSeconds: wait };

    const claims: CounterClaim[] = [];
    for (const { key, rule } of checks) {
      const row = live.get(key);
      const count = (row?.count ?? 0) + 1;
      const waitMs = backoffWaitMs(rule, count);
      const blockedBefore = row?.blocked_until ?? null;
      const blockedAfter = waitMs > 0 ? iso(at + waitMs) : null;
      const values = { count, blocked_until: blockedAfter, expires_at: iso(at + Math.max(rule.forgetMs, waitMs)), updated_at: iso(at) };
      await trx
        .insertInto("attempt_counters")
        .values({ key, ...values })
        .onConflict((oc) => oc.column("key").doUpdateSet(values))
        .execute();
      claims.push({ key, count, blockedBefore, blockedAfter });
    }
    return { allowed: true, claims };
  });
}

/**
 * Takes claims back (the attempt succeeded, so it was never a failure): one less on each count, and the wait this
 * attempt set (if nobody set a newer one meanwhile) back to what it was.
 */
export async function releaseClaims(db: Kysely<Database>, claims: readonly CounterClaim[]): Promise<void> {
  if (claims.length === 0) return;
  await inWriteTransaction(db, async (trx) => {
    for (const claim of claims) {
      const row = await trx.selectFrom("attempt_counters").select(["count", "blocked_until"]).where("key", "=", claim.key).executeTakeFirst();
      if (!row) continue;
      if (row.count <= 1) {
        await trx.deleteFrom("attempt_counters").where("key", "=", claim.key).execute();
        continue;
      }
      const blocked = row.blocked_until === claim.blockedAfter ? claim.blockedBefore : row.blocked_until;
      await trx
        .updateTable("attempt_counters")
        .set({ count: row.count - 1, blocked_until: blocked })
        .where("key", "=", claim.key)
        .execute();
    }
  });
}

/** Forgets counters outright (a success clears its own sign-in pair). */
export async function clearCounters(db: Kysely<Database>, keys: readonly string[]): Promise<void> {
  if (keys.length > 0) await db.deleteFrom("attempt_counters").where("key", "in", keys).execute();
}

/** Deletes counters that have expired (the scheduler's pass); returns how many. */
export async function pruneExpiredAttemptCounters(db: Kysely<Database>, now = new Date()): Promise<number> {
  const result = await db.deleteFrom("attempt_counters").where("expires_at", "<=", now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
