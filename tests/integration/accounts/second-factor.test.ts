// Two-step sign-in (docs/decisions/0064): enrolment from /profile/second-factor with an authenticator app
// and ten hashed one-time recovery codes; signing in in two steps (no session from the password alone); wrong and
// replayed codes refused; recovery codes single-use; the second step's limits (only the guessing pair waits); staff
// whose role gains a money or people permission sent to enrol by the loader and the action; turning it off needs the
// password and a current code, and is audited and mailed.
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { SECOND_FACTOR_MESSAGES } from "~/schemas/second-factor.ts";
import { hashPassword } from "~/services/accounts/password.server.ts";
import {
  beginTotpEnrolment,
  confirmTotpEnrolment,
  currentTotpCode,
  disableSecondFactor,
  hasSecondFactor,
  recoveryCodeHash,
  secondFactorStatus,
  spendSecondFactorCode,
} from "~/services/accounts/second-factor.server.ts";
import { CHALLENGE_MAX_FAILURES, passSecondFactorChallenge, startSecondFactorChallenge } from "~/services/accounts/second-factor-sign-in.server.ts";
import { isDomainError, type DomainError } from "~/services/domain-error.ts";
import { ROUTE_CONTEXT, sessionCookie } from "../../support/route-pages.tsx";
import { routeCalls } from "../../support/route-calls.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const loginRoute = await import("~/routes/login.tsx");
const secondStepRoute = await import("~/routes/login_.second-factor.tsx");
const settingsRoute = await import("~/routes/profile_.second-factor.tsx");
const escrowRoute = await import("~/routes/escrow.tsx");
const orderRoute = await import("~/routes/orders.$id.tsx");
const { getUserOfCookieHeader } = await import("~/web/auth.server.ts");

const PASSWORD = "correct-horse-battery";
const T0 = new Date("2026-12-10T11:00:00.000Z");
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

/** A member with a real password, of `role` (no second factor yet). */
async function member(role = "billing"): Promise<{ id: string; email: string }> {
  const email = `staff-${crypto.randomUUID()}@example.test`;
  const id = await insertUserRow(opened.db, email, role, { secondFactor: false });
  await opened.db.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", id).execute();
  return { id, email };
}

