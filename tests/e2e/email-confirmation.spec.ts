// E-mail confirmation (docs/decisions/0028), in a real browser: a new account sees the banner and why it cannot
// contact a seller yet, follows the link from its welcome mail, and the banner is gone.
import { expect as baseExpect, latestEmailTo, test, uniqueEmail } from "./support.ts";

// Registration and sign-in run a real scrypt hash: slow on a busy machine.
test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const PASSWORD = "correct-horse-battery";

test("a new account confirms its address with the link from its welcome mail", async ({ page }) => {
  const email = uniqueEmail("confirm");
  await page.goto("/register");
  await page.getByRole("textbox", { name: "First name", exact: true }).fill("Cora");
  await page.getByRole("textbox", { name: "Last name", exact: true }).fill("Confirm");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(PASSWORD);
  await page.getByRole("textbox", { name: "Confirm password", exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/login\?registered=1$/);
  // The sign-in page is rendered (the register page has Email and Password boxes too: filling those would be lost).
  await expect(page.getByRole("status")).toHaveText("Registration successful! Please check your email to confirm your account.");

  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const banner = page.getByRole("region", { name: "Email confirmation" });
  await expect(banner).toContainText("Please confirm your email address");
  await expect(banner.getByRole("button", { name: "Resend the link" })).toBeVisible();

  // Where Contact Seller would be, the reason it is not there yet.
  await page.goto("/listings");
  await page.locator('a[href^="/listings/"]').filter({ hasText: /\S/ }).first().click();
  await expect(page).toHaveURL(/\/listings\/\d+$/);
  await expect(page.getByTestId("email-confirmation-notice").first()).toContainText("Please confirm your email address first");
  await expect(page.getByRole("button", { name: "Contact Seller" })).toHaveCount(0);

  // The link from the welcome mail confirms the address; the banner is gone.
  const mail = latestEmailTo(email);
  expect(mail?.subject).toContain("confirm your email address");
  const link = mail?.text_body.match(/https?:\/\/\S+\/confirm-email\?token=\S+/)?.[0];
  expect(link, `confirmation e-mail to ${email}`).toBeTruthy();
  const url = new URL(String(link));
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page).toHaveURL(/\/confirm-email\?confirmed=1$/);
  await expect(page.getByRole("status").filter({ hasText: "confirmed" })).toHaveText(
    "Your email address is confirmed. You can now bid, buy, sell and send messages.",
  );
  await expect(page.getByRole("region", { name: "Email confirmation" })).toHaveCount(0);

  // Used once, the link says so.
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole("alert")).toHaveText("This confirmation link has already been used.");
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Cora");
  await expect(page.getByRole("region", { name: "Email confirmation" })).toHaveCount(0);
});
