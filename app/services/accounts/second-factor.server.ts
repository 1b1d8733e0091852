// A second factor for signing in (docs/decisions/0064): an authenticator app (TOTP, RFC 6238: 6 digits,
// 30-second steps, SHA-1, as every app reads them) and ten one-time recovery codes. Required for every role holding
// a permission that moves money or changes people (SECOND_FACTOR_PERMISSIONS, read from role_permissions on each
// request, so a role edited on /admin/roles follows at once); optional for everyone else.
// - A code is taken once: the newest accepted step is stored and a code of that step or an older one is refused,
//   by a conditional update, so two requests racing with one code cannot both pass.
// - Recovery codes are stored as SHA-256 digests (they are random, 50 bits each) and claimed by a conditional update.
// - Turning the factor off needs the password and a current code; it is audited and mailed, as is turning it on.
import crypto from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import * as OTPAuth from "otpauth";
import QRCode from "qrcode";
import { inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import type { Role } from "~/lib/roles.ts";
import { RECOVERY_CODE_COUNT, SECOND_FACTOR_MESSAGES, SECOND_FACTOR_PERMISSIONS } from "~/schemas/second-factor.ts";
import { DomainError } from "../domain-error.ts";
import { sendEmail, recordAuditEvent, counterKey, hitWindow, tooManyAttempts, type WindowRule } from "../platform/index.server.ts";
import { verifyPassword } from "./password.server.ts";
import { sha256 } from "./tokens.server.ts";

type Db = Kysely<Database> | Transaction<Database>;

const TOTP_SETTINGS = { issuer: "Tradebench", algorithm: "SHA1", digits: 6, period: 30 } as const;
/** Codes of the step before and after the server's are accepted too (a phone's clock a little off). */
const TOTP_WINDOW = 1;

/** Attempts at turning the factor off or renewing codes (each checks a password or a code), per account. */
const SECOND_FACTOR_SETTINGS_LIMIT: WindowRule = { limit: 10, windowMs: 60 * 60_000 };

/** Whether `role` holds, now, a permission whose holders must use a second factor. */
export async function roleRequiresSecondFactor(db: Db, role: Role | string): Promise<boolean> {
  const row = await db
    .selectFrom("role_permissions")
    .select("permission")
    .where("role", "=", role)
    .where("permission", "in", SECOND_FACTOR_PERMISSIONS)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the account has a confirmed authenticator app. */
async function hasTotpFactor(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom("totp_factors").select("user_id").where("user_id", "=", userId).where("confirmed_at", "is not", null).executeTakeFirst();
  return row !== undefined;
}

/** Whether the account has a second factor: a confirmed authenticator app or a passkey (docs/decisions/0071). */
export async function hasSecondFactor(db: Db, userId: string): Promise<boolean> {
  if (await hasTotpFactor(db, userId)) return true;
  const passkey = await db.selectFrom("passkeys").select("credential_id").where("user_id", "=", userId).limit(1).executeTakeFirst();
  return passkey !== undefined;
}

export interface SecondFactorStatus {
  /** A confirmed authenticator app. */
  enrolled: boolean;
  /** Any second factor: the app or a passkey (what the staff requirement asks for). */
  anyFactor: boolean;
  enrolledAt: string | null;
  /** The role needs one (SECOND_FACTOR_PERMISSIONS). */
  required: boolean;
  recoveryCodesLeft: number;
  /** Enrolment started and waiting for a code from the app: what the app needs to be set up. */
  pending: { secret: string; uri: string; qrSvg: string } | null;
}

function totpOf(secret: string, label: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ ...TOTP_SETTINGS, label, secret: OTPAuth.Secret.fromBase32(secret) });
}

async function emailOf(db: Db, userId: string): Promise<string> {
  const row = await db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirstOrThrow();
  return row.email;
}

/** What /profile/second-factor shows. */
export async function secondFactorStatus(db: Kysely<Database>, user: { id: string; role: Role | string }): Promise<SecondFactorStatus> {
  const factor = await db.selectFrom("totp_factors").select(["secret", "confirmed_at"]).where("user_id", "=", user.id).executeTakeFirst();
  const left = await db
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", user.id)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  let pending: SecondFactorStatus["pending"] = null;
  if (factor && factor.confirmed_at === null) {
    const uri = totpOf(factor.secret, await emailOf(db, user.id)).toString();
    pending = { secret: factor.secret, uri, qrSvg: await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 }) };
  }
  return {
    enrolled: factor?.confirmed_at != null,
    anyFactor: await hasSecondFactor(db, user.id),
    enrolledAt: factor?.confirmed_at ?? null,
    required: await roleRequiresSecondFactor(db, user.role),
    recoveryCodesLeft: Number(left.n),
    pending,
  };
}

