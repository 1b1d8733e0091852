// Suspending and reinstating a member, the member's page and the role permission editor, on both
// engines: who may act (member, support, admin, super admin; administrators' accounts; own account); a suspension
// ends every session at once, refuses sign-in with its message, voids any session it would still hold, cancels the
// member's live auctions with their bidders told, stops their proxy maximums, and is audited {old, new}; reinstating lets them sign in again;
// sign-ins are recorded; role permissions edited only with can_manage_admins, audited, and super_admin keeps it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { MEMBER_AUDIT_ACTIONS, MEMBER_MESSAGES } from "~/lib/admin-members.ts";
import {
  createSession,
  findSessionProfile,
  hashPassword,
  requestPasswordReset,
  resetPassword,
  SUSPENDED_MESSAGE,
  verifyLogin,
} from "~/services/accounts/index.server.ts";
import { getMemberDetail, listRolePermissions, reinstateUser, setRolePermissions, suspendUser } from "~/services/admin/index.server.ts";
import { placeBid } from "~/services/auctions/index.server.ts";
import { DomainError } from "~/services/domain-error.ts";
import { insertAuctionRow } from "../../support/auctions.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

let opened: OpenedDatabase;
const people = { superAdmin: "", admin: "", otherAdmin: "", support: "", seller: "", bidder1: "", bidder2: "" };
const PASSWORD = "correct horse battery";
let passwordHash = "";

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

async function auditRows(action: string) {
  return opened.db.selectFrom("audit_events").selectAll().where("action", "=", action).orderBy("id").execute();
}

