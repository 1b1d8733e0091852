// Passkeys (WebAuthn, with @simplewebauthn/server) as a second factor beside the authenticator app (
// docs/decisions/0071). A member registers passkeys from /profile/second-factor (named, listed, removable); the second
// step of signing in accepts one instead of a code.
// - Challenges are random, stored server-side (passkey_challenges) with an expiry and a purpose, and claimed once by a
//   conditional delete before the answer is checked: a wrong, expired or replayed challenge is refused. A sign-in's
//   challenge is bound to the waiting sign-in (its row goes with it).
// - The relying party (RP ID and origin) comes from PUBLIC_URL.
// - The signature counter is checked (an answer whose counter does not grow past the stored one is refused, unless the
//   authenticator keeps none, i.e. both are 0) and updated by a conditional update.
// - A member keeps at most MEMBER_LIMITS.passkeys. The first factor of an account (no authenticator app yet) comes
//   with ten recovery codes, so the second step also works without JavaScript or passkey support.
// - Removing one needs the password and a current code, as turning the app off does; audited and mailed.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import type { Kysely, Transaction } from "kysely";
import { z } from "zod";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { getEnv } from "~/env.server.ts";
import { MEMBER_LIMITS } from "~/lib/member-limits.ts";
import { PASSKEY_MESSAGES } from "~/schemas/passkeys.ts";
import { SECOND_FACTOR_MESSAGES } from "~/schemas/second-factor.ts";
import { DomainError } from "../domain-error.ts";
import { sendEmail, recordAuditEvent } from "../platform/index.server.ts";
import { verifyPassword } from "./password.server.ts";
import { hasSecondFactor, limitSecondFactorSettingsAttempts, replaceRecoveryCodes, spendSecondFactorCode } from "./second-factor.server.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** How long a browser has to answer a challenge. */
const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;

