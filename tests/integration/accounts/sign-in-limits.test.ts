// Sign-in limits nobody can turn against an account's owner (docs/decisions/0029): wrong passwords from
// many addresses never lock the owner out, successes are never counted, a guesser on one (account, address) pair and
// a sprayer on one address are made to wait, and the counters live in the database (shared, surviving a restart).
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { openDatabase, type OpenedDatabase } from "#db/dialect.ts";
import { claimAttempts, hitWindow, pruneExpiredAttemptCounters } from "~/services/platform/attempt-counters.server.ts";
import { hashPassword } from "~/services/accounts/password.server.ts";
import {
  accountDelayMs,
  claimSignInAttempt,
  pruneExpiredKnownSignIns,
  recordSignInSuccess,
  SIGN_IN_LIMITS,
  type SignInAttempt,
} from "~/services/accounts/sign-in-limits.server.ts";
import { isDomainError } from "~/services/domain-error.ts";
import { createTestDatabase } from "../../support/test-database.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const loginRoute = await import("~/routes/login.tsx");

const PASSWORD = "correct-horse-battery";
const TOO_MANY = /^Too many attempts\. Please wait \d+ minutes? and try again\.$/;
const T0 = new Date("2026-11-25T10:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const SECOND = 1000;
const MINUTE = 60 * SECOND;

let opened: OpenedDatabase;

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
});
afterAll(() => opened.close());
beforeEach(async () => {
  await opened.db.deleteFrom("attempt_counters").execute();
  await opened.db.deleteFrom("known_sign_ins").execute();
});

let accounts = 0;
/** A member with a real password hash (a real scrypt check on every sign-in). */
async function member(): Promise<string> {
  accounts += 1;
  const email = `owner-${accounts}-${crypto.randomUUID()}@example.test`;
  const id = crypto.randomUUID();
  await opened.db
    .insertInto("users")
    .values({ id, email, password_hash: await hashPassword(PASSWORD), email_confirmed_at: T0.toISOString() })
    .execute();
  await opened.db.insertInto("profiles").values({ id, email, role: "buyer", is_verified: 0 }).execute();
  return email;
}

interface LoginAnswer {
  status: number;
  retryAfter: string | null;
  message: string | null;
  /** The device cookie the answer gave, as a Cookie header value. */
  deviceCookie: string | null;
}

/** POST /login from `ip` (with the browser's cookies, if any), as the Remix server would answer it. */
async function login(email: string, password: string, ip: string, cookie?: string | null): Promise<LoginAnswer> {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
  if (cookie) headers.set("Cookie", cookie);
  const request = new Request("http://localhost/login", { method: "POST", headers, body: new URLSearchParams({ email, password }) });
  let value: unknown;
  try {
    value = await loginRoute.action({ request, params: {}, context: { cspNonce: "", clientIp: ip } });
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    const device = value.headers.getSetCookie().find((line) => line.startsWith("__device="));
    return { status: value.status, retryAfter: value.headers.get("Retry-After"), message: null, deviceCookie: device ? device.split(";")[0]! : null };
  }
  const { data, init } = value as { data: { message?: string; error?: { "": string[] } }; init: ResponseInit | null };
  const answerHeaders = new Headers(init?.headers);
  return {
    status: init?.status ?? 200,
    retryAfter: answerHeaders.get("Retry-After"),
    message: data.message ?? data.error?.[""]?.[0] ?? null,
    deviceCookie: null,
  };
}

