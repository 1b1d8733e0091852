// What an outside probe found about accounts: an older reset link still worked after a newer one was
// used; a password change ended no other session (and only a reset could change it); members could not see or end
// their signed-in devices; registration told whether an address had an account; weak and breached passwords were
// accepted. Services and routes, on both engines.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { MEMBER_LIMITS } from "~/lib/member-limits.ts";
import { registerUser, verifyLogin } from "~/services/accounts/account.server.ts";
import { hashPassword } from "~/services/accounts/password.server.ts";
import { changePassword, PASSWORD_CHANGE_MESSAGES } from "~/services/accounts/password-change.server.ts";
import { PASSWORD_POLICY_MESSAGES, passwordProblem } from "~/services/accounts/password-policy.server.ts";
import { isResetTokenUsable, requestPasswordReset, resetPassword } from "~/services/accounts/password-reset.server.ts";
import { registerMember } from "~/services/accounts/registration.server.ts";
import { createSession, findSessionUserId } from "~/services/accounts/session.server.ts";
import { deviceLabel, endOtherSignedInDevices, endSignedInDevice, listSignedInDevices } from "~/services/accounts/signed-in-devices.server.ts";
import { AUTH_MESSAGES } from "~/schemas/auth.ts";
import { routeCalls } from "../../support/route-calls.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

// Passwords are hashed and checked with scrypt, slow on purpose: several a test on a busy machine take their time.
vi.setConfig({ testTimeout: 120_000 });

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const registerRoute = await import("~/routes/register.tsx");
const devicesRoute = await import("~/routes/profile_.devices.tsx");
const passwordRoute = await import("~/routes/profile_.password.tsx");
const profileRoute = await import("~/routes/profile.tsx");

const PUBLIC_URL = "https://tradebench.example";
const PASSWORD = "old password 1";
const DAY = 24 * 3600_000;
const T0 = new Date("2026-06-01T08:00:00.000Z");
const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0.0.0 Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

let opened: OpenedDatabase;
let accounts = 0;

beforeAll(() => {
  vi.stubEnv("SMTP_URL", undefined);
  opened = createTestDatabase();
  database.current = opened.db;
});
beforeEach(() => {
  vi.spyOn(console, "log").mockImplementation(() => undefined);
  return () => vi.restoreAllMocks();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  database.current = undefined;
  await opened?.close();
});

/** A member with a real password hash (so the password can be checked). */
async function member(password = PASSWORD): Promise<{ id: string; email: string }> {
  accounts += 1;
  const email = `member-${accounts}-${Date.now()}@example.test`;
  const id = await insertUserRow(opened.db, email);
  await opened.db
    .updateTable("users")
    .set({ password_hash: await hashPassword(password) })
    .where("id", "=", id)
    .execute();
  return { id, email };
}

async function resetTokenFromMail(email: string, now = T0): Promise<string> {
  await requestPasswordReset(opened.db, email, PUBLIC_URL, now);
  const mail = await opened.db
    .selectFrom("email_outbox")
    .select("text_body")
    .where("to_address", "=", email)
    .where("text_body", "like", "%reset-password?token=%")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  return decodeURIComponent(/token=(\S+)/.exec(mail.text_body)![1]!);
}

const mailsTo = (email: string) =>
  opened.db.selectFrom("email_outbox").select(["subject", "text_body"]).where("to_address", "=", email).orderBy("id").execute();

describe("password-reset links", () => {
  it("asking for a new link voids the older one", async () => {
    const { email } = await member();
    const first = await resetTokenFromMail(email);
    const second = await resetTokenFromMail(email, new Date(T0.getTime() + 60_000));
    expect(await isResetTokenUsable(opened.db, first, T0)).toBe(false);
    expect(await isResetTokenUsable(opened.db, second, T0)).toBe(true);
    await expect(resetPassword(opened.db, first, "a brand new password", T0)).rejects.toMatchObject({ kind: "invalid", message: AUTH_MESSAGES.resetInvalid });
  });

  it("using a link voids every other outstanding link of the account", async () => {
    const { id, email } = await member();
    const older = await resetTokenFromMail(email);
    const newer = await resetTokenFromMail(email);
    // An older link made before this rule (still unused) is voided by the use of the newer one.
    await opened.db.updateTable("password_reset_tokens").set({ used_at: null }).where("user_id", "=", id).execute();
    expect(await resetPassword(opened.db, newer, "a brand new password", T0)).toEqual({ userId: id });
    expect(await isResetTokenUsable(opened.db, older, T0)).toBe(false);
    await expect(resetPassword(opened.db, older, "an attacker's password", T0)).rejects.toMatchObject({ kind: "invalid" });
    expect(await verifyLogin(opened.db, email, "a brand new password")).toBe(id);
  });

  it("refuses a common password beside the field and leaves the link usable", async () => {
    const { email } = await member();
    const token = await resetTokenFromMail(email);
    await expect(resetPassword(opened.db, token, "password123", T0)).rejects.toMatchObject({
      kind: "invalid",
      field: "password",
      message: PASSWORD_POLICY_MESSAGES.common,
    });
    expect(await isResetTokenUsable(opened.db, token, T0)).toBe(true);
    expect(await verifyLogin(opened.db, email, PASSWORD)).not.toBeNull();
  });
});

