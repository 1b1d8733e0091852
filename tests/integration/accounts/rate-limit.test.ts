// The fixed-window limits of the AI route and of messages, counted in the database so that every process and every
// app server shares them (docs/decisions/0034); sign-in limits: sign-in-limits.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type OpenedDatabase } from "#db/dialect.ts";
import { MemoryRateLimiter, sharedRateLimiter } from "~/services/platform/rate-limit.server.ts";
import { createTestDatabase, onPostgres } from "../../support/test-database.ts";

const RULE = { limit: 3, windowMs: 60_000 };
const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);
const at = (ms: number) => new Date(T0 + ms);

let serverA: OpenedDatabase;
/** A second handle on the same database: another app server. */
let serverB: OpenedDatabase;

beforeAll(async () => {
  serverA = createTestDatabase();
  await serverA.db.selectFrom("attempt_counters").select("key").limit(1).execute();
  serverB = openDatabase({ url: serverA.url, poolSize: 8 });
});

beforeEach(async () => {
  await serverA.db.deleteFrom("attempt_counters").execute();
});

afterAll(async () => {
  await serverB?.close();
  await serverA?.close();
});

describe("the shared rate limiter", () => {
  const hit = (key: string, ms: number, db = serverA.db) => sharedRateLimiter.hit(db, key, RULE, at(ms));

  it("allows `limit` hits in a window, then refuses with the seconds left", async () => {
    for (let i = 0; i < RULE.limit; i += 1) expect(await hit("ip:1", i * 1000)).toEqual({ allowed: true });
    expect(await hit("ip:1", 1_500)).toEqual({ allowed: false, retryAfterSeconds: 59 });
    expect(await hit("ip:1", 59_999)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it("does not count refused hits towards the next window, and resets exactly when the window ends", async () => {
    for (let i = 0; i < 10; i += 1) await hit("ip:1", 0);
    expect((await hit("ip:1", RULE.windowMs - 1)).allowed).toBe(false);
    for (let i = 0; i < RULE.limit; i += 1) expect((await hit("ip:1", RULE.windowMs)).allowed).toBe(true);
    expect((await hit("ip:1", RULE.windowMs)).allowed).toBe(false);
  });

  it("keeps keys independent and the window of the first hit", async () => {
    await hit("k", 0);
    await hit("k", 50_000);
    await hit("k", 55_000);
    expect(await hit("k", 56_000)).toEqual({ allowed: false, retryAfterSeconds: 4 });
    expect(await hit("k2", 56_000)).toEqual({ allowed: true });
    expect((await hit("k", 60_000)).allowed).toBe(true);
  });

  it("is one limit for two servers, even when both count at the same moment", async () => {
    const rule = { limit: 10, windowMs: 60 * 60_000 };
    const attempt = (index: number) => sharedRateLimiter.hit(index % 2 === 0 ? serverA.db : serverB.db, "ai:ip:192.0.2.1", rule, at(0));
    const indexes = [...Array(3 * rule.limit).keys()];
    // At the same moment on PostgreSQL. On SQLite in turn: two handles in one test process cannot hold write
    // transactions at once (better-sqlite3 waits for the lock synchronously, stopping the event loop the other needs),
    // while two server processes simply queue for the file's lock.
    const verdicts = onPostgres ? await Promise.all(indexes.map(attempt)) : [];
    if (!onPostgres) for (const index of indexes) verdicts.push(await attempt(index));
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(rule.limit);
    // Whichever server the next attempt reaches, it waits.
    expect((await sharedRateLimiter.hit(serverA.db, "ai:ip:192.0.2.1", rule, at(1000))).allowed).toBe(false);
    expect((await sharedRateLimiter.hit(serverB.db, "ai:ip:192.0.2.1", rule, at(1000))).allowed).toBe(false);
  });

  it("stores no raw key (a keyed hash of it)", async () => {
    await hit("ai:ip:198.51.100.4", 0);
    const keys = await serverA.db.selectFrom("attempt_counters").select("key").execute();
    expect(keys).toHaveLength(1);
    expect(keys[0]!.key).not.toContain("198.51.100.4");
  });
});

describe("the in-memory limiter (tests that want limits of their own)", () => {
  it("counts per key in its own window", async () => {
    const limiter = new MemoryRateLimiter();
    for (let i = 0; i < RULE.limit; i += 1) expect(await limiter.hit(serverA.db, "k", RULE, at(0))).toEqual({ allowed: true });
    expect(await limiter.hit(serverA.db, "k", RULE, at(30_000))).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect((await limiter.hit(serverA.db, "k", RULE, at(60_000))).allowed).toBe(true);
    expect(await serverA.db.selectFrom("attempt_counters").select("key").execute()).toEqual([]);
  });
});
