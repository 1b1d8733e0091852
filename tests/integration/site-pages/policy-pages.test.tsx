// The static and policy pages as the server renders them: the pricing page is the fee schedule that checkout charges
// (change a rate and both change), every page has one h1 and headings in order, the FAQ filters on the server for
// ?q= (no JavaScript), and the figures shown are the ones the code enforces.
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ReachTrustAndSafety } from "~/components/site-pages/ReachUs.tsx";
import { CONTACT_PAGE } from "~/lib/contact-page.ts";
import { FOOTER_LINKS, NOT_FOUND_LINKS } from "~/lib/navigation.ts";
import {
  FEE_SCHEDULE,
  formatRate,
  INSPECTION_PERIOD_DAYS,
  REFUND_BUSINESS_DAYS,
  SELLER_RESPONSE_BUSINESS_DAYS,
  SUCCESS_FEE_RATE_BP,
  successFee,
} from "~/lib/fees.ts";
import { CLAIM_WINDOWS } from "~/lib/buyer-protection.ts";
import { MIN_PASSWORD_LENGTH } from "~/schemas/fields.ts";
import { parseEnv } from "~/env.server.ts";
import { CONFIRMATION_TOKEN_TTL_HOURS, RESET_TOKEN_TTL_HOURS } from "~/services/accounts/index.server.ts";
import { trustAndSafetyContact } from "~/services/platform/index.server.ts";
import * as about from "~/routes/about.tsx";
import * as buyerProtection from "~/routes/buyer-protection.tsx";
import * as faq from "~/routes/faq.tsx";
import * as pricing from "~/routes/pricing.tsx";
import * as privacy from "~/routes/privacy.tsx";
import * as prohibitedConduct from "~/routes/prohibited-conduct.tsx";
import * as terms from "~/routes/terms.tsx";
import { ChakraProvider } from "@chakra-ui/react";
import { renderToString } from "react-dom/server";
import { system } from "~/theme.ts";
import { pageRoute, renderPage, type RouteModule } from "../../support/route-pages.tsx";

const PAGES: Record<string, RouteModule> = {
  "/about": about,
  "/faq": faq,
  "/terms": terms,
  "/privacy": privacy,
  "/prohibited-conduct": prohibitedConduct,
  "/buyer-protection": buyerProtection,
  "/pricing": pricing,
};

function render(path: string, search = "") {
  return renderPage([pageRoute(path, PAGES[path]!)], new Request(`http://localhost${path}${search}`));
}

