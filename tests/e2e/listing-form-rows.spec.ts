// The listing form's feature and specification rows keep what the seller typed when a row above them is removed
// (removing row 1 of A, B, C left two empty rows), with and without JavaScript, on /create-listing and
// /edit-listing; and the ISO/IEC 17025 check box answers the mouse.
import type { Page } from "@playwright/test";
import { expect, signedInAsDemo, test, waitForHydration } from "./support.ts";

const OSCILLOSCOPES = "industrial_electronics_test_measurement_oscilloscopes";

function origin(): string {
  return new URL(test.info().project.use.baseURL ?? "").origin;
}

const ROWS = ["A", "B", "C"];
const feature = (page: Page, n: number) => page.getByRole("textbox", { name: `Feature ${n}`, exact: true });
const specName = (page: Page, n: number) => page.getByRole("textbox", { name: `Specification ${n} name`, exact: true });
const specValue = (page: Page, n: number) => page.getByRole("textbox", { name: `Specification ${n} value`, exact: true });

/** Types A, B, C into the three feature rows and three specifications, removes the first of each, checks the rest. */
async function removeFirstRows(page: Page, { type = true }: { type?: boolean } = {}) {
  await expect(page.getByRole("textbox", { name: /^Feature \d+$/ })).toHaveCount(3);
  for (const [n, text] of ROWS.entries()) {
    if (type) {
      await feature(page, n + 1).fill(`Feature ${text}`);
      await specName(page, n + 1).fill(`Name ${text}`);
      await specValue(page, n + 1).fill(`Value ${text}`);
    } else {
      await expect(feature(page, n + 1)).toHaveValue(`Feature ${text}`);
    }
  }
  await page.getByRole("button", { name: "Remove feature 1", exact: true }).click();
  await expect(page.getByRole("textbox", { name: /^Feature \d+$/ })).toHaveCount(2);
  await expect(feature(page, 1)).toHaveValue("Feature B");
  await expect(feature(page, 2)).toHaveValue("Feature C");
  await page.getByRole("button", { name: "Remove specification 1", exact: true }).click();
  await expect(page.getByRole("textbox", { name: /^Specification \d+ name$/ })).toHaveCount(2);
  await expect(specName(page, 1)).toHaveValue("Name B");
  await expect(specValue(page, 1)).toHaveValue("Value B");
  await expect(specName(page, 2)).toHaveValue("Name C");
  await expect(specValue(page, 2)).toHaveValue("Value C");
  // The features typed earlier survived the second removal too.
  await expect(feature(page, 1)).toHaveValue("Feature B");
  await expect(feature(page, 2)).toHaveValue("Feature C");
}

async function fillRequired(page: Page, title: string) {
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await page.getByRole("textbox", { name: "Description", exact: true }).fill("Bench-tested, with probes and power cord.");
  await page.getByRole("combobox", { name: "Category", exact: true }).selectOption(OSCILLOSCOPES);
  await page.getByRole("combobox", { name: "Condition", exact: true }).selectOption("used_good");
  await page.getByRole("spinbutton", { name: "Price", exact: true }).fill("1250");
}

/** The saved listing's page lists exactly the kept rows. */
async function expectSavedRows(page: Page) {
  const main = page.getByRole("main");
  await expect(main.getByText("Feature B", { exact: true })).toBeVisible();
  await expect(main.getByText("Feature C", { exact: true })).toBeVisible();
  await expect(main.getByText("Feature A", { exact: true })).toHaveCount(0);
  await expect(main.getByText("Value B", { exact: true })).toBeVisible();
  await expect(main.getByText("Value C", { exact: true })).toBeVisible();
  await expect(main.getByText("Value A", { exact: true })).toHaveCount(0);
}

