// The installable app on the production build: the service worker installs and controls the page, precaches the
// client assets and the offline page, keeps Remix's client navigation working (online, and offline by loading the
// offline page), and a new build is offered as "A new version is available — Reload" and taken only on Reload.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test, watchConsole } from "./support.ts";

// Every other spec blocks service workers (playwright.config.ts).
test.use({ serviceWorkers: "allow" });
// The update test rewrites sw.js in the build; the other tests here must not install that copy meanwhile.
test.describe.configure({ mode: "serial" });

const serviceWorkerFile = path.resolve(process.env.BUILD_DIR ?? "build", "client", "sw.js");

/** Opens a page and waits until the service worker controls it (the first version claims open pages). */
async function openControlled(page: Page, url = "/"): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated");
}

/** Marks the current document, to tell a client-side navigation (mark kept) from a document load (mark gone). */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => document.documentElement.setAttribute("data-test-document", "before"));
}
const documentMarked = (page: Page) => page.evaluate(() => document.documentElement.getAttribute("data-test-document") === "before");

test("the service worker installs, controls the page and precaches the assets and the offline page", async ({ page }) => {
  const problems = watchConsole(page);
  await openControlled(page);

  const precache = await page.evaluate(async () => {
    const offlinePage = await caches.match("/offline.html", { ignoreSearch: true });
    // Every hashed client asset this page loaded.
    const scripts = performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name).pathname)
      .filter((pathname) => pathname.startsWith("/assets/"));
    const missing: string[] = [];
    for (const script of scripts) if (!(await caches.match(script, { ignoreSearch: true }))) missing.push(script);
    const manifest = await caches.match("/manifest.webmanifest", { ignoreSearch: true });
    return { offlinePage: offlinePage ? await offlinePage.text() : null, scripts: scripts.length, missing, manifest: Boolean(manifest) };
  });
  expect(precache.offlinePage).toContain('src="/offline/offline-page.js"');
  expect(precache.scripts).toBeGreaterThan(0);
  expect(precache.missing).toEqual([]);
  expect(precache.manifest).toBe(true);
  expect(problems).toEqual([]);
});

test("the worker script is revalidated on every load and the manifest has its content type", async ({ page }) => {
  const worker = await page.request.get("/sw.js");
  expect(worker.ok()).toBe(true);
  expect(worker.headers()["cache-control"]).toBe("no-cache");
  const manifest = await page.request.get("/manifest.webmanifest");
  expect(manifest.headers()["content-type"]).toContain("application/manifest+json");
  expect((await manifest.json()).short_name).toBe("Tradebench");
  const icon = await page.request.get("/icons/icon-512.png");
  expect(icon.headers()["content-type"]).toBe("image/png");
});

test("Remix's client navigation works under the service worker", async ({ page }) => {
  const problems = watchConsole(page);
  await openControlled(page);
  await markDocument(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Auctions", exact: true }).click();
  await expect(page).toHaveURL(/\/auctions$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await documentMarked(page)).toBe(true);
  expect(problems).toEqual([]);
});

test("offline, a client navigation loads the offline page instead of an error", async ({ page, context }) => {
  await openControlled(page);
  await markDocument(page);
  // Offline for the page and for the service worker's own fetches.
  await context.setOffline(true);
  try {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Equipment", exact: true }).click();
    await expect(page).toHaveURL(/\/listings$/);
    // The data request failed, the worker answered "reload the document", and the document is the offline page.
    await page.waitForFunction(() => document.querySelector('script[src="/offline/offline-page.js"]') !== null);
    expect(await documentMarked(page)).toBe(false);
  } finally {
    await context.setOffline(false);
  }
});

test("a new build is offered as an update and taken only when the user presses Reload", async ({ page, context }) => {
  await openControlled(page);
  const original = fs.readFileSync(serviceWorkerFile, "utf8");
  try {
    // A new build: the same worker with different bytes.
    fs.writeFileSync(serviceWorkerFile, `${original}\n// update test ${Date.now()}\n`);
    const newWorker = context.waitForEvent("serviceworker");
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    const worker = await newWorker;

    const prompt = page.getByRole("status").filter({ hasText: "A new version is available — Reload" });
    await expect(prompt).toBeVisible();
    // Nothing changes until the user agrees: the new version waits.
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);
    await markDocument(page);

    const reloaded = page.waitForEvent("load");
    await prompt.getByRole("button", { name: "Reload" }).click();
    await reloaded;

    expect(await documentMarked(page)).toBe(false);
    await expect.poll(() => worker.evaluate(() => (self as unknown as { serviceWorker: ServiceWorker }).serviceWorker.state)).toBe("activated");
    const after = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { waiting: Boolean(registration?.waiting), controlled: navigator.serviceWorker.controller?.state ?? null };
    });
    expect(after).toEqual({ waiting: false, controlled: "activated" });
    await expect(page.getByRole("status").filter({ hasText: "A new version is available" })).toHaveCount(0);
  } finally {
    fs.writeFileSync(serviceWorkerFile, original);
  }
});

test("Install app appears only once the browser offers installation, and opens the browser's dialog", async ({ page }) => {
  await openControlled(page);
  await expect(page.getByRole("button", { name: "Install app" })).toHaveCount(0);
  // Chromium's offer, as the browser would send it (a real one needs the user's engagement with the site first).
  await page.evaluate(() => {
    const offer = new Event("beforeinstallprompt", { cancelable: true });
    Object.assign(offer, {
      prompt: async () => document.documentElement.setAttribute("data-test-install-prompted", "yes"),
      userChoice: Promise.resolve({ outcome: "accepted", platform: "web" }),
    });
    window.dispatchEvent(offer);
  });
  const install = page.getByRole("button", { name: "Install app" });
  await expect(install).toBeVisible();
  await install.click();
  await expect(page.locator("html")).toHaveAttribute("data-test-install-prompted", "yes");
  // The offer can be used once.
  await expect(install).toHaveCount(0);
});