describe("the pricing page is the one fee schedule", () => {
  const original = structuredClone(FEE_SCHEDULE);
  afterEach(() => {
    // Put the module's schedule back exactly as it was.
    Object.assign(FEE_SCHEDULE.successFeeBp, original.successFeeBp);
    FEE_SCHEDULE.featuredListing = original.featuredListing;
    FEE_SCHEDULE.bulkImport = original.bulkImport;
  });

  it("shows the schedule's success fees, featured listing, payment and bulk import fee, and nothing that is not sold", async () => {
    const page = await render("/pricing");
    expect(page.status).toBe(200);
    // The price list's figures (docs/product/orders.md#fees), as the schedule defines them today.
    expect(page.text).toContain("Success fee, Buy It Now: 2.5%");
    expect(page.text).toContain("Success fee, Auction: 3.5%");
    expect(page.text).toContain("Success fee, Hybrid: 3%");
    expect(page.text).toContain("Featured listing: $1 a day");
    expect(page.text).toContain("Bought for 7, 14 or 30 days from your listing's page or Seller listings; it ends by itself.");
    expect(page.text).toContain("6 at a time, changing every 15 minutes");
    // What no flow sells is not on the price list; the FAQ says what featuring does.
    const faq = await render("/faq", "?q=featuring");
    expect(faq.text).toContain("What does featuring a listing do, and what does it cost?");
    expect(faq.text).toContain("take turns in Featured Equipment on the home page, 6 at a time");
    for (const unsold of [
      "Advanced analytics",
      "Priority support",
      "Bulk listing tools",
      "Custom branding",
      "per month",
      "billed monthly",
      "premium service",
    ]) {
      expect(page.text).not.toContain(unsold);
    }
    expect(page.text).toContain("Bulk CSV import: $5 per 25 listings");
    expect(page.text).toContain("Bank transfer into escrow: No fee");
    expect(page.text).toContain("Listing: Free");
    // The worked example is checkout's own arithmetic.
    expect(page.text).toContain(`$${(successFee(1_000_00, "auction").feeCents / 100).toFixed(2)}`);
  });

  it("changes when the schedule changes, and checkout charges the changed rate too", async () => {
    FEE_SCHEDULE.successFeeBp.auction = 475;
    FEE_SCHEDULE.successFeeBp.buy_now = 199;
    FEE_SCHEDULE.featuredListing = { ...FEE_SCHEDULE.featuredListing, dayPriceCents: 150, durations: [3, 10] };
    FEE_SCHEDULE.bulkImport = { blockSize: 40, priceCentsPerBlock: 800 };

    const page = await render("/pricing");
    expect(page.text).toContain("Success fee, Auction: 4.75%");
    expect(page.text).toContain("Success fee, Buy It Now: 1.99%");
    expect(page.text).not.toContain("3.5%");
    expect(page.text).toContain("Featured listing: $1.50 a day");
    expect(page.text).toContain("Bought for 3 or 10 days");
    expect(page.text).toContain("Bulk CSV import: $8 per 40 listings");
    expect(page.text).toContain("Fee on $1,000");
    expect(page.text).toContain("$47.50");

    // The same object is what orders are charged from (app/services/orders: successFee and SUCCESS_FEE_RATE_BP).
    expect(SUCCESS_FEE_RATE_BP).toBe(FEE_SCHEDULE.successFeeBp);
    expect(successFee(1_000_00, "auction")).toEqual({ rateBp: 475, feeCents: 4750 });
    expect(formatRate(SUCCESS_FEE_RATE_BP.buy_now)).toBe("1.99%");
  });

  it("hands the schedule to the page through its loader", async () => {
    const page = await render("/pricing");
    expect(page.loaderData).toMatchObject({ schedule: { successFeeBp: FEE_SCHEDULE.successFeeBp, bulkImport: FEE_SCHEDULE.bulkImport } });
  });
});

