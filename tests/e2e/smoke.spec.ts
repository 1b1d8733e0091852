import { demoAccount, expect, signIn, test, watchConsole } from "./support.ts";

test("the home page renders styled, without console errors", async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("industrial electronics");
  await expect(page.getByRole("link", { name: "Equipment" }).first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(problems).toEqual([]);
});

test("a demo buyer signs in and sees the dashboard greeting", async ({ page }) => {
  const buyer = demoAccount("buyer");
  await signIn(page, buyer.email, buyer.password);
  await expect(page.getByRole("heading", { name: `Welcome, ${buyer.firstName}` })).toBeVisible();
});