/** Starts (or restarts) enrolment: a fresh secret that waits for a code from the app. Refused once a factor is on. */
export async function beginTotpEnrolment(db: Kysely<Database>, userId: string): Promise<void> {
  if (await hasTotpFactor(db, userId)) throw new DomainError("conflict", SECOND_FACTOR_MESSAGES.alreadyEnrolled);
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  await db
    .insertInto("totp_factors")
    .values({ user_id: userId, secret, confirmed_at: null, last_used_step: null })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ secret, confirmed_at: null, last_used_step: null }))
    .execute();
}

/** The step a 6-digit code belongs to (within the window around `now`), or null when it is not the app's code. */
function stepOfCode(secret: string, code: string, now: Date): number | null {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const delta = OTPAuth.TOTP.validate({ token, secret: OTPAuth.Secret.fromBase32(secret), ...TOTP_SETTINGS, timestamp: now.getTime(), window: TOTP_WINDOW });
  if (delta === null) return null;
  return OTPAuth.TOTP.counter({ period: TOTP_SETTINGS.period, timestamp: now.getTime() }) + delta;
}

/** The current code of a secret (the demo's code printer and the tests). */
export function currentTotpCode(secret: string, now = new Date()): string {
  return OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), ...TOTP_SETTINGS, timestamp: now.getTime() });
}

