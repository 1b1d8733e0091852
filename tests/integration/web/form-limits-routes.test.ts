// The form limits through the real actions (items 1, 2 and 4): a list index far past its max is a 400 with
// a message at once, a body over its bound a 413, a field sent twice a message beside it (and the page still
// renders), and a broken multipart body a 400 — never a 500, nothing stored.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { AUTH_MESSAGES } from "~/schemas/auth.ts";
import { UPLOAD_MESSAGES } from "~/services/uploads.ts";
import { FORM_MESSAGES, NOT_A_FORM_MESSAGE } from "~/web/form-data.server.ts";
import { routeCalls, type FormFields } from "../../support/route-calls.ts";
import { pageRoute, renderPage, ROUTE_CONTEXT, sessionCookie, type RouteModule } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const profileRoute = await import("~/routes/profile.tsx");
const createRoute = await import("~/routes/create-listing.tsx");
const loginRoute = await import("~/routes/login.tsx");

let opened: OpenedDatabase;
let buyer: string;
let seller: string;
const { request, post } = routeCalls<{ message?: string; result?: { error?: Record<string, string[]> } }>({ db: () => opened.db });

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  buyer = await insertUserRow(opened.db);
  seller = await insertUserRow(opened.db, undefined, "seller");
});
afterAll(() => opened.close());

const listingCount = async () =>
  Number(
    (
      await opened.db
        .selectFrom("equipment_listings")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("list indices", () => {
  it("refuses emailAlerts[300000] on /profile with a 400 and a message, at once", async () => {
    const started = performance.now();
    const answer = await post(profileRoute, "/profile", buyer, { firstName: "Ada", lastName: "Lovelace", "emailAlerts[300000]": "outbid" });
    expect(answer.status).toBe(400);
    expect(answer.data?.message).toEqual(expect.stringMatching(/too many rows/));
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("refuses features[30000] on /create-listing with a 400 and a message, at once, storing nothing", async () => {
    const started = performance.now();
    const answer = await post(createRoute, "/create-listing", seller, { title: "Scope", "features[30000]": "x" });
    expect(answer.status).toBe(400);
    expect(answer.data?.message).toMatch(/too many rows/);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(await listingCount()).toBe(0);
  });
});

describe("field names the schema cannot take", () => {
  const forged: FormFields[] = [{ brand: ["Fluke", "Keysight"] }, { "brand[0]": "Fluke" }, { "brand.a": "Fluke" }];
  for (const form of forged) {
    it(`answers ${JSON.stringify(form)} on /create-listing with a message beside Brand, and the page renders`, async () => {
      const answer = await post(createRoute, "/create-listing", seller, { title: "Scope", ...form });
      expect(answer.status).toBe(400);
      expect(answer.data?.result?.error?.brand).toEqual([FORM_MESSAGES.oneValue]);
      const page = await renderPage(
        [pageRoute("/create-listing", createRoute as unknown as RouteModule)],
        await request("/create-listing", seller, { title: "Scope", ...form }),
      );
      expect(page.status).toBe(400);
      expect(page.text).toContain(FORM_MESSAGES.oneValue);
      expect(await listingCount()).toBe(0);
    });
  }
});

describe("body sizes and broken bodies", () => {
  it("answers a 100 KB password on /login with 413", async () => {
    const answer = await post(loginRoute, "/login", null, { email: "a@example.test", password: "x".repeat(100 * 1024) });
    expect(answer.status).toBe(413);
  });

  it("answers a multipart avatar upload with a cut-off boundary with 400", async () => {
    const refusal = await profileRefusal('--abc\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\n\r\n\x89PNG', {
      "Content-Type": "multipart/form-data; boundary=abc",
    });
    expect(refusal).toMatchObject({ data: { message: NOT_A_FORM_MESSAGE }, init: { status: 400 } });
  });

  it("answers thousands of tiny files in an avatar upload with 413, as they arrive", async () => {
    const form = new FormData();
    for (let n = 0; n < 1_200; n += 1) form.append("avatar", new File(["x"], `a${n}.png`, { type: "image/png" }));
    expect(await profileRefusal(form)).toMatchObject({ data: { message: UPLOAD_MESSAGES.tooLarge }, init: { status: 413 } });
  });

  it("reads a sign-in sent as a multipart form with unquoted field names as a sign-in (it was a 500)", async () => {
    const body = ["email", "password"].map(
      (name) => `--XyZ\r\nContent-Disposition: form-data; name=${name}\r\n\r\n${name === "email" ? "nobody@example.test" : "wrong"}\r\n`,
    );
    const answer = await loginRoute.action({
      request: new Request("http://localhost/login", {
        method: "POST",
        headers: { "Content-Type": "multipart/form-data; boundary=XyZ" },
        body: `${body.join("")}--XyZ--\r\n`,
      }),
      params: {},
      context: ROUTE_CONTEXT,
    });
    expect(answer).toMatchObject({ init: { status: 401 }, data: { error: { "": [AUTH_MESSAGES.signInFailed] } } });
  });

  it("answers many large text parts in an avatar upload with 413", async () => {
    const form = new FormData();
    for (let i = 0; i < 30; i += 1) form.append(`note${i}`, "x".repeat(64 * 1024));
    expect(await profileRefusal(form)).toMatchObject({ init: { status: 413 } });
  });
});

/** What /profile's action throws (its refusal) for this body, sent by the buyer. */
async function profileRefusal(body: BodyInit, headers: Record<string, string> = {}): Promise<unknown> {
  const request = new Request("http://localhost/profile", { method: "POST", headers: { Cookie: await sessionCookie(opened.db, buyer), ...headers }, body });
  return profileRoute.action({ request, params: {}, context: ROUTE_CONTEXT }).then(
    () => undefined,
    (error: unknown) => error,
  );
}