describe("changing the password while signed in", () => {
  it("needs the current password, refuses a weak or unchanged one, and changes nothing then", async () => {
    const { id, email } = await member();
    const keep = await createSession(opened.db, id, {}, DAY);
    const other = await createSession(opened.db, id, {}, DAY);
    const change = (currentPassword: string, newPassword: string) =>
      changePassword(opened.db, { userId: id, currentPassword, newPassword, keepSessionId: keep }, PUBLIC_URL);
    await expect(change("wrong password", "a brand new password")).rejects.toMatchObject({
      kind: "invalid",
      field: "currentPassword",
      message: PASSWORD_CHANGE_MESSAGES.currentWrong,
    });
    await expect(change(PASSWORD, "qwertyuiop")).rejects.toMatchObject({ kind: "invalid", field: "newPassword", message: PASSWORD_POLICY_MESSAGES.common });
    await expect(change(PASSWORD, PASSWORD)).rejects.toMatchObject({ kind: "invalid", field: "newPassword", message: PASSWORD_CHANGE_MESSAGES.sameAsCurrent });
    expect(await verifyLogin(opened.db, email, PASSWORD)).toBe(id);
    expect(await findSessionUserId(opened.db, other)).toBe(id);
  });

  it("keeps this session, ends every other one, voids outstanding reset links and tells the owner", async () => {
    const { id, email } = await member();
    const bystander = { id: await insertUserRow(opened.db) };
    const keep = await createSession(opened.db, id, {}, DAY);
    const others = [await createSession(opened.db, id, {}, DAY), await createSession(opened.db, id, {}, DAY)];
    const theirs = await createSession(opened.db, bystander.id, {}, DAY);
    const link = await resetTokenFromMail(email);

    expect(
      await changePassword(opened.db, { userId: id, currentPassword: PASSWORD, newPassword: "a brand new password", keepSessionId: keep }, PUBLIC_URL),
    ).toEqual({ endedSessions: 2 });

    expect(await findSessionUserId(opened.db, keep)).toBe(id);
    for (const session of others) expect(await findSessionUserId(opened.db, session)).toBeNull();
    expect(await findSessionUserId(opened.db, theirs)).toBe(bystander.id);
    expect(await isResetTokenUsable(opened.db, link)).toBe(false);
    expect(await verifyLogin(opened.db, email, "a brand new password")).toBe(id);
    expect(await verifyLogin(opened.db, email, PASSWORD)).toBeNull();
    expect((await mailsTo(email)).at(-1)?.subject).toBe("Your Tradebench password was changed");
  });

  it("works through /profile/password for the signed-in member, who stays signed in", async () => {
    const { id, email } = await member();
    const { post } = routeCalls({ db: () => opened.db });
    const other = await createSession(opened.db, id, {}, DAY);
    const answer = await post(passwordRoute, "/profile/password", id, {
      currentPassword: PASSWORD,
      newPassword: "a brand new password",
      confirmPassword: "a brand new password",
    });
    expect(answer).toMatchObject({ status: 200, data: { done: true } });
    expect(JSON.stringify(answer)).not.toContain("a brand new password");
    expect(await findSessionUserId(opened.db, other)).toBeNull();
    expect(await verifyLogin(opened.db, email, "a brand new password")).toBe(id);
    // The route's own session (made by routeCalls) still signs in.
    expect(
      await post(passwordRoute, "/profile/password", id, {
        currentPassword: "nope nope nope",
        newPassword: "another new password",
        confirmPassword: "another new password",
      }),
    ).toMatchObject({
      status: 400,
      data: { done: false, result: { error: { currentPassword: [PASSWORD_CHANGE_MESSAGES.currentWrong] } } },
    });
  });

  it("sends a visitor to sign in", async () => {
    const { post } = routeCalls({ db: () => opened.db });
    expect(
      await post(passwordRoute, "/profile/password", null, { currentPassword: PASSWORD, newPassword: "x".repeat(9), confirmPassword: "x".repeat(9) }),
    ).toMatchObject({ status: 302, location: expect.stringContaining("/login") as unknown });
  });
});

