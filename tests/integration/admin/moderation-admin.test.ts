// Fraud reports, /admin/listings and /admin/categories through the admin service, on both engines:
// a member reports another member once while pending, never themselves; moderators dismiss or confirm, audited; the
// pending count. Listing managers find listings by status, seller and category and feature one (the home page shows
// it), audited. Category managers rename, hide and add (audited; the stored tree shows the new name, the new-listing
// form leaves hidden items out) and never delete a category in use.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { MODERATION_MESSAGES } from "~/lib/moderation.ts";
import { MemoryRateLimiter } from "~/services/platform/rate-limit.server.ts";
import {
  CATEGORY_MESSAGES,
  changeCategory,
  countPendingFraudReports,
  listCategoriesForAdmin,
  listListingsForAdmin,
  listPendingFraudReports,
  reportMember,
  resolveFraudReport,
  setListingFeatured,
} from "~/services/admin/index.server.ts";
import { DomainError } from "~/services/domain-error.ts";
import { featuredListings } from "~/services/listings/featured-listings.server.ts";
import { listCategoryTree } from "~/services/listings/category.server.ts";
import { categoryGroups } from "~/web/listing-form.server.ts";
import { insertListingRow, OSCILLOSCOPES } from "../../support/listings.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

let opened: OpenedDatabase;
const people = { admin: "", moderator: "", seller: "", buyer: "", other: "" };

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

async function audit(action: string) {
  return opened.db.selectFrom("audit_events").select(["actor_user_id", "subject_id", "detail"]).where("action", "=", action).orderBy("id").execute();
}

beforeAll(async () => {
  opened = createTestDatabase();
});
afterAll(async () => {
  await opened.close();
});

beforeEach(async () => {
  const db = opened.db;
  for (const table of [
    "audit_events",
    "fraud_reports",
    "listing_reports",
    "category_overrides",
    "equipment_listings",
    "sessions",
    "profiles",
    "users",
  ] as const) {
    await db.deleteFrom(table).execute();
  }
  people.admin = await insertUserRow(db, "admin@example.test", "admin");
  people.moderator = await insertUserRow(db, "moderator@example.test", "moderator");
  people.seller = await insertUserRow(db, "seller@example.test", "seller");
  people.buyer = await insertUserRow(db, "buyer@example.test", "buyer");
  people.other = await insertUserRow(db, "other@example.test", "buyer");
  await db.updateTable("profiles").set({ company_name: "Scope Traders Ltd" }).where("id", "=", people.seller).execute();
});

describe("fraud reports", () => {
  it("one pending report per member; not oneself; moderators dismiss or confirm, audited; the pending count", async () => {
    const limiter = new MemoryRateLimiter();
    await reportMember(
      opened.db,
      { memberId: people.seller, reporterId: people.buyer, reason: "non_delivery", note: "No tracking after 3 weeks" },
      { limiter },
    );
    expect((await refusal(reportMember(opened.db, { memberId: people.seller, reporterId: people.buyer, reason: "other" }, { limiter }))).message).toBe(
      MODERATION_MESSAGES.memberAlreadyReported,
    );
    expect((await refusal(reportMember(opened.db, { memberId: people.buyer, reporterId: people.buyer, reason: "other" }, { limiter }))).message).toBe(
      MODERATION_MESSAGES.ownAccount,
    );
    expect((await refusal(reportMember(opened.db, { memberId: people.seller, reporterId: people.other, reason: "spam" }, { limiter }))).field).toBe("reason");
    await reportMember(opened.db, { memberId: people.seller, reporterId: people.other, reason: "payment_fraud" }, { limiter });
    expect(await countPendingFraudReports(opened.db)).toBe(2);
    const queue = await listPendingFraudReports(opened.db);
    expect(queue.map((row) => [row.reason, row.member.name, row.pendingAboutMember])).toEqual([
      ["non_delivery", "Scope Traders Ltd", 2],
      ["payment_fraud", "Scope Traders Ltd", 2],
    ]);

    expect((await refusal(resolveFraudReport(opened.db, people.buyer, queue[0]!.id, "confirm"))).kind).toBe("forbidden");
    await resolveFraudReport(opened.db, people.moderator, queue[0]!.id, "confirm");
    await resolveFraudReport(opened.db, people.moderator, queue[1]!.id, "dismiss");
    expect(await countPendingFraudReports(opened.db)).toBe(0);
    expect((await refusal(resolveFraudReport(opened.db, people.moderator, queue[1]!.id, "confirm"))).kind).toBe("not_found");
    const confirmed = await audit("fraud_report.confirm");
    expect(confirmed).toEqual([expect.objectContaining({ actor_user_id: people.moderator, subject_id: people.seller })]);
    expect(JSON.parse(confirmed[0]!.detail)).toMatchObject({ old: { status: "pending" }, new: { status: "confirmed" } });
    expect(await audit("fraud_report.dismiss")).toHaveLength(1);
    // Once resolved, the same member may report again.
    await reportMember(opened.db, { memberId: people.seller, reporterId: people.buyer, reason: "other" }, { limiter });
  });
});

