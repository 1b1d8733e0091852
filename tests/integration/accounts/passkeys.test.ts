// Passkeys as a second factor (docs/decisions/0071), with genuine WebAuthn answers from a software
// authenticator (tests/support/software-authenticator.ts) checked by the real @simplewebauthn/server: registration
// (named, capped, recovery codes when it is the first factor, audited and mailed); the second step of signing in with
// a passkey (single-use challenges bound to the waiting sign-in, unknown credentials, counter regression, the second
// step's limits); the staff requirement met by a passkey; removal with the password and a current code.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { MEMBER_LIMITS } from "~/lib/member-limits.ts";
import { PASSKEY_MESSAGES } from "~/schemas/passkeys.ts";
import { SECOND_FACTOR_MESSAGES } from "~/schemas/second-factor.ts";
import { hashPassword } from "~/services/accounts/password.server.ts";
import { sessionCookieName } from "~/services/accounts/session.server.ts";
import { beginPasskeyRegistration, finishPasskeyRegistration, listPasskeys, relyingPartyOf, removePasskey } from "~/services/accounts/passkeys.server.ts";
import {
  beginTotpEnrolment,
  confirmTotpEnrolment,
  currentTotpCode,
  disableSecondFactor,
  hasSecondFactor,
  spendSecondFactorCode,
} from "~/services/accounts/second-factor.server.ts";
import {
  beginPasskeySignIn,
  CHALLENGE_MAX_FAILURES,
  findSecondFactorChallenge,
  passPasskeySignIn,
  startSecondFactorChallenge,
} from "~/services/accounts/second-factor-sign-in.server.ts";
import { isDomainError, type DomainError } from "~/services/domain-error.ts";
import { resourceServer } from "../../support/remix-resources.ts";
import { ROUTE_CONTEXT } from "../../support/route-pages.tsx";
import { routeCalls } from "../../support/route-calls.ts";
import { SoftwareAuthenticator } from "../../support/software-authenticator.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const escrowRoute = await import("~/routes/escrow.tsx");
const passkeyStepRoute = await import("~/routes/login_.second-factor_.passkey.tsx");
const { continueSignIn } = await import("~/web/second-factor.server.ts");
const { getEnv } = await import("~/env.server.ts");

const PASSWORD = "correct-horse-battery";
const RP = relyingPartyOf("https://tradebench.example");
const T0 = new Date("2026-12-11T03:00:00.000Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

let opened: OpenedDatabase;
let passwordHash: string;
let calls: ReturnType<typeof routeCalls>;

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  passwordHash = await hashPassword(PASSWORD);
  calls = routeCalls({ db: () => opened.db });
});
afterAll(() => opened.close());

async function member(role = "billing"): Promise<{ id: string; email: string }> {
  const email = `passkey-${crypto.randomUUID()}@example.test`;
  const id = await insertUserRow(opened.db, email, role, { secondFactor: false });
  await opened.db.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", id).execute();
  return { id, email };
}