/** A recovery code as shown: ten lower-case letters and digits in two groups of five (about 50 bits). */
function newRecoveryCode(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  let code = "";
  for (let i = 0; i < 10; i += 1) code += alphabet[crypto.randomInt(alphabet.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** The digest a recovery code is stored as (case, spaces and dashes do not matter). */
export function recoveryCodeHash(code: string): string {
  return sha256(`recovery:${code.toLowerCase().replace(/[\s-]+/g, "")}`);
}

/** Replaces the account's recovery codes with RECOVERY_CODE_COUNT fresh ones; returns them (shown once). */
export async function replaceRecoveryCodes(db: Db, userId: string, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  await db
    .insertInto("recovery_codes")
    .values(codes.map((code) => ({ user_id: userId, code_hash: recoveryCodeHash(code), used_at: null, created_at: now.toISOString() })))
    .execute();
  return codes;
}

/**
 * Finishes enrolment with a code from the app: the factor is on, ten recovery codes are made (returned, to be shown
 * once), the act is audited and the owner is mailed.
 */
export async function confirmTotpEnrolment(db: Kysely<Database>, userId: string, code: string, now = new Date()): Promise<{ recoveryCodes: string[] }> {
  const factor = await db.selectFrom("totp_factors").select(["secret", "confirmed_at"]).where("user_id", "=", userId).executeTakeFirst();
  if (!factor) throw new DomainError("conflict", SECOND_FACTOR_MESSAGES.noEnrolment);
  if (factor.confirmed_at !== null) throw new DomainError("conflict", SECOND_FACTOR_MESSAGES.alreadyEnrolled);
  const step = stepOfCode(factor.secret, code, now);
  if (step === null) throw new DomainError("invalid", SECOND_FACTOR_MESSAGES.enrolmentCodeWrong, { field: "code" });
  const recoveryCodes = await inWriteTransaction(db, async (trx) => {
    const claimed = await trx
      .updateTable("totp_factors")
      .set({ confirmed_at: now.toISOString(), last_used_step: step })
      .where("user_id", "=", userId)
      .where("secret", "=", factor.secret)
      .where("confirmed_at", "is", null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw new DomainError("conflict", SECOND_FACTOR_MESSAGES.noEnrolment);
    const codes = await replaceRecoveryCodes(trx, userId, now);
    await recordAuditEvent(
      trx,
      { actorUserId: userId, action: "account.second_factor.enable", subjectType: "user", subjectId: userId, detail: JSON.stringify({ factor: "totp" }) },
      now,
    );
    return codes;
  });
  await mailOwner(db, userId, "Two-step sign-in is on for your Tradebench account", [
    "Two-step sign-in was turned on for your Tradebench account: signing in now asks for a code from your authenticator app.",
    "If this was not you, reset your password at once and contact support.",
  ]);
  return { recoveryCodes };
}

export type SecondFactorProof = { kind: "totp"; step: number } | { kind: "recovery"; left: number } | { kind: "passkey"; credentialId: string };

/**
 * Checks a code against the account's factor and spends it: a 6-digit code of a step newer than the last one taken,
 * or an unused recovery code. Refuses a wrong code (`invalid`, field code) and a code already taken (`invalid`,
 * code "replayed"). Using a recovery code is mailed to the owner.
 */
export async function spendSecondFactorCode(db: Kysely<Database>, userId: string, code: string, now = new Date()): Promise<SecondFactorProof> {
  const factor = await db
    .selectFrom("totp_factors")
    .select(["secret", "last_used_step"])
    .where("user_id", "=", userId)
    .where("confirmed_at", "is not", null)
    .executeTakeFirst();
  // An account with passkeys only still has its recovery codes (docs/decisions/0071).
  if (!factor && !(await hasSecondFactor(db, userId))) throw new DomainError("conflict", SECOND_FACTOR_MESSAGES.notEnrolled);
  const step = factor ? stepOfCode(factor.secret, code, now) : null;
  if (step !== null) {
    const taken = await db
      .updateTable("totp_factors")
      .set({ last_used_step: step })
      .where("user_id", "=", userId)
      .where((eb) => eb.or([eb("last_used_step", "is", null), eb("last_used_step", "<", step)]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) throw new DomainError("invalid", SECOND_FACTOR_MESSAGES.codeUsed, { field: "code", code: "replayed" });
    return { kind: "totp", step };
  }
  const claimed = await db
    .updateTable("recovery_codes")
    .set({ used_at: now.toISOString() })
    .where("user_id", "=", userId)
    .where("code_hash", "=", recoveryCodeHash(code))
    .where("used_at", "is", null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw new DomainError("invalid", SECOND_FACTOR_MESSAGES.codeWrong, { field: "code" });
  const left = await db
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  await mailOwner(db, userId, "A recovery code was used on your Tradebench account", [
    `A recovery code was used to sign in to your Tradebench account. ${Number(left.n)} recovery codes are left.`,
    "If this was not you, reset your password at once, then make new recovery codes on your profile's Two-step sign-in page.",
  ]);
  return { kind: "recovery", left: Number(left.n) };
}

export async function limitSecondFactorSettingsAttempts(db: Kysely<Database>, userId: string, now: Date): Promise<void> {
  const verdict = await hitWindow(db, counterKey("second-factor:settings", userId), SECOND_FACTOR_SETTINGS_LIMIT, now);
  if (!verdict.allowed) throw tooManyAttempts(verdict.retryAfterSeconds);
}

/**
 * Turns the factor off: needs the account's password and a current code (the app's, or a recovery code); its
 * recovery codes go too. Audited and mailed. Attempts are limited per account (SECOND_FACTOR_SETTINGS_LIMIT).
 */
export async function disableSecondFactor(db: Kysely<Database>, userId: string, proof: { password: string; code: string }, now = new Date()): Promise<void> {
  await limitSecondFactorSettingsAttempts(db, userId, now);
  if (!(await hasTotpFactor(db, userId))) throw new DomainError("conflict", SECOND_FACTOR_MESSAGES.notEnrolled);
  const user = await db.selectFrom("users").select("password_hash").where("id", "=", userId).executeTakeFirstOrThrow();
  if (!(await verifyPassword(proof.password, user.password_hash)))
    throw new DomainError("invalid", SECOND_FACTOR_MESSAGES.passwordWrong, { field: "password" });
  const spent = await spendSecondFactorCode(db, userId, proof.code, now);
  const passkeysLeft = await inWriteTransaction(db, async (trx) => {
    await trx.deleteFrom("totp_factors").where("user_id", "=", userId).execute();
    // With passkeys left the account keeps its recovery codes and its waiting sign-ins (docs/decisions/0071).
    const left = await hasSecondFactor(trx, userId);
    if (!left) {
      await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
      await trx.deleteFrom("second_factor_challenges").where("user_id", "=", userId).execute();
    }
    await recordAuditEvent(
      trx,
      {
        actorUserId: userId,
        action: "account.second_factor.disable",
        subjectType: "user",
        subjectId: userId,
        detail: JSON.stringify({ factor: "totp", proof: spent.kind, passkeysLeft: left }),
      },
      now,
    );
    return left;
  });
  await mailOwner(
    db,
    userId,
    passkeysLeft ? "Your authenticator app was removed from your Tradebench account" : "Two-step sign-in is off for your Tradebench account",
    passkeysLeft
      ? [
          "Your authenticator app was removed from your Tradebench account: signing in asks for one of your passkeys (or a recovery code) now.",
          "If this was not you, reset your password at once and contact support.",
        ]
      : [
          "Two-step sign-in was turned off for your Tradebench account: signing in asks only for your password now.",
          "If this was not you, reset your password at once and contact support.",
        ],
  );
}

/** New recovery codes for a current code (the old ones stop working); audited. Returns the codes (shown once). */
export async function regenerateRecoveryCodes(db: Kysely<Database>, userId: string, code: string, now = new Date()): Promise<{ recoveryCodes: string[] }> {
  await limitSecondFactorSettingsAttempts(db, userId, now);
  await spendSecondFactorCode(db, userId, code, now);
  const recoveryCodes = await inWriteTransaction(db, async (trx) => {
    const codes = await replaceRecoveryCodes(trx, userId, now);
    await recordAuditEvent(trx, { actorUserId: userId, action: "account.second_factor.recovery_codes", subjectType: "user", subjectId: userId }, now);
    return codes;
  });
  return { recoveryCodes };
}

async function mailOwner(db: Kysely<Database>, userId: string, subject: string, paragraphs: string[]): Promise<void> {
  await sendEmail(db, { to: await emailOf(db, userId), subject, text: paragraphs.join("\n\n") });
}