describe("every static and policy page", () => {
  for (const path of Object.keys(PAGES)) {
    it(`${path} answers 200 with one h1, headings in order, a title and a description`, async () => {
      const page = await render(path);
      expect(page.status).toBe(200);
      const levels = [...page.html.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
      expect(levels.filter((level) => level === 1)).toHaveLength(1);
      expect(levels[0]).toBe(1);
      levels.reduce((previous, level) => {
        expect(level, `h${level} after h${previous}`).toBeLessThanOrEqual(previous + 1);
        return level;
      });
      const meta = PAGES[path] as RouteModule & { meta: () => Array<{ title?: string; name?: string; content?: string }> };
      const tags = meta.meta();
      expect(tags.find((t) => t.title)?.title).toMatch(/Tradebench/);
      expect(tags.find((t) => t.name === "description")?.content?.length).toBeGreaterThan(50);
    });

    it(`${path} links to the contact form`, async () => {
      const page = await render(path);
      expect(page.html).toContain('href="/contact"');
    });
  }
});

describe("figures read from the code that enforces them", () => {
  it("buyer protection states the order flow's inspection, response and refund times and the claim windows", async () => {
    const page = await render("/buyer-protection");
    expect(page.text).toContain(`You have ${INSPECTION_PERIOD_DAYS} days from delivery to test it.`);
    expect(page.text).toContain(`The seller has ${SELLER_RESPONSE_BUSINESS_DAYS} business days to respond`);
    expect(page.text).toContain(`within ${REFUND_BUSINESS_DAYS} business days`);
    expect(page.text).toContain(`no later than ${CLAIM_WINDOWS.nonDeliveryDaysAfterExpectedDelivery} days after the expected delivery date`);
    expect(page.text).toContain(`Counterfeit: within ${CLAIM_WINDOWS.counterfeitDaysAfterDelivery} days after delivery`);
  });

  it("the terms are dated September 1, 2025 and link to the other policies", async () => {
    const page = await render("/terms");
    expect(page.text).toContain("Last updated September 1, 2025");
    for (const href of ["/privacy", "/prohibited-conduct", "/buyer-protection"]) expect(page.html).toContain(`href="${href}"`);
    expect(page.text).toContain(`at least ${MIN_PASSWORD_LENGTH} characters`);
  });

  it("the prohibited conduct policy runs through section 11 with the enforcement actions", async () => {
    const page = await render("/prohibited-conduct");
    expect(page.text).toContain("11. Changes to this policy");
    for (const action of ["A warning.", "Permanent termination of the account.", "Reporting to the authorities"]) expect(page.text).toContain(action);
    for (const href of ["/terms", "/privacy", "/buyer-protection"]) expect(page.html).toContain(`href="${href}"`);
  });

  it("the FAQ quotes the password length and the link lifetimes", async () => {
    const page = await render("/faq");
    expect(page.text).toContain(`At least ${MIN_PASSWORD_LENGTH} characters, when you register and when you reset it.`);
    expect(page.text).toContain(`expires after ${RESET_TOKEN_TTL_HOURS} hours`);
    expect(page.text).toContain(`The confirmation link expires after ${CONFIRMATION_TOKEN_TTL_HOURS} hours`);
  });
});

describe("the FAQ's search without JavaScript (?q=)", () => {
  it("shows only the matching questions, in open sections", async () => {
    const page = await render("/faq", "?q=refund");
    expect(page.text).toContain("How long does a refund take?");
    expect(page.text).not.toContain("How do I list equipment?");
    expect(page.html).toMatch(/<details[^>]* open=""/);
  });

  it("says so when nothing matches", async () => {
    const page = await render("/faq", "?q=flux+capacitor");
    expect(page.text).toContain("No questions match “flux capacitor”.");
    expect(page.html).not.toContain("<details");
  });

  it("opens General and only General without a search", async () => {
    const page = await render("/faq");
    const details = [...page.html.matchAll(/<details([^>]*)>/g)].map((m) => m[1]!.includes('open=""'));
    expect(details).toEqual([true, false, false, false, false, false, false]);
  });
});

describe("links to the contact form", () => {
  it("are in the footer and on the 404 page, and lead to the contact route", () => {
    expect(CONTACT_PAGE).toBe("/contact");
    expect(fs.existsSync(path.join("app/routes", "contact.tsx"))).toBe(true);
    expect(FOOTER_LINKS.some((link) => link.to === "/contact")).toBe(true);
    expect(NOT_FOUND_LINKS.some((link) => link.to === "/contact")).toBe(true);
  });
});

describe("trust & safety's lines come from the configuration", () => {
  // Given, so parsing never creates a kept secret file beside a database.
  const SESSION_SECRET = "policy-pages-test-secret-0000000000000";
  const env = (values: Record<string, string>) => parseEnv({ SESSION_SECRET, DATABASE_URL: ":memory:", ...values } as unknown as NodeJS.ProcessEnv);
  it("are null when unset, and the pages then offer the contact form", async () => {
    expect(trustAndSafetyContact(env({}))).toEqual({ email: null, phone: null });
    const page = await render("/prohibited-conduct");
    expect(page.html).not.toContain("mailto:");
    expect(page.text).toContain("contact form");
    expect(page.html).toContain('href="/contact"');
  });

  it("show the configured mailbox and phone as links", () => {
    const contact = trustAndSafetyContact(env({ TRUST_SAFETY_EMAIL: "safety@tradebench.example", TRUST_SAFETY_PHONE: "+1 555 010 2030" }));
    const html = renderToString(
      <ChakraProvider value={system}>
        <ReachTrustAndSafety contact={contact} />
      </ChakraProvider>,
    );
    expect(html).toContain('href="mailto:safety@tradebench.example"');
    expect(html).toContain('href="tel:+15550102030"');
  });

  it("refuse a mailbox that is not an e-mail address", () => {
    expect(() => env({ TRUST_SAFETY_EMAIL: "not-an-address" })).toThrow(/TRUST_SAFETY_EMAIL/);
  });
});
