// Shared helpers for the end-to-end tests.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Browser, type Locator, type Page, type TestInfo } from "@playwright/test";
import type { Role } from "../../app/lib/roles.ts";
import * as OTPAuth from "otpauth";
import { DEMO_TOTP_SECRETS, demoAccount } from "../../db/seed/demo-accounts.ts";

export { DEMO_PASSWORD, demoAccount } from "../../db/seed/demo-accounts.ts";

export const databaseFile = () => path.join(process.env.E2E_DATA_DIR ?? "", "tradebench.sqlite");

/** A documentation-range address (RFC 5737) per test, sent as X-Forwarded-For, so rate limits stay per test. */
export function uniqueClientIp(): string {
  const bytes = crypto.randomBytes(2);
  return `198.51.${bytes[0]}.${bytes[1]}`;
}

export const test = base.extend<{ clientIp: string }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring pattern here
  clientIp: async ({}, provide) => provide(uniqueClientIp()),
  context: async ({ context, clientIp }, provide) => {
    await context.setExtraHTTPHeaders({ "X-Forwarded-For": clientIp });
    await provide(context);
  },
});
export { expect };

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}

/** Runs `work` on the e2e server's database file (a test writing its own rows, or reading what the server stored). */
export function withDatabase<T>(work: (db: Database.Database) => T): T {
  const db = new Database(databaseFile(), { fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** Reads the newest e-mail sent to an address from the server's outbox. */
export function latestEmailTo(address: string): { subject: string; text_body: string } | undefined {
  const db = new Database(databaseFile(), { readonly: true, fileMustExist: true });
  try {
    return db.prepare("select subject, text_body from email_outbox where to_address = ? order by id desc limit 1").get(address.toLowerCase()) as
      { subject: string; text_body: string } | undefined;
  } finally {
    db.close();
  }
}

/**
 * Marks a newly registered account as having followed its confirmation link (docs/decisions/0028), for specs whose
 * subject is not the confirmation itself (tests/e2e/email-confirmation.spec.ts follows the real link).
 */
export function confirmEmailOf(address: string): void {
  withDatabase((db) => {
    const changed = db.prepare("update users set email_confirmed_at = ? where email = ?").run(new Date().toISOString(), address.toLowerCase()).changes;
    if (changed !== 1) throw new Error(`no account for ${address}`);
  });
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // Checking a password is slow on purpose (scrypt): on a machine busy with other tests it can take seconds.
  await expect(page).toHaveURL(/\/(dashboard|login\/second-factor)$/, { timeout: 30_000 });
  if (new URL(page.url()).pathname === "/login/second-factor") await passSecondStep(page, email);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
}

/** The current authenticator-app code of a demo staff account (its secret is the demo's, printed in the README). */
export function demoTotpCode(email: string): string {
  const secret = DEMO_TOTP_SECRETS[email.toLowerCase()];
  if (!secret) throw new Error(`${email} has no demo second factor`);
  return OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 });
}

/**
 * Two-step sign-in's second step for a demo staff account, with the code of its known secret. A code
 * works once within its window and tests sign in as the same account side by side, so the step taken last is
 * forgotten in the server's database first (tests only), and the code typed again when another sign-in took it.
 */
export async function passSecondStep(page: Page, email: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    withDatabase((db) =>
      db.prepare("update totp_factors set last_used_step = null where user_id = (select id from users where email = ?)").run(email.toLowerCase()),
    );
    await page.getByRole("textbox", { name: "Code", exact: true }).fill(demoTotpCode(email));
    await page.getByRole("button", { name: "Verify" }).click();
    const outcome = await Promise.race([
      page.waitForURL((url) => url.pathname !== "/login/second-factor", { timeout: 30_000 }).then(() => "in" as const),
      page
        .getByText("That code has already been used.")
        .waitFor({ timeout: 30_000 })
        .then(() => "used" as const),
    ]);
    if (outcome === "in") return;
  }
  throw new Error(`The second step kept refusing ${email}'s code`);
}

/** Playwright's own warning when it refuses the site's service worker (serviceWorkers: "block", the default here). */
const BLOCKED_SERVICE_WORKER = "Service Worker registration blocked by Playwright";

/** Waits until React has hydrated the page: the colour toggle learns the mode in an effect, so its aria-pressed appears then. */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.getByRole("button", { name: /^Switch to (light|dark) mode$/ })).toHaveAttribute("aria-pressed", /^(true|false)$/);
}

