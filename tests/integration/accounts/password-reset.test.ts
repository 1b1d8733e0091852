// "Forgot password": one-time links by e-mail, kept as digests, valid for 24 hours.
import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { registerUser, verifyLogin } from "~/services/accounts/account.server.ts";
import { isResetTokenUsable, requestPasswordReset, resetPassword } from "~/services/accounts/password-reset.server.ts";
import { createSession, findSessionUserId } from "~/services/accounts/session.server.ts";
import { AUTH_MESSAGES } from "~/schemas/auth.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const PUBLIC_URL = "https://tradebench.example";
const OLD_PASSWORD = "old password 1";
const T0 = new Date("2026-05-01T08:00:00.000Z");
const DAY_MS = 24 * 3600_000;
/** How resetPassword refuses an unknown, used or expired link. */
const RESET_REFUSED = { kind: "invalid", message: AUTH_MESSAGES.resetInvalid };

let database: OpenedDatabase;
let aliceId: string;

beforeAll(async () => {
  // Mail goes to the outbox only (no SMTP), whatever the developer's shell holds.
  vi.stubEnv("SMTP_URL", undefined);
  database = createTestDatabase();
  const result = await registerUser(database.db, {
    email: "alice@example.com",
    password: OLD_PASSWORD,
    firstName: "Alice",
    lastName: "Reset",
    role: "buyer",
  });
  aliceId = result.userId;
});

beforeEach(async () => {
  // The mailer prints queued mail to the log; keep the test output quiet.
  vi.spyOn(console, "log").mockImplementation(() => undefined);
  await database.db.deleteFrom("password_reset_tokens").execute();
  await database.db.deleteFrom("email_outbox").execute();
  await database.db.deleteFrom("sessions").execute();
  return () => {
    vi.restoreAllMocks();
  };
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await database?.close();
});

function sha256(value: string): string {
  return crypto.createHash("sha256").update(value).digest("hex");
}

/** Requests a reset for `email` and returns the token from the e-mail that was sent. */
async function tokenFromMail(email: string, now = T0): Promise<string> {
  await requestPasswordReset(database.db, email, PUBLIC_URL, now);
  const mail = await database.db.selectFrom("email_outbox").select("text_body").where("to_address", "=", email).orderBy("id", "desc").executeTakeFirstOrThrow();
  const match = /\/reset-password\?token=(\S+)/.exec(mail.text_body);
  if (!match?.[1]) throw new Error(`no reset link in ${mail.text_body}`);
  return decodeURIComponent(match[1]);
}

describe("requestPasswordReset", () => {
  it("sends nothing and stores nothing for an unknown e-mail", async () => {
    await requestPasswordReset(database.db, "nobody@example.com", PUBLIC_URL, T0);
    expect(await database.db.selectFrom("email_outbox").selectAll().execute()).toEqual([]);
    expect(await database.db.selectFrom("password_reset_tokens").selectAll().execute()).toEqual([]);
  });

  it("e-mails one link to a known address and stores only the token's digest", async () => {
    await requestPasswordReset(database.db, "alice@example.com", PUBLIC_URL, T0);

    const mails = await database.db.selectFrom("email_outbox").selectAll().execute();
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail).toMatchObject({ to_address: "alice@example.com", subject: "Reset your Tradebench password", status: "queued" });
    expect(mail?.text_body).toContain(`${PUBLIC_URL}/reset-password?token=`);
    expect(mail?.text_body).toContain("expires after 24 hours");

    const token = decodeURIComponent(/token=(\S+)/.exec(mail?.text_body ?? "")?.[1] ?? "");
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const tokens = await database.db.selectFrom("password_reset_tokens").selectAll().execute();
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({
      user_id: aliceId,
      token_hash: sha256(token),
      expires_at: new Date(T0.getTime() + DAY_MS).toISOString(),
      used_at: null,
    });
    expect(JSON.stringify(tokens[0])).not.toContain(token);
    expect(await isResetTokenUsable(database.db, token, T0)).toBe(true);
  });

  it("finds the account whatever the e-mail's case", async () => {
    await requestPasswordReset(database.db, "ALICE@Example.com", PUBLIC_URL, T0);
    const tokens = await database.db.selectFrom("password_reset_tokens").select("user_id").execute();
    expect(tokens).toEqual([{ user_id: aliceId }]);
    expect(await database.db.selectFrom("email_outbox").select("id").execute()).toHaveLength(1);
  });
});