describe("a password reset", () => {
  it("ends every session of the account", async () => {
    const { id, email } = await member();
    const sessions = [await createSession(opened.db, id, {}, DAY), await createSession(opened.db, id, {}, DAY)];
    await resetPassword(opened.db, await resetTokenFromMail(email, new Date()), "a brand new password");
    for (const session of sessions) expect(await findSessionUserId(opened.db, session)).toBeNull();
  });
});

describe("signed-in devices", () => {
  it("lists the member's live sessions, this one first and marked, with browser and address", async () => {
    const id = await insertUserRow(opened.db);
    const other = { id: await insertUserRow(opened.db) };
    const phone = await createSession(opened.db, id, { ip: "203.0.113.9", userAgent: IPHONE }, DAY, T0);
    const desk = await createSession(opened.db, id, { ip: "198.51.100.4", userAgent: CHROME }, DAY, new Date(T0.getTime() + 1000));
    await createSession(opened.db, other.id, { userAgent: CHROME }, DAY, T0);
    await createSession(opened.db, id, {}, 1000, new Date(T0.getTime() - DAY)); // expired

    const devices = await listSignedInDevices(opened.db, id, phone, new Date(T0.getTime() + 2000));
    expect(devices.map(({ label, ip, current }) => ({ label, ip, current }))).toEqual([
      { label: "Safari on iOS", ip: "203.0.113.9", current: true },
      { label: "Chrome on Windows", ip: "198.51.100.4", current: false },
    ]);
    expect(JSON.stringify(devices)).not.toContain(phone);
    expect(JSON.stringify(devices)).not.toContain(desk);
    expect(deviceLabel(null)).toBe("Unknown browser");
  });

  it("ends one device of one's own, not another member's, and all but this one", async () => {
    const id = await insertUserRow(opened.db);
    const other = { id: await insertUserRow(opened.db) };
    const here = await createSession(opened.db, id, { userAgent: CHROME }, DAY);
    const there = await createSession(opened.db, id, { userAgent: IPHONE }, DAY);
    const third = await createSession(opened.db, id, { userAgent: IPHONE }, DAY);
    const theirs = await createSession(opened.db, other.id, { userAgent: CHROME }, DAY);
    const handleOf = async (userId: string, session: string) => (await listSignedInDevices(opened.db, userId, session)).find((d) => d.current)!.handle;

    await expect(endSignedInDevice(opened.db, id, await handleOf(other.id, theirs))).rejects.toMatchObject({ kind: "not_found" });
    expect(await findSessionUserId(opened.db, theirs)).toBe(other.id);

    await endSignedInDevice(opened.db, id, await handleOf(id, there));
    expect(await findSessionUserId(opened.db, there)).toBeNull();
    expect(await findSessionUserId(opened.db, here)).toBe(id);

    expect(await endOtherSignedInDevices(opened.db, id, here)).toBe(1);
    expect(await findSessionUserId(opened.db, third)).toBeNull();
    expect(await findSessionUserId(opened.db, here)).toBe(id);
  });

  it("are shown on /profile and signed out through /profile/devices", async () => {
    const id = await insertUserRow(opened.db);
    const { get, post } = routeCalls<{
      signedInDevices: { devices: Array<{ handle: string; current: boolean; label: string }>; notice: { message: string } | null };
    }>({ db: () => opened.db });
    const phone = await createSession(opened.db, id, { userAgent: IPHONE }, DAY);
    const page = await get(profileRoute, "/profile", id);
    const devices = page.data!.signedInDevices.devices;
    expect(devices).toHaveLength(2);
    expect(devices[0]).toMatchObject({ current: true });
    const other = devices.find((device) => !device.current)!;
    expect(other.label).toBe("Safari on iOS");

    expect(await post(devicesRoute, "/profile/devices", id, { intent: "end", device: other.handle })).toEqual({
      status: 302,
      location: "/profile?devices=one#signed-in-devices",
    });
    expect(await findSessionUserId(opened.db, phone)).toBeNull();
    expect((await get(profileRoute, "/profile?devices=one", id)).data!.signedInDevices).toMatchObject({
      devices: [{ current: true }],
      notice: { message: "That device is signed out." },
    });
    // Again, or a handle of nothing: said, not a 500.
    expect(await post(devicesRoute, "/profile/devices", id, { intent: "end", device: other.handle })).toEqual({
      status: 302,
      location: "/profile?devices=gone#signed-in-devices",
    });
    expect(await post(devicesRoute, "/profile/devices", id, { intent: "end", device: "<script>" })).toEqual({
      status: 302,
      location: "/profile?devices=gone#signed-in-devices",
    });
    expect(await post(devicesRoute, "/profile/devices", null, { intent: "end-others" })).toMatchObject({
      status: 302,
      location: expect.stringContaining("/login") as unknown,
    });
  });

  it(`are at most ${MEMBER_LIMITS.signedInDevices.max}: one more sign-in signs the oldest out`, async () => {
    const id = await insertUserRow(opened.db);
    const sessions: string[] = [];
    for (let i = 0; i < MEMBER_LIMITS.signedInDevices.max + 1; i += 1)
      sessions.push(await createSession(opened.db, id, {}, DAY, new Date(T0.getTime() + i * 1000)));
    expect(await findSessionUserId(opened.db, sessions[0]!, T0)).toBeNull();
    for (const session of sessions.slice(1)) expect(await findSessionUserId(opened.db, session, T0)).toBe(id);
    expect(await listSignedInDevices(opened.db, id, null, T0)).toHaveLength(MEMBER_LIMITS.signedInDevices.max);
  });
});

