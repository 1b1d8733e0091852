// How often "Forgot password" may be asked for one e-mail address: three times an hour, then 429 with Retry-After
// and the wait in words, through the route as the server answers it. The address limit is counted apart.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const forgotPasswordRoute = await import("~/routes/forgot-password.tsx");

const TOO_MANY = /Too many attempts\. Please wait \d+ minutes? and try again\./;

let opened: OpenedDatabase;

beforeAll(() => {
  // Mail goes to the outbox only (no SMTP), whatever the developer's shell holds.
  vi.stubEnv("SMTP_URL", undefined);
  opened = createTestDatabase();
  database.current = opened.db;
});
beforeEach(() => {
  // The mailer prints queued mail to the log; keep the test output quiet.
  vi.spyOn(console, "log").mockImplementation(() => undefined);
  return () => vi.restoreAllMocks();
});
afterAll(() => {
  vi.unstubAllEnvs();
  opened.close();
});

/** POST /forgot-password from `ip`: the status, Retry-After and the body's text as the Remix server would send them. */
async function askForReset(email: string, ip: string): Promise<{ status: number; retryAfter: string | null; text: string }> {
  const request = new Request("http://localhost/forgot-password", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email }),
  });
  let value: unknown;
  try {
    value = await forgotPasswordRoute.action({ request, params: {}, context: { cspNonce: "", clientIp: ip } });
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, retryAfter: value.headers.get("Retry-After"), text: await value.text() };
  if (value && typeof value === "object" && "type" in value && value.type === "DataWithResponseInit") {
    const { data, init } = value as unknown as { data: unknown; init: ResponseInit | null };
    return { status: init?.status ?? 200, retryAfter: new Headers(init?.headers).get("Retry-After"), text: JSON.stringify(data) };
  }
  return { status: 200, retryAfter: null, text: JSON.stringify(value) };
}

const mailsTo = async (email: string) => (await opened.db.selectFrom("email_outbox").select("id").where("to_address", "=", email).execute()).length;

describe("POST /forgot-password", () => {
  it("the 4th request for one e-mail within the hour gets 429 and sends nothing more, from any address", async () => {
    const email = `reset-${crypto.randomUUID()}@example.test`;
    await insertUserRow(opened.db, email);
    for (let i = 1; i <= 3; i++) expect((await askForReset(email, `203.0.113.${i}`)).status).toBe(200);
    expect(await mailsTo(email)).toBe(3);

    const refused = await askForReset(email, "198.51.100.40");
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(refused.text).toMatch(TOO_MANY);
    expect(await mailsTo(email)).toBe(3);

    // Another address's requests are counted apart.
    expect((await askForReset(`other-${crypto.randomUUID()}@example.test`, "198.51.100.40")).status).toBe(200);
  });
});