describe("resetPassword", () => {
  it("sets the new password once, ends every session of that user only, and the new password signs in", async () => {
    const bobId = await insertUserRow(database.db, "bob@example.com");
    const aliceSessions = [await createSession(database.db, aliceId, {}, DAY_MS, T0), await createSession(database.db, aliceId, {}, DAY_MS, T0)];
    const bobSession = await createSession(database.db, bobId, {}, DAY_MS, T0);
    const token = await tokenFromMail("alice@example.com");
    const later = new Date(T0.getTime() + 3600_000);

    expect(await resetPassword(database.db, token, "brand new password", later)).toEqual({ userId: aliceId });

    for (const id of aliceSessions) expect(await findSessionUserId(database.db, id, later)).toBeNull();
    expect(await findSessionUserId(database.db, bobSession, later)).toBe(bobId);
    expect(await isResetTokenUsable(database.db, token, later)).toBe(false);

    // The link works once.
    await expect(resetPassword(database.db, token, "yet another password", later)).rejects.toMatchObject(RESET_REFUSED);

    expect(await verifyLogin(database.db, "alice@example.com", "brand new password")).toBe(aliceId);
    expect(await verifyLogin(database.db, "alice@example.com", OLD_PASSWORD)).toBeNull();
  });

  it("refuses a token 24 hours plus 1 ms after the request, and changes nothing", async () => {
    const token = await tokenFromMail("alice@example.com", T0);
    const session = await createSession(database.db, aliceId, {}, 2 * DAY_MS, T0);
    const before = await database.db.selectFrom("users").select("password_hash").where("id", "=", aliceId).executeTakeFirstOrThrow();
    const expired = new Date(T0.getTime() + DAY_MS + 1);

    expect(await isResetTokenUsable(database.db, token, new Date(T0.getTime() + DAY_MS - 1))).toBe(true);
    expect(await isResetTokenUsable(database.db, token, new Date(T0.getTime() + DAY_MS))).toBe(false);
    await expect(resetPassword(database.db, token, "too late password", expired)).rejects.toMatchObject(RESET_REFUSED);

    const after = await database.db.selectFrom("users").select("password_hash").where("id", "=", aliceId).executeTakeFirstOrThrow();
    expect(after.password_hash).toBe(before.password_hash);
    expect(await findSessionUserId(database.db, session, expired)).toBe(aliceId);
    const row = await database.db.selectFrom("password_reset_tokens").select("used_at").executeTakeFirstOrThrow();
    expect(row.used_at).toBeNull();
  });

  it("still works 1 ms before the 24 hours are up", async () => {
    const token = await tokenFromMail("alice@example.com", T0);
    expect(await resetPassword(database.db, token, "just in time", new Date(T0.getTime() + DAY_MS - 1))).toEqual({ userId: aliceId });
  });

  it("refuses unknown tokens and the stored digest itself", async () => {
    const token = await tokenFromMail("alice@example.com", T0);
    const { token_hash } = await database.db.selectFrom("password_reset_tokens").select("token_hash").executeTakeFirstOrThrow();
    await expect(resetPassword(database.db, token_hash, "digest as token", T0)).rejects.toMatchObject(RESET_REFUSED);
    await expect(resetPassword(database.db, `${token}x`, "wrong token", T0)).rejects.toMatchObject(RESET_REFUSED);
    expect(await isResetTokenUsable(database.db, token, T0)).toBe(true);
  });

  it("lets exactly one of two simultaneous uses of a token through", async () => {
    const token = await tokenFromMail("alice@example.com", T0);
    const results = await Promise.allSettled([
      resetPassword(database.db, token, "first racer password", T0),
      resetPassword(database.db, token, "second racer password", T0),
    ]);
    expect(results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []))).toEqual([{ userId: aliceId }]);
    expect(results.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []))).toEqual([expect.objectContaining(RESET_REFUSED)]);
  });
});
