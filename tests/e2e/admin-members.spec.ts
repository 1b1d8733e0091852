// Members in the console, in a browser: an administrator opens a member from
// /admin/users, suspends them, and the member — signed in elsewhere — is signed out at once and told why they cannot
// sign in again; a super administrator creates a promo code (typed in lower case, stored in upper case) and
// deactivates it after the confirm; /admin/users/{id}, /admin/promo-codes and /admin/roles pass axe in light and
// dark mode. (A super administrator cannot be demoted below one: tests/e2e/admin-users.spec.ts.)
import crypto from "node:crypto";
import { MEMBER_MESSAGES } from "../../app/lib/admin-members.ts";
import { PROMO_MESSAGES } from "../../app/lib/promotions.ts";
import { SUSPENDED_MESSAGE } from "../../app/services/accounts/suspension.server.ts";
import { insertMember, withAppDatabase } from "./fixtures.ts";
import {
  DEMO_PASSWORD,
  demoAccount,
  expect,
  expectNoAxeViolations,
  signedInAsDemo,
  signIn,
  test,
  uniqueClientIp,
  waitForHydration,
  withDatabase,
} from "./support.ts";

test.describe("as the demo administrator", () => {
  signedInAsDemo("admin");

  test("suspends a member, who is signed out at once and cannot sign in again", async ({ page, browser }, testInfo) => {
    // A member of our own who can sign in with the demo password, so no demo account is suspended.
    const member = await withAppDatabase((db) =>
      insertMember(db, { role: "seller", prefix: "workshop", firstName: "Noor", lastName: "Haddad", companyName: "Delta Bench Services", canSignIn: true }),
    );
    const memberContext = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      storageState: { cookies: [], origins: [] },
      extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() },
    });
    try {
      const memberPage = await memberContext.newPage();
      await signIn(memberPage, member.email, DEMO_PASSWORD);

      await page.goto(`/admin/users?q=${encodeURIComponent(member.email)}`);
      await page.getByRole("link", { name: member.name }).click();
      await expect(page.getByRole("heading", { level: 1, name: member.name })).toBeVisible();
      await waitForHydration(page);
      await page.getByLabel("Reason (kept in the audit log)").fill("Listings of equipment they do not hold");
      await page.getByRole("button", { name: "Suspend account" }).click();
      await expect(page.getByText(MEMBER_MESSAGES.suspended)).toBeVisible();
      await expect(page.getByText("Reason: Listings of equipment they do not hold")).toBeVisible();

      // The member's next request finds no session: they are sent to sign in, and signing in says why it fails.
      await memberPage.goto("/dashboard");
      await expect(memberPage).toHaveURL(/\/login/);
      await memberPage.getByRole("textbox", { name: "Email", exact: true }).fill(member.email);
      await memberPage.getByRole("textbox", { name: "Password", exact: true }).fill(DEMO_PASSWORD);
      await memberPage.getByRole("button", { name: "Sign in" }).click();
      await expect(memberPage.getByText(SUSPENDED_MESSAGE)).toBeVisible({ timeout: 30_000 });
      await expect(memberPage).toHaveURL(/\/login/);

      await page.goto("/admin/audit-log?action=user.suspend");
      await expect(page.getByRole("row").filter({ hasText: "Member suspended" }).first()).toContainText("reason: Listings of equipment they do not hold");
    } finally {
      await memberContext.close();
    }
  });
});

test.describe("as the demo super administrator", () => {
  signedInAsDemo("super_admin");

  test("creates a promo code in upper case and deactivates it after the confirm", async ({ page }) => {
    const code = `crate-${crypto.randomUUID().slice(0, 6)}`;
    await page.goto("/admin/users");
    await page.getByRole("navigation", { name: "Admin user management" }).getByRole("link", { name: "Promo Codes" }).click();
    await expect(page).toHaveURL(/\/admin\/promo-codes$/);
    await waitForHydration(page);
    const create = page.getByRole("button", { name: "Create", exact: true });
    await expect(create).toBeDisabled();
    const form = page.getByRole("region", { name: "Create Promo Code" });
    const codeField = form.getByRole("textbox", { name: "Code", exact: true });
    await codeField.fill(code);
    await expect(codeField).toHaveValue(code.toUpperCase());
    await form.getByRole("textbox", { name: "Description", exact: true }).fill("Crating supplies partner");
    await form.getByRole("combobox", { name: "Type", exact: true }).selectOption("fixed");
    await form.getByRole("spinbutton", { name: "Value ($)", exact: true }).fill("7.5");
    await form.getByRole("spinbutton", { name: /^Max Uses/ }).fill("3");
    await create.click();
    await expect(page.getByText(PROMO_MESSAGES.created)).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: code.toUpperCase() });
    await expect(row).toContainText("$7.50");
    await expect(row).toContainText("0 / 3");
    await expect(row).toContainText("Active");

    await row.getByText(`Deactivate ${code.toUpperCase()}`).click();
    await expect(row.getByText(PROMO_MESSAGES.deactivateConfirm)).toBeVisible();
    await row.getByRole("button", { name: "Yes, deactivate" }).click();
    await expect(page.getByText(PROMO_MESSAGES.deactivated)).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: code.toUpperCase() })).toContainText("Inactive");
  });
});

for (const scheme of ["light", "dark"] as const) {
  test.describe(`accessibility in ${scheme} mode`, () => {
    signedInAsDemo("super_admin");
    test.use({ colorScheme: scheme });
    test("/admin/users/{id}, /admin/promo-codes and /admin/roles have no WCAG 2 A/AA violations", async ({ page }) => {
      // Three pages, each loaded, hydrated and audited by axe: more than one page's time budget.
      test.slow();
      const seller = withDatabase((db) => db.prepare("select id from users where email = ?").get(demoAccount("seller").email) as { id: string });
      for (const [url, ran] of [
        [`/admin/users/${seller.id}`, ["color-contrast", "label"]],
        ["/admin/promo-codes", ["color-contrast", "label"]],
        ["/admin/roles", ["color-contrast"]],
      ] as const) {
        await page.goto(url);
        await waitForHydration(page);
        await expect(page.locator("html")).toHaveClass(scheme);
        await expectNoAxeViolations(page, { ran: [...ran] });
      }
    });
  });
}