beforeAll(async () => {
  opened = createTestDatabase();
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(async () => {
  await opened.close();
});
beforeEach(async () => {
  const db = opened.db;
  for (const table of ["notifications", "bids", "auctions", "equipment_listings", "audit_events", "sign_in_events", "sessions", "profiles", "users"] as const) {
    await db.deleteFrom(table).execute();
  }
  await db.deleteFrom("role_permissions").where("role", "=", "support").where("permission", "=", "can_bid").execute();
  people.superAdmin = await insertUserRow(db, "root@example.test", "super_admin");
  people.admin = await insertUserRow(db, "admin@example.test", "admin");
  people.otherAdmin = await insertUserRow(db, "admin2@example.test", "admin");
  people.support = await insertUserRow(db, "support@example.test", "support");
  people.seller = await insertUserRow(db, "seller@example.test", "seller");
  people.bidder1 = await insertUserRow(db, "bidder1@example.test", "buyer");
  people.bidder2 = await insertUserRow(db, "bidder2@example.test", "buyer");
  await db.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", people.seller).execute();
});

describe("suspending a member", () => {
  it("ends every session at once, refuses sign-in with its message, audits {old, new}, and reinstating undoes it", async () => {
    const first = await createSession(opened.db, people.seller);
    const second = await createSession(opened.db, people.seller);
    expect(await findSessionProfile(opened.db, first)).not.toBeNull();
    expect(await verifyLogin(opened.db, "seller@example.test", PASSWORD)).toBe(people.seller);

    const outcome = await suspendUser(opened.db, people.admin, people.seller, { reason: "Listings of counterfeit probes" });
    expect(outcome).toMatchObject({ suspended: true, changed: true });
    expect(await findSessionProfile(opened.db, first)).toBeNull();
    expect(await findSessionProfile(opened.db, second)).toBeNull();
    expect(await opened.db.selectFrom("sessions").select("user_id").where("user_id", "=", people.seller).execute()).toEqual([]);

    const signIn = await refusal(verifyLogin(opened.db, "seller@example.test", PASSWORD));
    expect([signIn.kind, signIn.message]).toEqual(["forbidden", SUSPENDED_MESSAGE]);
    // A wrong password is still just a wrong password: the suspension is told only to whoever knows it.
    expect(await verifyLogin(opened.db, "seller@example.test", "wrong password!")).toBeNull();
    expect((await refusal(createSession(opened.db, people.seller))).message).toBe(SUSPENDED_MESSAGE);

    const [suspendRow] = await auditRows(MEMBER_AUDIT_ACTIONS.suspend);
    expect(suspendRow).toMatchObject({ actor_user_id: people.admin, subject_type: "user", subject_id: people.seller });
    expect(JSON.parse(suspendRow!.detail)).toEqual({ old: { suspended: false }, new: { suspended: true, reason: "Listings of counterfeit probes" } });
    expect((await getMemberDetail(opened.db, people.seller))?.suspension).toMatchObject({
      by: people.admin,
      byEmail: "admin@example.test",
      reason: "Listings of counterfeit probes",
    });

    // Suspending again changes and records nothing.
    expect((await suspendUser(opened.db, people.admin, people.seller)).changed).toBe(false);
    expect(await auditRows(MEMBER_AUDIT_ACTIONS.suspend)).toHaveLength(1);

    expect((await reinstateUser(opened.db, people.admin, people.seller)).changed).toBe(true);
    expect(await verifyLogin(opened.db, "seller@example.test", PASSWORD)).toBe(people.seller);
    const session = await createSession(opened.db, people.seller);
    expect(await findSessionProfile(opened.db, session)).not.toBeNull();
    const [reinstateRow] = await auditRows(MEMBER_AUDIT_ACTIONS.reinstate);
    expect(JSON.parse(reinstateRow!.detail)).toMatchObject({ old: { suspended: true, reason: "Listings of counterfeit probes" }, new: { suspended: false } });
    expect((await reinstateUser(opened.db, people.admin, people.seller)).changed).toBe(false);
  });

  it("a suspended member who resets their password is told they cannot sign in, and gets no session", async () => {
    await suspendUser(opened.db, people.admin, people.seller);
    await requestPasswordReset(opened.db, "seller@example.test", "http://localhost");
    const mail = await opened.db
      .selectFrom("email_outbox")
      .select("text_body")
      .where("to_address", "=", "seller@example.test")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail.text_body)![1]!);
    const refused = await refusal(resetPassword(opened.db, token, "a brand new passphrase"));
    expect(refused.message).toBe(SUSPENDED_MESSAGE);
    expect(await opened.db.selectFrom("sessions").select("user_id").where("user_id", "=", people.seller).execute()).toEqual([]);
  });

  it("cancels the member's live auctions and tells their bidders; ended ones stay", async () => {
    const now = new Date();
    const live = await insertAuctionRow(opened.db, people.seller, {}, now);
    const upcoming = await insertAuctionRow(
      opened.db,
      people.seller,
      { status: "upcoming", start_date: new Date(now.getTime() + 3_600_000).toISOString() },
      now,
    );
    const ended = await insertAuctionRow(opened.db, people.seller, { status: "ended" }, now);
    await placeBid(opened.db, { auctionId: live.auctionId, bidderId: people.bidder1, amountCents: 100_000, now });
    await placeBid(opened.db, { auctionId: live.auctionId, bidderId: people.bidder2, amountCents: 110_000, now });

    const outcome = await suspendUser(opened.db, people.admin, people.seller, {}, now);
    expect([outcome.auctionsCancelled, outcome.biddersNotified]).toEqual([2, 2]);
    const statuses = await opened.db.selectFrom("auctions").select(["id", "status"]).orderBy("id").execute();
    expect(statuses.map((a) => [a.id, a.status])).toEqual([
      [live.auctionId, "cancelled"],
      [upcoming.auctionId, "cancelled"],
      [ended.auctionId, "ended"],
    ]);
    const told = await opened.db
      .selectFrom("notifications")
      .select(["user_id", "message"])
      .where("title", "=", "Auction cancelled")
      .orderBy("user_id")
      .execute();
    expect(told.map((n) => n.user_id).sort()).toEqual([people.bidder1, people.bidder2].sort());
    for (const note of told) expect(note.message).toContain("the seller's account is suspended");
  });

  it("stops the proxy maximum a suspended bidder left on a live auction from bidding for them", async () => {
    const now = new Date();
    const { auctionId } = await insertAuctionRow(opened.db, people.seller, {}, now);
    await placeBid(opened.db, { auctionId, bidderId: people.bidder1, amountCents: 100_000, maxCents: 150_000, now });
    await suspendUser(opened.db, people.admin, people.bidder1, {}, now);
    const outcome = await placeBid(opened.db, { auctionId, bidderId: people.bidder2, amountCents: 110_000, now });
    expect(outcome.result).toBe("leading");
    const auction = await opened.db
      .selectFrom("auctions")
      .select(["current_price_cents", "leading_bid_id"])
      .where("id", "=", auctionId)
      .executeTakeFirstOrThrow();
    const leader = await opened.db.selectFrom("bids").select("user_id").where("id", "=", auction.leading_bid_id!).executeTakeFirstOrThrow();
    expect([leader.user_id, Number(auction.current_price_cents)]).toEqual([people.bidder2, 110_000]);
  });

  it("refuses a member, support staff, one's own account, and an administrator's account to anyone but a super admin", async () => {
    for (const actor of [people.bidder1, people.support]) {
      expect((await refusal(suspendUser(opened.db, actor, people.seller))).kind).toBe("forbidden");
    }
    expect((await refusal(suspendUser(opened.db, people.admin, people.admin))).message).toBe(MEMBER_MESSAGES.ownAccount);
    expect((await refusal(suspendUser(opened.db, people.admin, people.otherAdmin))).message).toBe(MEMBER_MESSAGES.adminOnlySuperAdmin);
    expect((await refusal(suspendUser(opened.db, people.admin, "no-such-member"))).kind).toBe("not_found");
    expect((await refusal(suspendUser(opened.db, people.admin, people.seller, { reason: "x".repeat(501) }))).field).toBe("reason");
    expect((await suspendUser(opened.db, people.superAdmin, people.otherAdmin)).changed).toBe(true);
    expect((await refusal(reinstateUser(opened.db, people.admin, people.otherAdmin))).message).toBe(MEMBER_MESSAGES.adminOnlySuperAdmin);
    expect(await auditRows(MEMBER_AUDIT_ACTIONS.suspend)).toHaveLength(1);
  });
});

