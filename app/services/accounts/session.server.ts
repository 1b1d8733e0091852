// Server-side sessions: a random 256-bit id in a signed, httpOnly cookie; only its digest is stored.
import { createCookie, type Cookie } from "@remix-run/node";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { CURRENT_USER_COLUMNS } from "./account.server.ts";
import { getEnv } from "~/env.server.ts";
import { randomToken, sha256 } from "~/services/accounts/tokens.server.ts";
import { assertNotSuspended } from "./suspension.server.ts";
import { MEMBER_LIMITS } from "~/lib/member-limits.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** The session cookie's name over plain http (COOKIE_SECURE off: `npm run dev`, local tests). */
export const SESSION_COOKIE_NAME = "__session";
/**
 * Its name when the cookie is Secure: the `__Host-` prefix makes the browser refuse the cookie unless it is Secure,
 * set by this host itself (no Domain) for Path=/, so a sibling subdomain or a plain-http page cannot plant or
 * overwrite a session (docs/decisions/0065). Chromium accepts it on http://localhost too, which treats as secure.
 */
export const SECURE_SESSION_COOKIE_NAME = "__Host-session";

/** The name the session cookie has under the current settings. */
export function sessionCookieName(secure = getEnv().COOKIE_SECURE): string {
  return secure ? SECURE_SESSION_COOKIE_NAME : SESSION_COOKIE_NAME;
}

let cookieOfEnv: { env: ReturnType<typeof getEnv>; cookie: Cookie } | undefined;

/** The session cookie for the current settings (made once, not on every request). */
function sessionCookie(): Cookie {
  const env = getEnv();
  if (cookieOfEnv?.env !== env) cookieOfEnv = { env, cookie: makeSessionCookie(env) };
  return cookieOfEnv.cookie;
}

function makeSessionCookie(env: ReturnType<typeof getEnv>): Cookie {
  return createCookie(sessionCookieName(env.COOKIE_SECURE), {
    httpOnly: true,
    sameSite: "lax",
    secure: env.COOKIE_SECURE,
    path: "/",
    secrets: [env.SESSION_SECRET],
    maxAge: env.SESSION_TTL_DAYS * 24 * 60 * 60,
  });
}

export interface SessionMeta {
  ip?: string | null;
  userAgent?: string | null;
}

/** Sessions without "Remember me" end with the browser, and on the server after a day. */
export const SHORT_SESSION_MS = 24 * 60 * 60 * 1000;

export function rememberedSessionMs(): number {
  return getEnv().SESSION_TTL_DAYS * 24 * 60 * 60 * 1000;
}

export async function createSession(db: Db, userId: string, meta: SessionMeta = {}, ttlMs = rememberedSessionMs(), now = new Date()): Promise<string> {
  // A suspended account never gets a session (docs: ./suspension.server.ts); every session is a sign-in to record.
  await assertNotSuspended(db, userId);
  const id = randomToken();
  await db
    .insertInto("sessions")
    .values({
      id_hash: sha256(id),
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ttlMs).toISOString(),
      ip: meta.ip ?? null,
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  await signOutOldestBeyondLimit(db, userId, sha256(id));
  await db
    .insertInto("sign_in_events")
    .values({ user_id: userId, ip: meta.ip ?? null, user_agent: meta.userAgent?.slice(0, 300) ?? null, created_at: now.toISOString() })
    .execute();
  return id;
}

/**
 * A member is signed in on at most MEMBER_LIMITS.signedInDevices devices: past that, the sessions signed in longest
 * ago end (expired ones first, being older), so signing in never fails and the list on /profile stays short.
 */
async function signOutOldestBeyondLimit(db: Db, userId: string, newIdHash: string): Promise<void> {
  // The new session stays; of the others, the newest (max - 1) do.
  const beyond = await db
    .selectFrom("sessions")
    .select("id_hash")
    .where("user_id", "=", userId)
    .where("id_hash", "!=", newIdHash)
    .orderBy("created_at", "desc")
    .orderBy("id_hash", "desc")
    .offset(MEMBER_LIMITS.signedInDevices.max - 1)
    .limit(1000)
    .execute();
  if (beyond.length > 0)
    await db
      .deleteFrom("sessions")
      .where("user_id", "=", userId)
      .where(
        "id_hash",
        "in",
        beyond.map((row) => row.id_hash),
      )
      .execute();
}

/** The user id behind a live session id, or null. */
export async function findSessionUserId(db: Db, sessionId: string, now = new Date()): Promise<string | null> {
  const row = await db
    .selectFrom("sessions")
    .select(["user_id"])
    .where("id_hash", "=", sha256(sessionId))
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** The profile of the user behind a live session id, in one query, or null. */
export async function findSessionProfile(db: Db, sessionId: string, now = new Date()) {
  const row = await db
    .selectFrom("sessions")
    .innerJoin("profiles", "profiles.id", "sessions.user_id")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select(CURRENT_USER_COLUMNS.map((column) => `profiles.${column}` as const))
    .select("users.email_confirmed_at")
    .where("sessions.id_hash", "=", sha256(sessionId))
    .where("sessions.expires_at", ">", now.toISOString())
    // A suspended account's session names nobody (./suspension.server.ts).
    .where("profiles.suspended_at", "is", null)
    .executeTakeFirst();
  return row ?? null;
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom("sessions").where("id_hash", "=", sha256(sessionId)).execute();
}

export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
}

export async function deleteExpiredSessions(db: Db, now = new Date()): Promise<number> {
  const result = await db.deleteFrom("sessions").where("expires_at", "<=", now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function readSessionId(request: Request): Promise<string | null> {
  return readSessionIdFromCookieHeader(request.headers.get("Cookie"));
}

/** The session id in a Cookie header (signature checked), or null. */
export async function readSessionIdFromCookieHeader(header: string | null): Promise<string | null> {
  const value: unknown = await sessionCookie().parse(header);
  return typeof value === "string" && value.length > 0 ? value : null;
}

export function commitSessionCookie(sessionId: string, persistent: boolean): Promise<string> {
  return persistent ? sessionCookie().serialize(sessionId) : sessionCookie().serialize(sessionId, { maxAge: undefined });
}

export function clearSessionCookie(): Promise<string> {
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}
