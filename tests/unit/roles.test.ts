// Roles decide which dashboard a signed-in user gets (the header's links follow permissions:
// tests/integration/accounts/navigation-links.test.ts).
import { describe, expect, it } from "vitest";
import { dashboardKind, isAdminRole, normalizeRole, roleForIntent, ROLES, type Role } from "~/lib/roles.ts";
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
    displayCurrency: null,
    ...overrides,
  };
}

// role, is admin, dashboard
const ROLE_TABLE: ReadonlyArray<[Role, boolean, "admin" | "seller" | "buyer"]> = [
  ["buyer", false, "buyer"],
  ["seller", false, "seller"],
  ["admin", true, "admin"],
  ["super_admin", true, "admin"],
  ["moderator", false, "buyer"],
  ["dispute_resolution_referee", false, "buyer"],
  ["billing", false, "buyer"],
  ["support", false, "buyer"],
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

  it.each(ROLE_TABLE)("%s: isAdminRole %s, dashboard %s", (role, admin, dashboard) => {
    expect(isAdminRole(role)).toBe(admin);
    expect(dashboardKind(role)).toBe(dashboard);
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