describe("/admin/listings", () => {
  it("finds listings by status, seller and category; features one for the home page, audited", async () => {
    const scope = await insertListingRow(opened.db, people.seller, { title: "Tektronix 100% tested scope", category_id: OSCILLOSCOPES });
    const draft = await insertListingRow(opened.db, people.seller, { title: "Draft multimeter", status: "draft" });
    await insertListingRow(opened.db, people.buyer, { title: "Someone else's scope" });
    expect((await listListingsForAdmin(opened.db, { status: "draft" })).listings.map((row) => row.id)).toEqual([draft]);
    expect((await listListingsForAdmin(opened.db, { seller: "scope traders" })).total).toBe(2);
    expect((await listListingsForAdmin(opened.db, { search: "100%" })).listings.map((row) => row.id)).toEqual([scope]);
    expect((await listListingsForAdmin(opened.db, { search: "100_" })).total).toBe(0);
    expect((await listListingsForAdmin(opened.db, { category: "test_measurement" })).listings.map((row) => row.id)).toContain(scope);
    expect((await listListingsForAdmin(opened.db, { category: "no_such_category" })).total).toBe(0);
    expect((await refusal(listListingsForAdmin(opened.db, { search: "x".repeat(101) }))).kind).toBe("invalid");

    expect((await refusal(setListingFeatured(opened.db, people.buyer, scope, true))).kind).toBe("forbidden");
    expect((await refusal(setListingFeatured(opened.db, people.admin, draft, true))).kind).toBe("conflict");
    expect(await setListingFeatured(opened.db, people.admin, scope, true)).toBe(true);
    expect(await setListingFeatured(opened.db, people.admin, scope, true)).toBe(false);
    expect((await featuredListings(opened.db)).map((card) => card.id)).toEqual([scope]);
    await setListingFeatured(opened.db, people.moderator, scope, false);
    expect(await featuredListings(opened.db)).toEqual([]);
    expect((await audit("listing.feature")).map((row) => JSON.parse(row.detail))).toEqual([{ old: { is_featured: false }, new: { is_featured: true } }]);
    expect(await audit("listing.unfeature")).toEqual([expect.objectContaining({ actor_user_id: people.moderator })]);
  });
});

describe("/admin/categories", () => {
  it("renames, hides and adds, audited; a category in use is never deleted; counts include everything below", async () => {
    await insertListingRow(opened.db, people.seller, { category_id: OSCILLOSCOPES });
    const tree = await listCategoriesForAdmin(opened.db);
    const main = tree.find((node) => node.children.some((sub) => sub.children.some((item) => item.id === OSCILLOSCOPES)))!;
    const sub = main.children.find((node) => node.children.some((item) => item.id === OSCILLOSCOPES))!;
    expect(sub.children.find((item) => item.id === OSCILLOSCOPES)?.listings).toBe(1);
    expect(main.listings).toBeGreaterThanOrEqual(1);

    expect((await refusal(changeCategory(opened.db, people.moderator, { action: "hide", categoryId: OSCILLOSCOPES }))).kind).toBe("forbidden");
    await changeCategory(opened.db, people.admin, { action: "rename", categoryId: OSCILLOSCOPES, name: "Oscilloscopes & digitisers" });
    const stored = (await listCategoryTree(opened.db))
      .flatMap((m) => m.children)
      .flatMap((s) => s.children)
      .find((item) => item.id === OSCILLOSCOPES);
    expect(stored?.name).toBe("Oscilloscopes & digitisers");
    expect(JSON.parse((await audit("category.rename"))[0]!.detail)).toMatchObject({ new: { name: "Oscilloscopes & digitisers" } });

    await changeCategory(opened.db, people.admin, { action: "hide", categoryId: OSCILLOSCOPES });
    const offered = categoryGroups(await listCategoryTree(opened.db), { offeredOnly: true }).flatMap((group) => group.options.map((option) => option.value));
    expect(offered).not.toContain(OSCILLOSCOPES);
    expect(categoryGroups(await listCategoryTree(opened.db)).flatMap((group) => group.options.map((option) => option.value))).toContain(OSCILLOSCOPES);

    expect(await changeCategory(opened.db, people.admin, { action: "add", parentId: sub.id, name: "Sampling scopes" })).toBe(CATEGORY_MESSAGES.added);
    const added = (await listCategoriesForAdmin(opened.db))
      .flatMap((m) => m.children)
      .flatMap((s) => s.children)
      .find((item) => item.name === "Sampling scopes");
    expect(added).toMatchObject({ added: true, level: 3, listings: 0 });
    expect((await refusal(changeCategory(opened.db, people.admin, { action: "add", parentId: sub.id, name: "Sampling  scopes" }))).kind).toBe("conflict");
    expect((await refusal(changeCategory(opened.db, people.admin, { action: "add", parentId: main.id, name: "Anything" }))).field).toBe("parentId");

    expect((await refusal(changeCategory(opened.db, people.admin, { action: "delete", categoryId: OSCILLOSCOPES }))).message).toBe(CATEGORY_MESSAGES.notAdded);
    await insertListingRow(opened.db, people.seller, { category_id: added!.id });
    expect((await refusal(changeCategory(opened.db, people.admin, { action: "delete", categoryId: added!.id }))).message).toBe(CATEGORY_MESSAGES.inUse);
    await opened.db.deleteFrom("equipment_listings").where("category_id", "=", added!.id).execute();
    expect(await changeCategory(opened.db, people.admin, { action: "delete", categoryId: added!.id })).toBe(CATEGORY_MESSAGES.deleted);
    expect((await audit("category.add")).length).toBe(1);
    expect((await audit("category.delete")).length).toBe(1);
    expect((await audit("category.hide")).length).toBe(1);
  });
});