/** Collects console errors and warnings (hydration mismatches included) for a page. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.text() === BLOCKED_SERVICE_WORKER) return;
    if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

/**
 * A demo account's signed-in storage state, shared by every test and worker of one run: the sign-in
 * rate limit allows only a few form sign-ins per account, so read-only checks reuse one session.
 */
export async function demoStorageState(browser: Browser, role: Role, testInfo: TestInfo): Promise<string> {
  const file = path.join(process.env.E2E_DATA_DIR ?? "", `storage-${role}-${process.env.E2E_PORT}.json`);
  if (fs.existsSync(file)) return file;
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    // Signed out, even inside a describe block that is signed in as someone else.
    storageState: { cookies: [], origins: [] },
    extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() },
  });
  try {
    const account = demoAccount(role);
    await signIn(await context.newPage(), account.email, account.password);
    const partial = `${file}.${process.pid}.tmp`;
    await context.storageState({ path: partial });
    fs.renameSync(partial, file);
  } finally {
    await context.close();
  }
  return file;
}

/** Runs the tests of the enclosing describe block signed in as the demo account of `role`. */
export function signedInAsDemo(role: Role): void {
  test.use({ storageState: async ({ browser }, provide, testInfo) => provide(await demoStorageState(browser, role, testInfo)) });
}

/**
 * Clicks a watch toggle and waits for the server to store the choice: the toggle turns at once (optimistically), so a
 * reload or navigation right after the click could otherwise cancel the request.
 */
export async function toggleWatch(page: Page, toggle: Locator): Promise<void> {
  const stored = page.waitForResponse(
    (response) => /^\/listings\/\d+\/watch(\.data)?$/.test(new URL(response.url()).pathname) && response.request().method() === "POST",
  );
  await toggle.click();
  expect((await stored).ok()).toBe(true);
}

/** The region where live alerts appear (app/components/LiveAlerts.tsx). */
export const LIVE_ALERTS = '[role="status"][aria-label="Live alerts"]';

/**
 * Axe's WCAG 2 A/AA rules on the page (or only on `include`): no violations, nothing axe could not decide, and the
 * rules named in `ran` really ran (so a page axe could not judge does not pass by saying nothing).
 *
 * Live alerts that other tests' actions raise for the shared demo accounts (outbid, a listing removed, …) can float
 * over the page at any moment, also while axe works: the region is hidden while the page under test is judged, unless
 * `include` is the region itself (tests/e2e/notifications.spec.ts judges an alert that way).
 */
export async function expectNoAxeViolations(
  page: Page,
  { ran = [], include, exclude }: { ran?: string[]; include?: string; exclude?: string } = {},
): Promise<void> {
  const included = include
    ? new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).include(include)
    : new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]);
  const axe = exclude ? included.exclude(exclude) : included;
  const hideAlerts = include !== LIVE_ALERTS;
  const hidden = hideAlerts ? await page.addStyleTag({ content: `${LIVE_ALERTS} { display: none !important; }` }) : null;
  const results = await axe.analyze();
  await hidden?.evaluate((style) => style.parentNode?.removeChild(style));
  const summarize = (items: typeof results.violations) =>
    items.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary ?? ""}`) }));
  expect(summarize(results.violations)).toEqual([]);
  expect(summarize(results.incomplete)).toEqual([]);
  expect(results.passes.map((rule) => rule.id)).toEqual(expect.arrayContaining(ran));
}

/**
 * The charts' drawings, whether the server's plain SVG or recharts' after hydration (the swap can land while axe runs):
 * they are hidden from assistive technology, their figures are in the tables beside them, and axe cannot decide the
 * contrast of SVG text over a drawing (it leaves it "incomplete"), so pages with charts are audited beside them.
 */
export const CHART_DRAWINGS = ".tb-chart-frame";

/**
 * The links' accessible names, in order: a header link holds both its full name and a short label for narrow bars
 * (one of the two hidden by CSS), so its text content is both, while its name is the full one — followed by
 * ", N unread" where the member has unread messages or notifications (app/lib/navigation.ts, unreadLinkLabel).
 */
export async function expectLinkNames(links: Locator, names: readonly string[]): Promise<void> {
  await expect(links).toHaveCount(names.length);
  for (const [index, name] of names.entries()) {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    await expect(links.nth(index)).toHaveAccessibleName(new RegExp(`^${escaped}(, \\d+ unread)?$`));
  }
}