describe("through /login", () => {
  it("ten wrong passwords from ten addresses, then the right one from a fresh address: the owner signs in", async () => {
    const email = await member();
    for (let i = 1; i <= 10; i++) expect((await login(email, "wrong-password", `203.0.113.${i}`)).status).toBe(401);
    const owner = await login(email, PASSWORD, "198.51.100.77");
    expect(owner.status).toBe(302);
    // And again a minute later: nothing was renewed against the owner.
    expect((await login(email, PASSWORD, "198.51.100.78")).status).toBe(302);
  }, 60_000);

  it("twenty successful sign-ins from one address (a shift behind one NAT) all succeed", async () => {
    const email = await member();
    for (let i = 0; i < 20; i++) expect((await login(email, PASSWORD, "192.0.2.200")).status).toBe(302);
  }, 60_000);

  it("a guesser on one (account, address) pair waits after 5 wrong passwords; the owner elsewhere, or on a known browser, does not", async () => {
    const email = await member();
    // The owner signed in on this browser before (behind the same address the guesser will use).
    const owner = await login(email, PASSWORD, "192.0.2.50");
    expect(owner.status).toBe(302);
    expect(owner.deviceCookie).toMatch(/^__device=/);

    const guesser = "192.0.2.99";
    for (let i = 0; i < SIGN_IN_LIMITS.pair.free; i++) expect((await login(email, `guess-${i}`, guesser)).status).toBe(401);
    const refused = await login(email, PASSWORD, guesser);
    expect(refused.status).toBe(429);
    expect(refused.message).toMatch(TOO_MANY);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);

    expect((await login(email, PASSWORD, "198.51.100.5")).status).toBe(302);
    expect((await login(email, PASSWORD, guesser, owner.deviceCookie)).status).toBe(302);
  }, 60_000);

  it("the 31st sign-in attempt from one address gets 429 whatever the account; another address is still only told the password is wrong", async () => {
    const sprayer = "203.0.113.31";
    // Thirty wrong passwords for thirty accounts, counted as /login counts them (without thirty slow password checks).
    for (let i = 0; i < 30; i++) await claimSignInAttempt(opened.db, { email: `spray-${i}@example.test`, ip: sprayer, deviceId: null }, new Date());
    const fresh = `spray-fresh-${crypto.randomUUID()}@example.test`;
    const refused = await login(fresh, "wrong-password", sprayer);
    expect(refused.status).toBe(429);
    expect(refused.message).toMatch(TOO_MANY);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect((await login(fresh, "wrong-password", "203.0.113.7")).status).toBe(401);
  }, 60_000);
});

const attempt = (email: string, ip: string, deviceId: string | null = null): SignInAttempt => ({ email, ip, deviceId });

/** A claimed attempt that failed (a wrong password): nothing more to record. Answers the wait in seconds, or 0. */
async function fail(db: OpenedDatabase["db"], one: SignInAttempt, now: Date): Promise<number> {
  try {
    await claimSignInAttempt(db, one, now);
    return 0;
  } catch (error) {
    if (!isDomainError(error) || error.kind !== "rate_limited") throw error;
    expect(error.message).toMatch(TOO_MANY);
    return error.retryAfterSeconds ?? -1;
  }
}

async function succeed(db: OpenedDatabase["db"], one: SignInAttempt, now: Date): Promise<void> {
  await recordSignInSuccess(db, await claimSignInAttempt(db, one, now), one.deviceId, now);
}

describe("the (account, address) pair", () => {
  it("waits after 5 failures, 1 minute, doubling with each further failure up to 15 minutes", async () => {
    const guess = attempt("victim@example.test", "203.0.113.1");
    for (let i = 0; i < 4; i++) expect(await fail(opened.db, guess, T0)).toBe(0);
    expect(await fail(opened.db, guess, T0)).toBe(0); // the 5th counts and earns the first wait
    expect(await fail(opened.db, guess, at(1))).toBe(60);
    expect(await fail(opened.db, guess, at(30 * SECOND))).toBe(30);
    const waits: number[] = [];
    let now = T0.getTime() + MINUTE;
    for (let i = 0; i < 6; i++) {
      expect(await fail(opened.db, guess, new Date(now))).toBe(0);
      const wait = await fail(opened.db, guess, new Date(now + 1));
      waits.push(wait);
      now += wait * SECOND;
    }
    expect(waits).toEqual([120, 240, 480, 900, 900, 900]);
  });

  it("a success clears the pair's failures and is never counted itself", async () => {
    const owner = attempt("owner@example.test", "192.0.2.7");
    for (let i = 0; i < 4; i++) await fail(opened.db, owner, T0);
    await succeed(opened.db, owner, T0);
    for (let i = 0; i < 50; i++) await succeed(opened.db, owner, at(i));
    // Five more wrong passwords are taken before any wait, as for a pair that never failed.
    for (let i = 0; i < 5; i++) expect(await fail(opened.db, owner, at(MINUTE))).toBe(0);
    expect(await fail(opened.db, owner, at(MINUTE))).toBe(60);
    // The address holds the four failures from before the owner's first success, and none of the 51 successes.
    expect(await opened.db.selectFrom("attempt_counters").select("count").where("key", "like", "sign-in:address:%").execute()).toEqual([{ count: 4 }]);
  });

  it("is forgotten an hour after its last failure", async () => {
    const guess = attempt("victim@example.test", "203.0.113.1");
    for (let i = 0; i < 5; i++) await fail(opened.db, guess, T0);
    expect(await fail(opened.db, guess, at(59 * SECOND))).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) expect(await fail(opened.db, guess, at(61 * MINUTE))).toBe(0);
  });
});

