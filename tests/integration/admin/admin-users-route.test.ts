// /admin/users and /admin/audit-log through their loaders, actions and rendered pages, on both engines:
// an administrator changes a member's role and fee exemption and the audit log page shows it; the fee-exemption field
// turns non-numbers into 0; refusals of the service come back as the spec's "Error updating user role: …"; support
// staff read the list but cannot change it; the pages render what the database holds.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { ADMIN_MESSAGES } from "~/lib/admin.ts";
import { routeCalls } from "../../support/route-calls.ts";
import { pageRoute, renderPage, sessionCookie, type RouteModule } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const usersRoute = await import("~/routes/admin.users.tsx");
const auditRoute = await import("~/routes/admin.audit-log.tsx");

let opened: OpenedDatabase;
const calls = () => routeCalls<{ ok?: boolean; message?: string }>({ db: () => opened.db });
const people = { superAdmin: "", admin: "", support: "", seller: "", nameless: "" };

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  people.superAdmin = await insertUserRow(opened.db, "root@example.test", "super_admin");
  people.admin = await insertUserRow(opened.db, "admin@example.test", "admin");
  people.support = await insertUserRow(opened.db, "support@example.test", "support");
  people.seller = await insertUserRow(opened.db, "seller@example.test", "seller");
  people.nameless = await insertUserRow(opened.db, "nameless@example.test", "buyer");
  await opened.db
    .updateTable("profiles")
    .set({ first_name: "Lin", last_name: "Okafor", company_name: "Okafor Test Systems" })
    .where("id", "=", people.seller)
    .execute();
});
afterAll(async () => {
  await opened.close();
});

async function pageAs(route: RouteModule, path: string, url: string, userId: string) {
  return renderPage([pageRoute(path, route)], new Request(`http://localhost${url}`, { headers: { Cookie: await sessionCookie(opened.db, userId) } }));
}

