// Who is asking: sessions, the form sign-in strategy and the guards every loader and action uses.
import { setTimeout as wait } from "node:timers/promises";
import { redirect, type AppLoadContext } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { getDb } from "~/db.server.ts";
import { LoginSchema, AUTH_MESSAGES } from "~/schemas/auth.ts";
import type { Permission } from "~/lib/permissions.ts";
import { DomainError } from "~/services/domain-error.ts";
import { withoutNul } from "~/lib/typed-text.ts";
import {
  roleHasPermission,
  toCurrentUser,
  verifyLogin,
  claimSignInAttempt,
  recordSignInSuccess,
  type SignInClaim,
  clearSessionCookie,
  commitSessionCookie,
  createSession,
  deleteSession,
  findSessionProfile,
  readSessionId,
  readSessionIdFromCookieHeader,
  rememberedSessionMs,
  SHORT_SESSION_MS,
  assertEmailConfirmed,
  hasSecondFactor,
  roleRequiresSecondFactor,
} from "~/services/accounts/index.server.ts";
import { counterKey, hitWindow, tooManyAttempts, type WindowRule } from "~/services/platform/index.server.ts";
import { SECOND_FACTOR_PATH } from "~/schemas/second-factor.ts";
import type { CurrentUser } from "~/lib/user.ts";
import { newDeviceCookie, readDeviceId } from "./device-cookie.server.ts";

import { loginUrl } from "~/lib/http.ts";
import { refusalsAnswered, throwRefusal } from "./domain-answer.server.ts";

/** The refusal of a sign-in whose e-mail and password do not match an account (the spec's words, docs/product/accounts.md#messages). */
function signInFailed(): DomainError {
  return new DomainError("unauthenticated", AUTH_MESSAGES.signInFailed, { code: "sign_in_failed" });
}

/** remix-auth with the form strategy: checks e-mail and password, yields the user id. */
export const authenticator = new Authenticator<string>();
authenticator.use(
  new FormStrategy(async ({ form }) => {
    // Read as parseForm reads it (NUL characters dropped), so the password checked is the one the account was made with.
    const parsed = LoginSchema.safeParse(Object.fromEntries([...form].map(([name, value]) => [name, typeof value === "string" ? withoutNul(value) : value])));
    if (!parsed.success) throw signInFailed();
    const userId = await verifyLogin(getDb(), parsed.data.email, parsed.data.password);
    if (!userId) throw signInFailed();
    return userId;
  }),
  "form",
);

const currentUsers = new WeakMap<Request, Promise<CurrentUser | null>>();

/** The signed-in user, or null; looked up once per request. */
export function getOptionalUser(request: Request): Promise<CurrentUser | null> {
  let pending = currentUsers.get(request);
  if (!pending) {
    pending = getUserOfCookieHeader(request.headers.get("Cookie"));
    currentUsers.set(request, pending);
  }
  return pending;
}

/** The user whose live session the Cookie header carries, or null (sessions and profiles read in one query). */
export async function getUserOfCookieHeader(cookieHeader: string | null): Promise<CurrentUser | null> {
  const sessionId = await readSessionIdFromCookieHeader(cookieHeader);
  if (!sessionId) return null;
  const row = await findSessionProfile(getDb(), sessionId);
  if (!row) return null;
  return toCurrentUser(row);
}