/** Enrols `userId` with an authenticator app at `now` (T0); returns the secret and the recovery codes shown. */
async function enrolled(userId: string, now = T0): Promise<{ secret: string; recoveryCodes: string[] }> {
  await beginTotpEnrolment(opened.db, userId);
  const row = await opened.db.selectFrom("totp_factors").select("secret").where("user_id", "=", userId).executeTakeFirstOrThrow();
  const { recoveryCodes } = await confirmTotpEnrolment(opened.db, userId, currentTotpCode(row.secret, now), now);
  return { secret: row.secret, recoveryCodes };
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

const mailsTo = (email: string) =>
  opened.db.selectFrom("email_outbox").select(["subject", "text_body"]).where("to_address", "=", email).orderBy("id").execute();
const auditOf = (userId: string) =>
  opened.db
    .selectFrom("audit_events")
    .select(["action", "actor_user_id", "subject_id"])
    .where("subject_type", "=", "user")
    .where("subject_id", "=", userId)
    .orderBy("id")
    .execute();

/** A form post to a route with a Cookie header. */
function post(path: string, form: Record<string, string>, cookie?: string) {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(`http://localhost${path}`, { method: "POST", headers, body: new URLSearchParams(form) });
}

/** The cookies a response sets, as one Cookie header value (name=value pairs). */
function cookiesOf(response: Response): { header: string; names: string[] } {
  const pairs = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="));
  return { header: pairs.join("; "), names: pairs.map((pair) => pair.split("=")[0]!) };
}

async function thrownOrReturned(work: () => Promise<unknown>): Promise<unknown> {
  try {
    return await work();
  } catch (thrown) {
    return thrown;
  }
}

describe("enrolment", () => {
  it("shows a QR code and the secret, turns on only with the app's code, and gives ten recovery codes stored hashed", async () => {
    const staff = await member();
    expect(await secondFactorStatus(opened.db, { id: staff.id, role: "billing" })).toMatchObject({ enrolled: false, required: true, pending: null });
    await beginTotpEnrolment(opened.db, staff.id);
    const status = await secondFactorStatus(opened.db, { id: staff.id, role: "billing" });
    expect(status.pending?.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(status.pending?.uri).toContain(`otpauth://totp/Tradebench:${encodeURIComponent(staff.email)}?`);
    const secret = status.pending!.secret;
    expect(OTPAuth.Secret.fromBase32(secret).bytes.length).toBe(20);

    const wrong = await refusal(confirmTotpEnrolment(opened.db, staff.id, "000000", T0));
    expect(wrong).toMatchObject({ kind: "invalid", field: "code", message: SECOND_FACTOR_MESSAGES.enrolmentCodeWrong });
    expect(await hasSecondFactor(opened.db, staff.id)).toBe(false);

    const { recoveryCodes } = await confirmTotpEnrolment(opened.db, staff.id, currentTotpCode(secret, T0), T0);
    expect(await hasSecondFactor(opened.db, staff.id)).toBe(true);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await opened.db.selectFrom("recovery_codes").select("code_hash").where("user_id", "=", staff.id).execute();
    expect(stored.map((row) => row.code_hash).sort()).toEqual(recoveryCodes.map(recoveryCodeHash).sort());
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0]!.replace("-", ""));
    expect(await auditOf(staff.id)).toEqual([{ action: "account.second_factor.enable", actor_user_id: staff.id, subject_id: staff.id }]);
    expect((await mailsTo(staff.email)).map((mail) => mail.subject)).toEqual(["Two-step sign-in is on for your Tradebench account"]);
    // The code that turned it on is spent too.
    expect(await refusal(spendSecondFactorCode(opened.db, staff.id, currentTotpCode(secret, T0), T0))).toMatchObject({ code: "replayed" });
    // Starting again once it is on is refused, and the secret stays.
    expect(await refusal(beginTotpEnrolment(opened.db, staff.id))).toMatchObject({ kind: "conflict", message: SECOND_FACTOR_MESSAGES.alreadyEnrolled });
  });

  it("works through /profile/second-factor as plain form posts", async () => {
    const staff = await member("buyer");
    const path = "/profile/second-factor";
    const started = await calls.post(settingsRoute, path, staff.id, { intent: "start" });
    expect(started).toMatchObject({ status: 302, location: path });
    const page = (await calls.get(settingsRoute, path, staff.id)) as { data: { status: { required: boolean; pending: { secret: string } } } };
    expect(page.data.status.required).toBe(false);
    const empty = await calls.post(settingsRoute, path, staff.id, { intent: "confirm", code: "" });
    expect(empty.status).toBe(400);
    const done = (await calls.post(settingsRoute, path, staff.id, { intent: "confirm", code: currentTotpCode(page.data.status.pending.secret) })) as {
      status: number;
      data: { recoveryCodes: string[]; notice: string };
    };
    expect(done.status).toBe(200);
    expect(done.data.recoveryCodes).toHaveLength(10);
    expect(done.data.notice).toBe(SECOND_FACTOR_MESSAGES.enabled);
  });
});

