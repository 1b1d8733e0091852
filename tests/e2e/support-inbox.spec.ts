// The support inbox in a browser (decision 0041): the demo support agent opens it from the account menu,
// opens a contact-form message, assigns it to themself, replies by e-mail (the reply is in the history and in the
// outbox to the sender), closes and reopens it; closing from the list; the views; axe in light and dark mode on the
// list and on a message. Members without the permission are refused.
import { expect, expectNoAxeViolations, signedInAsDemo, test, waitForHydration, withDatabase } from "./support.ts";

/** A contact-form message as the form keeps it; its subject is unique to the test. Returns its id. */
function keepMessage(subject: string): number {
  return withDatabase(
    (db) =>
      db
        .prepare("insert into support_requests (name, email, subject, message) values (?, ?, ?, ?) returning id")
        .get("Grace Hopper", "grace@example.com", subject, "The scope I bought arrived with a cracked screen.\nThe box was intact.") as { id: number },
  ).id;
}

const uniqueSubject = (prefix: string) => `${prefix} ${crypto.randomUUID().slice(0, 8)}`;

test.describe("the demo support agent", () => {
  signedInAsDemo("support");

  test("opens the inbox from the account menu, opens a message, assigns it, replies, closes and reopens it", async ({ page }) => {
    const subject = uniqueSubject("Cracked screen");
    const id = keepMessage(subject);
    await page.goto("/dashboard");
    await waitForHydration(page);
    await page.getByRole("button", { name: /^Account menu/ }).click();
    await page.getByRole("menuitem", { name: "Support inbox" }).click();
    await expect(page).toHaveURL(/\/support-inbox$/);
    // The seeded demo messages are there too.
    await expect(page.getByRole("article", { name: "Shipping a rack-mount spectrum analyzer to Canada" })).toBeVisible();
    const listed = page.getByRole("article", { name: subject });
    await expect(listed).toContainText("From Grace Hopper <grace@example.com>");
    await expect(listed).toContainText("Not assigned");
    await listed.getByRole("link", { name: subject }).click();

    await expect(page).toHaveURL(new RegExp(`/support-inbox/${id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(subject);
    const message = page.getByRole("region", { name: "Message" });
    await expect(message).toContainText("The scope I bought arrived with a cracked screen.");
    await expect(message).toContainText("The box was intact.");
    await expect(message.getByRole("link", { name: "grace@example.com" })).toHaveAttribute("href", "mailto:grace@example.com");
    await expect(page.getByRole("region", { name: "Sender's account" })).toContainText("No account uses grace@example.com");

    await page.getByRole("button", { name: "Assign to me" }).click();
    await expect(page.getByRole("status").filter({ hasText: "The message was assigned." })).toBeVisible();
    await expect(page.getByRole("region", { name: "Assignment" })).toContainText("Assigned to you.");

    const reply = page.getByRole("textbox", { name: "Reply" });
    await reply.fill("Sorry to hear that. Please send us a photo of the screen and we will open a claim with the seller.");
    await page.getByRole("button", { name: "Send reply", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your reply was sent to the sender by e-mail" })).toBeVisible();
    const history = page.getByRole("region", { name: "History" });
    await expect(history).toContainText("Reply sent by Suki Helper");
    await expect(history).toContainText("Please send us a photo of the screen");
    await expect(page.getByRole("textbox", { name: "Reply" })).toHaveValue("");
    const mailed = withDatabase((db) =>
      db.prepare("select subject, text_body from email_outbox where to_address = ? order by id desc limit 1").get("grace@example.com"),
    ) as { subject: string; text_body: string } | undefined;
    expect(mailed?.subject).toBe(`Re: ${subject} [Tradebench support #${id}]`);
    expect(mailed?.text_body).toContain("Please send us a photo of the screen");

    await page.getByRole("button", { name: "Close the message" }).click();
    await expect(page.getByRole("status").filter({ hasText: "The message was closed." })).toBeVisible();
    await expect(history).toContainText("Closed by Suki Helper");
    await page.getByRole("link", { name: "Back to the support inbox" }).click();
    await expect(page.getByRole("article", { name: subject })).toHaveCount(0);
    await page
      .getByRole("navigation", { name: "Inbox views" })
      .getByRole("link", { name: /^Closed/ })
      .click();
    await expect(page.getByRole("article", { name: subject })).toContainText("1 reply");

    await page.getByRole("article", { name: subject }).getByRole("link", { name: subject }).click();
    await page.getByRole("button", { name: "Reopen the message" }).click();
    await expect(page.getByRole("status").filter({ hasText: "The message was reopened." })).toBeVisible();
    await page.getByRole("link", { name: "Back to the support inbox" }).click();
    await page
      .getByRole("navigation", { name: "Inbox views" })
      .getByRole("link", { name: /^Assigned to me/ })
      .click();
    await expect(page.getByRole("article", { name: subject })).toBeVisible();
  });

  test("closes a message from the list", async ({ page }) => {
    const subject = uniqueSubject("Close from list");
    keepMessage(subject);
    await page.goto("/support-inbox");
    await waitForHydration(page);
    await page
      .getByRole("article", { name: subject })
      .getByRole("button", { name: `Close “${subject}” from Grace Hopper` })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "The message was closed." })).toBeVisible();
    await expect(page.getByRole("article", { name: subject })).toHaveCount(0);
  });

  test("an empty reply is refused beside the field", async ({ page }) => {
    const id = keepMessage(uniqueSubject("Empty reply"));
    await page.goto(`/support-inbox/${id}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Send reply", exact: true }).click();
    await expect(page.getByText("Reply is required")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Reply" })).toHaveAttribute("aria-invalid", "true");
  });

  for (const scheme of ["light", "dark"] as const) {
    test.describe(`in ${scheme} mode`, () => {
      test.use({ colorScheme: scheme });
      test("/support-inbox and a message's page have no WCAG 2 A/AA violations", async ({ page }) => {
        const id = keepMessage(uniqueSubject("Axe check"));
        await page.goto("/support-inbox");
        await waitForHydration(page);
        await expect(page.locator("html")).toHaveClass(scheme);
        await expect(page.getByRole("article").first()).toBeVisible();
        await expectNoAxeViolations(page);

        await page.goto(`/support-inbox/${id}`);
        await waitForHydration(page);
        await expect(page.locator("html")).toHaveClass(scheme);
        await expect(page.getByRole("region", { name: "History" })).toBeVisible();
        await expectNoAxeViolations(page);
      });
    });
  }
});

test.describe("the demo buyer", () => {
  signedInAsDemo("buyer");

  test("is refused the inbox and its messages, and has no link to it", async ({ page }) => {
    const id = keepMessage(uniqueSubject("Not for buyers"));
    expect((await page.goto("/support-inbox"))?.status()).toBe(403);
    await expect(page.getByRole("link", { name: "Support inbox" })).toHaveCount(0);
    expect((await page.goto(`/support-inbox/${id}`))?.status()).toBe(403);
  });
});
