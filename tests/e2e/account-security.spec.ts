// A member's own security on /profile: the devices the account is signed in on, signed out from
// another browser; changing the password signs every other device out; a member's pages and their .data answers are
// private, no-store. On the production build in Chromium.
import type { APIRequestContext, Page } from "@playwright/test";
import { confirmEmailOf, expect, test, uniqueEmail } from "./support.ts";

const PASSWORD = "correct-horse-battery";
const NEW_PASSWORD = "staple-lantern-orbit-9";

async function createAccount(request: APIRequestContext, ip: string, baseURL: string) {
  const email = uniqueEmail("devices");
  const form = { firstName: "Dev", lastName: "Ices", email, companyName: "", password: PASSWORD, confirmPassword: PASSWORD, intent: "buy" };
  const response = await request.post("/register", { form, headers: { Origin: baseURL, "X-Forwarded-For": ip }, maxRedirects: 0 });
  expect(response.status()).toBe(302);
  confirmEmailOf(email);
  return email;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // Checking a password is slow on purpose (scrypt): on a machine busy with other work it can take a while.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 60_000 });
}

test("a member sees their devices on /profile, signs one out, and a password change signs out the rest", async ({
  browser,
  page,
  request,
  clientIp,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const email = await createAccount(request, clientIp, String(baseURL));
  const phone = await browser.newContext({
    userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
    extraHTTPHeaders: { "X-Forwarded-For": clientIp },
  });
  const tablet = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": clientIp } });
  try {
    const phonePage = await phone.newPage();
    const tabletPage = await tablet.newPage();
    await signIn(page, email, PASSWORD);
    await signIn(phonePage, email, PASSWORD);
    await signIn(tabletPage, email, PASSWORD);

    await page.goto("/profile");
    const devices = page.getByRole("list", { name: "Signed-in devices" });
    await expect(devices.getByRole("listitem")).toHaveCount(3);
    await expect(devices.getByRole("listitem").first()).toContainText("This device");
    await devices
      .getByRole("listitem")
      .filter({ hasText: "Safari on iOS" })
      .getByRole("button", { name: /^Sign out/ })
      .click();
    await expect(page.getByText("That device is signed out.")).toBeVisible();
    await expect(devices.getByRole("listitem")).toHaveCount(2);
    await phonePage.goto("/profile");
    await expect(phonePage).toHaveURL(/\/login/);

    await page.getByRole("link", { name: "Change your password" }).click();
    await page.getByRole("textbox", { name: "Current password", exact: true }).fill(PASSWORD);
    await page.getByRole("textbox", { name: "New password", exact: true }).fill(NEW_PASSWORD);
    await page.getByRole("textbox", { name: "Confirm new password", exact: true }).fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Your password has been changed. Every other device was signed out.")).toBeVisible({ timeout: 30_000 });

    await tabletPage.goto("/profile");
    await expect(tabletPage).toHaveURL(/\/login/);
    await page.goto("/profile");
    await expect(page.getByRole("list", { name: "Signed-in devices" }).getByRole("listitem")).toHaveCount(1);
  } finally {
    await phone.close();
    await tablet.close();
  }
});

test("a member's pages and their .data answers are private, no-store; a visitor's are not", async ({ page, request, clientIp, baseURL }) => {
  test.setTimeout(180_000);
  const email = await createAccount(request, clientIp, String(baseURL));
  const anonymous = await request.get("/listings");
  expect(anonymous.headers()["cache-control"]).toBeUndefined();
  await signIn(page, email, PASSWORD);
  for (const path of ["/profile", "/profile.data", "/watchlist", "/"]) {
    const answer = await page.request.get(path);
    expect(answer.status(), path).toBe(200);
    expect(answer.headers()["cache-control"], path).toBe("private, no-store");
  }
});