/** A draft listing of the demo seller through the form post, with rows A, B and C of each kind when asked. */
async function createListing(page: Page, title: string, { withRows = false }: { withRows?: boolean } = {}): Promise<number> {
  const rows: Record<string, string> = {};
  if (withRows) {
    for (const [n, text] of ROWS.entries()) {
      rows[`features[${n}]`] = `Feature ${text}`;
      rows[`specifications[${n}].key`] = `Name ${text}`;
      rows[`specifications[${n}].value`] = `Value ${text}`;
    }
  }
  const response = await page.request.post("/create-listing", {
    headers: { Origin: origin() },
    multipart: {
      title,
      description: "For the rows test.",
      categoryId: OSCILLOSCOPES,
      listingType: "buy_now",
      price: "999",
      currency: "USD",
      condition: "used_good",
      status: "draft",
      ...rows,
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  return Number((response.headers().location ?? "").split("/").pop());
}

// Several pages and saves a test: the default 30 s is tight on a busy machine.
test.describe.configure({ timeout: 90_000 });

test.describe("as a seller", () => {
  signedInAsDemo("seller");

  test("removing the first feature and specification keeps the text of the rows below, and the listing saves them", async ({ page }) => {
    await page.goto("/create-listing");
    await waitForHydration(page);
    await fillRequired(page, `Rows kept with script ${Date.now()}`);
    await removeFirstRows(page);
    await page.getByRole("button", { name: "Create Listing" }).click();
    await expect(page).toHaveURL(/\/listings\/\d+$/);
    await expectSavedRows(page);
  });

  test("the edit form keeps the rows below a removed one", async ({ page }) => {
    const id = await createListing(page, `Rows kept on edit ${Date.now()}`, { withRows: true });
    await page.goto(`/edit-listing/${id}`);
    await waitForHydration(page);
    await removeFirstRows(page, { type: false });
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Your changes have been saved.")).toBeVisible();
    await expect(feature(page, 1)).toHaveValue("Feature B");
    await expect(specValue(page, 2)).toHaveValue("Value C");
  });

  test("the ISO/IEC 17025 check box is ticked and cleared by the mouse, on its box and on its label", async ({ page }) => {
    const id = await createListing(page, `Accredited by click ${Date.now()}`);
    for (const url of ["/create-listing", `/edit-listing/${id}`]) {
      await page.goto(url);
      await waitForHydration(page);
      const box = page.getByRole("checkbox", { name: "Calibrated by an ISO/IEC 17025 accredited laboratory" });
      await expect(box).not.toBeChecked();
      await page.getByText("Calibrated by an ISO/IEC 17025 accredited laboratory", { exact: true }).click();
      await expect(box, url).toBeChecked();
      await page.getByText("Calibrated by an ISO/IEC 17025 accredited laboratory", { exact: true }).click();
      await expect(box, url).not.toBeChecked();
      await box.click({ force: true });
      await expect(box, url).toBeChecked();
    }
    // The auction's Auto-extend box (the same pattern) answers the mouse too.
    await page.goto("/create-listing");
    await waitForHydration(page);
    await page.getByRole("combobox", { name: "Listing type", exact: true }).selectOption("auction");
    const autoExtend = page.getByRole("checkbox", { name: "Auto-extend when bids arrive in the last 5 minutes" });
    const wasTicked = await autoExtend.isChecked();
    await page.getByText("Auto-extend when bids arrive in the last 5 minutes", { exact: true }).click();
    await expect(autoExtend).toBeChecked({ checked: !wasTicked });
    // Saved with the edit form, the accredited box stays ticked.
    await page.goto(`/edit-listing/${id}`);
    await waitForHydration(page);
    await page.getByText("Calibrated by an ISO/IEC 17025 accredited laboratory", { exact: true }).click();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Your changes have been saved.")).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Calibrated by an ISO/IEC 17025 accredited laboratory" })).toBeChecked();
  });
});

test.describe("as a seller without JavaScript", () => {
  signedInAsDemo("seller");
  test.use({ javaScriptEnabled: false });

  test("Remove sends the form back with the rows below the removed one kept", async ({ page }) => {
    await page.goto("/create-listing");
    await fillRequired(page, `Rows kept without script ${Date.now()}`);
    await removeFirstRows(page);
    await page.getByRole("button", { name: "Create Listing" }).click();
    await expect(page).toHaveURL(/\/listings\/\d+$/);
    await expectSavedRows(page);
  });

  test("the edit form too", async ({ page }) => {
    const id = await createListing(page, `Rows kept on edit without script ${Date.now()}`, { withRows: true });
    await page.goto(`/edit-listing/${id}`);
    await removeFirstRows(page, { type: false });
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Your changes have been saved.")).toBeVisible();
    await expect(feature(page, 1)).toHaveValue("Feature B");
  });
});