describe("the member's page", () => {
  it("shows the profile, listings, orders, reports and sign-in history the database holds", async () => {
    await createSession(opened.db, people.seller, { ip: "203.0.113.7", userAgent: "Bench/1.0" }, 60_000, new Date("2027-01-02T10:00:00Z"));
    await createSession(opened.db, people.seller, { ip: "203.0.113.8", userAgent: "Bench/2.0" }, 60_000, new Date("2027-01-03T10:00:00Z"));
    await insertAuctionRow(opened.db, people.seller);
    const detail = await getMemberDetail(opened.db, people.seller);
    expect(detail).toMatchObject({ email: "seller@example.test", role: "seller", suspension: null, listings: { total: 1 }, orders: { total: 0, rows: [] } });
    expect(detail?.reports).toEqual({ listingReportsOpen: 0, listingReportsTotal: 0, fraudReportsPending: 0, fraudReportsTotal: 0, filed: 0 });
    expect(detail?.signIns.total).toBe(2);
    expect(detail?.signIns.rows.map((s) => [s.at, s.ip, s.userAgent])).toEqual([
      ["2027-01-03T10:00:00.000Z", "203.0.113.8", "Bench/2.0"],
      ["2027-01-02T10:00:00.000Z", "203.0.113.7", "Bench/1.0"],
    ]);
    expect(await getMemberDetail(opened.db, "no-such-member")).toBeNull();
  });
});

describe("editing what a role may do", () => {
  it("only can_manage_admins edits; the change is audited and takes effect; super_admin keeps can_manage_admins", async () => {
    const seeded = ["can_view_users", "can_answer_support", "can_skip_report_hiding"];
    const withBidding = ["can_view_users", "can_bid", "can_answer_support", "can_skip_report_hiding"];
    expect((await refusal(setRolePermissions(opened.db, people.admin, "support", [...seeded, "can_bid"]))).kind).toBe("forbidden");
    const outcome = await setRolePermissions(opened.db, people.superAdmin, "support", [...seeded, "can_bid"]);
    expect(outcome).toEqual({ changed: true, permissions: withBidding });
    const support = (await listRolePermissions(opened.db)).find((r) => r.role === "support");
    expect(support).toEqual({ role: "support", permissions: withBidding, members: 1 });
    const [row] = await auditRows(MEMBER_AUDIT_ACTIONS.rolePermissionsChange);
    expect(row).toMatchObject({ actor_user_id: people.superAdmin, subject_type: "role", subject_id: "support" });
    expect(JSON.parse(row!.detail)).toEqual({
      old: { permissions: seeded },
      new: { permissions: withBidding },
    });
    expect((await setRolePermissions(opened.db, people.superAdmin, "support", [...withBidding].reverse())).changed).toBe(false);
    await setRolePermissions(opened.db, people.superAdmin, "support", seeded);

    const keep = await refusal(setRolePermissions(opened.db, people.superAdmin, "super_admin", ["can_manage_users"]));
    expect([keep.kind, keep.message]).toEqual(["conflict", MEMBER_MESSAGES.superAdminKeepsManageAdmins]);
    expect((await refusal(setRolePermissions(opened.db, people.superAdmin, "wizard", []))).field).toBe("role");
    expect((await refusal(setRolePermissions(opened.db, people.superAdmin, "support", ["can_fly"]))).field).toBe("permissions");
    expect(await auditRows(MEMBER_AUDIT_ACTIONS.rolePermissionsChange)).toHaveLength(2);
  });

  it("lists the eight roles with the permissions each is seeded with", async () => {
    const roles = await listRolePermissions(opened.db);
    expect(roles.map((r) => r.role).sort()).toEqual([
      "admin",
      "billing",
      "buyer",
      "dispute_resolution_referee",
      "moderator",
      "seller",
      "super_admin",
      "support",
    ]);
    const of = (role: string) => roles.find((r) => r.role === role)!.permissions;
    expect(of("super_admin")).toContain("can_manage_admins");
    expect(of("admin")).not.toContain("can_manage_admins");
    expect(of("admin")).toEqual(expect.arrayContaining(["can_manage_users", "can_manage_promo_codes", "can_view_users"]));
    expect(of("moderator")).toEqual(expect.arrayContaining(["can_moderate_listings", "can_moderate_content"]));
    expect(of("dispute_resolution_referee")).toEqual(["can_resolve_disputes", "can_skip_report_hiding"]);
    expect(of("billing")).toEqual(expect.arrayContaining(["can_confirm_payments", "can_manage_billing"]));
    expect(of("support")).toEqual(["can_view_users", "can_answer_support", "can_skip_report_hiding"]);
    expect(of("seller")).toEqual(expect.arrayContaining(["can_create_listings", "can_bid"]));
    expect(of("buyer")).toEqual(["can_bid"]);
  });
});
