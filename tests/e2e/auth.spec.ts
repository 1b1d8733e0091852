// Sign-in, registration, sign-out, password reset, sessions, rate limits and the server's guards, in a real browser.
import type { APIRequestContext, Page } from "@playwright/test";
import { expect as baseExpect, latestEmailTo, test, uniqueClientIp, uniqueEmail } from "./support.ts";

// Every sign-in and registration runs a real scrypt (N=2^17) hash, which is slow on a busy two-core machine:
// waits that follow one get more time than the suite's default.
test.describe.configure({ timeout: 60_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

// Tests use their own accounts and their own client address (sign-in failures are counted per account and address).
const PASSWORD = "correct-horse-battery";
const NEW_PASSWORD = "brand-new-password-2";
const baseURL = () => String(test.info().project.use.baseURL);
const field = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });

/** Form POST headers: same-origin, from this test's own client address. */
const postHeaders = (ip: string) => ({ Origin: baseURL(), "X-Forwarded-For": ip });

/** Registers an account through the server directly (tests that are not about the form). */
async function createAccount(request: APIRequestContext, ip: string) {
  const email = uniqueEmail();
  const form = { firstName: "Tess", lastName: "Tester", email, companyName: "", password: PASSWORD, confirmPassword: PASSWORD, intent: "buy" };
  const response = await request.post("/register", { form, headers: postHeaders(ip), maxRedirects: 0 });
  expect(response.status()).toBe(302);
  return { email, password: PASSWORD };
}

/** The reset link from the newest e-mail to an address: `${PUBLIC_URL}/reset-password?token=…`. */
function resetLinkFor(email: string): string {
  const link = latestEmailTo(email)?.text_body.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
  expect(link, `reset e-mail to ${email}`).toBeTruthy();
  return String(link);
}

function loginAttempt(request: APIRequestContext, ip: string, email: string, password = "wrong-password") {
  return request.post("/login", { form: { email, password, redirectTo: "/dashboard" }, headers: postHeaders(ip), maxRedirects: 0 });
}