describe("an address spraying many accounts", () => {
  it("waits after 30 failures across accounts, but not for an account it signed in to before", async () => {
    const sprayer = "203.0.113.66";
    await succeed(opened.db, attempt("colleague@example.test", sprayer), T0);
    for (let i = 0; i < SIGN_IN_LIMITS.address.free; i++) expect(await fail(opened.db, attempt(`user${i}@example.test`, sprayer), T0)).toBe(0);
    expect(await fail(opened.db, attempt("another@example.test", sprayer), at(1))).toBe(60);
    // Other addresses are untouched, and so is the account this address is known to.
    expect(await fail(opened.db, attempt("another@example.test", "198.51.100.1"), at(1))).toBe(0);
    expect(await fail(opened.db, attempt("colleague@example.test", sprayer), at(1))).toBe(0);
  });
});

describe("failures for one account from many addresses", () => {
  it("never refuse anyone; past 10 they delay unknown places a little, growing to 3 seconds at most", async () => {
    const email = "staff@example.test";
    await succeed(opened.db, attempt(email, "192.0.2.10", "owner-device-id"), T0);
    const delays: number[] = [];
    for (let i = 1; i <= 40; i++) {
      const claim = await claimSignInAttempt(opened.db, attempt(email, `203.0.113.${i}`), at(i));
      delays.push(claim.delayMs);
    }
    expect(delays.slice(0, 10)).toEqual(Array(10).fill(0));
    expect(delays.slice(10, 15)).toEqual([250, 500, 1000, 2000, 3000]);
    expect(Math.max(...delays)).toBe(SIGN_IN_LIMITS.accountMaxDelayMs);
    expect(accountDelayMs(1_000_000)).toBe(3000);
    // The owner: from a fresh address still only the capped delay; from a known address or device, none.
    expect((await claimSignInAttempt(opened.db, attempt(email, "198.51.100.200"), at(MINUTE))).delayMs).toBe(3000);
    expect((await claimSignInAttempt(opened.db, attempt(email, "192.0.2.10"), at(MINUTE))).delayMs).toBe(0);
    expect((await claimSignInAttempt(opened.db, attempt(email, "198.51.100.201", "owner-device-id"), at(MINUTE))).delayMs).toBe(0);
  });
});

describe("counters in the database", () => {
  it("are shared by two handles on one database, and survive a restart", async () => {
    const second = openDatabase({ url: opened.url });
    try {
      const guess = attempt("shared@example.test", "203.0.113.9");
      // Failures spread over two processes count together.
      for (let i = 0; i < 5; i++) await fail(i % 2 === 0 ? opened.db : second.db, guess, T0);
      expect(await fail(second.db, guess, at(1))).toBe(60);
      expect(await fail(opened.db, guess, at(1))).toBe(60);
      expect(await hitWindow(second.db, "limit:test", { limit: 1, windowMs: MINUTE }, T0)).toEqual({ allowed: true });
      expect(await hitWindow(opened.db, "limit:test", { limit: 1, windowMs: MINUTE }, T0)).toEqual({ allowed: false, retryAfterSeconds: 60 });
    } finally {
      await second.close();
    }
    const restarted = openDatabase({ url: opened.url });
    try {
      expect(await fail(restarted.db, attempt("shared@example.test", "203.0.113.9"), at(2))).toBe(60);
    } finally {
      await restarted.close();
    }
  });

  it("count parallel attempts before any password check, so a burst cannot slip past the limit", async () => {
    const guess = attempt("burst@example.test", "203.0.113.10");
    const waits = await Promise.all(Array.from({ length: 20 }, () => fail(opened.db, guess, T0)));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(SIGN_IN_LIMITS.pair.free);
  });

  it("keep no raw e-mail or address, and expired rows are pruned", async () => {
    await succeed(opened.db, attempt("private@example.test", "192.0.2.123"), T0);
    await fail(opened.db, attempt("private@example.test", "203.0.113.123"), T0);
    const stored = JSON.stringify([
      ...(await opened.db.selectFrom("attempt_counters").selectAll().execute()),
      ...(await opened.db.selectFrom("known_sign_ins").selectAll().execute()),
    ]);
    expect(stored).not.toContain("private");
    expect(stored).not.toContain("192.0.2");
    expect(stored).not.toContain("203.0.113");
    expect(await pruneExpiredAttemptCounters(opened.db, at(10 * MINUTE))).toBe(0);
    expect(await pruneExpiredAttemptCounters(opened.db, at(2 * 60 * MINUTE))).toBeGreaterThan(0);
    expect(await pruneExpiredKnownSignIns(opened.db, at(2 * 60 * MINUTE))).toBe(0);
    expect(await pruneExpiredKnownSignIns(opened.db, at(SIGN_IN_LIMITS.knownForMs))).toBe(1);
    expect(await claimAttempts(opened.db, [], T0)).toEqual({ allowed: true, claims: [] });
  });
});
