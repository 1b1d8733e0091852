// Server-side sessions: random ids handed out, only their digests kept.
import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import {
  createSession,
  deleteExpiredSessions,
  deleteSession,
  deleteUserSessions,
  findSessionUserId,
  SHORT_SESSION_MS,
} from "~/services/accounts/session.server.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const T0 = new Date("2026-03-01T10:00:00.000Z");
const HOUR = 3600_000;
const DAY = 24 * HOUR;

let database: OpenedDatabase;
let alice: string;
let bob: string;

beforeAll(async () => {
  database = createTestDatabase();
  alice = await insertUserRow(database.db, "alice@example.com");
  bob = await insertUserRow(database.db, "bob@example.com");
});

beforeEach(async () => {
  await database.db.deleteFrom("sessions").execute();
});

afterAll(async () => {
  await database?.close();
});

function at(ms: number): Date {
  return new Date(T0.getTime() + ms);
}

describe("createSession", () => {
  it("returns a 43-character base64url id, different every time", async () => {
    const a = await createSession(database.db, alice, {}, DAY, T0);
    const b = await createSession(database.db, alice, {}, DAY, T0);
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(b).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
  });

  it("stores only the SHA-256 of the id", async () => {
    const id = await createSession(database.db, alice, { ip: "203.0.113.7", userAgent: "Test Browser/1.0" }, DAY, T0);
    const rows = await database.db.selectFrom("sessions").selectAll().execute();
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row).toMatchObject({
      id_hash: crypto.createHash("sha256").update(id).digest("hex"),
      user_id: alice,
      expires_at: at(DAY).toISOString(),
      ip: "203.0.113.7",
      user_agent: "Test Browser/1.0",
    });
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(id);
    expect(stored).not.toContain(Buffer.from(id, "base64url").toString("hex"));
  });

  it("cuts very long user agents to 300 characters", async () => {
    await createSession(database.db, alice, { userAgent: "x".repeat(1000) }, DAY, T0);
    const row = await database.db.selectFrom("sessions").select("user_agent").executeTakeFirstOrThrow();
    expect(row.user_agent).toBe("x".repeat(300));
  });

  it("lasts SESSION_TTL_DAYS (30 in tests) when no lifetime is given", async () => {
    await createSession(database.db, alice, {}, undefined, T0);
    const row = await database.db.selectFrom("sessions").select("expires_at").executeTakeFirstOrThrow();
    expect(row.expires_at).toBe(at(30 * DAY).toISOString());
  });
});

describe("findSessionUserId", () => {
  it("finds the user until the session expires, and not from then on", async () => {
    const id = await createSession(database.db, alice, {}, SHORT_SESSION_MS, T0);
    expect(await findSessionUserId(database.db, id, T0)).toBe(alice);
    expect(await findSessionUserId(database.db, id, at(SHORT_SESSION_MS - 1))).toBe(alice);
    expect(await findSessionUserId(database.db, id, at(SHORT_SESSION_MS))).toBeNull();
    expect(await findSessionUserId(database.db, id, at(SHORT_SESSION_MS + 1))).toBeNull();
  });

  it("finds nothing for an unknown id or the stored digest itself", async () => {
    const id = await createSession(database.db, alice, {}, DAY, T0);
    const { id_hash } = await database.db.selectFrom("sessions").select("id_hash").executeTakeFirstOrThrow();
    expect(await findSessionUserId(database.db, `${id.slice(0, -1)}${id.endsWith("A") ? "B" : "A"}`, T0)).toBeNull();
    expect(await findSessionUserId(database.db, id_hash, T0)).toBeNull();
    expect(await findSessionUserId(database.db, "", T0)).toBeNull();
  });

  it("tells users apart", async () => {
    const a = await createSession(database.db, alice, {}, DAY, T0);
    const b = await createSession(database.db, bob, {}, DAY, T0);
    expect(await findSessionUserId(database.db, a, T0)).toBe(alice);
    expect(await findSessionUserId(database.db, b, T0)).toBe(bob);
  });
});

describe("ending sessions", () => {
  it("deleteSession ends that session only", async () => {
    const a = await createSession(database.db, alice, {}, DAY, T0);
    const other = await createSession(database.db, alice, {}, DAY, T0);
    await deleteSession(database.db, a);
    expect(await findSessionUserId(database.db, a, T0)).toBeNull();
    expect(await findSessionUserId(database.db, other, T0)).toBe(alice);
    expect(await database.db.selectFrom("sessions").select("id_hash").execute()).toHaveLength(1);
  });

  it("deleteUserSessions ends every session of one user", async () => {
    const a1 = await createSession(database.db, alice, {}, DAY, T0);
    const a2 = await createSession(database.db, alice, {}, DAY, T0);
    const b = await createSession(database.db, bob, {}, DAY, T0);
    await deleteUserSessions(database.db, alice);
    expect(await findSessionUserId(database.db, a1, T0)).toBeNull();
    expect(await findSessionUserId(database.db, a2, T0)).toBeNull();
    expect(await findSessionUserId(database.db, b, T0)).toBe(bob);
  });

  it("deleteExpiredSessions removes only the expired ones and counts them", async () => {
    const expired = await createSession(database.db, alice, {}, HOUR, T0);
    const expiresNow = await createSession(database.db, bob, {}, 2 * HOUR, T0);
    const live = await createSession(database.db, alice, {}, 2 * HOUR + 1, T0);
    const longLived = await createSession(database.db, bob, {}, 30 * DAY, T0);

    expect(await deleteExpiredSessions(database.db, at(2 * HOUR))).toBe(2);

    const remaining = await database.db.selectFrom("sessions").select("id_hash").execute();
    expect(remaining).toHaveLength(2);
    expect(await findSessionUserId(database.db, live, at(2 * HOUR))).toBe(alice);
    expect(await findSessionUserId(database.db, longLived, at(2 * HOUR))).toBe(bob);
    for (const gone of [expired, expiresNow]) expect(await findSessionUserId(database.db, gone, T0)).toBeNull();

    expect(await deleteExpiredSessions(database.db, at(2 * HOUR))).toBe(0);
  });

  it("goes when the user is deleted", async () => {
    const id = await createSession(database.db, bob, {}, DAY, T0);
    await database.db.deleteFrom("users").where("id", "=", bob).execute();
    expect(await findSessionUserId(database.db, id, T0)).toBeNull();
    expect(await database.db.selectFrom("sessions").select("id_hash").execute()).toHaveLength(0);
    bob = await insertUserRow(database.db, "bob@example.com");
  });
});