describe("signing in", () => {
  it("takes two steps: the password gives no session, only the code does", async () => {
    const staff = await member();
    // The routes read the real clock: enrolled a minute ago, so the code of now is a new one.
    const { secret } = await enrolled(staff.id, new Date(Date.now() - 60_000));

    const first = (await thrownOrReturned(() =>
      loginRoute.action({ request: post("/login", { email: staff.email, password: PASSWORD, redirectTo: "/escrow" }), params: {}, context: ROUTE_CONTEXT }),
    )) as Response;
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/login/second-factor");
    const challenge = cookiesOf(first);
    expect(challenge.names).toContain("__second_factor");
    expect(challenge.names).not.toContain("__session");
    expect(await getUserOfCookieHeader(challenge.header)).toBeNull();

    const wrong = await calls.answer(() =>
      secondStepRoute.action({ request: post("/login/second-factor", { code: "123456" }, challenge.header), params: {}, context: ROUTE_CONTEXT }),
    );
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.data)).toContain(SECOND_FACTOR_MESSAGES.codeWrong);

    const second = (await thrownOrReturned(() =>
      secondStepRoute.action({
        request: post("/login/second-factor", { code: currentTotpCode(secret) }, challenge.header),
        params: {},
        context: ROUTE_CONTEXT,
      }),
    )) as Response;
    expect(second.status).toBe(302);
    expect(second.headers.get("Location")).toBe("/escrow");
    const session = cookiesOf(second);
    expect(session.names).toContain("__session");
    expect((await getUserOfCookieHeader(session.header))?.id).toBe(staff.id);

    // The challenge is spent: the same cookie cannot make a second session.
    const again = await calls.answer(() =>
      secondStepRoute.action({
        request: post("/login/second-factor", { code: currentTotpCode(secret) }, challenge.header),
        params: {},
        context: ROUTE_CONTEXT,
      }),
    );
    expect(again).toMatchObject({ status: 401 });
    expect(JSON.stringify(again.data)).toContain(SECOND_FACTOR_MESSAGES.challengeExpired);
  });

  it("members without a second factor still sign in with the password alone", async () => {
    const buyer = await member("buyer");
    const answer = (await thrownOrReturned(() =>
      loginRoute.action({ request: post("/login", { email: buyer.email, password: PASSWORD }), params: {}, context: ROUTE_CONTEXT }),
    )) as Response;
    expect(answer.headers.get("Location")).toBe("/dashboard");
    expect(cookiesOf(answer).names).toContain("__session");
  });

  it("refuses a code already used in its window, and takes the next step's code", async () => {
    const staff = await member();
    const { secret } = await enrolled(staff.id);
    const signIn = () => startSecondFactorChallenge(opened.db, { userId: staff.id, remember: false, redirectTo: "/dashboard" }, at(60));
    const attempt = async (code: string, now: Date) =>
      passSecondFactorChallenge(opened.db, { token: await signIn(), code, ip: "203.0.113.5", deviceId: null }, now);

    const code = currentTotpCode(secret, at(60));
    await expect(attempt(code, at(60))).resolves.toMatchObject({ userId: staff.id, proof: { kind: "totp" } });
    // The same code again, at once and 25 seconds on (still inside the window), from anywhere: refused.
    expect(await refusal(attempt(code, at(61)))).toMatchObject({ kind: "invalid", code: "replayed", message: SECOND_FACTOR_MESSAGES.codeUsed });
    expect(await refusal(attempt(code, at(85)))).toMatchObject({ code: "replayed" });
    // An older step's code is refused too, even though it is inside the window.
    expect(await refusal(attempt(currentTotpCode(secret, at(30)), at(61)))).toMatchObject({ code: "replayed" });
    // The next step's code works.
    await expect(attempt(currentTotpCode(secret, at(90)), at(90))).resolves.toMatchObject({ userId: staff.id });
  });

  it("takes each recovery code once", async () => {
    const staff = await member();
    const { recoveryCodes } = await enrolled(staff.id);
    const attempt = async (code: string) =>
      passSecondFactorChallenge(
        opened.db,
        {
          token: await startSecondFactorChallenge(opened.db, { userId: staff.id, remember: true, redirectTo: "/escrow" }, at(5)),
          code,
          ip: "203.0.113.6",
          deviceId: null,
        },
        at(5),
      );
    // Typed in capitals and without its dash, it is the same code.
    await expect(attempt(recoveryCodes[3]!.toUpperCase().replace("-", " "))).resolves.toMatchObject({ remember: true, proof: { kind: "recovery", left: 9 } });
    expect(await refusal(attempt(recoveryCodes[3]!))).toMatchObject({ kind: "invalid", message: SECOND_FACTOR_MESSAGES.codeWrong });
    await expect(attempt(recoveryCodes[4]!)).resolves.toMatchObject({ proof: { kind: "recovery", left: 8 } });
    const used = await opened.db.selectFrom("recovery_codes").select("used_at").where("user_id", "=", staff.id).where("used_at", "is not", null).execute();
    expect(used).toHaveLength(2);
    expect((await mailsTo(staff.email)).filter((mail) => mail.subject === "A recovery code was used on your Tradebench account")).toHaveLength(2);
  });

  it("limits wrong codes like sign-in: the guessing pair waits, the owner elsewhere does not, and a sign-in takes five wrong codes", async () => {
    const staff = await member();
    const { secret } = await enrolled(staff.id);
    const challenge = (now: Date) => startSecondFactorChallenge(opened.db, { userId: staff.id, remember: false, redirectTo: "/dashboard" }, now);
    const guesser = { ip: "198.51.100.66", deviceId: null };
    const token = await challenge(at(100));
    for (let i = 1; i < CHALLENGE_MAX_FAILURES; i += 1) {
      expect(await refusal(passSecondFactorChallenge(opened.db, { token, code: "000000", ...guesser }, at(100 + i)))).toMatchObject({
        kind: "invalid",
        field: "code",
      });
    }
    // The fifth wrong code voids the sign-in (the password is asked again)…
    expect(await refusal(passSecondFactorChallenge(opened.db, { token, code: "000000", ...guesser }, at(105)))).toMatchObject({
      kind: "unauthenticated",
      message: SECOND_FACTOR_MESSAGES.tooManyWrongCodes,
    });
    // …and that pair now waits, even with the right code on a new sign-in.
    const limited = await refusal(
      passSecondFactorChallenge(opened.db, { token: await challenge(at(106)), code: currentTotpCode(secret, at(106)), ...guesser }, at(106)),
    );
    expect(limited.kind).toBe("rate_limited");
    expect(limited.message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    // The owner, from their own address, is not locked out.
    await expect(
      passSecondFactorChallenge(
        opened.db,
        { token: await challenge(at(107)), code: currentTotpCode(secret, at(107)), ip: "203.0.113.7", deviceId: null },
        at(107),
      ),
    ).resolves.toMatchObject({ userId: staff.id });
    // After the wait, the pair may try again.
    await expect(
      passSecondFactorChallenge(opened.db, { token: await challenge(at(300)), code: currentTotpCode(secret, at(300)), ...guesser }, at(300)),
    ).resolves.toMatchObject({ userId: staff.id });
  });
});

