// The contact form in a browser (docs/product/platform.md#routes): "Sending..." while the message goes, the success banner
// for 5 seconds with the form cleared, the required fields' messages, a member's name and e-mail filled in, the order
// page's "Contact us" carrying the order, and axe in light and dark mode.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { demoAccount, expect, signedInAsDemo, test, waitForHydration, withDatabase } from "./support.ts";

const field = (page: Page, name: string) => page.getByRole("main").getByRole("textbox", { name, exact: true });

async function fillForm(page: Page, subject: string) {
  await field(page, "Name").fill("Ada Lovelace");
  await field(page, "Email").fill("ada@example.com");
  await field(page, "Company (optional)").fill("Analytical Engines Ltd");
  await field(page, "Subject").fill(subject);
  await field(page, "Message").fill("Can a 40 kg signal generator be shipped to Leeds?");
}

test("a message shows Sending..., then the success banner for 5 seconds with the form cleared, and is kept", async ({ page }) => {
  await page.goto("/contact");
  await waitForHydration(page);
  const subject = `Shipping question ${crypto.randomUUID().slice(0, 8)}`;
  await fillForm(page, subject);

  // The action's request waits until the test has seen the button's sending state.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/contact.data*", async (route) => {
    if (route.request().method() === "POST") await released;
    await route.continue();
  });
  await page.getByRole("button", { name: "Send message" }).click();
  const sending = page.getByRole("button", { name: "Sending..." });
  await expect(sending).toBeVisible();
  await expect(sending).toBeDisabled();
  release();

  const banner = page.getByRole("status").filter({ hasText: "Your message has been sent." });
  await expect(banner).toBeVisible();
  await expect(field(page, "Subject")).toHaveValue("");
  await expect(field(page, "Message")).toHaveValue("");
  await expect(field(page, "Name")).toHaveValue("");
  await expect(page.getByRole("button", { name: "Send message" })).toBeEnabled();
  const kept = withDatabase((db) => db.prepare("select name, email, company, status from support_requests where subject = ?").all(subject));
  expect(kept).toEqual([{ name: "Ada Lovelace", email: "ada@example.com", company: "Analytical Engines Ltd", status: "open" }]);
  // Gone after the spec's 5 seconds (the default wait is shorter, so the banner was not there for less).
  await expect(banner).toBeHidden({ timeout: 8_000 });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form sends, shows the success banner and comes back empty; a missing field is named", async ({ page }) => {
    await page.goto("/contact");
    const subject = `No-script question ${crypto.randomUUID().slice(0, 8)}`;
    await fillForm(page, subject);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your message has been sent." })).toBeVisible();
    await expect(field(page, "Subject")).toHaveValue("");
    expect(withDatabase((db) => db.prepare("select count(*) as n from support_requests where subject = ?").get(subject))).toEqual({ n: 1 });

    await fillForm(page, "");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Subject is required", { exact: true })).toBeVisible();
    await expect(field(page, "Message")).toHaveValue("Can a 40 kg signal generator be shipped to Leeds?");
  });
});

test("required fields say what is missing, and nothing is sent", async ({ page }) => {
  await page.goto("/contact");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Send message" }).click();
  for (const message of ["Name is required", "Email is required", "Subject is required", "Message is required"]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await field(page, "Email").fill("not-an-address");
  await field(page, "Email").blur();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
});

test("the page shows business hours and FAQ snippets linking to the FAQ", async ({ page }) => {
  await page.goto("/contact");
  await expect(page.getByRole("heading", { level: 2, name: "Business hours" })).toBeVisible();
  await expect(page.getByText("9:00 AM – 6:00 PM EST")).toBeVisible();
  await expect(page.getByText("Closed", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Quick answers" })).toBeVisible();
  await expect(page.getByText("What is Tradebench?")).toBeVisible();
  await page.getByRole("link", { name: "See all frequently asked questions" }).click();
  await expect(page).toHaveURL(/\/faq$/);
});

test.describe("signed in as the demo buyer", () => {
  signedInAsDemo("buyer");

  test("name and e-mail are filled in, and an order awaiting payment links here with its reference", async ({ page }) => {
    const account = demoAccount("buyer");
    const order = withDatabase(
      (db) =>
        db
          .prepare("select o.id, o.reference from orders o join users u on u.id = o.buyer_id where u.email = ? and o.status = 'pending' order by o.id limit 1")
          .get(account.email) as { id: number; reference: string } | undefined,
    );
    expect(order, "the demo seed has an order awaiting the demo buyer's payment").toBeDefined();
    await page.goto(`/orders/${order!.id}`);
    await page.getByRole("link", { name: "Contact us" }).click();
    await expect(page).toHaveURL(new RegExp(`/contact\\?order=${order!.id}$`));
    await expect(page.getByTestId("contact-order")).toContainText(order!.reference);
    await expect(field(page, "Name")).toHaveValue(`${account.firstName} ${account.lastName}`);
    await expect(field(page, "Email")).toHaveValue(account.email);
  });
});

for (const scheme of ["light", "dark"] as const) {
  test.describe(`accessibility in ${scheme} mode`, () => {
    test.use({ colorScheme: scheme });
    test("/contact has no WCAG 2 A/AA violations, with field errors shown too", async ({ page }) => {
      await page.goto("/contact");
      await waitForHydration(page);
      await expect(page.locator("html")).toHaveClass(scheme);
      const check = async () => {
        const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
        const summarize = (items: typeof results.violations) =>
          items.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary ?? ""}`) }));
        expect(summarize(results.violations)).toEqual([]);
        expect(summarize(results.incomplete)).toEqual([]);
        expect(results.passes.map((rule) => rule.id)).toEqual(expect.arrayContaining(["color-contrast", "label"]));
      };
      await check();
      await page.getByRole("button", { name: "Send message" }).click();
      await expect(page.getByText("Name is required", { exact: true })).toBeVisible();
      await check();
    });
  });
}
