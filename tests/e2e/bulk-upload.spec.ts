// The bulk CSV import in a browser: a seller uploads a file, fixes a bad row in place, runs the AI step
// (its progress comes over SSE and the page shows the result without a reload), pays with a promo code, imports, and
// finds the listings on /seller/listings. The photos point at the app's own address, which the server refuses to fetch
// (loopback): each row reports it and the import goes on without them. axe in light and dark mode on the review step.
import { expect, expectNoAxeViolations, signedInAsDemo, test, waitForHydration, withDatabase } from "./support.ts";

signedInAsDemo("seller");

test("upload, fix a row, process with AI, pay with a promo code, import, see the listings", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const tag = crypto.randomUUID().slice(0, 6).toUpperCase();
  const promo = `BULK${tag}`;
  withDatabase((db) => db.prepare("insert into promo_codes (code, discount_type, discount_value, max_uses) values (?, 'percentage', 5000, 5)").run(promo));
  const photo = `${baseURL}/no-such-photo-${tag}.jpg`;
  const csv = [
    "Manufacturer,MPN,Condition,Price,Images,Description",
    `Fluke,87V-${tag},good,325,${photo},"True-RMS meter, leads included"`,
    `Keysight,34465A-${tag},excellent,twelve hundred,${photo},`,
    `Tektronix,TDS2024C-${tag},fair,480,${photo},"Four channels; 200 MHz"`,
  ].join("\r\n");

  await page.goto("/bulk-upload?new=1");
  await waitForHydration(page);
  await page.getByLabel("CSV file").setInputFiles({ name: `stock-${tag}.csv`, mimeType: "text/csv", buffer: Buffer.from(`\uFEFF${csv}\r\n`) });
  await page.getByRole("button", { name: "Upload and continue" }).click();

  // Mapping: the aliases matched every column.
  await expect(page.getByRole("heading", { name: "Match your columns" })).toBeVisible();
  await expect(page.getByLabel("MPN")).toHaveValue("model");
  await page.getByRole("button", { name: "Check the rows" }).click();

  // Review: the bad price is reported on its row, fixed in place.
  await expect(page.getByRole("heading", { name: "Review imported listings" })).toBeVisible();
  const bad = page.getByTestId("bulk-row-2");
  await expect(bad.getByText("Price: Price 'twelve hundred' is not a number")).toBeVisible();
  await expect(page.getByText("2 ready · 1 to fix · 0 removed")).toBeVisible();
  await bad.getByLabel("Price (USD)").fill("1200");
  await bad.getByRole("button", { name: "Save row 2" }).click();
  await expect(page.getByText("3 ready · 0 to fix · 0 removed")).toBeVisible();

  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoAxeViolations(page);
  }

  // The AI step runs on the server; the page hears it finish.
  await page.getByRole("button", { name: "Process with AI" }).click();
  await expect(page.getByText(/AI processing finished/)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId("bulk-row-2").getByText("AI processed")).toBeVisible();

  // Payment: 3 listings → $5.00; the promo takes 50 %.
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page.getByRole("heading", { name: "Payment & Import Summary" })).toBeVisible();
  await expect(page.getByTestId("bulk-total")).toHaveText("$5.00");
  await page.getByLabel("Promo code").fill("nope");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid promo code");
  await page.getByLabel("Promo code").fill(promo.toLowerCase());
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Promo code applied: 50% discount")).toBeVisible();
  await expect(page.getByTestId("bulk-total")).toHaveText("$2.50");
  await page.getByRole("button", { name: "Import 3 Listings" }).click();

  await expect(page.getByRole("heading", { name: "Import Successful!" })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText("Successfully imported 3 listings!")).toBeVisible();
  // The photo the server would not fetch is on the row's report; a row with no photo that loaded is kept as a draft.
  await expect(page.getByText(/private or local network/).first()).toBeVisible();
  await expect(page.getByText("None of this row's photos loaded: its listing was saved as a draft, not published.", { exact: false }).first()).toBeVisible();
  const charged = withDatabase((db) => db.prepare("select total_cents, promo_code from bulk_import_charges order by id desc limit 1").get()) as {
    total_cents: number;
    promo_code: string;
  };
  expect(charged).toEqual({ total_cents: 250, promo_code: promo });

  await page.goto("/seller/listings");
  for (const model of [`87V-${tag}`, `34465A-${tag}`, `TDS2024C-${tag}`]) await expect(page.getByText(new RegExp(model)).first()).toBeVisible();
});

test("a file that is not CSV is refused with the spec's message, and the template downloads", async ({ page }) => {
  await page.goto("/bulk-upload?new=1");
  await waitForHydration(page);
  await page.getByLabel("CSV file").setInputFiles({ name: "stock.xlsx", mimeType: "application/vnd.ms-excel", buffer: Buffer.from("PK\u0003\u0004") });
  await page.getByRole("button", { name: "Upload and continue" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please upload a CSV file");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download the template CSV" }).click();
  expect((await download).suggestedFilename()).toBe("tradebench-bulk-template.csv");
});