/** Who the passkeys belong to: the site's host name (RP ID) and origin, from PUBLIC_URL. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export function relyingPartyOf(publicUrl: string = getEnv().PUBLIC_URL): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name: "Tradebench" };
}

export interface PasskeySummary {
  credentialId: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  transports: string[];
}

const TRANSPORTS = new Set<AuthenticatorTransportFuture>(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"]);

function transportsOf(text: string): AuthenticatorTransportFuture[] {
  return text.split(",").filter((t): t is AuthenticatorTransportFuture => TRANSPORTS.has(t as AuthenticatorTransportFuture));
}

/** The account's passkeys, newest first. */
export async function listPasskeys(db: Db, userId: string): Promise<PasskeySummary[]> {
  const rows = await db
    .selectFrom("passkeys")
    .select(["credential_id", "name", "created_at", "last_used_at", "transports"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("credential_id")
    .limit(MEMBER_LIMITS.passkeys.max)
    .execute();
  return rows.map((r) => ({
    credentialId: r.credential_id,
    name: r.name,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
    transports: transportsOf(r.transports),
  }));
}

export async function hasPasskey(db: Db, userId: string): Promise<boolean> {
  return (await db.selectFrom("passkeys").select("credential_id").where("user_id", "=", userId).limit(1).executeTakeFirst()) !== undefined;
}

async function passkeyCount(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("passkeys")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A browser's answer (JSON text) with the shape WebAuthn gives; anything else is refused as not verified. */
const CredentialShape = z.object({
  id: z.string().min(1).max(1400),
  rawId: z.string().min(1).max(1400),
  type: z.literal("public-key"),
  clientExtensionResults: z.record(z.unknown()).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  response: z.object({ clientDataJSON: z.string().min(1).max(4096) }).passthrough(),
});

function parseAnswer(text: string): z.infer<typeof CredentialShape> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new DomainError("invalid", PASSKEY_MESSAGES.notVerified);
  }
  const parsed = CredentialShape.safeParse(value);
  if (!parsed.success) throw new DomainError("invalid", PASSKEY_MESSAGES.notVerified);
  return parsed.data;
}

/** The challenge the browser signed, read from its clientDataJSON (null when that is not readable). */
function challengeOfAnswer(answer: z.infer<typeof CredentialShape>): string | null {
  try {
    const clientData: unknown = JSON.parse(isoBase64URL.toUTF8String(answer.response.clientDataJSON));
    const challenge = (clientData as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === "string" && challenge.length > 0 && challenge.length <= 200 ? challenge : null;
  } catch {
    return null;
  }
}

async function storeChallenge(
  db: Db,
  row: { challenge: string; userId: string; purpose: "register" | "sign_in"; signInIdHash: string | null },
  now: Date,
): Promise<void> {
  await db.deleteFrom("passkey_challenges").where("expires_at", "<=", now.toISOString()).execute();
  await db
    .insertInto("passkey_challenges")
    .values({
      challenge: row.challenge,
      user_id: row.userId,
      purpose: row.purpose,
      sign_in_id_hash: row.signInIdHash,
      expires_at: new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS).toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
}

/**
 * Claims the challenge an answer signed, once: it must be live, this account's, for this purpose (and, for a sign-in,
 * for this waiting sign-in). Refuses otherwise (`invalid`, code challenge_wrong). Claimed before the answer is
 * checked, so it cannot be tried twice.
 */
async function claimChallenge(
  db: Db,
  answer: z.infer<typeof CredentialShape>,
  scope: { userId: string; purpose: "register" | "sign_in"; signInIdHash: string | null },
  now: Date,
): Promise<string> {
  const challenge = challengeOfAnswer(answer);
  if (challenge === null) throw new DomainError("invalid", PASSKEY_MESSAGES.challengeWrong, { code: "challenge_wrong" });
  let query = db
    .deleteFrom("passkey_challenges")
    .where("challenge", "=", challenge)
    .where("user_id", "=", scope.userId)
    .where("purpose", "=", scope.purpose)
    .where("expires_at", ">", now.toISOString());
  query = scope.signInIdHash === null ? query.where("sign_in_id_hash", "is", null) : query.where("sign_in_id_hash", "=", scope.signInIdHash);
  const claimed = await query.executeTakeFirst();
  if (Number(claimed.numDeletedRows) !== 1) throw new DomainError("invalid", PASSKEY_MESSAGES.challengeWrong, { code: "challenge_wrong" });
  return challenge;
}

/** Options for the browser to make a new passkey (navigator.credentials.create), with a fresh stored challenge. */
export async function beginPasskeyRegistration(
  db: Kysely<Database>,
  userId: string,
  rp: RelyingParty = relyingPartyOf(),
  now = new Date(),
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  if ((await passkeyCount(db, userId)) >= MEMBER_LIMITS.passkeys.max) throw new DomainError("conflict", MEMBER_LIMITS.passkeys.message, { code: "at_cap" });
  const user = await db.selectFrom("users").select(["email"]).where("id", "=", userId).executeTakeFirstOrThrow();
  const existing = await db.selectFrom("passkeys").select(["credential_id", "transports"]).where("user_id", "=", userId).execute();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userID: new TextEncoder().encode(userId),
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: transportsOf(p.transports) })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
    timeout: PASSKEY_CHALLENGE_TTL_MS,
  });
  await storeChallenge(db, { challenge: options.challenge, userId, purpose: "register", signInIdHash: null }, now);
  return options;
}

/**
 * Checks the browser's answer to a registration challenge and stores the passkey under `name`. When it is the
 * account's first second factor, ten recovery codes are made and returned (shown once). Audited and mailed.
 */
