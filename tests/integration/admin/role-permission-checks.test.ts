// Every capability that used to be a role name is a permission now (docs/decisions/0080), on both engines: changing a
// role's permissions through the /admin/roles service changes what its holders can do at once, and changing it back
// undoes that. Each check is flipped on a role and its effect read where a member meets it: the bulk import fee and
// the first-import review, a listing's analytics page, a member's hidden profile details, and who counts as an
// administrator (suspending, role changes, the /admin/users and /admin/users/{id} controls).
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { MEMBER_MESSAGES } from "~/lib/admin-members.ts";
import type { Permission } from "~/lib/permissions.ts";
import type { Role } from "~/lib/roles.ts";
import { publicProfile } from "~/flows/index.server.ts";
import { changeUserAccess, listRolePermissions, reinstateUser, reportListing, setRolePermissions, suspendUser } from "~/services/admin/index.server.ts";
import { MemoryRateLimiter } from "~/services/platform/rate-limit.server.ts";
import { DomainError } from "~/services/domain-error.ts";
import { chunksOf, parseBulkCsv } from "~/services/bulk-import/bulk-csv.server.ts";
import {
  applyBulkMapping,
  bulkImportPayment,
  continueToPayment,
  createBulkImport,
  getBulkImport,
  startBulkImport,
} from "~/services/bulk-import/bulk-import.server.ts";
import { LISTING_ANALYTICS_MESSAGES } from "~/services/listings/listing-analytics.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { routeCalls } from "../../support/route-calls.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));
const analyticsRoute = await import("~/routes/listings.$id_.analytics.tsx");
const usersRoute = await import("~/routes/admin.users.tsx");
const memberRoute = await import("~/routes/admin.users_.$id.tsx");

let opened: OpenedDatabase;
const people = { superAdmin: "", admin: "", support: "", moderator: "", seller: "", buyer: "" };
/** Every role's permissions as the migrations left them, put back before each test. */
let seeded: Map<Role, Permission[]>;
const calls = () => routeCalls<Record<string, unknown>>({ db: () => opened.db });

async function permissionsOf(role: Role): Promise<Permission[]> {
  return (await listRolePermissions(opened.db)).find((row) => row.role === role)?.permissions ?? [];
}
/** Through the service behind /admin/roles, as the super administrator. */
async function grant(role: Role, permission: Permission) {
  await setRolePermissions(opened.db, people.superAdmin, role, [...(await permissionsOf(role)), permission]);
}
async function revoke(role: Role, permission: Permission) {
  await setRolePermissions(
    opened.db,
    people.superAdmin,
    role,
    (await permissionsOf(role)).filter((held) => held !== permission),
  );
}

async function refusalOf(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  people.superAdmin = await insertUserRow(opened.db, "root@example.test", "super_admin");
  people.admin = await insertUserRow(opened.db, "admin@example.test", "admin");
  // Both are given can_manage_users below, which asks for two-step sign-in: they have it set up.
  people.support = await insertUserRow(opened.db, "support@example.test", "support", { secondFactor: true });
  people.moderator = await insertUserRow(opened.db, "moderator@example.test", "moderator", { secondFactor: true });
  people.seller = await insertUserRow(opened.db, "seller@example.test", "seller");
  people.buyer = await insertUserRow(opened.db, "buyer@example.test", "buyer");
  seeded = new Map((await listRolePermissions(opened.db)).map((row) => [row.role, row.permissions]));
});
afterAll(async () => {
  await opened.close();
});
beforeEach(async () => {
  for (const [role, permissions] of seeded) await setRolePermissions(opened.db, people.superAdmin, role, permissions);
});

describe("the seeded roles keep what they could do", () => {
  it("grants the four new permissions to the administrator and super administrator roles only", async () => {
    for (const permission of ["can_waive_bulk_fees", "can_skip_import_review", "can_view_any_listing_analytics", "can_view_private_profiles"] as const) {
      const holders = [...seeded]
        .filter(([, held]) => held.includes(permission))
        .map(([role]) => role)
        .sort();
      expect(holders, permission).toEqual(["admin", "super_admin"]);
    }
  });
});

describe("members' reports", () => {
  it("the staff roles hold can_skip_report_hiding as seeded, members' roles do not", () => {
    const holders = [...seeded]
      .filter(([, held]) => held.includes("can_skip_report_hiding"))
      .map(([role]) => role)
      .sort();
    expect(holders).toEqual(["admin", "billing", "dispute_resolution_referee", "moderator", "super_admin", "support"]);
  });

  it("never hide the listing of a role holding can_skip_report_hiding, and hide it once the role does not", async () => {
    const seasoned = new Date(Date.now() - 90 * 24 * 60 * 60 * 1000).toISOString();
    const reporters: string[] = [];
    for (let n = 0; n < 3; n += 1) reporters.push(await insertUserRow(opened.db, `reporter-${n}-${Date.now()}@example.test`, "buyer"));
    await opened.db.updateTable("users").set({ created_at: seasoned }).where("id", "in", reporters).execute();
    const hiddenBy = async (ownerId: string): Promise<boolean> => {
      const listingId = await insertListingRow(opened.db, ownerId);
      const limiter = new MemoryRateLimiter();
      let hidden = false;
      for (const reporterId of reporters) hidden = (await reportListing(opened.db, { listingId, reporterId, reason: "counterfeit" }, { limiter })).hidden;
      return hidden;
    };
    expect(await hiddenBy(people.moderator)).toBe(false);
    await revoke("moderator", "can_skip_report_hiding");
    expect(await hiddenBy(people.moderator)).toBe(true);
    await grant("seller", "can_skip_report_hiding");
    expect(await hiddenBy(people.seller)).toBe(false);
  });
});

