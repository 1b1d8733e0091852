// The device cookie: a random id for this browser, signed, kept for 400 days. Sign-in limits remember the
// (account, device) pairs that signed in successfully, so a known browser is never slowed by failures elsewhere
// (docs/decisions/0029). It names no account and carries nothing else.
import { createCookie, type Cookie } from "@remix-run/node";
import { getEnv } from "~/env.server.ts";
import { randomToken } from "~/services/accounts/index.server.ts";

export const DEVICE_COOKIE_NAME = "__device";
/** Its name when Secure: `__Host-`, as the session cookie's (docs/decisions/0065). */
export const SECURE_DEVICE_COOKIE_NAME = "__Host-device";
const DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

let cookieOfEnv: { env: ReturnType<typeof getEnv>; cookie: Cookie } | undefined;

function deviceCookie(): Cookie {
  const env = getEnv();
  if (cookieOfEnv?.env !== env) {
    cookieOfEnv = {
      env,
      cookie: createCookie(env.COOKIE_SECURE ? SECURE_DEVICE_COOKIE_NAME : DEVICE_COOKIE_NAME, {
        httpOnly: true,
        sameSite: "lax",
        secure: env.COOKIE_SECURE,
        path: "/",
        secrets: [env.SESSION_SECRET],
        maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
      }),
    };
  }
  return cookieOfEnv.cookie;
}

/** The device id of the request's browser, or null when it has none (or a forged one). */
export async function readDeviceId(request: Request): Promise<string | null> {
  const value: unknown = await deviceCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

/** A fresh device id and the Set-Cookie header value that gives it to the browser. */
export async function newDeviceCookie(): Promise<{ deviceId: string; setCookie: string }> {
  const deviceId = randomToken();
  return { deviceId, setCookie: await deviceCookie().serialize(deviceId) };
}
