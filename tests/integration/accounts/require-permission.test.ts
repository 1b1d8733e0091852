// requirePermission reads the role's permissions from role_permissions on every request: each of the eight roles on a
// few permissions (the migration's matrix), anonymous visitors sent to sign in, and a changed row changing the answer.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import type { Permission } from "~/lib/permissions.ts";
import { ROLES, type Role } from "~/lib/roles.ts";
import { routeCalls } from "../../support/route-calls.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow, TEST_TOTP_SECRET } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const { PERMISSION_MESSAGES, requirePermission } = await import("~/web/auth.server.ts");

let opened: OpenedDatabase;
const member = {} as Record<Role, string>;
let calls: ReturnType<typeof routeCalls>;

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  for (const role of ROLES) member[role] = await insertUserRow(opened.db, `${role}@example.test`, role);
  calls = routeCalls({ db: () => opened.db });
});

afterAll(async () => {
  await opened.close();
});

/** What requirePermission answers `role` asking for `permission`: the user's id, or the refusal's status. */
async function ask(role: Role | null, permission: Permission | Permission[]) {
  const request = await calls.request("/guarded", role === null ? null : member[role]);
  return calls.answer(async () => (await requirePermission(request, permission)).id);
}

const MATRIX: Record<Role, Permission[]> = {
  super_admin: [
    "can_manage_admins",
    "can_manage_users",
    "can_confirm_payments",
    "can_resolve_disputes",
    "can_moderate_listings",
    "can_manage_promo_codes",
    "can_answer_support",
    "can_create_listings",
  ],
  admin: [
    "can_manage_users",
    "can_confirm_payments",
    "can_resolve_disputes",
    "can_moderate_listings",
    "can_manage_promo_codes",
    "can_answer_support",
    "can_create_listings",
  ],
  moderator: ["can_moderate_listings"],
  dispute_resolution_referee: ["can_resolve_disputes"],
  billing: ["can_confirm_payments"],
  support: ["can_answer_support"],
  seller: ["can_create_listings"],
  buyer: [],
};
const ASKED: Permission[] = [
  "can_manage_admins",
  "can_manage_users",
  "can_confirm_payments",
  "can_resolve_disputes",
  "can_moderate_listings",
  "can_manage_promo_codes",
  "can_answer_support",
  "can_create_listings",
];

describe("requirePermission", () => {
  it.each(ROLES)("lets %s do what its role holds and refuses the rest with 403", async (role) => {
    for (const permission of ASKED) {
      const answer = await ask(role, permission);
      if (MATRIX[role].includes(permission)) expect([permission, answer]).toEqual([permission, { status: 200, data: member[role] }]);
      else expect([permission, answer]).toEqual([permission, { status: 403, data: { message: PERMISSION_MESSAGES.forbidden } }]);
    }
  });

  it("given several permissions, lets in a role holding any one of them", async () => {
    const EITHER: Permission[] = ["can_confirm_payments", "can_resolve_disputes"];
    for (const role of ROLES) {
      const holds = EITHER.some((permission) => MATRIX[role].includes(permission));
      expect([role, await ask(role, EITHER)]).toEqual([
        role,
        holds ? { status: 200, data: member[role] } : { status: 403, data: { message: PERMISSION_MESSAGES.forbidden } },
      ]);
    }
  });

  it("sends visitors to sign in", async () => {
    expect(await ask(null, "can_create_listings")).toMatchObject({ status: 302, location: "/login?from=%2Fguarded" });
  });

  it("reads the table on every request: a row taken away or added changes the answer at once", async () => {
    await opened.db.deleteFrom("role_permissions").where("role", "=", "billing").where("permission", "=", "can_confirm_payments").execute();
    expect((await ask("billing", "can_confirm_payments")).status).toBe(403);
    await opened.db.insertInto("role_permissions").values({ role: "support", permission: "can_confirm_payments" }).execute();
    // A permission that moves money needs a second factor: support has none yet, so it is sent to set one up…
    expect(await ask("support", "can_confirm_payments")).toEqual({ status: 302, location: "/profile/second-factor?required=1&redirectTo=%2Fguarded" });
    // …and is let in once it has one.
    await opened.db
      .insertInto("totp_factors")
      .values({ user_id: member.support, secret: TEST_TOTP_SECRET, confirmed_at: new Date().toISOString(), last_used_step: null })
      .execute();
    expect(await ask("support", "can_confirm_payments")).toEqual({ status: 200, data: member.support });
  });
});
