// The session and device cookies are named with the __Host- prefix when they are Secure (production over https, and
// `npm start` on localhost, which Chromium treats as secure), and keep their plain names over plain http with
// COOKIE_SECURE=0 (docs/decisions/0065). A plain-named cookie is not read when the prefixed one is expected.
import { afterEach, describe, expect, it, vi } from "vitest";

const SECRET = "s".repeat(40);

/** The session and device cookie modules, loaded afresh under these settings. */
async function cookiesWith(cookieSecure: "0" | "1") {
  vi.resetModules();
  vi.stubEnv("SESSION_SECRET", SECRET);
  vi.stubEnv("COOKIE_SECURE", cookieSecure);
  const session = await import("~/services/accounts/session.server.ts");
  const device = await import("~/web/device-cookie.server.ts");
  return { session, device };
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("the session cookie's name", () => {
  it("is __Host-session when Secure: Secure, Path=/, no Domain", async () => {
    const { session } = await cookiesWith("1");
    const header = await session.commitSessionCookie("a-session-id", true);
    expect(header).toMatch(/^__Host-session=/);
    expect(header).toContain("Secure");
    expect(header).toContain("Path=/");
    expect(header).not.toMatch(/Domain=/i);
    const value = header.split(";")[0]!;
    expect(await session.readSessionIdFromCookieHeader(value)).toBe("a-session-id");
    // The same signed value under the old name is not a session any more.
    expect(await session.readSessionIdFromCookieHeader(value.replace("__Host-session", "__session"))).toBeNull();
    expect(await session.clearSessionCookie()).toMatch(/^__Host-session=;/);
  });

  it("stays __session over plain http (COOKIE_SECURE=0), where the browser would refuse a __Host- cookie", async () => {
    const { session } = await cookiesWith("0");
    const header = await session.commitSessionCookie("a-session-id", false);
    expect(header).toMatch(/^__session=/);
    expect(header).not.toContain("Secure");
    expect(await session.readSessionIdFromCookieHeader(header.split(";")[0]!)).toBe("a-session-id");
  });
});

describe("the device cookie's name", () => {
  it("is __Host-device when Secure and __device otherwise", async () => {
    expect((await (await cookiesWith("1")).device.newDeviceCookie()).setCookie).toMatch(/^__Host-device=.*Secure/);
    expect((await (await cookiesWith("0")).device.newDeviceCookie()).setCookie).toMatch(/^__device=/);
  });
});