async function refusal(work: Promise<unknown>): Promise<DomainError> {
  try {
    await work;
  } catch (error) {
    if (isDomainError(error)) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

/** Registers a fresh software passkey for `userId`; returns it and what the registration gave. */
async function registered(userId: string, name = "Laptop", options: ConstructorParameters<typeof SoftwareAuthenticator>[0] = {}, now = T0) {
  const key = new SoftwareAuthenticator(options);
  const creation = await beginPasskeyRegistration(opened.db, userId, RP, now);
  const result = await finishPasskeyRegistration(opened.db, userId, { name, response: key.register(creation.challenge, RP) }, RP, now);
  return { key, result };
}

const mailsTo = (email: string) => opened.db.selectFrom("email_outbox").select(["subject"]).where("to_address", "=", email).orderBy("id").execute();
const auditOf = (userId: string) =>
  opened.db.selectFrom("audit_events").select(["action"]).where("subject_type", "=", "user").where("subject_id", "=", userId).orderBy("id").execute();
const attempt = (token: string, response: string, ip = "198.51.100.7") => ({ token, response, ip, deviceId: null });

describe("registration", () => {
  it("stores a named passkey with its key, counter and transports, gives recovery codes as a first factor, and is audited and mailed", async () => {
    const staff = await member();
    expect(await hasSecondFactor(opened.db, staff.id)).toBe(false);
    const creation = await beginPasskeyRegistration(opened.db, staff.id, RP, T0);
    expect(creation).toMatchObject({ rp: { id: "tradebench.example", name: "Tradebench" }, user: { name: staff.email }, attestation: "none" });
    const key = new SoftwareAuthenticator({ counter: 3 });
    const { credentialId, recoveryCodes } = await finishPasskeyRegistration(
      opened.db,
      staff.id,
      { name: "  Work laptop ", response: key.register(creation.challenge, RP) },
      RP,
      T0,
    );
    expect(credentialId).toBe(key.credentialId);
    expect(recoveryCodes).toHaveLength(10);
    expect(await hasSecondFactor(opened.db, staff.id)).toBe(true);
    const row = await opened.db.selectFrom("passkeys").selectAll().where("credential_id", "=", key.credentialId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: staff.id, name: "Work laptop", counter: 3, transports: "internal", created_at: T0.toISOString(), last_used_at: null });
    expect(row.public_key.length).toBeGreaterThan(80);
    expect(await listPasskeys(opened.db, staff.id)).toEqual([
      { credentialId: key.credentialId, name: "Work laptop", createdAt: T0.toISOString(), lastUsedAt: null, transports: ["internal"] },
    ]);
    expect(await auditOf(staff.id)).toEqual([{ action: "account.passkey.add" }]);
    expect((await mailsTo(staff.email)).map((m) => m.subject)).toEqual(["A passkey was added to your Tradebench account"]);
    // A recovery code works as the fallback of a passkey-only account.
    expect(await spendSecondFactorCode(opened.db, staff.id, recoveryCodes![0]!, T0)).toMatchObject({ kind: "recovery", left: 9 });
    // A second passkey gives no new codes; the first one is excluded from the next registration's options.
    const next = await beginPasskeyRegistration(opened.db, staff.id, RP, T0);
    expect(next.excludeCredentials).toEqual([{ id: key.credentialId, type: "public-key", transports: ["internal"] }]);
    const second = new SoftwareAuthenticator();
    expect(
      (await finishPasskeyRegistration(opened.db, staff.id, { name: "Phone", response: second.register(next.challenge, RP) }, RP, T0)).recoveryCodes,
    ).toBeNull();
  });

  it("refuses a wrong challenge, a replayed one, an expired one, another origin, and the same passkey twice", async () => {
    const staff = await member("buyer");
    const key = new SoftwareAuthenticator();
    await beginPasskeyRegistration(opened.db, staff.id, RP, T0);
    // A challenge the server never gave.
    expect(await refusal(finishPasskeyRegistration(opened.db, staff.id, { name: "x", response: key.register("bm90LWdpdmVu", RP) }, RP, T0))).toMatchObject({
      kind: "invalid",
      code: "challenge_wrong",
      message: PASSKEY_MESSAGES.challengeWrong,
    });
    // Another member's challenge is not this member's.
    const other = await member("buyer");
    const othersChallenge = (await beginPasskeyRegistration(opened.db, other.id, RP, T0)).challenge;
    expect(await refusal(finishPasskeyRegistration(opened.db, staff.id, { name: "x", response: key.register(othersChallenge, RP) }, RP, T0))).toMatchObject({
      code: "challenge_wrong",
    });
    // Another origin: the challenge is spent, the passkey not stored.
    const phishing = (await beginPasskeyRegistration(opened.db, staff.id, RP, T0)).challenge;
    const elsewhere = { id: RP.id, origin: "https://tradebench.example.evil.test" };
    expect(await refusal(finishPasskeyRegistration(opened.db, staff.id, { name: "x", response: key.register(phishing, elsewhere) }, RP, T0))).toMatchObject({
      message: PASSKEY_MESSAGES.notVerified,
    });
    expect(await refusal(finishPasskeyRegistration(opened.db, staff.id, { name: "x", response: key.register(phishing, RP) }, RP, T0))).toMatchObject({
      code: "challenge_wrong",
    });
    // Expired.
    const late = (await beginPasskeyRegistration(opened.db, staff.id, RP, T0)).challenge;
    expect(await refusal(finishPasskeyRegistration(opened.db, staff.id, { name: "x", response: key.register(late, RP) }, RP, at(5 * 60 + 1)))).toMatchObject({
      code: "challenge_wrong",
    });
    // Replayed: the first answer passes, the same answer again is refused.
    const good = (await beginPasskeyRegistration(opened.db, staff.id, RP, T0)).challenge;
    const answer = key.register(good, RP);
    await finishPasskeyRegistration(opened.db, staff.id, { name: "Key", response: answer }, RP, T0);
    expect(await refusal(finishPasskeyRegistration(opened.db, staff.id, { name: "Key", response: answer }, RP, T0))).toMatchObject({ code: "challenge_wrong" });
    // The same credential under a fresh challenge.
    const again = (await beginPasskeyRegistration(opened.db, staff.id, RP, T0)).challenge;
    expect(await refusal(finishPasskeyRegistration(opened.db, staff.id, { name: "Key", response: key.register(again, RP) }, RP, T0))).toMatchObject({
      kind: "conflict",
      message: PASSKEY_MESSAGES.alreadyRegistered,
    });
    // Garbage.
    expect(await refusal(finishPasskeyRegistration(opened.db, staff.id, { name: "Key", response: "{not json" }, RP, T0))).toMatchObject({
      kind: "invalid",
      message: PASSKEY_MESSAGES.notVerified,
    });
    expect(await listPasskeys(opened.db, staff.id)).toHaveLength(1);
  });

  it(`keeps at most ${MEMBER_LIMITS.passkeys.max} passkeys per member, with the cap's message`, async () => {
    const staff = await member("buyer");
    for (let i = 0; i < MEMBER_LIMITS.passkeys.max; i += 1) await registered(staff.id, `Key ${i}`);
    expect(await refusal(beginPasskeyRegistration(opened.db, staff.id, RP, T0))).toMatchObject({ kind: "conflict", message: MEMBER_LIMITS.passkeys.message });
    expect(await listPasskeys(opened.db, staff.id)).toHaveLength(MEMBER_LIMITS.passkeys.max);
  });

  it("checks the cap again when the answer comes (options fetched in two tabs)", async () => {
    const staff = await member("buyer");
    for (let i = 0; i < MEMBER_LIMITS.passkeys.max - 1; i += 1) await registered(staff.id, `Key ${i}`);
    const first = await beginPasskeyRegistration(opened.db, staff.id, RP, T0);
    const second = await beginPasskeyRegistration(opened.db, staff.id, RP, T0);
    await finishPasskeyRegistration(opened.db, staff.id, { name: "Tab 1", response: new SoftwareAuthenticator().register(first.challenge, RP) }, RP, T0);
    expect(
      await refusal(
        finishPasskeyRegistration(opened.db, staff.id, { name: "Tab 2", response: new SoftwareAuthenticator().register(second.challenge, RP) }, RP, T0),
      ),
    ).toMatchObject({
      message: MEMBER_LIMITS.passkeys.message,
    });
    expect(await listPasskeys(opened.db, staff.id)).toHaveLength(MEMBER_LIMITS.passkeys.max);
  });
});

describe("signing in with a passkey", () => {
  it("passes the second step with a passkey's answer, updating its counter and last use; the sign-in is spent", async () => {
    const staff = await member();
    const { key } = await registered(staff.id, "Laptop", { counter: 5 });
    const token = await startSecondFactorChallenge(opened.db, { userId: staff.id, remember: true, redirectTo: "/escrow" }, T0);
    const request = await beginPasskeySignIn(opened.db, token, RP, T0);
    expect(request).toMatchObject({ rpId: "tradebench.example", allowCredentials: [{ id: key.credentialId, type: "public-key", transports: ["internal"] }] });
    const passed = await passPasskeySignIn(opened.db, attempt(token, key.assert(request.challenge, RP)), RP, at(10));
    expect(passed).toMatchObject({ userId: staff.id, remember: true, redirectTo: "/escrow", proof: { kind: "passkey", credentialId: key.credentialId } });
    expect(
      await opened.db.selectFrom("passkeys").select(["counter", "last_used_at"]).where("credential_id", "=", key.credentialId).executeTakeFirstOrThrow(),
    ).toEqual({
      counter: 6,
      last_used_at: at(10).toISOString(),
    });
    expect(await findSecondFactorChallenge(opened.db, token, at(10))).toBeNull();
    // The sign-in's other challenges went with it.
    expect(await opened.db.selectFrom("passkey_challenges").select("challenge").where("user_id", "=", staff.id).execute()).toEqual([]);
  });

  it("accepts an authenticator that keeps no counter (always 0)", async () => {
    const staff = await member();
    const { key } = await registered(staff.id, "Phone", { counter: 0, counterStep: 0 });
    for (const second of [10, 20]) {
      const token = await startSecondFactorChallenge(opened.db, { userId: staff.id, remember: false, redirectTo: "/" }, T0);
      const request = await beginPasskeySignIn(opened.db, token, RP, T0);
      expect((await passPasskeySignIn(opened.db, attempt(token, key.assert(request.challenge, RP)), RP, at(second))).proof.kind).toBe("passkey");
    }
  });

  it("refuses a wrong challenge, a replayed one, another sign-in's, an unknown credential and a counter that went back, counting each like a wrong code", async () => {
    const staff = await member();
    const { key } = await registered(staff.id, "Laptop", { counter: 10 });
    const token = await startSecondFactorChallenge(opened.db, { userId: staff.id, remember: false, redirectTo: "/" }, T0);

    // A challenge this sign-in never asked for (another sign-in's of the same account).
    const otherToken = await startSecondFactorChallenge(opened.db, { userId: staff.id, remember: false, redirectTo: "/" }, T0);
    const othersRequest = await beginPasskeySignIn(opened.db, otherToken, RP, T0);
    expect(await refusal(passPasskeySignIn(opened.db, attempt(token, key.assert(othersRequest.challenge, RP)), RP, T0))).toMatchObject({
      kind: "invalid",
      code: "challenge_wrong",
      message: PASSKEY_MESSAGES.challengeWrong,
    });
    // A registration challenge is no sign-in challenge.
    const registration = await beginPasskeyRegistration(opened.db, staff.id, RP, T0);
    expect(await refusal(passPasskeySignIn(opened.db, attempt(token, key.assert(registration.challenge, RP)), RP, T0))).toMatchObject({
      code: "challenge_wrong",
    });

    // An unknown credential (a passkey of another account, or none at all): refused, and its challenge is spent.
    const stranger = new SoftwareAuthenticator();
    const request = await beginPasskeySignIn(opened.db, token, RP, T0);
    expect(await refusal(passPasskeySignIn(opened.db, attempt(token, stranger.assert(request.challenge, RP)), RP, T0))).toMatchObject({
      code: "unknown_passkey",
      message: PASSKEY_MESSAGES.unknownPasskey,
    });
    expect(await refusal(passPasskeySignIn(opened.db, attempt(token, key.assert(request.challenge, RP)), RP, T0))).toMatchObject({ code: "challenge_wrong" });

    // A counter that went back (a cloned key): refused, the stored counter unchanged (on a sign-in of its own).
    const cloneToken = await startSecondFactorChallenge(opened.db, { userId: staff.id, remember: false, redirectTo: "/" }, T0);
    const cloned = await beginPasskeySignIn(opened.db, cloneToken, RP, T0);
    expect(
      await refusal(passPasskeySignIn(opened.db, attempt(cloneToken, key.assert(cloned.challenge, RP, { counter: 9 }), "192.0.2.80"), RP, T0)),
    ).toMatchObject({
      code: "counter_regression",
      message: PASSKEY_MESSAGES.counterRegression,
    });
    expect((await opened.db.selectFrom("passkeys").select("counter").where("credential_id", "=", key.credentialId).executeTakeFirstOrThrow()).counter).toBe(10);

    // Four refusals so far were counted on the sign-in; the fifth voids it and asks for the password again.
    expect(
      await opened.db.selectFrom("second_factor_challenges").select("failures").where("user_id", "=", staff.id).orderBy("failures", "desc").execute(),
    ).toEqual([{ failures: 4 }, { failures: 1 }, { failures: 0 }]);
    const last = await beginPasskeySignIn(opened.db, token, RP, T0);
    expect(await refusal(passPasskeySignIn(opened.db, attempt(token, key.assert(last.challenge, RP, { counter: 1 })), RP, T0))).toMatchObject({
      kind: "unauthenticated",
      code: "challenge_void",
      message: SECOND_FACTOR_MESSAGES.tooManyWrongCodes,
    });
    expect(CHALLENGE_MAX_FAILURES).toBe(5);
    expect(await refusal(beginPasskeySignIn(opened.db, token, RP, T0))).toMatchObject({ code: "challenge_void" });
  });

  it("replaying a good answer gets nowhere: the challenge and the sign-in are spent", async () => {
    const staff = await member();
    const { key } = await registered(staff.id);
    const token = await startSecondFactorChallenge(opened.db, { userId: staff.id, remember: false, redirectTo: "/" }, T0);
    const request = await beginPasskeySignIn(opened.db, token, RP, T0);
    const answer = key.assert(request.challenge, RP);
    await passPasskeySignIn(opened.db, attempt(token, answer), RP, T0);
    expect(await refusal(passPasskeySignIn(opened.db, attempt(token, answer), RP, T0))).toMatchObject({ code: "challenge_void" });
    // Under a new sign-in, the old answer signs the old challenge: refused.
    const token2 = await startSecondFactorChallenge(opened.db, { userId: staff.id, remember: false, redirectTo: "/" }, T0);
    await beginPasskeySignIn(opened.db, token2, RP, T0);
    expect(await refusal(passPasskeySignIn(opened.db, attempt(token2, answer), RP, T0))).toMatchObject({ code: "challenge_wrong" });
  });

  it("applies the second step's rate limit to passkey answers (the guessing pair waits)", async () => {
    const staff = await member();
    const { key } = await registered(staff.id);
    const stranger = new SoftwareAuthenticator();
    // Five refused answers over two sign-ins from one address, then that address waits even with the right passkey.
    for (let round = 0; round < 2; round += 1) {
      const token = await startSecondFactorChallenge(opened.db, { userId: staff.id, remember: false, redirectTo: "/" }, T0);
      for (let i = 0; i < (round === 0 ? 4 : 1); i += 1) {
        const request = await beginPasskeySignIn(opened.db, token, RP, T0);
        await refusal(passPasskeySignIn(opened.db, attempt(token, stranger.assert(request.challenge, RP), "203.0.113.9"), RP, T0));
      }
    }
    const token = await startSecondFactorChallenge(opened.db, { userId: staff.id, remember: false, redirectTo: "/" }, T0);
    const request = await beginPasskeySignIn(opened.db, token, RP, T0);
    expect(await refusal(passPasskeySignIn(opened.db, attempt(token, key.assert(request.challenge, RP), "203.0.113.9"), RP, T0))).toMatchObject({
      kind: "rate_limited",
    });
    // The owner from another address is not held up.
    expect((await passPasskeySignIn(opened.db, attempt(token, key.assert(request.challenge, RP), "192.0.2.44"), RP, T0)).userId).toBe(staff.id);
  });
});

describe("signing in with a passkey in the browser", () => {
  // Through Remix's own handler, as the browser's fetch gets it: the session cookie and the statuses must arrive.
  const serve = resourceServer(new Map([["login_.second-factor_.passkey.tsx", passkeyStepRoute as unknown as Record<string, unknown>]]));
  const post = (cookie: string, fields: Record<string, string>) =>
    serve(
      new Request("http://localhost/login/second-factor/passkey", {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { Cookie: cookie, Accept: "application/json" },
      }),
    );

  it("answers a good passkey with the session cookie and where to go; a bad request is a 400 with its message", async () => {
    const staff = await member();
    const site = relyingPartyOf(getEnv().PUBLIC_URL);
    const key = new SoftwareAuthenticator();
    const creation = await beginPasskeyRegistration(opened.db, staff.id, site);
    await finishPasskeyRegistration(opened.db, staff.id, { name: "Laptop", response: key.register(creation.challenge, site) }, site);
    const started = await continueSignIn(staff.id, new Request("http://localhost/login", { method: "POST" }), ROUTE_CONTEXT, {
      remember: false,
      redirectTo: "/escrow",
    });
    const challengeCookie = started.cookies[0]!.split(";")[0]!;

    const unknownIntent = await post(challengeCookie, { intent: "sign" });
    expect(unknownIntent.status).toBe(400);
    expect(await unknownIntent.json()).toEqual({ message: expect.any(String) });

    const asked = await post(challengeCookie, { intent: "options" });
    expect(asked.status).toBe(200);
    const { options } = (await asked.json()) as { options: { challenge: string } };
    const verified = await post(challengeCookie, { intent: "verify", response: key.assert(options.challenge, site) });
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({ location: "/escrow" });
    const cookies = verified.headers.getSetCookie();
    expect(cookies.some((cookie) => cookie.startsWith(`${sessionCookieName()}=`) && !/Max-Age=0|Expires=Thu, 01 Jan 1970/.test(cookie))).toBe(true);
    expect(
      cookies.some((cookie) => cookie.startsWith("__second_factor=;") || /^__second_factor=[^;]*;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/.test(cookie)),
    ).toBe(true);

    // The spent sign-in is void: a replay is refused with its status, and the cookie goes.
    const replay = await post(challengeCookie, { intent: "verify", response: key.assert(options.challenge, site) });
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ message: SECOND_FACTOR_MESSAGES.challengeExpired, void: true });
  });
});