export async function finishPasskeyRegistration(
  db: Kysely<Database>,
  userId: string,
  input: { name: string; response: string },
  rp: RelyingParty = relyingPartyOf(),
  now = new Date(),
): Promise<{ credentialId: string; recoveryCodes: string[] | null }> {
  const answer = parseAnswer(input.response);
  const challenge = await claimChallenge(db, answer, { userId, purpose: "register", signInIdHash: null }, now);
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: answer as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch {
    throw new DomainError("invalid", PASSKEY_MESSAGES.notVerified);
  }
  if (!verified.verified) throw new DomainError("invalid", PASSKEY_MESSAGES.notVerified);
  const { credential } = verified.registrationInfo;
  const name = input.name.trim();
  const result = await inWriteTransaction(db, async (trx) => {
    if ((await passkeyCount(trx, userId)) >= MEMBER_LIMITS.passkeys.max) throw new DomainError("conflict", MEMBER_LIMITS.passkeys.message, { code: "at_cap" });
    const taken = await trx.selectFrom("passkeys").select("credential_id").where("credential_id", "=", credential.id).executeTakeFirst();
    if (taken) throw new DomainError("conflict", PASSKEY_MESSAGES.alreadyRegistered);
    const firstFactor = !(await hasSecondFactor(trx, userId));
    await trx
      .insertInto("passkeys")
      .values({
        credential_id: credential.id,
        user_id: userId,
        name,
        public_key: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: (credential.transports ?? []).filter((t) => TRANSPORTS.has(t)).join(","),
        created_at: now.toISOString(),
        last_used_at: null,
      })
      .execute();
    const recoveryCodes = firstFactor ? await replaceRecoveryCodes(trx, userId, now) : null;
    await recordAuditEvent(
      trx,
      { actorUserId: userId, action: "account.passkey.add", subjectType: "user", subjectId: userId, detail: JSON.stringify({ name, firstFactor }) },
      now,
    );
    return { credentialId: credential.id, recoveryCodes };
  });
  await mailOwner(db, userId, "A passkey was added to your Tradebench account", [
    `A passkey named “${name}” was added to your Tradebench account: signing in can use it instead of a code.`,
    "If this was not you, reset your password at once and contact support.",
  ]);
  return result;
}

/** Options for the browser to answer the waiting sign-in with one of the account's passkeys. */
export async function beginPasskeyAssertion(
  db: Kysely<Database>,
  scope: { userId: string; signInIdHash: string },
  rp: RelyingParty = relyingPartyOf(),
  now = new Date(),
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const keys = await db.selectFrom("passkeys").select(["credential_id", "transports"]).where("user_id", "=", scope.userId).execute();
  if (keys.length === 0) throw new DomainError("conflict", PASSKEY_MESSAGES.unknownPasskey);
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: keys.map((k) => ({ id: k.credential_id, transports: transportsOf(k.transports) })),
    userVerification: "preferred",
    timeout: PASSKEY_CHALLENGE_TTL_MS,
  });
  await storeChallenge(db, { challenge: options.challenge, userId: scope.userId, purpose: "sign_in", signInIdHash: scope.signInIdHash }, now);
  return options;
}

/**
 * Checks a passkey's answer to the waiting sign-in's challenge: the challenge claimed once, the credential the
 * account's, the signature good, the counter grown. Updates the counter and the last use. Refusals are `invalid`
 * (so the second step counts them like wrong codes).
 */
