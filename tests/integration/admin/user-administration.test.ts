// The administration's users and audit log through the admin service, on both engines: who may change
// a member's role and fee exemption (member, support, admin, super admin), the super-admin protections (own account,
// the last super_admin, two super admins demoting each other at once), every change in audit_events with its old and
// new values, and the bounded users list and audit log query.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import {
  ADMIN_AUDIT_ACTIONS,
  ADMIN_MESSAGES,
  ADMIN_USERS_MAX_PAGE,
  ADMIN_USERS_PAGE_SIZE,
  AUDIT_LOG_DEFAULT_LIMIT,
  feeExemptionFromInput,
} from "~/lib/admin.ts";
import { changeUserAccess, listUsersForAdmin, queryAuditLog } from "~/services/admin/index.server.ts";
import { ChangeUserAccessSchema } from "~/schemas/admin.ts";
import { DomainError } from "~/services/domain-error.ts";
import { recordAuditEvent } from "~/services/platform/index.server.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

let opened: OpenedDatabase;
const people = { superAdmin: "", secondSuper: "", admin: "", support: "", member: "", seller: "" };

async function roleOf(id: string): Promise<string> {
  const row = await opened.db.selectFrom("profiles").select("role").where("id", "=", id).executeTakeFirstOrThrow();
  return row.role;
}

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

beforeAll(async () => {
  opened = createTestDatabase();
});
afterAll(async () => {
  await opened.close();
});

beforeEach(async () => {
  const db = opened.db;
  await db.deleteFrom("audit_events").execute();
  await db.deleteFrom("sessions").execute();
  await db.deleteFrom("profiles").execute();
  await db.deleteFrom("users").execute();
  people.superAdmin = await insertUserRow(db, "root@example.test", "super_admin");
  people.secondSuper = await insertUserRow(db, "deputy@example.test", "super_admin");
  people.admin = await insertUserRow(db, "admin@example.test", "admin");
  people.support = await insertUserRow(db, "support@example.test", "support");
  people.member = await insertUserRow(db, "member@example.test", "buyer");
  people.seller = await insertUserRow(db, "seller@example.test", "seller");
  await db
    .updateTable("profiles")
    .set({ first_name: "Grace", last_name: "Hopper", company_name: "Scope Traders Ltd" })
    .where("id", "=", people.seller)
    .execute();
});

