// Currencies (decision 0062): the viewer's currency from the browser's languages, the "≈" amount a card shows, minor
// units from Intl (the yen has none), and the ECB and CSV rate files an operator uploads.
import { describe, expect, it } from "vitest";
import { approxAmount, currencyOfAcceptLanguage, formatApproxPrice, isoMinorDigits } from "~/lib/money.ts";
import { parseEcbDailyXml, parseExchangeRateCsv, referenceFactors } from "~/services/pricing/exchange-rates.server.ts";

describe("the viewer's currency", () => {
  it("comes from the first language whose region or language names one", () => {
    expect(currencyOfAcceptLanguage("en-GB,en;q=0.8")).toBe("GBP");
    expect(currencyOfAcceptLanguage("de-DE,de;q=0.9,en;q=0.8")).toBe("EUR");
    expect(currencyOfAcceptLanguage("ja")).toBe("JPY");
    expect(currencyOfAcceptLanguage("fr-CA")).toBe("CAD");
    expect(currencyOfAcceptLanguage("en-US")).toBe("USD");
    expect(currencyOfAcceptLanguage("en, sv-SE")).toBeNull();
    expect(currencyOfAcceptLanguage(null)).toBeNull();
  });
});

describe("≈ amounts", () => {
  // Factors to USD cents per minor unit: 1 / (units per dollar) × 10^(2 − digits): EUR 0.92, JPY 150 (no minor unit).
  const approx = { currency: "EUR", factors: { USD: 1, EUR: 1 / 0.92, JPY: 100 / 150 } };
  it("convert a price into the viewer's currency, and say nothing in the same currency or without a rate", () => {
    expect(approxAmount(approx, 100_000, "USD")).toBe(92_000);
    // ¥150,000 (stored in whole yen) = $1,000 = €920.
    expect(approxAmount(approx, 150_000, "JPY")).toBe(92_000);
    expect(approxAmount(approx, 100_000, "EUR")).toBeNull();
    expect(approxAmount(approx, 100_000, "AUD")).toBeNull();
    expect(formatApproxPrice(92_000, "EUR")).toBe("≈ €920");
  });
});

describe("minor units", () => {
  it("are ISO 4217's, from Intl: none for the yen, two for the others", () => {
    expect(isoMinorDigits("JPY")).toBe(0);
    for (const currency of ["USD", "EUR", "GBP", "CAD", "AUD"]) expect(isoMinorDigits(currency)).toBe(2);
  });
});

describe("rate files", () => {
  const ecb = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <gesmes:subject>Reference rates</gesmes:subject>
  <Cube>
    <Cube time='2026-11-30'>
      <Cube currency='USD' rate='1.0700'/>
      <Cube currency='JPY' rate='160.50'/>
      <Cube currency='GBP' rate='0.8400'/>
      <Cube currency='CHF' rate='0.9400'/>
    </Cube>
  </Cube>
</gesmes:Envelope>`;
  it("the ECB's daily file becomes units per US dollar for the marketplace's currencies", () => {
    expect(parseEcbDailyXml(ecb)).toEqual([
      { currency: "USD", date: "2026-11-30", unitsPerUsd: "1" },
      // 1 / 1.07
      { currency: "EUR", date: "2026-11-30", unitsPerUsd: "0.9345794393" },
      // 0.84 / 1.07
      { currency: "GBP", date: "2026-11-30", unitsPerUsd: "0.785046729" },
      // 160.5 / 1.07
      { currency: "JPY", date: "2026-11-30", unitsPerUsd: "150" },
    ]);
    expect(() => parseEcbDailyXml("<html>not it</html>")).toThrow("This is not the ECB's daily reference rates file");
    expect(() => parseEcbDailyXml("x".repeat(300 * 1024))).toThrow("too large");
  });

  it("a CSV needs its header, and gives its rows as typed (checked when recorded)", () => {
    expect(parseExchangeRateCsv("\uFEFFcurrency,date,units_per_usd\r\nEUR,2026-11-30,0.93\nGBP;2026-11-30;0.79\n")).toEqual([
      { currency: "EUR", date: "2026-11-30", unitsPerUsd: "0.93" },
      { currency: "GBP", date: "2026-11-30", unitsPerUsd: "0.79" },
    ]);
    expect(() => parseExchangeRateCsv("EUR,2026-11-30,0.93")).toThrow("The first line must name the columns");
  });

  it("factors to another reference currency are cross rates", () => {
    const latest = new Map([
      ["USD", { unitsPerUsd: "1" }],
      ["EUR", { unitsPerUsd: "0.92" }],
      ["JPY", { unitsPerUsd: "150" }],
    ] as const);
    const toEuro = referenceFactors(latest, "EUR");
    expect(toEuro.get("EUR")).toBe(1);
    expect(toEuro.get("USD")).toBeCloseTo(0.92, 12);
    expect(toEuro.get("JPY")).toBeCloseTo((0.92 / 150) * 100, 12);
  });
});