describe("/admin/users", () => {
  it("an administrator changes a member's role and fee exemption, and the audit log page shows both", async () => {
    const answer = await calls().post(usersRoute, "/admin/users", people.admin, {
      intent: "change-access",
      userId: people.seller,
      role: "moderator",
      feeExemption: "15",
    });
    expect(answer).toMatchObject({ status: 200, data: { ok: true, message: ADMIN_MESSAGES.roleUpdated } });
    const profile = await opened.db
      .selectFrom("profiles")
      .select(["role", "fee_exemption", "changed_by"])
      .where("id", "=", people.seller)
      .executeTakeFirstOrThrow();
    expect([profile.role, Number(profile.fee_exemption), profile.changed_by]).toEqual(["moderator", 15, people.admin]);

    const log = await pageAs(auditRoute as unknown as RouteModule, "/admin/audit-log", "/admin/audit-log?action=user.", people.admin);
    expect(log.status).toBe(200);
    expect(log.text).toContain("Role changed");
    expect(log.text).toContain("role: seller → moderator");
    expect(log.text).toContain("Fee exemption changed");
    expect(log.text).toContain("fee exemption (%): 0 → 15");
    expect(log.text).toContain("admin@example.test");
  });

  it("a fee exemption that is not a plain percentage is refused with the range message and changes nothing", async () => {
    await opened.db.updateTable("profiles").set({ fee_exemption: 40 }).where("id", "=", people.nameless).execute();
    for (const feeExemption of ["lots", "0x10", "1e1"]) {
      const answer = await calls().post(usersRoute, "/admin/users", people.admin, {
        intent: "change-access",
        userId: people.nameless,
        role: "buyer",
        feeExemption,
      });
      expect([feeExemption, answer.status, answer.data]).toEqual([
        feeExemption,
        400,
        { ok: false, message: ADMIN_MESSAGES.updateFailed(ADMIN_MESSAGES.feeExemptionRange) },
      ]);
    }
    const profile = await opened.db.selectFrom("profiles").select("fee_exemption").where("id", "=", people.nameless).executeTakeFirstOrThrow();
    expect(Number(profile.fee_exemption)).toBe(40);
    const empty = await calls().post(usersRoute, "/admin/users", people.admin, {
      intent: "change-access",
      userId: people.nameless,
      role: "buyer",
      feeExemption: "",
    });
    expect(empty.data?.ok).toBe(true);
    expect(
      Number((await opened.db.selectFrom("profiles").select("fee_exemption").where("id", "=", people.nameless).executeTakeFirstOrThrow()).fee_exemption),
    ).toBe(0);
  });

  it("refusals of the rules come back with the spec's prefix and change nothing", async () => {
    const grant = await calls().post(usersRoute, "/admin/users", people.admin, {
      intent: "change-access",
      userId: people.nameless,
      role: "admin",
      feeExemption: "0",
    });
    expect(grant).toMatchObject({ status: 403, data: { ok: false, message: ADMIN_MESSAGES.updateFailed(ADMIN_MESSAGES.adminRolesOnlySuperAdmin) } });
    const self = await calls().post(usersRoute, "/admin/users", people.superAdmin, {
      intent: "change-access",
      userId: people.superAdmin,
      role: "buyer",
      feeExemption: "0",
    });
    expect(self).toMatchObject({ status: 403, data: { ok: false, message: ADMIN_MESSAGES.updateFailed(ADMIN_MESSAGES.ownAccount) } });
    const unknownRole = await calls().post(usersRoute, "/admin/users", people.superAdmin, { intent: "change-access", userId: people.nameless, role: "owner" });
    expect(unknownRole.status).toBe(400);
    const roles = await opened.db.selectFrom("profiles").select(["id", "role"]).where("id", "in", [people.nameless, people.superAdmin]).execute();
    expect(Object.fromEntries(roles.map((row) => [row.id, row.role]))).toEqual({ [people.nameless]: "buyer", [people.superAdmin]: "super_admin" });
  });

  it("support staff read the list but cannot change it; a seller cannot read it", async () => {
    expect((await calls().get(usersRoute, "/admin/users", people.support)).status).toBe(200);
    expect((await calls().post(usersRoute, "/admin/users", people.support, { intent: "change-access", userId: people.nameless, role: "seller" })).status).toBe(
      403,
    );
    expect((await calls().get(usersRoute, "/admin/users", people.seller)).status).toBe(403);
  });

  it("renders the members found, 'No Name' for a member without one, and edit forms only where the viewer may edit", async () => {
    const page = await pageAs(usersRoute as unknown as RouteModule, "/admin/users", "/admin/users?q=example.test", people.admin);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Admin User Management");
    expect(page.text).toContain("Lin Okafor");
    expect(page.text).toContain("Okafor Test Systems");
    expect(page.text).toContain(`${ADMIN_MESSAGES.noName} nameless@example.test`);
    // An admin edits members, but not the super admin, and not their own account.
    expect(page.text).toContain("Edit Lin Okafor");
    expect(page.text).toContain("Super administrators only");
    expect(page.text).toContain("Your account");
    const filtered = await pageAs(usersRoute as unknown as RouteModule, "/admin/users", "/admin/users?role=super_admin", people.support);
    expect(filtered.text).toContain("root@example.test");
    expect(filtered.text).not.toContain("nameless@example.test");
    expect(filtered.text).not.toContain("Edit ");
  });

  it("badges a suspended member in the list, and only while suspended", async () => {
    const list = async () => (await pageAs(usersRoute as unknown as RouteModule, "/admin/users", "/admin/users?q=seller%40example.test", people.admin)).text;
    expect(await list()).not.toContain("Suspended");
    await opened.db
      .updateTable("profiles")
      .set({ suspended_at: new Date().toISOString(), suspended_by: people.admin })
      .where("id", "=", people.seller)
      .execute();
    expect(await list()).toContain("Suspended");
    await opened.db.updateTable("profiles").set({ suspended_at: null, suspended_by: null }).where("id", "=", people.seller).execute();
    expect(await list()).not.toContain("Suspended");
  });
});
