// Two-step sign-in in the web layer (docs/decisions/0064): after a right password, a member whose account
// has a second factor gets a short-lived challenge cookie instead of a session and is sent to /login/second-factor;
// the session is made only when a code passes there. Members without a factor are signed in as before.
import { createCookie, type AppLoadContext, type Cookie } from "@remix-run/node";
import { getDb } from "~/db.server.ts";
import { getEnv } from "~/env.server.ts";
import { SIGN_IN_SECOND_STEP_PATH } from "~/schemas/second-factor.ts";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import {
  beginPasskeySignIn,
  CHALLENGE_TTL_MS,
  endSecondFactorChallenge,
  findSecondFactorChallenge,
  hasSecondFactor,
  passPasskeySignIn,
  passSecondFactorChallenge,
  startSecondFactorChallenge,
  type PendingSignIn,
} from "~/services/accounts/index.server.ts";
import { endSession, startSession } from "./auth.server.ts";
import { readDeviceId } from "./device-cookie.server.ts";

const SECOND_FACTOR_COOKIE_NAME = "__second_factor";

let cookieOfEnv: { env: ReturnType<typeof getEnv>; cookie: Cookie } | undefined;

function challengeCookie(): Cookie {
  const env = getEnv();
  if (cookieOfEnv?.env !== env) {
    cookieOfEnv = {
      env,
      cookie: createCookie(SECOND_FACTOR_COOKIE_NAME, {
        httpOnly: true,
        sameSite: "lax",
        secure: env.COOKIE_SECURE,
        path: "/",
        secrets: [env.SESSION_SECRET],
        maxAge: CHALLENGE_TTL_MS / 1000,
      }),
    };
  }
  return cookieOfEnv.cookie;
}

async function readChallengeToken(request: Request): Promise<string | null> {
  const value: unknown = await challengeCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null;
}

function clearChallengeCookie(): Promise<string> {
  return challengeCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

/** Where a sign-in whose password was right goes next, and the cookies to set on the way. */
export interface SignInNext {
  location: string;
  cookies: string[];
}

/**
 * The password was right: a member with a second factor is sent to the second step (a challenge cookie, no session
 * yet); anyone else gets a fresh session and goes to `redirectTo`.
 */
export async function continueSignIn(
  userId: string,
  request: Request,
  context: AppLoadContext,
  { remember, redirectTo }: { remember: boolean; redirectTo: string },
): Promise<SignInNext> {
  if (await hasSecondFactor(getDb(), userId)) {
    const token = await startSecondFactorChallenge(getDb(), { userId, remember, redirectTo });
    return { location: SIGN_IN_SECOND_STEP_PATH, cookies: [await challengeCookie().serialize(token)] };
  }
  await endSession(request);
  return { location: redirectTo, cookies: [await startSession(userId, request, context, { remember })] };
}

/** The sign-in waiting for its second step in this browser, or null. */
export async function pendingSignIn(request: Request): Promise<PendingSignIn | null> {
  const token = await readChallengeToken(request);
  return token ? findSecondFactorChallenge(getDb(), token) : null;
}

/**
 * The second step: checks the code (limits and refusals: passSecondFactorChallenge), then ends any session the
 * browser had, starts the new one and clears the challenge cookie. Throws the service's DomainError on a refusal.
 */
export async function finishSecondStep(request: Request, context: AppLoadContext, code: string): Promise<SignInNext> {
  const token = (await readChallengeToken(request)) ?? "";
  const passed = await passSecondFactorChallenge(getDb(), { token, code, ip: context.clientIp, deviceId: await readDeviceId(request) });
  await endSession(request);
  const session = await startSession(passed.userId, request, context, { remember: passed.remember });
  return { location: passed.redirectTo, cookies: [session, await clearChallengeCookie()] };
}

/** Options for answering the waiting sign-in with a passkey (docs/decisions/0071); refuses without one. */
export async function passkeySecondStepOptions(request: Request): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return beginPasskeySignIn(getDb(), (await readChallengeToken(request)) ?? "");
}

/** The second step with a passkey's answer: as finishSecondStep, with the same limits and refusals. */
export async function finishPasskeySecondStep(request: Request, context: AppLoadContext, response: string): Promise<SignInNext> {
  const token = (await readChallengeToken(request)) ?? "";
  const passed = await passPasskeySignIn(getDb(), { token, response, ip: context.clientIp, deviceId: await readDeviceId(request) });
  await endSession(request);
  const session = await startSession(passed.userId, request, context, { remember: passed.remember });
  return { location: passed.redirectTo, cookies: [session, await clearChallengeCookie()] };
}

/** Abandons the waiting sign-in (the visitor chose to start over). */
export async function abandonSecondStep(request: Request): Promise<string> {
  const token = await readChallengeToken(request);
  if (token) await endSecondFactorChallenge(getDb(), token);
  return clearChallengeCookie();
}