describe("the guard", () => {
  it("sends staff whose role gains can_confirm_payments to enrol, on the loader and the action, and lets them in afterwards", async () => {
    const staff = await member("support");
    // Support answers messages: no second factor needed, the escrow desk is not theirs.
    expect((await calls.get(escrowRoute, "/escrow", staff.id)).status).toBe(403);
    await opened.db.insertInto("role_permissions").values({ role: "support", permission: "can_confirm_payments" }).execute();
    try {
      expect(await calls.get(escrowRoute, "/escrow", staff.id)).toMatchObject({
        status: 302,
        location: "/profile/second-factor?required=1&redirectTo=%2Fescrow",
      });
      const decision = await calls.post(orderRoute, "/orders/1", staff.id, { intent: "confirm_payment", returnTo: "/escrow" }, { id: "1" });
      expect(decision).toMatchObject({ status: 302, location: "/profile/second-factor?required=1&redirectTo=%2Forders%2F1" });
      const page = (await calls.get(settingsRoute, "/profile/second-factor?required=1&redirectTo=%2Fescrow", staff.id)) as {
        data: { status: { required: boolean }; sentHere: boolean; redirectTo: string };
      };
      expect(page.data).toMatchObject({ status: { required: true }, sentHere: true, redirectTo: "/escrow" });

      await enrolled(staff.id);
      expect((await calls.get(escrowRoute, "/escrow", staff.id)).status).toBe(200);
    } finally {
      await opened.db.deleteFrom("role_permissions").where("role", "=", "support").where("permission", "=", "can_confirm_payments").execute();
    }
  });

  it("asks nothing of members whose role moves no money (a seller's own pages)", async () => {
    const seller = await member("seller");
    const sellerRoute = await import("~/routes/seller.listings.tsx");
    expect((await calls.get(sellerRoute, "/seller/listings", seller.id)).status).toBe(200);
  });
});

describe("turning it off", () => {
  it("needs the password and a current code, and is audited and mailed", async () => {
    const staff = await member();
    const { secret } = await enrolled(staff.id);
    const now = at(200);
    const code = currentTotpCode(secret, now);

    expect(await refusal(disableSecondFactor(opened.db, staff.id, { password: "not-my-password", code }, now))).toMatchObject({
      field: "password",
      message: SECOND_FACTOR_MESSAGES.passwordWrong,
    });
    expect(await refusal(disableSecondFactor(opened.db, staff.id, { password: PASSWORD, code: "000000" }, now))).toMatchObject({
      field: "code",
      message: SECOND_FACTOR_MESSAGES.codeWrong,
    });
    expect(await hasSecondFactor(opened.db, staff.id)).toBe(true);

    await disableSecondFactor(opened.db, staff.id, { password: PASSWORD, code }, now);
    expect(await hasSecondFactor(opened.db, staff.id)).toBe(false);
    expect(await opened.db.selectFrom("recovery_codes").select("code_hash").where("user_id", "=", staff.id).execute()).toEqual([]);
    expect((await auditOf(staff.id)).map((event) => event.action)).toEqual(["account.second_factor.enable", "account.second_factor.disable"]);
    expect((await mailsTo(staff.email)).map((mail) => mail.subject)).toContain("Two-step sign-in is off for your Tradebench account");
  });

  it("through the page: a wrong password is shown beside its field and changes nothing", async () => {
    const staff = await member();
    await enrolled(staff.id);
    const cookie = await sessionCookie(opened.db, staff.id);
    const answer = await calls.answer(() =>
      settingsRoute.action({
        request: post("/profile/second-factor", { intent: "disable", password: "wrong-password", code: "123456" }, cookie),
        params: {},
        context: ROUTE_CONTEXT,
      }),
    );
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.data)).toContain(SECOND_FACTOR_MESSAGES.passwordWrong);
    expect(await hasSecondFactor(opened.db, staff.id)).toBe(true);
  });
});