function pathOf(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** The signed-in user; anonymous visitors go to /login and come back afterwards. */
export async function requireUser(request: Request): Promise<CurrentUser> {
  const user = await getOptionalUser(request);
  if (!user) {
    const back = request.method === "GET" ? pathOf(request) : new URL(request.url).pathname;
    throw redirect(loginUrl(back));
  }
  return user;
}

/**
 * The signed-in user whose e-mail address is confirmed: the guard of every action an unconfirmed account may not
 * take yet (bid, buy, offer, list, message; docs/decisions/0028). Anonymous visitors go to /login; an unconfirmed
 * account is refused with a 403 whose body is `{ message }` (the page's error boundary shows it; the app shell's
 * banner offers a new link).
 */
export async function requireConfirmedUser(request: Request): Promise<CurrentUser> {
  const user = await requireUser(request);
  try {
    assertEmailConfirmed(user);
  } catch (error) {
    throwRefusal(error);
  }
  return user;
}

export const PERMISSION_MESSAGES = {
  forbidden: "You do not have permission to do this.",
} as const;

/**
 * The signed-in user whose role holds `permission` (or, given a list, any one of them) now: read from
 * role_permissions on every call, so a changed row takes effect at once. Anonymous visitors go to /login; anyone
 * else is refused with 403 (the error boundary shows the message).
 */
export async function requirePermission(request: Request, permission: Permission | readonly Permission[]): Promise<CurrentUser> {
  const user = await requireUser(request);
  const wanted: readonly Permission[] = typeof permission === "string" ? [permission] : permission;
  for (const one of wanted) {
    if (await userHasPermission(user, one)) {
      await requireSecondFactorWhereRequired(request, user);
      return user;
    }
  }
  throwRefusal(new DomainError("forbidden", PERMISSION_MESSAGES.forbidden, { code: wanted.join(",") }));
}

const secondFactorVerdicts = new WeakMap<Request, Promise<boolean>>();

/**
 * A member whose role holds a permission that moves money or changes people (SECOND_FACTOR_PERMISSIONS, read from
 * role_permissions now) and who has no second factor yet is sent to set one up before anything else: the loader and
 * the action alike, with the address to come back to (docs/decisions/0064). Everyone else passes.
 * requirePermission calls it for every page it opens; a route that decides on money another way (an order's escrow
 * decisions) calls it itself.
 */
export async function requireSecondFactorWhereRequired(request: Request, user: CurrentUser): Promise<void> {
  let verdict = secondFactorVerdicts.get(request);
  if (!verdict) {
    verdict = (async () => !(await roleRequiresSecondFactor(getDb(), user.role)) || (await hasSecondFactor(getDb(), user.id)))();
    secondFactorVerdicts.set(request, verdict);
  }
  if (await verdict) return;
  const back = request.method === "GET" ? pathOf(request) : new URL(request.url).pathname;
  throw redirect(`${SECOND_FACTOR_PATH}?${new URLSearchParams({ required: "1", redirectTo: back })}`);
}

/** Whether the signed-in `user` holds `permission` (for a page that shows more to some staff, never as the guard). */
export async function userHasPermission(user: CurrentUser, permission: Permission): Promise<boolean> {
  return roleHasPermission(getDb(), user.role, permission);
}

/** Pages for visitors only (sign-in, register, password screens) send signed-in users to /dashboard. */
export async function requireAnonymous(request: Request): Promise<void> {
  if (await getOptionalUser(request)) throw redirect("/dashboard");
}

/** Starts a fresh session (a new id at every sign-in) and returns its Set-Cookie header value. */
export async function startSession(userId: string, request: Request, context: AppLoadContext, { remember }: { remember: boolean }): Promise<string> {
  const sessionId = await createSession(
    getDb(),
    userId,
    { ip: context.clientIp, userAgent: request.headers.get("User-Agent") },
    remember ? rememberedSessionMs() : SHORT_SESSION_MS,
  );
  return commitSessionCookie(sessionId, remember);
}

/** Ends the request's session (if any) and returns the Set-Cookie header value that clears it. */
export async function endSession(request: Request): Promise<string> {
  const sessionId = await readSessionId(request);
  if (sessionId) await deleteSession(getDb(), sessionId);
  return clearSessionCookie();
}

/** Registration and password-reset limits, per client address and per e-mail address, in the database. */
export const RATE_LIMITS = {
  registerPerIp: { limit: 10, windowMs: 60 * 60_000 },
  registerPerAccount: { limit: 5, windowMs: 60 * 60_000 },
  forgotPerIp: { limit: 10, windowMs: 60 * 60_000 },
  forgotPerAccount: { limit: 3, windowMs: 60 * 60_000 },
  /** Changing the password from /profile checks the current one: a stolen session may not guess it at leisure. */
  passwordChangePerAccount: { limit: 10, windowMs: 60 * 60_000 },
} as const satisfies Record<string, WindowRule>;

/**
 * Counts an attempt against each rule (kept in the database, shared by every process); over a limit, answers 429
 * with Retry-After and "Too many attempts. Please wait N minutes and try again." `key` names what is counted, e.g.
 * `register:ip:<address>`; only its keyed hash is stored.
 */
export async function enforceRateLimits(checks: ReadonlyArray<{ key: string; rule: WindowRule }>): Promise<void> {
  for (const { key, rule } of checks) {
    const verdict = await hitWindow(getDb(), counterKey("limit", key), rule);
    if (!verdict.allowed) throwRefusal(tooManyAttempts(verdict.retryAfterSeconds));
  }
}

/**
 * Counts a sign-in attempt for `email` before its password is checked (docs/decisions/0029): answers 429 when this
 * (account, address) or (account, device) pair, or this address, must wait; otherwise waits the short delay that
 * failures from unknown places add (at most a few seconds), and returns the claim `signInSucceeded` needs.
 */
export async function claimSignIn(request: Request, context: AppLoadContext, email: string): Promise<SignInClaim> {
  const deviceId = await readDeviceId(request);
  const claim = await refusalsAnswered(() => claimSignInAttempt(getDb(), { email, ip: context.clientIp, deviceId }), { as: "document" });
  if (claim.delayMs > 0) await wait(claim.delayMs);
  return claim;
}

/**
 * The claimed sign-in succeeded: it is not counted, and this address and browser become known to the account.
 * Returns the Set-Cookie value of a new device cookie when the browser had none, else null.
 */
export async function signInSucceeded(claim: SignInClaim): Promise<string | null> {
  const fresh = claim.deviceId ? null : await newDeviceCookie();
  await recordSignInSuccess(getDb(), claim, claim.deviceId ?? fresh!.deviceId);
  return fresh?.setCookie ?? null;
}
