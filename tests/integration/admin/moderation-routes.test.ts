// Moderation through its routes, on both engines: three members report a listing through
// /listings/{id}/report (a second report by one of them is told so) and it leaves the search; the dashboard's Remove
// (decision=remove&returnTo=/admin posted to /admin/review-listing/{id}) takes it down, goes back to /admin, is in the
// audit log and tells the seller; the queue page renders the listing with its report count; a buyer is refused.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { MODERATION_MESSAGES } from "~/lib/moderation.ts";
import { searchListings } from "~/services/listings/listing-search.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { routeCalls } from "../../support/route-calls.ts";
import { pageRoute, renderPage, sessionCookie, type RouteModule } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const reportRoute = await import("~/routes/listings.$id_.report.tsx");
const reviewRoute = await import("~/routes/admin.review-listing.$id.tsx");
const queueRoute = await import("~/routes/admin.flagged-listings.tsx");

let opened: OpenedDatabase;
const calls = () => routeCalls<{ sent?: string; errors?: Record<string, string | undefined> | string[] }>({ db: () => opened.db });
const people = { moderator: "", seller: "", a: "", b: "", c: "" };
let listingId = 0;

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  people.moderator = await insertUserRow(opened.db, "moderator@example.test", "moderator");
  people.seller = await insertUserRow(opened.db, "seller@example.test", "seller");
  people.a = await insertUserRow(opened.db, "a@example.test", "buyer");
  people.b = await insertUserRow(opened.db, "b@example.test", "buyer");
  people.c = await insertUserRow(opened.db, "c@example.test", "buyer");
  // Seasoned reporters (their reports count in full towards hiding: app/services/accounts/report-weight.server.ts).
  await opened.db.updateTable("users").set({ created_at: "2025-01-01T00:00:00.000Z" }).where("id", "in", [people.a, people.b, people.c]).execute();
  listingId = await insertListingRow(opened.db, people.seller, { title: "Rohde & Schwarz FSV signal analyzer" });
});
afterAll(async () => {
  await opened.close();
});

describe("report → hidden → removed, through the routes", () => {
  it("three members report the listing; a repeat is told so; the listing leaves the search", async () => {
    const path = `/listings/${listingId}/report`;
    const params = { id: String(listingId) };
    for (const member of [people.a, people.b, people.c]) {
      const answer = await calls().post(reportRoute, path, member, { reason: "counterfeit", note: "Serial plate from another unit" }, params);
      expect(answer).toMatchObject({ status: 200, data: { sent: MODERATION_MESSAGES.reported } });
    }
    const again = await calls().post(reportRoute, path, people.a, { reason: "suspicious_price" }, params);
    expect(again).toMatchObject({ status: 409, data: { errors: { form: MODERATION_MESSAGES.alreadyReported } } });
    const empty = await calls().post(reportRoute, path, people.b, { reason: "" }, params);
    expect(empty.status).toBe(400);
    const result = await searchListings(opened.db, { sort: "created_at:desc", page: 1 }, { cached: false });
    expect(result.listings.map((card) => card.id)).not.toContain(listingId);
  });

  it("the queue page shows the listing with its three reports; a buyer is refused", async () => {
    const page = await renderPage(
      [pageRoute("/admin/flagged-listings", queueRoute as unknown as RouteModule)],
      new Request("http://localhost/admin/flagged-listings", { headers: { Cookie: await sessionCookie(opened.db, people.moderator) } }),
    );
    expect(page.status).toBe(200);
    expect(page.text).toContain("Rohde & Schwarz FSV signal analyzer");
    expect(page.text).toContain("Under review: hidden from search");
    expect(page.text).toContain("Counterfeit");
    expect(page.html).toContain(`href="/admin/review-listing/${listingId}"`);
    expect((await calls().get(queueRoute, "/admin/flagged-listings", people.a)).status).toBe(403);
  });

  it("the dashboard's Remove takes it down, returns to /admin, is audited and tells the seller", async () => {
    const path = `/admin/review-listing/${listingId}`;
    const params = { id: String(listingId) };
    expect((await calls().post(reviewRoute, path, people.a, { decision: "remove", returnTo: "/admin" }, params)).status).toBe(403);
    const answer = await calls().post(reviewRoute, path, people.moderator, { decision: "remove", returnTo: "/admin" }, params);
    expect(answer).toMatchObject({ status: 302, location: "/admin" });
    const listing = await opened.db.selectFrom("equipment_listings").select("status").where("id", "=", listingId).executeTakeFirstOrThrow();
    expect(listing.status).toBe("removed");
    const audit = await opened.db
      .selectFrom("audit_events")
      .select(["actor_user_id", "detail"])
      .where("action", "=", "listing.remove")
      .executeTakeFirstOrThrow();
    expect(audit.actor_user_id).toBe(people.moderator);
    expect(JSON.parse(audit.detail)).toMatchObject({ old: { status: "under_review" }, new: { status: "removed" }, reports: 3 });
    const notices = await opened.db.selectFrom("notifications").select(["title", "message"]).where("user_id", "=", people.seller).execute();
    expect(notices).toEqual([{ title: "Your listing was removed", message: expect.stringContaining("members reported it (counterfeit)") }]);
    // Nothing is left to decide: a second post is refused with the page's message.
    const twice = await calls().post(reviewRoute, path, people.moderator, { decision: "dismiss" }, params);
    expect(twice).toMatchObject({ status: 409, data: { errors: [MODERATION_MESSAGES.noOpenReports] } });
  });
});
