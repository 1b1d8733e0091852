// Administration in a browser: the demo administrator finds a member, changes their role
// and fee exemption, and the audit log shows both changes; an administrator cannot edit the super administrator's
// account and a super administrator cannot edit their own (so the last one is never demoted from the page); support
// staff read the list without edit forms; axe in light and dark mode.
import { insertMember, withAppDatabase } from "./fixtures.ts";
import { expect, expectNoAxeViolations, signedInAsDemo, test, waitForHydration } from "./support.ts";

/** The demo administrator's address, not matching the super administrator's "superadmin@…". */
const ADMIN_EMAIL = /(^|[^r])admin@tradebench\.test/;

test.describe("as the demo administrator", () => {
  signedInAsDemo("admin");

  test("changes a member's role and fee exemption, and the audit log shows both", async ({ page }) => {
    // A member of our own, so the demo accounts other specs sign in with keep their roles.
    const member = await withAppDatabase((db) =>
      insertMember(db, { prefix: "plant", firstName: "Imre", lastName: "Vass", companyName: "Ridgeline Process Controls" }),
    );
    await page.goto(`/admin/users?q=${encodeURIComponent(member.email)}`);
    await expect(page.getByRole("heading", { name: "Admin User Management" })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: member.email });
    // Cells: name, e-mail, role, fee exemption, last updated, edit.
    await expect(row.getByRole("cell").nth(2)).toHaveText("Buyer");
    await row.getByText(`Edit ${member.name}`).click();
    await row.getByLabel("Role").selectOption("seller");
    await row.getByLabel("Fee exemption (%)").fill("12.5");
    await row.getByRole("button", { name: "Update" }).click();
    await expect(page.getByText("User role updated successfully")).toBeVisible();
    await expect(row.getByRole("cell").nth(2)).toHaveText("Seller");
    await expect(row.getByRole("cell").nth(3)).toHaveText("12.5%");

    await page.goto("/admin/audit-log?actor=admin%40tradebench.test&action=user.");
    const entries = page.getByRole("row").filter({ hasText: "Ada Admiral" });
    await expect(entries.filter({ hasText: "Role changed" }).filter({ hasText: "role: buyer → seller" })).not.toHaveCount(0);
    await expect(entries.filter({ hasText: "Fee exemption changed" }).filter({ hasText: "fee exemption (%): 0 → 12.5" })).not.toHaveCount(0);
  });

  test("cannot edit the super administrator's account, nor their own", async ({ page }) => {
    await page.goto("/admin/users?role=super_admin");
    const superRow = page.getByRole("row").filter({ hasText: "superadmin@tradebench.test" });
    await expect(superRow).toContainText("Super administrators only");
    await expect(superRow.getByRole("button", { name: "Update" })).toHaveCount(0);
    await page.goto("/admin/users?role=admin");
    await expect(page.getByRole("row").filter({ hasText: ADMIN_EMAIL })).toContainText("Your account");
  });
});

test.describe("as the demo super administrator", () => {
  signedInAsDemo("super_admin");

  test("the only super administrator's own row offers no edit, so the page cannot demote the last one", async ({ page }) => {
    await page.goto("/admin/users?role=super_admin");
    const own = page.getByRole("row").filter({ hasText: "superadmin@tradebench.test" });
    await expect(own).toContainText("Your account");
    await expect(own.getByRole("button", { name: "Update" })).toHaveCount(0);
    // Administrators' rows are editable for a super administrator.
    await page.goto("/admin/users?role=admin");
    await expect(
      page
        .getByRole("row")
        .filter({ hasText: ADMIN_EMAIL })
        .getByText(/^Edit /),
    ).toBeVisible();
  });
});

test.describe("as the demo support agent", () => {
  signedInAsDemo("support");

  test("reads the list without edit forms and is refused the audit log", async ({ page }) => {
    await page.goto("/admin/users?q=seller%40tradebench.test");
    await expect(page.getByRole("row").filter({ hasText: "seller@tradebench.test" }).getByRole("cell").nth(2)).toHaveText("Seller");
    await expect(page.getByRole("button", { name: "Update" })).toHaveCount(0);
    const refused = await page.goto("/admin/audit-log");
    expect(refused?.status()).toBe(403);
  });
});

for (const scheme of ["light", "dark"] as const) {
  test.describe(`accessibility in ${scheme} mode`, () => {
    signedInAsDemo("admin");
    test.use({ colorScheme: scheme });
    test("/admin/users and /admin/audit-log have no WCAG 2 A/AA violations", async ({ page }) => {
      await page.goto("/admin/users");
      await waitForHydration(page);
      await expect(page.locator("html")).toHaveClass(scheme);
      await expectNoAxeViolations(page, { ran: ["color-contrast", "label"] });
      await page.goto("/admin/audit-log");
      await waitForHydration(page);
      await expectNoAxeViolations(page, { ran: ["color-contrast"] });
    });
  });
}
