// /admin/exchange-rates through its loader, action and rendered page (docs/decisions/0069), on both
// engines: billing staff set one rate (strictly read), import a CSV and the ECB's daily XML (a replay changes nothing),
// a bad or oversized file says why and changes nothing, roles without can_manage_billing are refused, every change is
// an audit row on /admin/audit-log, and the console's navigation links the page. The expected reference amounts are
// computed by hand.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { EXCHANGE_RATE_MESSAGES, MAX_RATE_FILE_BYTES } from "~/lib/exchange-rates.ts";
import { routeCalls } from "../../support/route-calls.ts";
import { pageRoute, renderPage, ROUTE_CONTEXT, sessionCookie, type RouteModule } from "../../support/route-pages.tsx";
import { insertListingRow } from "../../support/listings.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const ratesRoute = await import("~/routes/admin.exchange-rates.tsx");
const auditRoute = await import("~/routes/admin.audit-log.tsx");
const adminFrame = await import("~/routes/admin.tsx");

let opened: OpenedDatabase;
type RateAnswer = { ok: boolean; intent: string; message: string; fieldErrors?: Record<string, string[]> };
const calls = () => routeCalls<RateAnswer>({ db: () => opened.db });
const people = { billing: "", superAdmin: "", admin: "", seller: "" };
let eurListing = 0;

const DAY_MS = 86_400_000;
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  people.billing = await insertUserRow(opened.db, "ledger@example.test", "billing");
  people.superAdmin = await insertUserRow(opened.db, "root@example.test", "super_admin");
  people.admin = await insertUserRow(opened.db, "admin@example.test", "admin");
  people.seller = await insertUserRow(opened.db, "seller@example.test", "seller");
  await opened.db.updateTable("profiles").set({ first_name: "Ines", last_name: "Ledger" }).where("id", "=", people.billing).execute();
  // €900.00.
  eurListing = await insertListingRow(opened.db, people.seller, { price_cents: 90_000, currency: "EUR" });
});
afterAll(async () => {
  await opened.close();
});