describe("the staff requirement", () => {
  it("counts a passkey as enrolled: staff with one reach their pages", async () => {
    const staff = await member("billing");
    expect(await calls.get(escrowRoute, "/escrow", staff.id)).toMatchObject({
      status: 302,
      location: "/profile/second-factor?required=1&redirectTo=%2Fescrow",
    });
    await registered(staff.id);
    expect((await calls.get(escrowRoute, "/escrow", staff.id)).status).toBe(200);
  });
});

describe("removing a passkey", () => {
  it("needs the password and a current code; the last factor takes the recovery codes with it; audited and mailed", async () => {
    const staff = await member("buyer");
    const { key, result } = await registered(staff.id, "Laptop");
    const codes = result.recoveryCodes!;
    expect(await refusal(removePasskey(opened.db, staff.id, { credentialId: key.credentialId, password: "wrong", code: codes[0]! }, T0))).toMatchObject({
      field: "password",
    });
    expect(await refusal(removePasskey(opened.db, staff.id, { credentialId: key.credentialId, password: PASSWORD, code: "aaaaa-bbbbb" }, T0))).toMatchObject({
      field: "code",
      message: SECOND_FACTOR_MESSAGES.codeWrong,
    });
    expect(await refusal(removePasskey(opened.db, staff.id, { credentialId: "not-mine", password: PASSWORD, code: codes[0]! }, T0))).toMatchObject({
      kind: "not_found",
    });
    // Another member's passkey is not found either.
    const other = await member("buyer");
    const { key: othersKey } = await registered(other.id);
    expect(await refusal(removePasskey(opened.db, staff.id, { credentialId: othersKey.credentialId, password: PASSWORD, code: codes[0]! }, T0))).toMatchObject({
      kind: "not_found",
    });
    expect(await listPasskeys(opened.db, other.id)).toHaveLength(1);
    expect(await listPasskeys(opened.db, staff.id)).toHaveLength(1);

    expect(await removePasskey(opened.db, staff.id, { credentialId: key.credentialId, password: PASSWORD, code: codes[0]! }, T0)).toEqual({
      factorLeft: false,
    });
    expect(await listPasskeys(opened.db, staff.id)).toEqual([]);
    expect(await hasSecondFactor(opened.db, staff.id)).toBe(false);
    expect(await opened.db.selectFrom("recovery_codes").select("code_hash").where("user_id", "=", staff.id).execute()).toEqual([]);
    expect((await auditOf(staff.id)).map((a) => a.action)).toEqual(["account.passkey.add", "account.passkey.remove"]);
    expect((await mailsTo(staff.email)).map((m) => m.subject)).toEqual([
      "A passkey was added to your Tradebench account",
      "A recovery code was used on your Tradebench account",
      "Two-step sign-in is off for your Tradebench account",
    ]);
  });

  it("beside an authenticator app: removal takes the app's code, and turning the app off keeps the passkey and the recovery codes", async () => {
    const staff = await member();
    await beginTotpEnrolment(opened.db, staff.id);
    const secret = (await opened.db.selectFrom("totp_factors").select("secret").where("user_id", "=", staff.id).executeTakeFirstOrThrow()).secret;
    await confirmTotpEnrolment(opened.db, staff.id, currentTotpCode(secret, T0), T0);
    const { key: first, result } = await registered(staff.id, "Laptop");
    expect(result.recoveryCodes).toBeNull();
    const { key: second } = await registered(staff.id, "Phone");
    expect(
      await removePasskey(opened.db, staff.id, { credentialId: first.credentialId, password: PASSWORD, code: currentTotpCode(secret, at(30)) }, at(30)),
    ).toEqual({ factorLeft: true });
    expect((await mailsTo(staff.email)).at(-1)?.subject).toBe("A passkey was removed from your Tradebench account");
    await disableSecondFactor(opened.db, staff.id, { password: PASSWORD, code: currentTotpCode(secret, at(60)) }, at(60));
    expect(await hasSecondFactor(opened.db, staff.id)).toBe(true);
    expect((await listPasskeys(opened.db, staff.id)).map((p) => p.credentialId)).toEqual([second.credentialId]);
    expect(await opened.db.selectFrom("recovery_codes").select("code_hash").where("user_id", "=", staff.id).execute()).toHaveLength(10);
    expect((await mailsTo(staff.email)).at(-1)?.subject).toBe("Your authenticator app was removed from your Tradebench account");
  });
});