export async function verifyPasskeyAssertion(
  db: Kysely<Database>,
  scope: { userId: string; signInIdHash: string },
  response: string,
  rp: RelyingParty = relyingPartyOf(),
  now = new Date(),
): Promise<{ credentialId: string }> {
  const answer = parseAnswer(response);
  const challenge = await claimChallenge(db, answer, { userId: scope.userId, purpose: "sign_in", signInIdHash: scope.signInIdHash }, now);
  const key = await db
    .selectFrom("passkeys")
    .select(["credential_id", "public_key", "counter", "transports"])
    .where("credential_id", "=", answer.id)
    .where("user_id", "=", scope.userId)
    .executeTakeFirst();
  if (!key) throw new DomainError("invalid", PASSKEY_MESSAGES.unknownPasskey, { code: "unknown_passkey" });
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response: answer as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: key.credential_id, publicKey: isoBase64URL.toBuffer(key.public_key), counter: key.counter, transports: transportsOf(key.transports) },
      requireUserVerification: false,
    });
  } catch (error) {
    if (error instanceof Error && /counter value/i.test(error.message))
      throw new DomainError("invalid", PASSKEY_MESSAGES.counterRegression, { code: "counter_regression" });
    throw new DomainError("invalid", PASSKEY_MESSAGES.notVerified);
  }
  if (!verified.verified) throw new DomainError("invalid", PASSKEY_MESSAGES.notVerified);
  // Conditional on the counter read above: of two answers racing with the same counter, one passes.
  const updated = await db
    .updateTable("passkeys")
    .set({ counter: verified.authenticationInfo.newCounter, last_used_at: now.toISOString() })
    .where("credential_id", "=", key.credential_id)
    .where("counter", "=", key.counter)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw new DomainError("invalid", PASSKEY_MESSAGES.counterRegression, { code: "counter_regression" });
  return { credentialId: key.credential_id };
}

/**
 * Removes one of the account's passkeys: needs the password and a current code (the app's, or a recovery code), as
 * turning the app off does. When it was the account's last second factor, its recovery codes and waiting sign-ins go
 * too. Audited and mailed. Attempts are limited per account, with the other second-factor settings.
 */
export async function removePasskey(
  db: Kysely<Database>,
  userId: string,
  input: { credentialId: string; password: string; code: string },
  now = new Date(),
): Promise<{ factorLeft: boolean }> {
  await limitSecondFactorSettingsAttempts(db, userId, now);
  const key = await db.selectFrom("passkeys").select(["name"]).where("credential_id", "=", input.credentialId).where("user_id", "=", userId).executeTakeFirst();
  if (!key) throw new DomainError("not_found", PASSKEY_MESSAGES.notFound);
  const user = await db.selectFrom("users").select("password_hash").where("id", "=", userId).executeTakeFirstOrThrow();
  if (!(await verifyPassword(input.password, user.password_hash)))
    throw new DomainError("invalid", SECOND_FACTOR_MESSAGES.passwordWrong, { field: "password" });
  const spent = await spendSecondFactorCode(db, userId, input.code, now);
  const factorLeft = await inWriteTransaction(db, async (trx) => {
    const removed = await trx.deleteFrom("passkeys").where("credential_id", "=", input.credentialId).where("user_id", "=", userId).executeTakeFirst();
    if (Number(removed.numDeletedRows) !== 1) throw new DomainError("not_found", PASSKEY_MESSAGES.notFound);
    const left = await hasSecondFactor(trx, userId);
    if (!left) {
      await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
      await trx.deleteFrom("second_factor_challenges").where("user_id", "=", userId).execute();
    }
    await recordAuditEvent(
      trx,
      {
        actorUserId: userId,
        action: "account.passkey.remove",
        subjectType: "user",
        subjectId: userId,
        detail: JSON.stringify({ name: key.name, proof: spent.kind, factorLeft: left }),
      },
      now,
    );
    return left;
  });
  await mailOwner(db, userId, factorLeft ? "A passkey was removed from your Tradebench account" : "Two-step sign-in is off for your Tradebench account", [
    `The passkey named “${key.name}” was removed from your Tradebench account.${factorLeft ? "" : " It was your last second factor: signing in asks only for your password now."}`,
    "If this was not you, reset your password at once and contact support.",
  ]);
  return { factorLeft };
}

async function mailOwner(db: Kysely<Database>, userId: string, subject: string, paragraphs: string[]): Promise<void> {
  const row = await db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirstOrThrow();
  await sendEmail(db, { to: row.email, subject, text: paragraphs.join("\n\n") });
}