const count = async (table: "exchange_rates" | "audit_events") =>
  Number(
    (
      await opened.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function rate(currency: string, date: string) {
  return opened.db
    .selectFrom("exchange_rates")
    .select(["units_per_usd", "source", "recorded_by"])
    .where("currency", "=", currency)
    .where("rate_date", "=", date)
    .executeTakeFirst();
}

async function referenceAmount(listingId: number): Promise<number | null> {
  const row = await opened.db.selectFrom("equipment_listings").select("reference_amount").where("id", "=", listingId).executeTakeFirstOrThrow();
  return row.reference_amount === null ? null : Number(row.reference_amount);
}

/** A POST of a file to the import form, as the browser sends it (multipart), by `as`. */
async function upload(as: string, name: string, body: BlobPart, type = "text/csv"): Promise<{ status: number; data: RateAnswer }> {
  const form = new FormData();
  form.append("intent", "import");
  form.append("file", new File([body], name, { type }));
  const request = new Request("http://localhost/admin/exchange-rates", { method: "POST", body: form, headers: { Cookie: await sessionCookie(opened.db, as) } });
  return (await calls().answer(() => ratesRoute.action({ request, params: {}, context: ROUTE_CONTEXT }))) as { status: number; data: RateAnswer };
}

function ecbFile(date: string, rates: Record<string, string>): string {
  const cubes = Object.entries(rates)
    .map(([currency, value]) => `\t\t\t<Cube currency='${currency}' rate='${value}'/>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
\t<Cube>
\t\t<Cube time='${date}'>
${cubes}
\t\t</Cube>
\t</Cube>
</gesmes:Envelope>
`;
}

describe("/admin/exchange-rates: setting one rate", () => {
  it("billing staff set a rate: stored, applied to the listings, audited and shown with who set it", async () => {
    const auditBefore = await count("audit_events");
    const answer = await calls().post(ratesRoute, "/admin/exchange-rates", people.billing, {
      intent: "set",
      currency: "EUR",
      date: day(0),
      unitsPerUsd: "0.9",
    });
    expect(answer).toMatchObject({ status: 200, data: { ok: true, message: EXCHANGE_RATE_MESSAGES.saved("EUR", day(0)) } });
    expect(await rate("EUR", day(0))).toEqual({ units_per_usd: "0.9", source: "manual", recorded_by: people.billing });
    // €900.00 at 0.9 € per $ = $1,000.00 → 100,000 reference cents.
    expect(await referenceAmount(eurListing)).toBe(100_000);
    expect(await count("audit_events")).toBe(auditBefore + 1);

    const page = await renderPage(
      [pageRoute("/admin/exchange-rates", ratesRoute as unknown as RouteModule)],
      new Request("http://localhost/admin/exchange-rates", { headers: { Cookie: await sessionCookie(opened.db, people.billing) } }),
    );
    expect(page.status).toBe(200);
    expect(page.text).toContain("Current rates");
    expect(page.text).toMatch(new RegExp(`EUR 0\\.9 0\\.9 ${day(0)}`));
    expect(page.text).toContain("Ines Ledger");
    expect(page.text).toContain("Typed in");
  });

  it("reads the rate strictly: 1e3, +5, 0x10, 1,5 and -1 are refused beside the field and store nothing", async () => {
    const before = await count("exchange_rates");
    for (const typed of ["1e3", "+5", "0x10", "1,5", "-1", "0", " ", "Infinity"]) {
      const answer = await calls().post(ratesRoute, "/admin/exchange-rates", people.billing, {
        intent: "set",
        currency: "GBP",
        date: day(0),
        unitsPerUsd: typed,
      });
      expect(answer.status, typed).toBe(400);
      expect(answer.data?.fieldErrors?.unitsPerUsd, typed).toEqual([EXCHANGE_RATE_MESSAGES.rate]);
    }
    const badDay = await calls().post(ratesRoute, "/admin/exchange-rates", people.billing, {
      intent: "set",
      currency: "GBP",
      date: "0000-01-01",
      unitsPerUsd: "0.8",
    });
    expect(badDay.data?.fieldErrors?.date).toEqual([EXCHANGE_RATE_MESSAGES.date]);
    const future = await calls().post(ratesRoute, "/admin/exchange-rates", people.billing, {
      intent: "set",
      currency: "GBP",
      date: day(-2),
      unitsPerUsd: "0.8",
    });
    expect(future).toMatchObject({ status: 400, data: { ok: false, fieldErrors: { date: [EXCHANGE_RATE_MESSAGES.future] } } });
    const unknown = await calls().post(ratesRoute, "/admin/exchange-rates", people.billing, {
      intent: "set",
      currency: "CHF",
      date: day(0),
      unitsPerUsd: "0.8",
    });
    expect(unknown.data?.fieldErrors?.currency).toEqual([EXCHANGE_RATE_MESSAGES.currency]);
    expect(await count("exchange_rates")).toBe(before);
  });
});

describe("/admin/exchange-rates: importing a file", () => {
  it("imports a CSV, and the same file again changes nothing", async () => {
    const csv = `currency,date,units_per_usd\nGBP,${day(1)},0.8\nJPY,${day(1)},160\n`;
    const auditBefore = await count("audit_events");
    const first = await upload(people.billing, "rates.csv", csv);
    expect(first).toMatchObject({ status: 200, data: { ok: true, message: EXCHANGE_RATE_MESSAGES.imported(2, 0) } });
    expect(await rate("GBP", day(1))).toEqual({ units_per_usd: "0.8", source: "csv", recorded_by: people.billing });
    expect((await rate("JPY", day(1)))?.units_per_usd).toBe("160");
    expect(await count("audit_events")).toBe(auditBefore + 2);
    const again = await upload(people.billing, "rates.csv", csv);
    expect(again).toMatchObject({ status: 200, data: { ok: true, message: EXCHANGE_RATE_MESSAGES.unchanged } });
    expect(await count("audit_events")).toBe(auditBefore + 2);
  });

  it("imports the ECB's eurofxref-daily.xml as units per US dollar", async () => {
    const xml = ecbFile(day(0), { USD: "1.0500", JPY: "157.50", GBP: "0.8400", CAD: "1.4700", AUD: "1.6200", CHF: "0.9300" });
    const answer = await upload(people.billing, "eurofxref-daily.xml", xml, "text/xml");
    // USD, EUR, JPY, GBP, CAD, AUD (CHF is not a marketplace currency).
    expect(answer).toMatchObject({ status: 200, data: { ok: true, message: EXCHANGE_RATE_MESSAGES.imported(6, 0) } });
    // Per euro → per dollar: 1 / 1.05, 157.5 / 1.05, 0.84 / 1.05, 1.47 / 1.05, 1.62 / 1.05.
    expect(await rate("EUR", day(0))).toMatchObject({ units_per_usd: "0.9523809524", source: "ecb" });
    expect((await rate("JPY", day(0)))?.units_per_usd).toBe("150");
    expect((await rate("GBP", day(0)))?.units_per_usd).toBe("0.8");
    expect((await rate("CAD", day(0)))?.units_per_usd).toBe("1.4");
    expect((await rate("AUD", day(0)))?.units_per_usd).toBe("1.542857143");
    // €900.00 / 0.9523809524 = $945.00 → 94,500 reference cents.
    expect(await referenceAmount(eurListing)).toBe(94_500);
  });

  it("a bad file says why and changes nothing, not even its good rows", async () => {
    const rates = await count("exchange_rates");
    const audits = await count("audit_events");
    const reference = await referenceAmount(eurListing);
    const cases: Array<{ name: string; body: BlobPart; status: number; message: string }> = [
      {
        name: "one bad row.csv",
        body: `currency,date,units_per_usd\nEUR,${day(3)},0.5\nXYZ,${day(3)},2\n`,
        status: 400,
        message: `Nothing was imported. Row 2 (XYZ ${day(3)}): ${EXCHANGE_RATE_MESSAGES.currency}`,
      },
      {
        name: "exponent.csv",
        body: `currency,date,units_per_usd\nEUR,${day(3)},1e3\n`,
        status: 400,
        message: `Nothing was imported. Row 1 (EUR ${day(3)}): ${EXCHANGE_RATE_MESSAGES.rate}`,
      },
      { name: "no header.csv", body: `EUR,${day(3)},0.5\n`, status: 400, message: `Nothing was imported. ${EXCHANGE_RATE_MESSAGES.csvHeader}` },
      { name: "other.xml", body: "<html><body>not rates</body></html>", status: 400, message: `Nothing was imported. ${EXCHANGE_RATE_MESSAGES.ecb}` },
      { name: "binary.csv", body: new Uint8Array([0xff, 0xfe, 0x00, 0x41]), status: 400, message: `Nothing was imported. ${EXCHANGE_RATE_MESSAGES.notText}` },
      { name: "empty.csv", body: "", status: 400, message: `Nothing was imported. ${EXCHANGE_RATE_MESSAGES.noFile}` },
      {
        name: "huge.csv",
        body: `currency,date,units_per_usd\n${"#".repeat(MAX_RATE_FILE_BYTES)}\n`,
        status: 413,
        message: `Nothing was imported. ${EXCHANGE_RATE_MESSAGES.tooLarge}`,
      },
    ];
    for (const bad of cases) {
      const answer = await upload(people.billing, bad.name, bad.body);
      expect(answer, bad.name).toMatchObject({ status: bad.status, data: { ok: false, intent: "import", message: bad.message } });
    }
    expect(await count("exchange_rates")).toBe(rates);
    expect(await count("audit_events")).toBe(audits);
    expect(await referenceAmount(eurListing)).toBe(reference);
  });
});

describe("/admin/exchange-rates: who may", () => {
  it("refuses roles without can_manage_billing on the page and the action, and stores nothing", async () => {
    const before = await count("exchange_rates");
    for (const who of [people.admin, people.seller]) {
      expect((await calls().get(ratesRoute, "/admin/exchange-rates", who)).status).toBe(403);
      expect((await calls().post(ratesRoute, "/admin/exchange-rates", who, { intent: "set", currency: "EUR", date: day(0), unitsPerUsd: "0.5" })).status).toBe(
        403,
      );
      expect((await upload(who, "rates.csv", `currency,date,units_per_usd\nEUR,${day(0)},0.5\n`)).status).toBe(403);
    }
    expect((await calls().get(ratesRoute, "/admin/exchange-rates", null)).status).toBe(302);
    expect(await count("exchange_rates")).toBe(before);
    expect((await calls().get(ratesRoute, "/admin/exchange-rates", people.superAdmin)).status).toBe(200);
  });

  it("each change is on /admin/audit-log with who, the rate's day and the values before and after", async () => {
    const log = await renderPage(
      [pageRoute("/admin/audit-log", auditRoute as unknown as RouteModule)],
      new Request("http://localhost/admin/audit-log?action=exchange_rate.", { headers: { Cookie: await sessionCookie(opened.db, people.superAdmin) } }),
    );
    expect(log.status).toBe(200);
    expect(log.text).toContain("Exchange rate recorded");
    expect(log.text).toContain(`Exchange rate EUR on ${day(0)}`);
    expect(log.text).toContain("Ines Ledger ledger@example.test");
    expect(log.text).toContain("units per USD: 0.9 → 0.9523809524");
  });

  it("the console's navigation links the page for who may open it only", async () => {
    const linksOf = async (who: string) =>
      ((await calls().get(adminFrame, "/admin", who)).data as unknown as { links: Array<{ to: string }> }).links.map((link) => link.to);
    expect(await linksOf(people.billing)).toContain("/admin/exchange-rates");
    expect(await linksOf(people.superAdmin)).toContain("/admin/exchange-rates");
    expect(await linksOf(people.admin)).not.toContain("/admin/exchange-rates");
  });
});