describe("who may change a member's role and fee exemption", () => {
  it("a member and support staff are refused, and nothing changes or is recorded", async () => {
    for (const actor of [people.member, people.support]) {
      const error = await refusal(changeUserAccess(opened.db, actor, people.seller, { role: "buyer", feeExemption: 50 }));
      expect(error.kind).toBe("forbidden");
    }
    expect(await roleOf(people.seller)).toBe("seller");
    expect((await queryAuditLog(opened.db)).entries).toEqual([]);
  });

  it("an admin changes a member's role and fee exemption; both changes are in the audit log with old and new values", async () => {
    const outcome = await changeUserAccess(
      opened.db,
      people.admin,
      people.seller,
      { role: "moderator", feeExemption: 25.5 },
      new Date("2026-11-26T10:00:00.000Z"),
    );
    expect(outcome.changed).toBe(true);
    expect(outcome.user).toMatchObject({ role: "moderator", feeExemption: 25.5, changedBy: people.admin, lastRoleChange: "2026-11-26T10:00:00.000Z" });
    const log = await queryAuditLog(opened.db);
    expect(log.entries.map((entry) => [entry.action, entry.actorEmail, entry.subjectId, entry.oldValues, entry.newValues])).toEqual(
      expect.arrayContaining([
        [ADMIN_AUDIT_ACTIONS.roleChange, "admin@example.test", people.seller, { role: "seller" }, { role: "moderator" }],
        [ADMIN_AUDIT_ACTIONS.feeExemptionChange, "admin@example.test", people.seller, { fee_exemption: 0 }, { fee_exemption: 25.5 }],
      ]),
    );
    expect(log.entries).toHaveLength(2);
  });

  it("the same values again change nothing and record nothing", async () => {
    const outcome = await changeUserAccess(opened.db, people.admin, people.seller, { role: "seller", feeExemption: 0 });
    expect(outcome.changed).toBe(false);
    expect((await queryAuditLog(opened.db)).entries).toEqual([]);
  });

  it("an admin may neither grant nor remove administrator roles, nor edit an administrator's account", async () => {
    const grant = await refusal(changeUserAccess(opened.db, people.admin, people.seller, { role: "admin" }));
    expect([grant.kind, grant.message]).toEqual(["forbidden", ADMIN_MESSAGES.adminRolesOnlySuperAdmin]);
    const grantSuper = await refusal(changeUserAccess(opened.db, people.admin, people.member, { role: "super_admin" }));
    expect(grantSuper.kind).toBe("forbidden");
    const demote = await refusal(changeUserAccess(opened.db, people.admin, people.superAdmin, { role: "buyer" }));
    expect(demote.kind).toBe("forbidden");
    const fee = await refusal(changeUserAccess(opened.db, people.admin, people.secondSuper, { feeExemption: 100 }));
    expect(fee.kind).toBe("forbidden");
    expect([await roleOf(people.seller), await roleOf(people.member), await roleOf(people.superAdmin)]).toEqual(["seller", "buyer", "super_admin"]);
    expect((await queryAuditLog(opened.db)).entries).toEqual([]);
  });

  it("a super admin grants and removes the admin role, each change recorded", async () => {
    await changeUserAccess(opened.db, people.superAdmin, people.seller, { role: "admin" });
    expect(await roleOf(people.seller)).toBe("admin");
    await changeUserAccess(opened.db, people.superAdmin, people.admin, { role: "buyer" });
    expect(await roleOf(people.admin)).toBe("buyer");
    const log = await queryAuditLog(opened.db, { action: ADMIN_AUDIT_ACTIONS.roleChange });
    expect(log.entries.map((entry) => [entry.subjectId, entry.oldValues?.role, entry.newValues?.role])).toEqual([
      [people.admin, "admin", "buyer"],
      [people.seller, "seller", "admin"],
    ]);
  });

  it("nobody changes their own role or fee exemption", async () => {
    for (const [actor, change] of [
      [people.superAdmin, { role: "buyer" }],
      [people.admin, { role: "super_admin" }],
      [people.admin, { feeExemption: 100 }],
    ] as const) {
      const error = await refusal(changeUserAccess(opened.db, actor, actor, change));
      expect([error.kind, error.message]).toEqual(["forbidden", ADMIN_MESSAGES.ownAccount]);
    }
    expect(await roleOf(people.superAdmin)).toBe("super_admin");
  });

  it("the last super admin cannot be demoted, even by a role that was given can_manage_admins", async () => {
    await changeUserAccess(opened.db, people.superAdmin, people.secondSuper, { role: "admin" });
    // A deployment that lets admins manage admins (a role_permissions row) still keeps one super admin.
    await opened.db.insertInto("role_permissions").values({ role: "admin", permission: "can_manage_admins" }).execute();
    try {
      const error = await refusal(changeUserAccess(opened.db, people.admin, people.superAdmin, { role: "admin" }));
      expect([error.kind, error.message]).toEqual(["conflict", ADMIN_MESSAGES.lastSuperAdmin]);
      expect(await roleOf(people.superAdmin)).toBe("super_admin");
    } finally {
      await opened.db.deleteFrom("role_permissions").where("role", "=", "admin").where("permission", "=", "can_manage_admins").execute();
    }
  });

  it("two super admins demoting each other at once leave exactly one super admin", async () => {
    const outcomes = await Promise.allSettled([
      changeUserAccess(opened.db, people.superAdmin, people.secondSuper, { role: "admin" }),
      changeUserAccess(opened.db, people.secondSuper, people.superAdmin, { role: "admin" }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const rejected = outcomes.find((outcome) => outcome.status === "rejected");
    expect((rejected as PromiseRejectedResult).reason).toBeInstanceOf(DomainError);
    const supers = await opened.db.selectFrom("profiles").select("id").where("role", "=", "super_admin").execute();
    expect(supers).toHaveLength(1);
    expect((await queryAuditLog(opened.db)).entries).toHaveLength(1);
  });

  it("refuses an unknown member, an unknown role and a fee exemption outside 0–100", async () => {
    expect((await refusal(changeUserAccess(opened.db, people.superAdmin, "no-such-user", { role: "buyer" }))).kind).toBe("not_found");
    // @ts-expect-error -- a role the marketplace does not have, as a forged form would send it
    expect((await refusal(changeUserAccess(opened.db, people.superAdmin, people.seller, { role: "owner" }))).kind).toBe("invalid");
    for (const feeExemption of [-1, 100.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      const error = await refusal(changeUserAccess(opened.db, people.superAdmin, people.seller, { feeExemption }));
      expect([error.kind, error.field]).toEqual(["invalid", "feeExemption"]);
    }
    expect((await queryAuditLog(opened.db)).entries).toEqual([]);
  });

  it("the fee-exemption input reads plain percentages only: empty is none, hexadecimal, exponents and signs are refused", () => {
    expect(["", null, undefined, "12", "0", "100", "33.33", " 7.5 "].map(feeExemptionFromInput)).toEqual([0, 0, 0, 12, 0, 100, 33.33, 7.5]);
    expect(["abc", "150", "-3", "33.333", "0x10", "1e1", "+5", "1,5", "Infinity"].map(feeExemptionFromInput)).toEqual(Array(9).fill(null));
  });

  it("the edit form answers a percentage it cannot read with the range message, and changes nothing", () => {
    for (const feeExemption of ["0x10", "1e1", "+5", "150"]) {
      const parsed = ChangeUserAccessSchema.safeParse({ intent: "change-access", userId: "u1", role: "seller", feeExemption });
      expect(parsed.success ? "accepted" : parsed.error.issues.map((issue) => issue.message)).toEqual([ADMIN_MESSAGES.feeExemptionRange]);
    }
    expect(ChangeUserAccessSchema.parse({ intent: "change-access", userId: "u1", role: "seller", feeExemption: "12.5" }).feeExemption).toBe(12.5);
  });
});

describe("the users list", () => {
  it("searches e-mail, name and company, case-insensitively, and filters by role", async () => {
    expect((await listUsersForAdmin(opened.db, { search: "HOPPER" })).users.map((user) => user.id)).toEqual([people.seller]);
    expect((await listUsersForAdmin(opened.db, { search: "grace hop" })).users.map((user) => user.id)).toEqual([people.seller]);
    expect((await listUsersForAdmin(opened.db, { search: "scope traders" })).users.map((user) => user.id)).toEqual([people.seller]);
    expect((await listUsersForAdmin(opened.db, { search: "ROOT@" })).users.map((user) => user.id)).toEqual([people.superAdmin]);
    const supers = await listUsersForAdmin(opened.db, { role: "super_admin" });
    expect(supers.users.map((user) => user.id).sort()).toEqual([people.superAdmin, people.secondSuper].sort());
    expect(supers.total).toBe(2);
    expect((await listUsersForAdmin(opened.db, { search: "root", role: "buyer" })).users).toEqual([]);
  });

  it("treats % and _ in the search as text", async () => {
    expect((await listUsersForAdmin(opened.db, { search: "%" })).users).toEqual([]);
    expect((await listUsersForAdmin(opened.db, { search: "_" })).users).toEqual([]);
  });

  it("pages newest first, clamps the page, and refuses an over-long search", async () => {
    const db = opened.db;
    for (let index = 0; index < ADMIN_USERS_PAGE_SIZE + 3; index += 1) {
      const id = await insertUserRow(db, `bulk-${index}@example.test`);
      await db
        .updateTable("profiles")
        .set({ created_at: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString() })
        .where("id", "=", id)
        .execute();
    }
    const first = await listUsersForAdmin(db, { search: "bulk-" });
    expect([first.users.length, first.total, first.pageCount]).toEqual([ADMIN_USERS_PAGE_SIZE, ADMIN_USERS_PAGE_SIZE + 3, 2]);
    expect(first.users[0]?.email).toBe(`bulk-${ADMIN_USERS_PAGE_SIZE + 2}@example.test`);
    const second = await listUsersForAdmin(db, { search: "bulk-", page: 2 });
    expect(second.users.map((user) => user.email)).toEqual(["bulk-2@example.test", "bulk-1@example.test", "bulk-0@example.test"]);
    expect((await listUsersForAdmin(db, { page: 10 ** 9 })).page).toBe(ADMIN_USERS_MAX_PAGE);
    expect((await listUsersForAdmin(db, { page: -5 })).page).toBe(1);
    expect((await refusal(listUsersForAdmin(db, { search: "x".repeat(101) }))).kind).toBe("too_large");
  });
});

describe("the audit log", () => {
  it("shows the last 50 by default, newest first, and pages older entries with a cursor", async () => {
    const base = Date.UTC(2026, 10, 1);
    for (let index = 0; index < AUDIT_LOG_DEFAULT_LIMIT + 5; index += 1) {
      await recordAuditEvent(
        opened.db,
        { actorUserId: people.admin, action: "forum.topic.pin", subjectType: "forum_topic", subjectId: index },
        new Date(base + index * 1000),
      );
    }
    const first = await queryAuditLog(opened.db);
    expect(first.entries).toHaveLength(AUDIT_LOG_DEFAULT_LIMIT);
    expect(first.entries[0]?.subjectId).toBe(String(AUDIT_LOG_DEFAULT_LIMIT + 4));
    expect(first.nextCursor).not.toBeNull();
    const second = await queryAuditLog(opened.db, { after: first.nextCursor ?? "" });
    expect(second.entries.map((entry) => entry.subjectId)).toEqual(["4", "3", "2", "1", "0"]);
    expect(second.nextCursor).toBeNull();
    expect((await queryAuditLog(opened.db, { limit: 10 ** 6 })).entries).toHaveLength(AUDIT_LOG_DEFAULT_LIMIT + 5);
    expect((await refusal(queryAuditLog(opened.db, { after: "not a cursor" }))).kind).toBe("invalid");
  });

  it("filters by actor, action (exact or a dotted prefix), subject and date", async () => {
    await changeUserAccess(opened.db, people.admin, people.seller, { role: "buyer" }, new Date("2026-11-20T12:00:00.000Z"));
    await changeUserAccess(opened.db, people.superAdmin, people.member, { feeExemption: 10 }, new Date("2026-11-22T12:00:00.000Z"));
    await recordAuditEvent(
      opened.db,
      { actorUserId: people.admin, action: "forum.topic.lock", subjectType: "forum_topic", subjectId: 7 },
      new Date("2026-11-21T12:00:00.000Z"),
    );

    const byActor = await queryAuditLog(opened.db, { actor: "ADMIN@example" });
    expect(byActor.entries.map((entry) => entry.action)).toEqual(["forum.topic.lock", ADMIN_AUDIT_ACTIONS.roleChange]);
    expect((await queryAuditLog(opened.db, { actorUserId: people.superAdmin })).entries.map((entry) => entry.action)).toEqual([
      ADMIN_AUDIT_ACTIONS.feeExemptionChange,
    ]);
    expect((await queryAuditLog(opened.db, { action: "user." })).entries).toHaveLength(2);
    expect((await queryAuditLog(opened.db, { action: "forum.topic.lock" })).entries.map((entry) => entry.subjectId)).toEqual(["7"]);
    expect((await queryAuditLog(opened.db, { subject: { type: "user", id: people.member } })).entries.map((entry) => entry.newValues)).toEqual([
      { fee_exemption: 10 },
    ]);
    const window = await queryAuditLog(opened.db, { from: new Date("2026-11-21T00:00:00.000Z"), until: new Date("2026-11-22T00:00:00.000Z") });
    expect(window.entries.map((entry) => entry.action)).toEqual(["forum.topic.lock"]);
    expect((await refusal(queryAuditLog(opened.db, { action: "x".repeat(101) }))).kind).toBe("too_large");
  });
});
