// Roles decide which dashboard, header links and powers a signed-in user gets.
import { describe, expect, it } from "vitest";
import { accountLinks, memberLinks } from "~/lib/navigation.ts";
import { canSell, dashboardKind, isAdminRole, normalizeRole, roleForIntent, ROLES, type Role } from "~/lib/roles.ts";
import { displayName, initials, type CurrentUser } from "~/lib/user.ts";

function user(role: Role, overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: "u1",
    email: "bianca@example.com",
    firstName: "Bianca",
    lastName: "Byers",
    companyName: "",
    avatarUrl: null,
    role,
    emailConfirmed: true,
    ...overrides,
  };
}

// role, can sell, is admin, dashboard
const ROLE_TABLE: ReadonlyArray<[Role, boolean, boolean, "admin" | "seller" | "buyer"]> = [
  ["buyer", false, false, "buyer"],
  ["seller", true, false, "seller"],
  ["admin", true, true, "admin"],
  ["super_admin", true, true, "admin"],
  ["moderator", false, false, "buyer"],
  ["dispute_resolution_referee", false, false, "buyer"],
  ["billing", false, false, "buyer"],
  ["support", false, false, "buyer"],
];

describe("roles", () => {
  it("has exactly the eight roles in the table below", () => {
    expect([...ROLES].sort()).toEqual(ROLE_TABLE.map(([role]) => role).sort());
  });

  it("maps registration intents to roles: buy → buyer, sell → seller, both → buyer", () => {
    expect(roleForIntent("buy")).toBe("buyer");
    expect(roleForIntent("sell")).toBe("seller");
    expect(roleForIntent("both")).toBe("buyer");
  });

  it.each(ROLES)("keeps the known role %s", (role) => {
    expect(normalizeRole(role)).toBe(role);
  });

  it.each([undefined, null, "", "root", "Admin", "ADMIN", " admin", 7, {}])("treats %j as a buyer", (value) => {
    expect(normalizeRole(value)).toBe("buyer");
  });

  it.each(ROLE_TABLE)("%s: canSell %s, isAdminRole %s, dashboard %s", (role, sells, admin, dashboard) => {
    expect(canSell(role)).toBe(sells);
    expect(isAdminRole(role)).toBe(admin);
    expect(dashboardKind(role)).toBe(dashboard);
  });
});

describe("memberLinks and accountLinks", () => {
  const common = ["Dashboard", "Messages", "Watchlist & Saved Searches"];
  const escrowStaff: Role[] = ["admin", "super_admin", "billing", "dispute_resolution_referee"];

  it.each(ROLE_TABLE)("%s sees the links its powers allow", (role, sells, admin) => {
    const labels = memberLinks(user(role)).map((l) => l.label);
    const expected = [...common];
    if (sells) expected.push("Create Listing", "Bulk Upload");
    if (admin) expected.push("Admin Panel");
    expect(labels).toEqual(expected);
    const account = ["Orders"];
    if (sells) account.push("Sales");
    if (escrowStaff.includes(role)) account.push("Escrow");
    expect(accountLinks(user(role)).map((l) => l.label)).toEqual(account);
  });

  it("points the role links at their pages", () => {
    expect(memberLinks(user("super_admin"))).toEqual([
      { to: "/dashboard", label: "Dashboard" },
      { to: "/messages", label: "Messages", unread: "messages" },
      { to: "/watchlist", label: "Watchlist & Saved Searches" },
      { to: "/create-listing", label: "Create Listing" },
      { to: "/bulk-upload", label: "Bulk Upload" },
      { to: "/admin", label: "Admin Panel" },
    ]);
    expect(accountLinks(user("super_admin"))).toEqual([
      { to: "/orders", label: "Orders" },
      { to: "/seller/orders", label: "Sales" },
      { to: "/escrow", label: "Escrow" },
    ]);
  });
});

describe("initials and display name", () => {
  it("takes the first letters of first and last name", () => {
    expect(initials(user("buyer"))).toBe("BB");
    expect(initials(user("buyer", { firstName: "samuel", lastName: "sellwood" }))).toBe("SS");
    expect(initials(user("buyer", { firstName: "  Ada ", lastName: " lovelace" }))).toBe("AL");
  });

  it("uses what it has when one name is missing", () => {
    expect(initials(user("buyer", { firstName: "Ada", lastName: "" }))).toBe("A");
    expect(initials(user("buyer", { firstName: "", lastName: "Byers" }))).toBe("B");
  });

  it("falls back to the e-mail's first letter when both names are empty", () => {
    expect(initials(user("buyer", { firstName: "", lastName: "", email: "zoe@example.com" }))).toBe("Z");
    expect(initials(user("buyer", { firstName: "  ", lastName: " ", email: "quinn@example.com" }))).toBe("Q");
  });

  it("shows the full name, else the e-mail", () => {
    expect(displayName(user("buyer"))).toBe("Bianca Byers");
    expect(displayName(user("buyer", { firstName: "", lastName: "", email: "zoe@example.com" }))).toBe("zoe@example.com");
  });
});
