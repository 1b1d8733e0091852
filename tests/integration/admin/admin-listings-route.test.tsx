// /admin/listings through its route: the seller and status filters from the address (on the page as staff see it),
// and the bulk Unpublish: the ticked listings archived (not removed), each audited, their seller told why; a take-down
// without a reason changes nothing.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { insertListingRow } from "../../support/listings.ts";
import { routeCalls } from "../../support/route-calls.ts";
import { pageRoute, renderPage, type RouteModule } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const listingsRoute = await import("~/routes/admin.listings.tsx");

let opened: OpenedDatabase;
const people = {} as Record<"moderator" | "selma" | "otto", string>;
const ids = {} as Record<"selmaScope" | "selmaMeter" | "selmaDraft" | "ottoScope", number>;
const { request, get, post } = routeCalls({ db: () => opened.db });

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  people.moderator = await insertUserRow(opened.db, undefined, "moderator", { secondFactor: true });
  people.selma = await insertUserRow(opened.db, undefined, "seller");
  people.otto = await insertUserRow(opened.db, undefined, "seller");
  await opened.db.updateTable("profiles").set({ first_name: "Selma", last_name: "Quist" }).where("id", "=", people.selma).execute();
  await opened.db.updateTable("profiles").set({ first_name: "Otto", last_name: "Brand" }).where("id", "=", people.otto).execute();
  ids.selmaScope = await insertListingRow(opened.db, people.selma, { title: "Rigol DS1054Z oscilloscope" });
  ids.selmaMeter = await insertListingRow(opened.db, people.selma, { title: "Fluke 87V multimeter" });
  ids.selmaDraft = await insertListingRow(opened.db, people.selma, { title: "Keithley 2000 draft", status: "draft" });
  ids.ottoScope = await insertListingRow(opened.db, people.otto, { title: "Siglent SDS1104X-E oscilloscope" });
});
afterAll(() => opened.close());

const titles = (data: unknown) => (data as { listings: { title: string }[] }).listings.map((row) => row.title).sort();
const statusOf = async (id: number) =>
  (await opened.db.selectFrom("equipment_listings").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
const notices = () => opened.db.selectFrom("notifications").select(["user_id", "title", "message"]).where("title", "like", "Your listing%").execute();

describe("/admin/listings", () => {
  it("filters by seller (name) and by status from the address, together or alone", async () => {
    expect(titles((await get(listingsRoute, "/admin/listings?seller=quist", people.moderator)).data)).toEqual([
      "Fluke 87V multimeter",
      "Keithley 2000 draft",
      "Rigol DS1054Z oscilloscope",
    ]);
    expect(titles((await get(listingsRoute, "/admin/listings?status=draft", people.moderator)).data)).toEqual(["Keithley 2000 draft"]);
    expect(titles((await get(listingsRoute, "/admin/listings?seller=quist&status=active", people.moderator)).data)).toEqual([
      "Fluke 87V multimeter",
      "Rigol DS1054Z oscilloscope",
    ]);
    const page = await renderPage(
      [pageRoute("/admin/listings", listingsRoute as unknown as RouteModule)],
      await request("/admin/listings?seller=Otto", people.moderator),
    );
    expect(page.status).toBe(200);
    expect(page.text).toContain("Siglent SDS1104X-E oscilloscope");
    expect(page.text).not.toContain("Rigol DS1054Z oscilloscope");
  });

  it("refuses a bulk take-down without a reason, changing nothing", async () => {
    const answered = await post(listingsRoute, "/admin/listings", people.moderator, {
      intent: "take-down",
      decision: "unpublish",
      reason: " ",
      listingIds: [String(ids.selmaScope)],
    });
    expect(answered).toMatchObject({ data: { ok: false } });
    expect(await statusOf(ids.selmaScope)).toBe("active");
    expect(await notices()).toEqual([]);
  });

  it("unpublishes the ticked listings: archived, not removed; audited; the seller told why once", async () => {
    const reason = "Photos show another seller's watermark.";
    const answered = await post(listingsRoute, "/admin/listings", people.moderator, {
      intent: "take-down",
      decision: "unpublish",
      reason,
      listingIds: [String(ids.selmaScope), String(ids.selmaMeter)],
    });
    expect(answered).toEqual({ status: 200, data: { ok: true, message: "2 listings unpublished; 1 seller told why." } });
    expect([await statusOf(ids.selmaScope), await statusOf(ids.selmaMeter), await statusOf(ids.ottoScope)]).toEqual(["archived", "archived", "active"]);
    const audits = await opened.db
      .selectFrom("audit_events")
      .select(["action", "subject_id", "detail"])
      .where("action", "like", "listing.bulk_%")
      .orderBy("id")
      .execute();
    expect(audits.map((row) => [row.action, row.subject_id])).toEqual([
      ["listing.bulk_unpublish", String(ids.selmaScope)],
      ["listing.bulk_unpublish", String(ids.selmaMeter)],
    ]);
    expect(JSON.parse(audits[0]!.detail)).toMatchObject({ old: { status: "active" }, new: { status: "archived" }, reason });
    expect(await notices()).toEqual([
      {
        user_id: people.selma,
        title: "Your listings were unpublished",
        message: `Our staff unpublished 2 of your listings: ${reason} You can edit them and publish them again.`,
      },
    ]);
    // Archived listings are found under their status, and the seller may publish them again.
    expect(titles((await get(listingsRoute, "/admin/listings?status=archived", people.moderator)).data)).toEqual([
      "Fluke 87V multimeter",
      "Rigol DS1054Z oscilloscope",
    ]);
  });
});
