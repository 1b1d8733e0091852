// The console's member pages through their loaders, actions and rendered pages, on both
// engines: /admin/users rows link to /admin/users/{id}; that page shows the member and their sign-ins; an
// administrator suspends a member there and the member's session stops working at once (and reinstates them);
// /admin/promo-codes creates a code in upper case, lists it with "used / max" (∞) and deactivates it after the
// confirm; /admin/roles saves a role's permissions for a super administrator only; the console links the escrow desk's
// queues for billing and referees.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { MEMBER_AUDIT_ACTIONS, MEMBER_MESSAGES } from "~/lib/admin-members.ts";
import { PROMO_MESSAGES } from "~/lib/promotions.ts";
import { createSession } from "~/services/accounts/index.server.ts";
import { getUserOfCookieHeader } from "~/web/auth.server.ts";
import { routeCalls } from "../../support/route-calls.ts";
import { pageRoute, renderPage, sessionCookie, type RouteModule } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const usersRoute = await import("~/routes/admin.users.tsx");
const memberRoute = await import("~/routes/admin.users_.$id.tsx");
const promoRoute = await import("~/routes/admin.promo-codes.tsx");
const rolesRoute = await import("~/routes/admin.roles.tsx");
const frameRoute = await import("~/routes/admin.tsx");

let opened: OpenedDatabase;
const calls = () => routeCalls<{ ok?: boolean; message?: string; code?: string; links?: { to: string; label: string }[] }>({ db: () => opened.db });
const people = { superAdmin: "", admin: "", support: "", seller: "" };

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  people.superAdmin = await insertUserRow(opened.db, "root@example.test", "super_admin");
  people.admin = await insertUserRow(opened.db, "admin@example.test", "admin");
  people.support = await insertUserRow(opened.db, "support@example.test", "support");
  people.seller = await insertUserRow(opened.db, "seller@example.test", "seller");
  await opened.db.updateTable("profiles").set({ first_name: "Lin", last_name: "Okafor" }).where("id", "=", people.seller).execute();
});
afterAll(async () => {
  await opened.close();
});

async function pageAs(route: unknown, path: string, url: string, userId: string) {
  return renderPage(
    [pageRoute(path, route as RouteModule)],
    new Request(`http://localhost${url}`, { headers: { Cookie: await sessionCookie(opened.db, userId) } }),
  );
}

describe("/admin/users/{id}", () => {
  it("is linked from each row of /admin/users and shows the member with their sign-in history", async () => {
    const list = await pageAs(usersRoute, "/admin/users", "/admin/users?q=okafor", people.admin);
    expect(list.html).toContain(`href="/admin/users/${people.seller}"`);
    await createSession(opened.db, people.seller, { ip: "198.51.100.23", userAgent: "Workshop browser" });
    const page = await pageAs(memberRoute, "/admin/users/:id", `/admin/users/${people.seller}`, people.support);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Lin Okafor");
    expect(page.text).toContain("seller@example.test");
    expect(page.text).toContain("198.51.100.23");
    expect(page.text).toContain("Workshop browser");
    expect(page.text).toContain("Reports of their listings");
    // Support reads but is offered no suspension.
    expect(page.text).not.toContain("Suspend account");
    expect((await pageAs(memberRoute, "/admin/users/:id", "/admin/users/no-such-member", people.admin)).status).toBe(404);
  });

  it("an administrator suspends the member: their session stops working at once; reinstating lets them back", async () => {
    const memberCookie = await sessionCookie(opened.db, people.seller);
    expect(await getUserOfCookieHeader(memberCookie)).not.toBeNull();
    const page = await pageAs(memberRoute, "/admin/users/:id", `/admin/users/${people.seller}`, people.admin);
    expect(page.text).toContain("Suspend account");

    const refused = await calls().post(memberRoute, `/admin/users/${people.seller}`, people.support, { intent: "suspend" }, { id: people.seller });
    expect(refused.status).toBe(403);
    const answer = await calls().post(
      memberRoute,
      `/admin/users/${people.seller}`,
      people.admin,
      { intent: "suspend", reason: "Chargebacks" },
      { id: people.seller },
    );
    expect(answer).toMatchObject({ status: 200, data: { ok: true, message: MEMBER_MESSAGES.suspended } });
    expect(await getUserOfCookieHeader(memberCookie)).toBeNull();
    const after = await pageAs(memberRoute, "/admin/users/:id", `/admin/users/${people.seller}`, people.admin);
    expect(after.text).toContain("Reason: Chargebacks");
    expect(after.text).toContain("Reinstate account");

    const self = await calls().post(memberRoute, `/admin/users/${people.admin}`, people.admin, { intent: "suspend" }, { id: people.admin });
    expect(self).toMatchObject({ status: 403, data: { ok: false, message: MEMBER_MESSAGES.ownAccount } });

    const back = await calls().post(memberRoute, `/admin/users/${people.seller}`, people.admin, { intent: "reinstate" }, { id: people.seller });
    expect(back.data?.message).toBe(MEMBER_MESSAGES.reinstated);
    const actions = await opened.db.selectFrom("audit_events").select("action").where("subject_id", "=", people.seller).orderBy("id").execute();
    expect(actions.map((row) => row.action)).toEqual([MEMBER_AUDIT_ACTIONS.suspend, MEMBER_AUDIT_ACTIONS.reinstate]);
  });
});

