// The header's grouping: the Sell menu for roles that create listings, the Admin Panel entry for every
// staff role that opens /admin (ADMIN_CONSOLE_PERMISSIONS), and a mobile menu listing every link once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { adminLink, memberBarLinks, mobileMenuLinks, sellLinks } from "~/lib/navigation.ts";
import type { Role } from "~/lib/roles.ts";
import { permissionsOfRole } from "~/services/accounts/permissions.server.ts";
import { createTestDatabase } from "../../support/test-database.ts";

let opened: OpenedDatabase;
beforeAll(() => {
  opened = createTestDatabase();
});
afterAll(() => opened.close());

const permissionsOf = async (role: Role) => [...(await permissionsOfRole(opened.db, role))];
const SELL = ["Create Listing", "Bulk Upload", "My listings", "Sale events", "Sales orders", "Offers"];

// role, Sell menu, admin entry
const CASES: ReadonlyArray<[Role, string[], boolean]> = [
  ["buyer", [], false],
  ["seller", SELL, false],
  ["admin", SELL, true],
  ["super_admin", SELL, true],
  ["moderator", [], true],
  ["dispute_resolution_referee", [], true],
  ["billing", [], true],
  ["support", [], true],
];

describe("header links", () => {
  it.each(CASES)("%s: the Sell menu and the admin entry", async (role, sell, admin) => {
    const permissions = await permissionsOf(role);
    expect(sellLinks(permissions).map((link) => link.label)).toEqual(sell);
    expect(adminLink(permissions)).toEqual(admin ? { to: "/admin", label: "Admin Panel", short: "Admin" } : null);
    const mobile = mobileMenuLinks(permissions);
    const all = [...mobile.main, ...mobile.sell, ...mobile.account].map((link) => link.to);
    // Every address once, the bar's links, the Sell menu's and the admin entry among them.
    expect(new Set(all).size).toBe(all.length);
    for (const link of [...memberBarLinks(), ...sellLinks(permissions), ...(admin ? [{ to: "/admin" }] : [])]) expect(all).toContain(link.to);
  });

  it("points the Sell menu at its pages", async () => {
    expect(sellLinks(await permissionsOf("seller")).map((link) => link.to)).toEqual([
      "/create-listing",
      "/bulk-upload",
      "/seller/listings",
      "/seller/sale-events",
      "/seller/orders",
      "/offers",
    ]);
    expect(memberBarLinks().map((link) => link.label)).toEqual(["Dashboard", "Messages", "Watchlist & Saved Searches"]);
  });
});
