// The header's links follow each role's permissions as role_permissions holds them (courtesy: the routes decide).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { accountLinks, memberLinks } from "~/lib/navigation.ts";
import type { Role } from "~/lib/roles.ts";
import { permissionsOfRole } from "~/services/accounts/permissions.server.ts";
import { createTestDatabase } from "../../support/test-database.ts";

let opened: OpenedDatabase;
beforeAll(() => {
  opened = createTestDatabase();
});
afterAll(() => opened.close());

const permissionsOf = async (role: Role) => [...(await permissionsOfRole(opened.db, role))];
const labels = (links: { label: string }[]) => links.map((link) => link.label);
const COMMON = ["Dashboard", "Messages", "Watchlist & Saved Searches"];

// role, header links beyond the common ones, account-menu links
const LINKS: ReadonlyArray<[Role, string[], string[]]> = [
  ["buyer", [], ["Orders", "Offers"]],
  ["seller", ["Create Listing", "Bulk Upload"], ["Orders", "Offers", "Sales"]],
  ["admin", ["Create Listing", "Bulk Upload", "Admin Panel"], ["Orders", "Offers", "Sales", "Escrow", "Support inbox"]],
  ["super_admin", ["Create Listing", "Bulk Upload", "Admin Panel"], ["Orders", "Offers", "Sales", "Escrow", "Support inbox"]],
  ["moderator", [], ["Orders", "Offers"]],
  ["dispute_resolution_referee", [], ["Orders", "Offers", "Escrow"]],
  ["billing", [], ["Orders", "Offers", "Escrow"]],
  ["support", [], ["Orders", "Offers", "Support inbox"]],
];

describe("header links by permission", () => {
  it.each(LINKS)("%s sees the links its permissions open", async (role, member, account) => {
    const permissions = await permissionsOf(role);
    expect(labels(memberLinks(permissions))).toEqual([...COMMON, ...member]);
    expect(labels(accountLinks(permissions))).toEqual(account);
  });

  it("points the links at their pages", async () => {
    const permissions = await permissionsOf("super_admin");
    expect(memberLinks(permissions).slice(3)).toEqual([
      { to: "/create-listing", label: "Create Listing" },
      { to: "/bulk-upload", label: "Bulk Upload" },
      { to: "/admin", label: "Admin Panel" },
    ]);
    expect(accountLinks(permissions)).toEqual([
      { to: "/orders", label: "Orders" },
      { to: "/offers", label: "Offers" },
      { to: "/seller/orders", label: "Sales" },
      { to: "/escrow", label: "Escrow" },
      { to: "/support-inbox", label: "Support inbox" },
    ]);
  });

  it("changes with the table: a support role granted can_create_listings sees Create Listing", async () => {
    await opened.db.insertInto("role_permissions").values({ role: "support", permission: "can_create_listings" }).execute();
    expect(labels(memberLinks(await permissionsOf("support")))).toContain("Create Listing");
    await opened.db.deleteFrom("role_permissions").where("role", "=", "support").where("permission", "=", "can_create_listings").execute();
  });
});
