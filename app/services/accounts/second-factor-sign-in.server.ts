// Signing in in two steps (docs/decisions/0064). A member whose account has a second factor gets no
// session from the password alone: the password step makes a challenge (a random token in a short-lived cookie, its
// digest here) and the session is only made once a code passes the second step.
// Limits, so a guesser gets nowhere and nobody can lock the owner out:
// - the second step is only reachable with a challenge, i.e. with the password (sign-in's own limits guard that);
// - wrong codes are counted per (account, address) pair, or per (account, device) pair for a known device, with
//   sign-in's growing waits (SIGN_IN_LIMITS.pair): only that pair waits, never the owner elsewhere;
// - a challenge takes at most CHALLENGE_MAX_FAILURES wrong codes, then it is void and the password is asked again;
// - a challenge lives CHALLENGE_TTL_MS.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { SECOND_FACTOR_MESSAGES } from "~/schemas/second-factor.ts";
import { DomainError, isDomainError } from "../domain-error.ts";
import { claimAttempts, clearCounters, counterKey, tooManyAttempts } from "../platform/index.server.ts";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { beginPasskeyAssertion, relyingPartyOf, verifyPasskeyAssertion, type RelyingParty } from "./passkeys.server.ts";
import { spendSecondFactorCode, type SecondFactorProof } from "./second-factor.server.ts";
import { SIGN_IN_LIMITS } from "./sign-in-limits.server.ts";
import { randomToken, sha256 } from "./tokens.server.ts";

export const CHALLENGE_TTL_MS = 10 * 60_000;
export const CHALLENGE_MAX_FAILURES = 5;

export interface SignInChallengeInput {
  userId: string;
  remember: boolean;
  /** A same-site path (the caller made it safe). */
  redirectTo: string;
}

