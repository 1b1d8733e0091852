// Two-step sign-in in a browser: a member sets up an authenticator app from /profile (the QR code and
// the key are on the page), keeps the recovery codes shown once, and then signs in in two steps; a demo billing clerk
// signs in with the code of the secret the README prints and reaches the escrow desk; a member adds a passkey through
// Chromium's virtual authenticator and signs in with it. (A role edited to gain a money
// permission is sent to set it up first: tests/integration/accounts/second-factor.test.ts, as editing a demo role
// here would change the pages of specs running beside this one.)
import * as OTPAuth from "otpauth";
import { insertMember, withAppDatabase } from "./fixtures.ts";
import { DEMO_PASSWORD, demoAccount, expect, signIn, test, waitForHydration } from "./support.ts";

test("a member turns on two-step sign-in from /profile and then signs in with a recovery code", async ({ page, context }) => {
  // A member of our own (the demo password), so no demo account's factor changes.
  const member = await withAppDatabase((db) => insertMember(db, { prefix: "two-step", firstName: "Tove", lastName: "Step", canSignIn: true }));
  await signIn(page, member.email, DEMO_PASSWORD);
  await page.goto("/profile");
  await page.getByRole("link", { name: "Set up or manage two-step sign-in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Two-step sign-in" })).toBeVisible();
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  await expect(page.getByRole("img", { name: "QR code to add Tradebench to your authenticator app" })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent()) ?? "";
  const code = OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 });
  await page.getByRole("textbox", { name: "Code from the app" }).fill(code);
  await page.getByRole("button", { name: "Turn on" }).click();
  const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().textContent()) ?? "";

  await context.clearCookies();
  await page.goto("/login");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(member.email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/login\/second-factor$/, { timeout: 30_000 });
  // No session yet: a member page sends the visitor to sign in.
  expect((await context.cookies()).some((cookie) => cookie.name === "__session" && cookie.value !== "")).toBe(false);
  await page.getByRole("textbox", { name: "Code", exact: true }).fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("That code is not right.")).toBeVisible();
  await page.getByRole("textbox", { name: "Code", exact: true }).fill(recovery);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the demo billing clerk signs in with the README's secret and reaches the escrow desk", async ({ page }) => {
  const billing = demoAccount("billing");
  await signIn(page, billing.email, billing.password);
  await page.goto("/escrow");
  await expect(page.getByRole("heading", { level: 1, name: "Escrow desk" })).toBeVisible();
});

// Not yet passing: the passkey is made and listed, but after "Use a passkey" the browser lands on
// /login?from=/dashboard (signed out) — the session the passkey step sets through fetch does not stick. Fix, then
// turn this back into test().
test("a member adds a passkey in the browser and signs in with it as the second step", async ({ page, context }) => {
  // Chromium's virtual authenticator (DevTools protocol) stands for the laptop's built-in one: it makes a resident
  // credential, verifies the user and answers the prompt by itself, so the real @simplewebauthn browser code runs.
  const devtools = await context.newCDPSession(page);
  await devtools.send("WebAuthn.enable");
  const { authenticatorId } = await devtools.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  // A member of our own (the demo password), so no demo account's factor changes.
  const member = await withAppDatabase((db) => insertMember(db, { prefix: "two-step", firstName: "Tove", lastName: "Step", canSignIn: true }));
  await signIn(page, member.email, DEMO_PASSWORD);
  await page.goto("/profile/second-factor");
  await waitForHydration(page);
  await page.getByRole("textbox", { name: "Name for the new passkey" }).fill("Workshop laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("Passkey added. You can use it instead of a code when you sign in.")).toBeVisible();
  // The first factor comes with its recovery codes, shown once.
  await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  // The authenticator holds one credential for this site, and the page lists it by the name given.
  const { credentials } = await devtools.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials.map((credential) => credential.rpId)).toEqual(["localhost"]);
  await page.reload();
  await expect(page.getByText("Workshop laptop", { exact: true })).toBeVisible();

  await context.clearCookies();
  await page.goto("/login");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(member.email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/login\/second-factor$/, { timeout: 30_000 });
  await waitForHydration(page);
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  // The passkey signed: its counter moved on from the registration's.
  const after = await devtools.send("WebAuthn.getCredentials", { authenticatorId });
  expect(after.credentials[0]?.signCount).toBeGreaterThan(credentials[0]?.signCount ?? 0);
});
