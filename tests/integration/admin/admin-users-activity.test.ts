// /admin/users shows what each member did, on both engines: the last sign-in, recorded by a real sign-in
// through /login (password alone, and password then the second step), "Never" for a member who never signed in; the
// member's listings, purchases (orders as buyer) and sales (orders as seller); and the totals at the top (members,
// suspended).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { hashPassword } from "~/services/accounts/password.server.ts";
import { currentTotpCode } from "~/services/accounts/second-factor.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { pageRoute, renderPage, ROUTE_CONTEXT, sessionCookie, type RouteModule } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow, TEST_TOTP_SECRET } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const usersRoute = (await import("~/routes/admin.users.tsx")) as unknown as RouteModule;
const loginRoute = await import("~/routes/login.tsx");
const secondStepRoute = await import("~/routes/login_.second-factor.tsx");

const PASSWORD = "correct-horse-battery";
let opened: OpenedDatabase;
let adminCookie: string;
let passwordHash: string;

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  const admin = await insertUserRow(opened.db, "activity-admin@example.test", "admin");
  adminCookie = await sessionCookie(opened.db, admin);
  // scrypt is slow on purpose: one hash for every member here.
  passwordHash = await hashPassword(PASSWORD);
}, 60_000);
afterAll(() => opened.close());

/** A member with a real password. */
async function member(email: string, role = "buyer", secondFactor = false): Promise<string> {
  const id = await insertUserRow(opened.db, email, role, { secondFactor });
  await opened.db.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", id).execute();
  return id;
}

function post(path: string, form: Record<string, string>, cookie?: string) {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(`http://localhost${path}`, { method: "POST", headers, body: new URLSearchParams(form) });
}

async function thrownOrReturned(work: () => Promise<unknown>): Promise<Response> {
  try {
    return (await work()) as Response;
  } catch (thrown) {
    return thrown as Response;
  }
}

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");

/** The /admin/users page searched for `email` (one row), as the administrator sees it. */
async function rowOf(email: string): Promise<{ text: string; cell: (name: string) => string }> {
  const page = await renderPage(
    [pageRoute("/admin/users", usersRoute)],
    new Request(`http://localhost/admin/users?q=${encodeURIComponent(email)}`, { headers: { Cookie: adminCookie } }),
  );
  expect(page.status).toBe(200);
  expect(page.text).toContain(email);
  const cell = (name: string) => {
    const found = page.html.match(new RegExp(`data-testid="${name}"[^>]*>(.*?)</td>`));
    if (!found) throw new Error(`no ${name} cell`);
    return found[1]!.replace(/<[^>]+>/g, "");
  };
  return { text: page.text, cell };
}

describe("/admin/users: last sign-in", () => {
  it("shows 'Never' for a new member, and the time of their sign-in once they signed in with their password", async () => {
    const email = "first-timer@example.test";
    await member(email);
    expect((await rowOf(email)).cell("last-sign-in")).toBe("Never");

    const before = Date.now();
    const answer = await thrownOrReturned(() =>
      loginRoute.action({ request: post("/login", { email, password: PASSWORD }), params: {}, context: ROUTE_CONTEXT }),
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/dashboard");

    const shown = (await rowOf(email)).cell("last-sign-in");
    expect(shown).not.toBe("Never");
    // "Dec 2, 2026, 15:04" in UTC: the day and the minute of the sign-in.
    const signedIn = new Date(before);
    expect(shown).toContain(String(signedIn.getUTCFullYear()));
    expect(shown).toContain(signedIn.toLocaleString("en-US", { month: "short", timeZone: "UTC" }));
    expect(shown).toMatch(/\d{2}:\d{2}/);
  }, 60_000);

  it("records a two-step sign-in when the second step passes, not at the password", async () => {
    const email = "two-step@example.test";
    await member(email, "billing", true);
    const first = await thrownOrReturned(() =>
      loginRoute.action({ request: post("/login", { email, password: PASSWORD }), params: {}, context: ROUTE_CONTEXT }),
    );
    expect(first.headers.get("Location")).toBe("/login/second-factor");
    expect((await rowOf(email)).cell("last-sign-in")).toBe("Never");

    const second = await thrownOrReturned(() =>
      secondStepRoute.action({
        request: post("/login/second-factor", { code: currentTotpCode(TEST_TOTP_SECRET) }, cookiesOf(first)),
        params: {},
        context: ROUTE_CONTEXT,
      }),
    );
    expect(second.status).toBe(302);
    expect((await rowOf(email)).cell("last-sign-in")).not.toBe("Never");
  }, 60_000);

  it("shows the newest of several sign-ins", async () => {
    const email = "regular@example.test";
    const id = await member(email);
    await opened.db
      .insertInto("sign_in_events")
      .values([
        { user_id: id, ip: null, user_agent: null, created_at: "2026-03-01T08:15:00.000Z" },
        { user_id: id, ip: null, user_agent: null, created_at: "2026-11-20T09:45:00.000Z" },
        { user_id: id, ip: null, user_agent: null, created_at: "2026-06-01T10:00:00.000Z" },
      ])
      .execute();
    expect((await rowOf(email)).cell("last-sign-in")).toBe("Nov 20, 2026, 09:45");
  });
});

describe("/admin/users: counts and totals", () => {
  it("counts a seller's listings and sales and a buyer's purchases", async () => {
    const seller = await member("counted-seller@example.test", "seller");
    const buyer = await member("counted-buyer@example.test");
    const listings = [];
    for (let i = 0; i < 3; i += 1) listings.push(await insertListingRow(opened.db, seller, { status: i === 0 ? "sold" : "active" }));
    await opened.db
      .insertInto("orders")
      .values({
        reference: "TB-ACT-0001",
        listing_id: listings[0]!,
        buyer_id: buyer,
        seller_id: seller,
        sale_type: "buy_now",
        amount_cents: 120_000,
        fee_cents: 6_000,
        fee_rate_bp: 500,
        currency: "USD",
        status: "paid",
      })
      .execute();

    const sellerRow = await rowOf("counted-seller@example.test");
    expect([sellerRow.cell("listing-count"), sellerRow.cell("purchase-count"), sellerRow.cell("sale-count")]).toEqual(["3", "0", "1"]);
    const buyerRow = await rowOf("counted-buyer@example.test");
    expect([buyerRow.cell("listing-count"), buyerRow.cell("purchase-count"), buyerRow.cell("sale-count")]).toEqual(["0", "1", "0"]);
  });

  it("shows how many members there are and how many are suspended, whatever the search", async () => {
    const members = Number(
      (
        await opened.db
          .selectFrom("profiles")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const suspended = await member("suspended-one@example.test");
    await opened.db.updateTable("profiles").set({ suspended_at: new Date().toISOString() }).where("id", "=", suspended).execute();
    const { text } = await rowOf("suspended-one@example.test");
    expect(text).toContain(`Members: ${members + 1} (1 suspended)`);
  });
});