describe("/admin/promo-codes", () => {
  it("creates a code in upper case, lists it with its usage and status, and deactivates it after the confirm", async () => {
    const created = await calls().post(promoRoute, "/admin/promo-codes", people.admin, {
      intent: "create",
      code: "freight-10",
      description: "Ten percent off the import fee",
      discountType: "percentage",
      value: "10",
      maxUses: "",
      validUntil: "2099-12-31T23:59",
    });
    expect(created).toMatchObject({ status: 200, data: { ok: true, message: PROMO_MESSAGES.created } });
    const page = await pageAs(promoRoute, "/admin/promo-codes", "/admin/promo-codes", people.admin);
    expect(page.text).toContain("Promo Codes");
    expect(page.text).toContain("FREIGHT-10");
    expect(page.text).toContain("Ten percent off the import fee");
    expect(page.text).toContain("10%");
    expect(page.text).toContain("0 / ∞");
    expect(page.text).toContain("Active");
    expect(page.text).toContain(PROMO_MESSAGES.deactivateConfirm);

    const taken = await calls().post(promoRoute, "/admin/promo-codes", people.admin, {
      intent: "create",
      code: "FREIGHT-10",
      discountType: "fixed",
      value: "5",
    });
    expect(taken).toMatchObject({ status: 409, data: { ok: false, message: PROMO_MESSAGES.createFailed(PROMO_MESSAGES.codeTaken) } });
    const over = await calls().post(promoRoute, "/admin/promo-codes", people.admin, {
      intent: "create",
      code: "BIG",
      discountType: "percentage",
      value: "150",
    });
    expect(over.status).toBe(400);
    // One strict reading of numbers and dates (app/lib/strict-numbers.ts): no 0x10, 1e3, +5 or year 0000.
    for (const [field, value, message] of [
      ["value", "0x10", PROMO_MESSAGES.valueFormat],
      ["value", "1e3", PROMO_MESSAGES.valueFormat],
      ["value", "+5", PROMO_MESSAGES.valueFormat],
      ["value", "-5", PROMO_MESSAGES.valueRange],
      ["maxUses", "1e3", PROMO_MESSAGES.maxUsesRange],
      ["maxUses", "0x10", PROMO_MESSAGES.maxUsesRange],
      ["validFrom", "0000-01-01T00:00", "Enter a valid date and time."],
      ["validUntil", "2026-02-30T10:00", "Enter a valid date and time."],
    ] as const) {
      const sent = { intent: "create", code: `STRICT-${field}`, discountType: "percentage", value: "5", [field]: value };
      const refused = await calls().post(promoRoute, "/admin/promo-codes", people.admin, sent);
      expect({ field, value, status: refused.status, errors: (refused.data as { fieldErrors?: Record<string, string[]> }).fieldErrors?.[field] }).toEqual({
        field,
        value,
        status: 400,
        errors: [message],
      });
    }
    expect(await opened.db.selectFrom("promo_codes").select("id").where("code", "like", "STRICT-%").execute()).toEqual([]);
    const generated = await calls().post(promoRoute, "/admin/promo-codes", people.admin, { intent: "generate", prefix: "ship" });
    expect(generated.data?.code).toMatch(/^SHIP[A-Z0-9]{8}$/);

    const row = await opened.db.selectFrom("promo_codes").select("id").where("code", "=", "FREIGHT-10").executeTakeFirstOrThrow();
    expect((await calls().post(promoRoute, "/admin/promo-codes", people.support, { intent: "deactivate", promoCodeId: String(row.id) })).status).toBe(403);
    const off = await calls().post(promoRoute, "/admin/promo-codes", people.admin, { intent: "deactivate", promoCodeId: String(row.id) });
    expect(off.data?.message).toBe(PROMO_MESSAGES.deactivated);
    const again = await pageAs(promoRoute, "/admin/promo-codes", "/admin/promo-codes", people.admin);
    expect(again.text).toContain("Inactive");
    expect(again.text).not.toContain("Deactivate FREIGHT-10");
  });
});