describe("bulk import", () => {
  const photo = "https://example.com/p.jpg";
  async function importReadyToPay(user: string): Promise<number> {
    const parsed = await parseBulkCsv(chunksOf(new TextEncoder().encode(`brand,model,condition,price,photo_urls\nFluke,87V,good,310,${photo}\n`), 17));
    const id = await createBulkImport(opened.db, user, "file.csv", parsed);
    await applyBulkMapping(opened.db, user, id, (await getBulkImport(opened.db, user, id)).mapping);
    await continueToPayment(opened.db, user, id);
    return id;
  }

  it("waives the fee while the importer's role holds can_waive_bulk_fees, and charges it once it does not", async () => {
    const importer = await insertUserRow(opened.db, undefined, "admin");
    const id = await importReadyToPay(importer);
    expect(await bulkImportPayment(opened.db, importer, id, null)).toMatchObject({ feeWaived: true, totalCents: 0, waived: true });
    await revoke("admin", "can_waive_bulk_fees");
    expect(await bulkImportPayment(opened.db, importer, id, null)).toMatchObject({ feeWaived: false, totalCents: 500, waived: false });
    await grant("admin", "can_waive_bulk_fees");
    expect(await bulkImportPayment(opened.db, importer, id, null)).toMatchObject({ feeWaived: true, totalCents: 0 });
    // A seller is charged until the seller role is given the waiver; the import records the waived charge.
    const sellersImport = await importReadyToPay(people.seller);
    expect((await bulkImportPayment(opened.db, people.seller, sellersImport, null)).totalCents).toBe(500);
    await grant("seller", "can_waive_bulk_fees");
    expect(await startBulkImport(opened.db, people.seller, sellersImport, null, new Date(), { reviewThreshold: 100 })).toMatchObject({
      totalCents: 0,
      feeWaived: true,
    });
    const charge = await opened.db
      .selectFrom("bulk_import_charges")
      .select(["status", "total_cents"])
      .where("import_id", "=", sellersImport)
      .executeTakeFirstOrThrow();
    expect([charge.status, Number(charge.total_cents)]).toEqual(["waived", 0]);
  });

  it("holds a first large import for review unless the importer's role holds can_skip_import_review", async () => {
    const importer = await insertUserRow(opened.db, undefined, "admin");
    await revoke("admin", "can_skip_import_review");
    const first = await importReadyToPay(importer);
    expect((await startBulkImport(opened.db, importer, first, null, new Date(), { reviewThreshold: 0 })).held).toBe(true);
    await grant("admin", "can_skip_import_review");
    const second = await importReadyToPay(importer);
    expect((await startBulkImport(opened.db, importer, second, null, new Date(), { reviewThreshold: 0 })).held).toBe(false);
    // The fee waiver is its own permission: without it, the unreviewed import is charged.
    const other = await insertUserRow(opened.db, undefined, "admin");
    await revoke("admin", "can_waive_bulk_fees");
    const third = await importReadyToPay(other);
    expect(await startBulkImport(opened.db, other, third, null, new Date(), { reviewThreshold: 0 })).toMatchObject({ held: false, totalCents: 500 });
  });
});

describe("a listing's analytics", () => {
  it("opens for staff whose role holds can_view_any_listing_analytics, and refuses them once it does not", async () => {
    const listingId = await insertListingRow(opened.db, people.seller, { title: "Keysight N9020A" });
    const get = (who: string) => calls().get(analyticsRoute, `/listings/${listingId}/analytics`, who, { id: String(listingId) });
    expect((await get(people.admin)).status).toBe(200);
    expect(await get(people.support)).toMatchObject({ status: 403, data: { message: LISTING_ANALYTICS_MESSAGES.forbidden } });
    await revoke("admin", "can_view_any_listing_analytics");
    expect(await get(people.admin)).toMatchObject({ status: 403, data: { message: LISTING_ANALYTICS_MESSAGES.forbidden } });
    expect((await get(people.seller)).status).toBe(200);
    await grant("admin", "can_view_any_listing_analytics");
    await grant("support", "can_view_any_listing_analytics");
    expect((await get(people.admin)).status).toBe(200);
    expect((await get(people.support)).status).toBe(200);
  });
});