async function submitLogin(page: Page, email: string, password: string) {
  await page.goto("/login");
  await field(page, "Email").fill(email);
  await field(page, "Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** support.ts's signIn, with this file's longer wait. */
async function signIn(page: Page, email: string, password: string) {
  await submitLogin(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function expectSignInFails(page: Page, email: string, password: string) {
  await submitLogin(page, email, password);
  await expect(page.getByRole("alert")).toHaveText("Failed to sign in. Please check your credentials.");
  await expect(page).toHaveURL(/\/login/);
}

/** Effects have run once the colour-mode toggle knows its state (aria-pressed is unset in the server HTML). */
async function waitForHydration(page: Page) {
  await expect(page.getByRole("button", { name: /^Switch to (dark|light) mode$/ })).toHaveAttribute("aria-pressed", /^(true|false)$/);
}

async function signOut(page: Page) {
  await waitForHydration(page);
  await page.getByRole("button", { name: /^Account menu for / }).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(new URL("/", baseURL()).href);
}

async function fillRegistration(
  page: Page,
  values: { firstName?: string; lastName?: string; email?: string; password?: string; confirm?: string; intent?: string },
) {
  await page.goto("/register");
  await field(page, "First name").fill(values.firstName ?? "");
  await field(page, "Last name").fill(values.lastName ?? "");
  await field(page, "Email").fill(values.email ?? "");
  await field(page, "Password").fill(values.password ?? "");
  await field(page, "Confirm password").fill(values.confirm ?? "");
  if (values.intent) await page.getByLabel("I want to").selectOption({ label: values.intent });
}

test.describe("registration", () => {
  for (const [intent, role, sells] of [
    ["Sell equipment", "Seller", true],
    ["Buy equipment", "Buyer", false],
    ["Both buy and sell", "Buyer", false],
  ] as const) {
    test(`"${intent}" registers a ${role.toLowerCase()} who can then sign in`, async ({ page }) => {
      const email = uniqueEmail("reg");
      await fillRegistration(page, { firstName: "Rowan", lastName: "Reed", email, password: PASSWORD, confirm: PASSWORD, intent });
      await page.getByRole("button", { name: "Create account" }).click();
      await expect(page).toHaveURL(/\/login\?registered=1$/);
      await expect(page.getByRole("status")).toHaveText("Registration successful! Please check your email to confirm your account.");

      await signIn(page, email, PASSWORD);
      // The role's dashboard: the seller's has Create New Listing, the buyer's Your Watchlist.
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Rowan");
      await expect(page.getByRole("heading", { level: 2, name: sells ? "Your Listings" : "Your Watchlist" })).toBeVisible();
      const nav = page.getByRole("navigation", { name: "Main" });
      await expect(nav.getByRole("link", { name: "Dashboard" })).toBeVisible();
      // The seller's tools sit in the header's Sell menu.
      await expect(nav.getByText("Sell", { exact: true })).toHaveCount(sells ? 1 : 0);
      if (sells) await nav.getByText("Sell", { exact: true }).click();
      for (const name of ["Create Listing", "Bulk Upload"]) {
        await expect(nav.getByRole("link", { name })).toHaveCount(sells ? 1 : 0);
      }
    });
  }

  test("client-side validation shows each message beside its field and creates nothing", async ({ page }) => {
    const email = uniqueEmail("invalid");
    await page.goto("/register");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(field(page, "First name")).toHaveAccessibleDescription("First name is required");
    await expect(field(page, "Last name")).toHaveAccessibleDescription("Last name is required");
    await expect(field(page, "Email")).toHaveAccessibleDescription("Email is required");

    await field(page, "First name").fill("Vera");
    await field(page, "Last name").fill("Valid");
    await field(page, "Email").fill("not-an-email");
    await field(page, "Password").fill("short");
    await field(page, "Confirm password").fill("short");
    await expect(field(page, "First name")).not.toHaveAttribute("aria-invalid", "true");
    await expect(field(page, "Email")).toHaveAccessibleDescription("Please enter a valid email address");
    await expect(field(page, "Password")).toHaveAccessibleDescription("Password must be at least 8 characters long");

    await field(page, "Email").fill(email);
    await field(page, "Password").fill(PASSWORD);
    await field(page, "Confirm password").fill(`${PASSWORD}-typo`);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(field(page, "Confirm password")).toHaveAccessibleDescription("Passwords do not match");
    await expect(page).toHaveURL(/\/register$/);
    await expectSignInFails(page, email, PASSWORD);
  });

  test("a taken e-mail gets the same answer as a new one, no second account appears and the owner is mailed", async ({ page, request, clientIp }) => {
    const buyer = await createAccount(request, clientIp);
    await fillRegistration(page, {
      firstName: "Dora",
      lastName: "Double",
      email: buyer.email.toUpperCase(),
      password: "another-password-1",
      confirm: "another-password-1",
      intent: "Sell equipment",
    });
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/login\?registered=1$/);
    await expect(page.getByText("Registration successful! Please check your email to confirm your account.")).toBeVisible();
    expect(latestEmailTo(buyer.email)?.subject).toBe("Someone tried to create a Tradebench account with your address");
    await expectSignInFails(page, buyer.email, "another-password-1");
    await signIn(page, buyer.email, buyer.password);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server validates registration and renders each message beside its field", async ({ page }) => {
    await page.goto("/register");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(field(page, "First name")).toHaveAccessibleDescription("First name is required");
    await expect(field(page, "Last name")).toHaveAccessibleDescription("Last name is required");
    await expect(field(page, "Email")).toHaveAccessibleDescription("Email is required");

    const email = uniqueEmail("nojs");
    await fillRegistration(page, { firstName: "Nora", lastName: "Script", email: "nope@", password: "short", confirm: "shorter" });
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(field(page, "Email")).toHaveAccessibleDescription("Please enter a valid email address");
    await expect(field(page, "Password")).toHaveAccessibleDescription("Password must be at least 8 characters long");
    await expect(field(page, "First name")).toHaveValue("Nora");

    await fillRegistration(page, { firstName: "Nora", lastName: "Script", email, password: PASSWORD, confirm: `${PASSWORD}!` });
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(field(page, "Confirm password")).toHaveAccessibleDescription("Passwords do not match");

    await fillRegistration(page, { firstName: "Nora", lastName: "Script", email, password: "password123", confirm: "password123" });
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(field(page, "Password")).toHaveAccessibleDescription("This password is one of the most common ones and easy to guess. Please choose another.");

    await expectSignInFails(page, email, PASSWORD);
  });

  test("signing in works as a plain form post and sets the session cookie", async ({ page, context, request, clientIp }) => {
    const account = await createAccount(request, clientIp);
    await signIn(page, account.email, account.password);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Tess");
    expect((await context.cookies()).some((c) => c.name === "__Host-session" && c.value !== "")).toBe(true);
  });
});

test.describe("signing in", () => {
  test("a wrong password or missing fields keep the visitor on /login with a message", async ({ page, request, clientIp }) => {
    const account = await createAccount(request, clientIp);
    await expectSignInFails(page, account.email, "not-the-password");
    await expect(field(page, "Email")).toHaveValue(account.email);

    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(field(page, "Email")).toHaveAccessibleDescription("Email is required");
    await expect(field(page, "Password")).toHaveAccessibleDescription("Password is required");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("the return path is honoured for same-site paths and ignored for other sites", async ({ page, request, clientIp }) => {
    const buyer = await createAccount(request, clientIp);
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/login\?from=%2Fprofile$/);
    await field(page, "Email").fill(buyer.email);
    await field(page, "Password").fill(buyer.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/profile$/);

    await page.context().clearCookies();
    await page.goto("/login?from=//evil.example");
    await field(page, "Email").fill(buyer.email);
    await field(page, "Password").fill(buyer.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(new URL("/dashboard", baseURL()).href);
  });

  test("the submit button is disabled while the sign-in request is in flight", async ({ page, request, clientIp }) => {
    const buyer = await createAccount(request, clientIp);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let posted: () => void = () => {};
    const arrived = new Promise<void>((resolve) => (posted = resolve));
    await page.route(
      (url) => url.pathname.startsWith("/login"),
      async (route) => {
        if (route.request().method() === "POST") {
          posted();
          await held;
        }
        await route.continue();
      },
    );
    await page.goto("/login");
    await waitForHydration(page);
    await field(page, "Email").fill(buyer.email);
    await field(page, "Password").fill(buyer.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await arrived;
    await expect(page.getByRole("button", { name: /Sign(ing)? in/ })).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe("signing out", () => {
  test("the account menu signs out; GET /logout does not", async ({ page, request, clientIp }) => {
    const account = await createAccount(request, clientIp);
    await signIn(page, account.email, account.password);

    await page.goto("/logout");
    await expect(page).toHaveURL(new URL("/", baseURL()).href);
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Welcome, Tess" })).toBeVisible();

    await signOut(page);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Account menu for / })).toHaveCount(0);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?from=%2Fdashboard$/);
  });
});

test.describe("session cookie", () => {
  test("is named __Host-session, httpOnly, SameSite=Lax and Secure, new at every sign-in, and dead after sign-out", async ({
    page,
    context,
    request,
    clientIp,
  }) => {
    // Two sign-ins and a sign-out: scrypt is slow on purpose, slower on a busy machine.
    test.setTimeout(120_000);
    const account = await createAccount(request, clientIp);
    const sessionCookie = async () => (await context.cookies()).find((c) => c.name === "__Host-session");

    await signIn(page, account.email, account.password);
    const first = await sessionCookie();
    expect(first).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: true, path: "/" });
    expect((await context.cookies()).map((c) => c.name)).not.toContain("__session");

    await context.clearCookies();
    await signIn(page, account.email, account.password);
    const second = await sessionCookie();
    expect(second?.value).toBeTruthy();
    expect(second?.value).not.toBe(first?.value);

    await signOut(page);
    // The signed-out session's cookie, sent again by hand (a __Host- cookie cannot be planted for http://localhost
    // through the browser's cookie store): it names nobody any more.
    const replay = await request.get("/dashboard", { headers: { Cookie: `__Host-session=${String(second?.value)}` }, maxRedirects: 0 });
    expect(replay.status()).toBe(302);
    expect(replay.headers()["location"]).toBe("/login?from=%2Fdashboard");
  });
});

test.describe("password reset", () => {
  test("answers the same for known and unknown addresses and mails only the known one", async ({ page, request, clientIp }) => {
    const account = await createAccount(request, clientIp);
    const stranger = uniqueEmail("nobody");
    for (const email of [account.email, stranger]) {
      await page.goto("/forgot-password");
      await field(page, "Email").fill(email);
      await page.getByRole("button", { name: "Send reset link" }).click();
      await expect(page.getByRole("status")).toHaveText("Check your email for the password reset link!");
    }
    expect(latestEmailTo(account.email)?.text_body).toContain("/reset-password?token=");
    expect(latestEmailTo(stranger)).toBeUndefined();
  });

  test("a reset link checks the new password, then signs the user in on /dashboard", async ({ page, request, clientIp }) => {
    const account = await createAccount(request, clientIp);
    await page.goto("/forgot-password");
    await field(page, "Email").fill(account.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status")).toBeVisible();
    const link = resetLinkFor(account.email);

    await page.goto(link);
    await field(page, "New password").fill("short");
    await field(page, "Confirm new password").fill("short");
    await page.getByRole("button", { name: "Update password" }).click();
    await expect(field(page, "New password")).toHaveAccessibleDescription("Password must be at least 8 characters long");
    await field(page, "New password").fill(NEW_PASSWORD);
    await field(page, "Confirm new password").fill(`${NEW_PASSWORD}x`);
    await page.getByRole("button", { name: "Update password" }).click();
    await expect(field(page, "Confirm new password")).toHaveAccessibleDescription("Passwords do not match");
    await field(page, "Confirm new password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Update password" }).click();
    // Signing in adds the header's live-alerts region (also a status), so name the message.
    await expect(page.getByRole("status").filter({ hasText: "Password updated" })).toHaveText("Password updated successfully! Redirecting...");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Welcome, Tess" })).toBeVisible();

    await page.goto(link);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("after a reset the link is spent, the old password fails and the new one works", async ({ page, request, clientIp }) => {
    const account = await createAccount(request, clientIp);
    const ask = await request.post("/forgot-password", { form: { email: account.email }, headers: postHeaders(clientIp) });
    expect(ask.status()).toBe(200);
    const link = resetLinkFor(account.email);
    const token = new URL(link).searchParams.get("token");
    const reset = await request.post("/reset-password", {
      form: { token: String(token), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      headers: postHeaders(clientIp),
    });
    expect(reset.status()).toBe(200);

    await page.goto(link);
    await expect(page.getByRole("alert")).toHaveText("This reset link is invalid or has expired.");
    await expect(page.getByRole("textbox", { name: "New password" })).toHaveCount(0);
    await expectSignInFails(page, account.email, account.password);
    await signIn(page, account.email, NEW_PASSWORD);
  });
});

test.describe("rate limits", () => {
  test("after 5 wrong passwords for an account from one address the next attempt there gets the 429 page; the owner elsewhere signs in", async ({
    page,
    request,
    clientIp,
  }) => {
    const account = await createAccount(request, clientIp);
    for (let i = 0; i < 5; i++) expect((await loginAttempt(request, clientIp, account.email)).status()).toBe(401);
    await submitLogin(page, account.email, account.password);
    await expect(page.getByRole("heading", { name: "Too many attempts" })).toBeVisible();
    await expect(page.getByText(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/)).toBeVisible();

    const response = await loginAttempt(request, clientIp, account.email, account.password);
    expect(response.status()).toBe(429);
    expect(Number(response.headers()["retry-after"])).toBeGreaterThan(0);
    expect(await response.text()).toContain("Too many attempts. Please wait");
    expect((await loginAttempt(request, uniqueClientIp(), account.email, account.password)).status()).toBe(302);
  });
  // The rules themselves — ten addresses cannot lock the owner out, the 31st attempt from one address, the 4th reset
  // request for one e-mail — are tests/integration/accounts/sign-in-limits.test.ts and password-reset-limits.test.ts.
});

test.describe("server guards", () => {
  const form = { email: "someone@example.com", password: "whatever-password" };

  test("POSTs from another site, or from nowhere, are refused", async ({ request, clientIp }) => {
    const evil = await request.post("/login", { form, headers: { Origin: "https://evil.example", "X-Forwarded-For": clientIp } });
    expect(evil.status()).toBe(403);
    expect(await evil.text()).toBe("This request came from another site and was refused.");

    const anonymous = await request.post("/login", { form, headers: { "X-Forwarded-For": clientIp } });
    expect(anonymous.status()).toBe(403);
    expect(await anonymous.text()).toBe("This request came from another site and was refused.");

    const evilReferer = await request.post("/login", { form, headers: { Referer: "https://evil.example/x", "X-Forwarded-For": clientIp } });
    expect(evilReferer.status()).toBe(403);

    const sameSite = await request.post("/login", { form, headers: postHeaders(clientIp), maxRedirects: 0 });
    expect(sameSite.status()).not.toBe(403);
    expect(sameSite.status()).toBe(401);
  });

  test("GET / sends security headers and every inline script carries the CSP nonce", async ({ request }) => {
    const response = await request.get("/");
    expect(response.status()).toBe(200);
    const headers = response.headers();
    const csp = headers["content-security-policy"] ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    const nonce = csp.match(/script-src [^;]*'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBeTruthy();

    const html = await response.text();
    const inlineScripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]).filter((attrs) => !/\bsrc=/.test(attrs));
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const attrs of inlineScripts) expect(attrs).toContain(`nonce="${nonce}"`);
  });

  test("a body that is not a form gets a clear 400, never a 500", async ({ request, clientIp }) => {
    for (const path of ["/login", "/register", "/forgot-password", "/reset-password", "/newsletter"]) {
      const asJson = await request.post(path, { data: { email: "a@b.co" }, headers: postHeaders(clientIp) });
      expect(asJson.status(), `${path} with JSON`).toBe(400);
      expect(await asJson.text()).toContain("This request did not contain a form.");
      const brokenMultipart = await request.post(path, {
        data: "garbage",
        headers: { ...postHeaders(clientIp), "Content-Type": "multipart/form-data; boundary=x" },
      });
      expect(brokenMultipart.status(), `${path} with a broken multipart body`).toBe(400);
    }
  });

  test("GET /healthz reports the server and database as ok", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok", version: expect.any(String) });
  });
});