/** Makes a challenge for an account whose password was right; returns the token for the browser's cookie. */
export async function startSecondFactorChallenge(db: Kysely<Database>, input: SignInChallengeInput, now = new Date()): Promise<string> {
  const token = randomToken();
  // One sign-in waits at a time per account and browser is enough; older challenges past their time go here too.
  await db.deleteFrom("second_factor_challenges").where("expires_at", "<=", now.toISOString()).execute();
  await db
    .insertInto("second_factor_challenges")
    .values({
      id_hash: sha256(token),
      user_id: input.userId,
      remember: input.remember ? 1 : 0,
      redirect_to: input.redirectTo,
      expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS).toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
  return token;
}

export interface PendingSignIn {
  userId: string;
  remember: boolean;
  redirectTo: string;
}

/** The live challenge behind a token, or null. */
export async function findSecondFactorChallenge(db: Kysely<Database>, token: string, now = new Date()): Promise<PendingSignIn | null> {
  const row = await db
    .selectFrom("second_factor_challenges")
    .select(["user_id", "remember", "redirect_to", "failures"])
    .where("id_hash", "=", sha256(token))
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  if (!row || row.failures >= CHALLENGE_MAX_FAILURES) return null;
  return { userId: row.user_id, remember: row.remember === 1, redirectTo: row.redirect_to };
}

/** Ends a challenge (the visitor went back to the password step, or signed in). */
export async function endSecondFactorChallenge(db: Kysely<Database>, token: string): Promise<void> {
  await db.deleteFrom("second_factor_challenges").where("id_hash", "=", sha256(token)).execute();
}

export interface SecondStepAttempt {
  token: string;
  code: string;
  /** The client's address as the server saw it. */
  ip: string;
  /** The browser's device id (its signed device cookie), when it has one. */
  deviceId: string | null;
}

const pairKey = (userId: string, attempt: SecondStepAttempt) =>
  counterKey("second-factor:pair", userId, attempt.deviceId ? `device:${attempt.deviceId}` : `ip:${attempt.ip}`);

/**
 * The second step: counts the attempt (refusing with `rate_limited` while its pair waits), checks and spends the code,
 * and on success ends the challenge and returns what the session needs. A wrong code is refused (`invalid`, field
 * code) and counted on the challenge; past CHALLENGE_MAX_FAILURES, or once it expired, the challenge is void
 * (`unauthenticated`, code challenge_void: sign in again).
 */
export async function passSecondFactorChallenge(
  db: Kysely<Database>,
  attempt: SecondStepAttempt,
  now = new Date(),
): Promise<PendingSignIn & { proof: SecondFactorProof }> {
  return passChallengeWith(db, attempt, (userId) => spendSecondFactorCode(db, userId, attempt.code, now), now);
}

/**
 * Options for answering the waiting sign-in behind `token` with a passkey (docs/decisions/0071): a fresh challenge
 * bound to that sign-in. Refuses a void sign-in as the code step does.
 */
export async function beginPasskeySignIn(
  db: Kysely<Database>,
  token: string,
  rp: RelyingParty = relyingPartyOf(),
  now = new Date(),
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const pending = await findSecondFactorChallenge(db, token, now);
  if (!pending) throw new DomainError("unauthenticated", SECOND_FACTOR_MESSAGES.challengeExpired, { code: "challenge_void" });
  return beginPasskeyAssertion(db, { userId: pending.userId, signInIdHash: sha256(token) }, rp, now);
}

/**
 * The second step with a passkey: the same limits, counting and single use as a code (passSecondFactorChallenge);
 * the proof is the passkey's answer (JSON text) to a challenge from beginPasskeySignIn.
 */
export async function passPasskeySignIn(
  db: Kysely<Database>,
  attempt: Omit<SecondStepAttempt, "code"> & { response: string },
  rp: RelyingParty = relyingPartyOf(),
  now = new Date(),
): Promise<PendingSignIn & { proof: SecondFactorProof }> {
  return passChallengeWith(
    db,
    { ...attempt, code: "" },
    async (userId) => ({ kind: "passkey", ...(await verifyPasskeyAssertion(db, { userId, signInIdHash: sha256(attempt.token) }, attempt.response, rp, now)) }),
    now,
  );
}

async function passChallengeWith(
  db: Kysely<Database>,
  attempt: SecondStepAttempt,
  prove: (userId: string) => Promise<SecondFactorProof>,
  now: Date,
): Promise<PendingSignIn & { proof: SecondFactorProof }> {
  const pending = await findSecondFactorChallenge(db, attempt.token, now);
  if (!pending) throw new DomainError("unauthenticated", SECOND_FACTOR_MESSAGES.challengeExpired, { code: "challenge_void" });
  const key = pairKey(pending.userId, attempt);
  const verdict = await claimAttempts(db, [{ key, rule: SIGN_IN_LIMITS.pair }], now);
  if (!verdict.allowed) throw tooManyAttempts(verdict.retryAfterSeconds);
  let proof: SecondFactorProof;
  try {
    proof = await prove(pending.userId);
  } catch (error) {
    if (isDomainError(error) && error.kind === "invalid") {
      const counted = await db
        .updateTable("second_factor_challenges")
        .set((eb) => ({ failures: eb("failures", "+", 1) }))
        .where("id_hash", "=", sha256(attempt.token))
        .returning("failures")
        .executeTakeFirst();
      if (!counted || counted.failures >= CHALLENGE_MAX_FAILURES) {
        await endSecondFactorChallenge(db, attempt.token);
        throw new DomainError("unauthenticated", SECOND_FACTOR_MESSAGES.tooManyWrongCodes, { code: "challenge_void" });
      }
    }
    throw error;
  }
  // Claimed once: two requests racing with one challenge cannot both make a session.
  const ended = await db.deleteFrom("second_factor_challenges").where("id_hash", "=", sha256(attempt.token)).executeTakeFirst();
  if (Number(ended.numDeletedRows) !== 1) throw new DomainError("unauthenticated", SECOND_FACTOR_MESSAGES.challengeExpired, { code: "challenge_void" });
  await clearCounters(db, [key]);
  return { ...pending, proof };
}