describe("a member's hidden profile details", () => {
  it("show to staff whose role holds can_view_private_profiles, and hide again once it does not", async () => {
    await opened.db.updateTable("profiles").set({ phone: "+1 555 0100" }).where("id", "=", people.buyer).execute();
    const seen = async (who: string) => {
      const viewer = await opened.db.selectFrom("profiles").select(["id", "role"]).where("id", "=", who).executeTakeFirstOrThrow();
      const profile = await publicProfile(opened.db, people.buyer, { id: viewer.id, role: viewer.role as Role });
      return { email: profile?.email ?? null, phone: profile?.phone ?? null, buyerStats: profile?.buyerStats !== null };
    };
    const shown = { email: "buyer@example.test", phone: "+1 555 0100", buyerStats: true };
    const hidden = { email: null, phone: null, buyerStats: false };
    expect(await seen(people.admin)).toEqual(shown);
    expect(await seen(people.support)).toEqual(hidden);
    await revoke("admin", "can_view_private_profiles");
    expect(await seen(people.admin)).toEqual(hidden);
    expect(await seen(people.buyer)).toEqual(shown);
    await grant("admin", "can_view_private_profiles");
    await grant("support", "can_view_private_profiles");
    expect(await seen(people.admin)).toEqual(shown);
    expect(await seen(people.support)).toEqual(shown);
  });
});

describe("an administrator role is one holding can_manage_users or can_manage_admins", () => {
  type UsersPage = { users: Array<{ id: string; editable: boolean }>; viewer: { roleChoices: Role[] } };
  const usersPage = async (who: string) => (await calls().get(usersRoute, "/admin/users?role=moderator", who)).data as unknown as UsersPage;
  const canSuspendOnPage = async (who: string, member: string) =>
    ((await calls().get(memberRoute, `/admin/users/${member}`, who, { id: member })).data as { canSuspend: boolean } | undefined)?.canSuspend;

  it("a moderator is a member an administrator acts on until the moderator role is given can_manage_users, and again once it loses it", async () => {
    // As seeded: the admin suspends the moderator and may give the moderator role.
    await suspendUser(opened.db, people.admin, people.moderator);
    await reinstateUser(opened.db, people.admin, people.moderator);
    expect((await usersPage(people.admin)).users.find((row) => row.id === people.moderator)?.editable).toBe(true);
    expect((await usersPage(people.admin)).viewer.roleChoices).toContain("moderator");
    expect(await canSuspendOnPage(people.admin, people.moderator)).toBe(true);

    await grant("moderator", "can_manage_users");
    const refused = await refusalOf(suspendUser(opened.db, people.admin, people.moderator));
    expect([refused.kind, refused.message]).toEqual(["forbidden", MEMBER_MESSAGES.adminOnlySuperAdmin]);
    expect((await refusalOf(changeUserAccess(opened.db, people.admin, people.moderator, { feeExemption: 10 }))).kind).toBe("forbidden");
    expect((await refusalOf(changeUserAccess(opened.db, people.admin, people.seller, { role: "moderator" }))).kind).toBe("forbidden");
    expect((await usersPage(people.admin)).users.find((row) => row.id === people.moderator)?.editable).toBe(false);
    expect((await usersPage(people.admin)).viewer.roleChoices).not.toContain("moderator");
    expect(await canSuspendOnPage(people.admin, people.moderator)).toBe(false);
    // The super administrator (can_manage_admins) still may; and the moderator now manages members themselves.
    expect(await canSuspendOnPage(people.superAdmin, people.moderator)).toBe(true);
    expect((await suspendUser(opened.db, people.moderator, people.buyer)).changed).toBe(true);
    await reinstateUser(opened.db, people.moderator, people.buyer);

    await revoke("moderator", "can_manage_users");
    expect((await suspendUser(opened.db, people.admin, people.moderator)).changed).toBe(true);
    await reinstateUser(opened.db, people.admin, people.moderator);
    expect((await changeUserAccess(opened.db, people.admin, people.seller, { role: "moderator" })).changed).toBe(true);
    expect(await canSuspendOnPage(people.admin, people.moderator)).toBe(true);
    expect((await refusalOf(suspendUser(opened.db, people.moderator, people.buyer))).kind).toBe("forbidden");
    await changeUserAccess(opened.db, people.superAdmin, people.seller, { role: "seller" });
  });

  it("the administrator role stops being one once it holds neither, so can_manage_users holders act on its members", async () => {
    // Support is given can_manage_users; admins are administrators, so support may not suspend one.
    await grant("support", "can_manage_users");
    expect((await refusalOf(suspendUser(opened.db, people.support, people.admin))).message).toBe(MEMBER_MESSAGES.adminOnlySuperAdmin);
    expect(await canSuspendOnPage(people.support, people.admin)).toBe(false);
    await revoke("admin", "can_manage_users");
    expect(await canSuspendOnPage(people.support, people.admin)).toBe(true);
    expect((await suspendUser(opened.db, people.support, people.admin)).changed).toBe(true);
    await reinstateUser(opened.db, people.support, people.admin);
    await grant("admin", "can_manage_users");
    expect((await refusalOf(suspendUser(opened.db, people.support, people.admin))).message).toBe(MEMBER_MESSAGES.adminOnlySuperAdmin);
  });
});
