// Where the header's pages send a visitor who is not the one they are for, as each page's loader answers: members'
// pages send visitors to sign in and back to the very page asked for; the sign-in, register and password pages send
// members to their dashboard; the admin console is 403 for members without a staff permission.
// (The route × role matrix checks every route's outcome kind; this checks the addresses the browser is sent to.)
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { routeCalls, type RouteHandlers } from "../../support/route-calls.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const ROUTES: Record<string, RouteHandlers> = {
  "/dashboard": await import("~/routes/dashboard.tsx"),
  "/profile": await import("~/routes/profile.tsx"),
  "/create-listing": await import("~/routes/create-listing.tsx"),
  "/watchlist": await import("~/routes/watchlist.tsx"),
  "/messages": await import("~/routes/messages.tsx"),
  "/notifications": await import("~/routes/notifications.tsx"),
  "/admin": await import("~/routes/admin.tsx"),
  "/login": await import("~/routes/login.tsx"),
  "/register": await import("~/routes/register.tsx"),
  "/forgot-password": await import("~/routes/forgot-password.tsx"),
  "/reset-password": await import("~/routes/reset-password.tsx"),
};
const MEMBERS_PAGES = ["/dashboard", "/profile", "/create-listing", "/watchlist", "/messages", "/notifications", "/admin"];
const VISITORS_PAGES = ["/login", "/register", "/forgot-password", "/reset-password"];

let opened: OpenedDatabase;
const people: Record<"buyer" | "seller" | "admin", string> = { buyer: "", seller: "", admin: "" };

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  for (const role of ["buyer", "seller", "admin"] as const) people[role] = await insertUserRow(opened.db, undefined, role);
});
afterAll(() => opened.close());

const { get } = routeCalls({ db: () => opened.db });

describe("a visitor who is not signed in", () => {
  it.each(MEMBERS_PAGES)("opening %s is sent to sign in, and back to %s afterwards", async (path) => {
    expect(await get(ROUTES[path]!, path, null)).toEqual({ status: 302, location: `/login?from=${encodeURIComponent(path)}` });
  });
});

describe("a signed-in member", () => {
  it.each(VISITORS_PAGES.flatMap((path) => (["buyer", "seller", "admin"] as const).map((role) => [path, role] as const)))(
    "opening %s as %s is sent to the dashboard",
    async (path, role) => {
      expect(await get(ROUTES[path]!, path, people[role])).toEqual({ status: 302, location: "/dashboard" });
    },
  );

  it("a buyer opening /create-listing is sent to the dashboard; a seller and an admin get the form", async () => {
    expect(await get(ROUTES["/create-listing"]!, "/create-listing", people.buyer)).toEqual({ status: 302, location: "/dashboard" });
    for (const role of ["seller", "admin"] as const) expect((await get(ROUTES["/create-listing"]!, "/create-listing", people[role])).status).toBe(200);
  });

  it("a buyer or a seller opening /admin gets 403; the admin gets the console", async () => {
    for (const role of ["buyer", "seller"] as const) expect((await get(ROUTES["/admin"]!, "/admin", people[role])).status).toBe(403);
    expect((await get(ROUTES["/admin"]!, "/admin", people.admin)).status).toBe(200);
  });
});