describe("/admin/roles", () => {
  it("a super administrator saves a role's permissions; an administrator reads them only", async () => {
    const asAdmin = await pageAs(rolesRoute, "/admin/roles", "/admin/roles", people.admin);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.text).toContain("Only super administrators change it.");
    expect((await calls().post(rolesRoute, "/admin/roles", people.admin, { role: "support", permissions: ["can_view_users"] })).status).toBe(403);

    const asSuper = await pageAs(rolesRoute, "/admin/roles", "/admin/roles", people.superAdmin);
    expect(asSuper.html).toContain('name="permissions"');
    const saved = await calls().post(rolesRoute, "/admin/roles", people.superAdmin, {
      role: "support",
      permissions: ["can_view_users", "can_answer_support", "can_view_reports"],
    });
    expect(saved.data?.message).toBe(MEMBER_MESSAGES.permissionsSaved);
    const rows = await opened.db.selectFrom("role_permissions").select("permission").where("role", "=", "support").orderBy("permission").execute();
    expect(rows.map((r) => r.permission)).toEqual(["can_answer_support", "can_view_reports", "can_view_users"]);
    const audit = await opened.db.selectFrom("audit_events").select("detail").where("action", "=", MEMBER_AUDIT_ACTIONS.rolePermissionsChange).execute();
    expect(audit).toHaveLength(1);
    await calls().post(rolesRoute, "/admin/roles", people.superAdmin, { role: "support", permissions: ["can_view_users", "can_answer_support"] });
  });
});

describe("the console's links", () => {
  it("lead billing to the payments queue, referees to the disputes queue, and administrators to promo codes and roles", async () => {
    const billing = await insertUserRow(opened.db, "billing@example.test", "billing");
    const referee = await insertUserRow(opened.db, "referee@example.test", "dispute_resolution_referee");
    const linksOf = async (userId: string) => ((await calls().get(frameRoute, "/admin", userId)).data?.links ?? []).map((link) => link.to);
    expect(await linksOf(billing)).toContain("/escrow#payments");
    expect(await linksOf(billing)).not.toContain("/escrow#disputes");
    expect(await linksOf(referee)).toContain("/escrow#disputes");
    expect(await linksOf(referee)).not.toContain("/admin/promo-codes");
    expect(await linksOf(people.admin)).toEqual(expect.arrayContaining(["/admin/promo-codes", "/admin/roles", "/escrow#payments", "/escrow#disputes"]));
    expect(await linksOf(people.support)).not.toContain("/admin/roles");
  });
});
