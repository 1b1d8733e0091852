// Sign-in limits that nobody can turn against an account's owner (docs/decisions/0029).
// - Failures are counted per (account, address) pair, or per (account, device) pair for a device that signed in to
//   the account before: past 5 of them each one earns a wait that doubles (1 minute … 15 minutes). Only that pair waits.
// - Failures per address across all accounts (spraying): past 30 the address waits too, but not for an account that
//   address or device has signed in to before.
// - Failures per account from addresses and devices it does not know only slow those attempts down (a delay that
//   grows to 3 seconds at most); they never refuse anyone, and never slow a known address or device.
// - A success is never counted: its own claims are taken back, its pair's failures cleared, and the pair remembered.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { claimAttempts, clearCounters, counterKey, releaseClaims, tooManyAttempts, type BackoffRule, type CounterClaim } from "../platform/index.server.ts";

const MINUTE = 60_000;

export const SIGN_IN_LIMITS = {
  /** Wrong passwords for one account from one address (or one known device). */
  pair: { free: 5, firstWaitMs: MINUTE, maxWaitMs: 15 * MINUTE, forgetMs: 60 * MINUTE },
  /** Wrong passwords from one address, whatever the account. */
  address: { free: 30, firstWaitMs: MINUTE, maxWaitMs: 15 * MINUTE, forgetMs: 15 * MINUTE },
  /** Wrong passwords for one account from addresses and devices it does not know: counted, never refused. */
  account: { free: Number.POSITIVE_INFINITY, firstWaitMs: 0, maxWaitMs: 0, forgetMs: 15 * MINUTE },
  /** Past this many such failures, each attempt from an unknown address or device is delayed… */
  accountDelayAfter: 10,
  /** …by this, doubling with each further failure… */
  accountFirstDelayMs: 250,
  /** …up to this. */
  accountMaxDelayMs: 3_000,
  /** How long an (account, address) or (account, device) pair is remembered after it signed in. */
  knownForMs: 90 * 24 * 60 * MINUTE,
} as const satisfies Record<string, BackoffRule | number>;

export interface SignInAttempt {
  /** The e-mail address typed (any case; trimmed and lower-cased here, as sign-in compares it). */
  email: string;
  /** The client's address as the server saw it. */
  ip: string;
  /** The browser's device id (from its signed device cookie), if it has one. */
  deviceId: string | null;
}

/** What a claimed sign-in attempt holds until it is known to have succeeded. */
export interface SignInClaim {
  /** Wait this long before checking the password (friction from failures elsewhere; 0 mostly). */
  delayMs: number;
  /** Whether this address or device signed in to the account before. */
  known: boolean;
  email: string;
  ip: string;
  deviceId: string | null;
  claims: CounterClaim[];
}

const normalEmail = (email: string) => email.trim().toLowerCase();
const pairOfAddress = (email: string, ip: string) => counterKey("sign-in:pair", email, `ip:${ip}`);
const pairOfDevice = (email: string, deviceId: string) => counterKey("sign-in:pair", email, `device:${deviceId}`);
const knownOfAddress = (email: string, ip: string) => counterKey("known", email, `ip:${ip}`);
const knownOfDevice = (email: string, deviceId: string) => counterKey("known", email, `device:${deviceId}`);

/** The delay before a password check from an unknown address, given the account's failures from unknown places. */
export function accountDelayMs(failuresBefore: number): number {
  const over = failuresBefore - SIGN_IN_LIMITS.accountDelayAfter;
  if (over < 0) return 0;
  return Math.min(SIGN_IN_LIMITS.accountMaxDelayMs, SIGN_IN_LIMITS.accountFirstDelayMs * 2 ** Math.min(over, 30));
}

/** Which of this address and this device signed in to the account before (and have not been forgotten). */
async function knownPlaces(db: Kysely<Database>, email: string, ip: string, deviceId: string | null, now: Date) {
  const keys = [knownOfAddress(email, ip), ...(deviceId ? [knownOfDevice(email, deviceId)] : [])];
  const rows = await db.selectFrom("known_sign_ins").select("key").where("key", "in", keys).where("expires_at", ">", now.toISOString()).execute();
  const found = new Set(rows.map((row) => row.key));
  return { address: found.has(keys[0]!), device: deviceId !== null && found.has(keys[1]!) };
}

/**
 * Counts a sign-in attempt before the password is checked (so parallel guesses are counted too); refuses with
 * `rate_limited` (the spec's "Too many attempts…" and the seconds to wait) when its pair or its address is waiting.
 * A failed attempt needs nothing more; a successful one calls `recordSignInSuccess` with the claim.
 */
export async function claimSignInAttempt(db: Kysely<Database>, attempt: SignInAttempt, now = new Date()): Promise<SignInClaim> {
  const email = normalEmail(attempt.email);
  const known = await knownPlaces(db, email, attempt.ip, attempt.deviceId, now);
  const checks: Array<{ key: string; rule: BackoffRule }> = [
    // A known device has its own pair: guesses from its address (a shared NAT address) never make it wait.
    { key: known.device ? pairOfDevice(email, attempt.deviceId!) : pairOfAddress(email, attempt.ip), rule: SIGN_IN_LIMITS.pair },
  ];
  const isKnown = known.device || known.address;
  if (!isKnown) {
    checks.push({ key: counterKey("sign-in:address", attempt.ip), rule: SIGN_IN_LIMITS.address });
    checks.push({ key: counterKey("sign-in:account", email), rule: SIGN_IN_LIMITS.account });
  }
  const verdict = await claimAttempts(db, checks, now);
  if (!verdict.allowed) throw tooManyAttempts(verdict.retryAfterSeconds);
  const accountClaim = isKnown ? undefined : verdict.claims[2];
  return {
    delayMs: accountClaim ? accountDelayMs(accountClaim.count - 1) : 0,
    known: isKnown,
    email,
    ip: attempt.ip,
    deviceId: attempt.deviceId,
    claims: verdict.claims,
  };
}

/**
 * A claimed attempt signed in: it is not a failure (its counts are taken back), the failures of its pair are cleared,
 * and this address, and the device that now holds `deviceId` (the browser's device cookie), are remembered as known
 * for the account.
 */
export async function recordSignInSuccess(db: Kysely<Database>, claim: SignInClaim, deviceId: string | null, now = new Date()): Promise<void> {
  // The first claim is the attempt's pair (of its address, or of its known device): cleared. The others are taken back.
  const [pair, ...others] = claim.claims;
  await releaseClaims(db, others);
  if (pair) await clearCounters(db, [pair.key]);
  const expiresAt = new Date(now.getTime() + SIGN_IN_LIMITS.knownForMs).toISOString();
  const known = [knownOfAddress(claim.email, claim.ip), ...(deviceId ? [knownOfDevice(claim.email, deviceId)] : [])];
  await db
    .insertInto("known_sign_ins")
    .values(known.map((key) => ({ key, expires_at: expiresAt })))
    .onConflict((oc) => oc.column("key").doUpdateSet({ expires_at: expiresAt }))
    .execute();
}

/** Deletes remembered sign-in pairs past their time (the scheduler's pass); returns how many. */
export async function pruneExpiredKnownSignIns(db: Kysely<Database>, now = new Date()): Promise<number> {
  const result = await db.deleteFrom("known_sign_ins").where("expires_at", "<=", now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