describe("registration", () => {
  const form = (email: string, password = "a long enough password") => ({
    firstName: "Rita",
    lastName: "Probe",
    email,
    password,
    confirmPassword: password,
    intent: "buy",
  });

  it("answers the same for a new address and one that has an account, and mails the owner of the existing one", async () => {
    const { email, id } = await member();
    const fresh = `fresh-${Date.now()}@example.test`;
    const { post } = routeCalls({ db: () => opened.db });
    const known = await post(registerRoute, "/register", null, form(email));
    const unknown = await post(registerRoute, "/register", null, form(fresh));
    expect(known).toEqual({ status: 302, location: "/login?registered=1" });
    expect(unknown).toEqual(known);

    expect(await opened.db.selectFrom("users").select("id").where("email", "=", email).execute()).toEqual([{ id }]);
    expect(await verifyLogin(opened.db, email, PASSWORD)).toBe(id);
    expect((await mailsTo(email)).map((mail) => mail.subject)).toEqual(["Someone tried to create a Tradebench account with your address"]);
    expect((await mailsTo(fresh)).map((mail) => mail.subject)).toEqual(["Welcome to Tradebench: please confirm your email address"]);
  });

  it("registerMember says which happened to its caller only", async () => {
    const { email } = await member();
    expect(
      await registerMember(
        opened.db,
        { email: email.toUpperCase(), password: "a long enough password", firstName: "A", lastName: "B", role: "buyer" },
        PUBLIC_URL,
      ),
    ).toEqual({ created: false });
  });

  it("refuses a common password beside the field (400), for new and known addresses alike", async () => {
    const { email } = await member();
    const { post } = routeCalls({ db: () => opened.db });
    for (const address of [email, `weak-${Date.now()}@example.test`]) {
      expect(await post(registerRoute, "/register", null, form(address, "iloveyou1"))).toMatchObject({
        status: 400,
        data: { error: { password: [PASSWORD_POLICY_MESSAGES.common] } },
      });
    }
    expect(await opened.db.selectFrom("users").select("id").where("email", "like", "weak-%").execute()).toEqual([]);
  });
});

describe("the password policy", () => {
  const email = "rita.probe@example.test";
  it.each([
    ["password", PASSWORD_POLICY_MESSAGES.common],
    ["Password1", PASSWORD_POLICY_MESSAGES.common],
    ["password123!", PASSWORD_POLICY_MESSAGES.common],
    ["QWERTYUIOP", PASSWORD_POLICY_MESSAGES.common],
    ["1qaz2wsx", PASSWORD_POLICY_MESSAGES.common],
    ["aaaaaaaaaaaa", PASSWORD_POLICY_MESSAGES.repeated],
    ["rita.probe@example.test", PASSWORD_POLICY_MESSAGES.containsEmail],
    ["my rita.probe 2026", PASSWORD_POLICY_MESSAGES.containsEmail],
    ["short", PASSWORD_POLICY_MESSAGES.tooShort],
    ["x".repeat(199) + "yz", PASSWORD_POLICY_MESSAGES.tooLong],
  ])("refuses %s", (password, message) => {
    expect(passwordProblem(password, { email })).toBe(message);
  });

  it.each(["tradebench-demo", "correct horse battery", "a long enough password", "Kx8#pQ2!vL"])("accepts %s", (password) => {
    expect(passwordProblem(password, { email })).toBeNull();
  });

  it("is applied by registerUser, and never at sign-in: an old weak password still signs in", async () => {
    await expect(
      registerUser(opened.db, { email: `new-${Date.now()}@example.test`, password: "football", firstName: "A", lastName: "B", role: "buyer" }),
    ).rejects.toMatchObject({ kind: "invalid", field: "password" });
    const old = await member("password");
    expect(await verifyLogin(opened.db, old.email, "password")).toBe(old.id);
  });
});
