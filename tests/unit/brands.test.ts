// One brand key and one display name (app/lib/brands.ts), shared by price guidance and the AI catalogue. The case
// that used to disagree: pricing keyed HP as "hewlettpackard" while the catalogue named it "HP".
import { describe, expect, it } from "vitest";
import { canonicalBrand, findCatalogueModel } from "~/lib/ai/equipment-catalogue.ts";
import { brandFamily, brandKey, brandName, brandSpellingKey, brandSpellings } from "~/lib/brands.ts";
import { comparableRelevance } from "~/lib/pricing/comparables.ts";
import { brandTier } from "~/lib/pricing/brands.ts";

describe("HP and Hewlett-Packard", () => {
  it("are one brand for price guidance and for the AI catalogue", () => {
    for (const spelling of ["HP", "hp", "Hewlett-Packard", "Hewlett Packard", "HEWLETT-PACKARD"]) {
      expect(brandKey(spelling), spelling).toBe(brandKey("HP"));
      expect(brandName(spelling), spelling).toBe("HP");
      expect(canonicalBrand(spelling), spelling).toBe("HP");
      expect(brandTier(spelling), spelling).toBe("premium");
    }
  });

  it("match as comparables and find the same catalogue model", () => {
    const subject = { brand: "HP", model: "54622D", condition: "used_good", categoryId: "x", year: null };
    const candidate = { ...subject, brand: "Hewlett-Packard" };
    expect(comparableRelevance(subject, candidate)).toBe(comparableRelevance(subject, subject));
    expect(findCatalogueModel("Hewlett-Packard", "34401A")).toEqual(findCatalogueModel("HP", "34401A"));
  });
});

describe("brand keys and names", () => {
  it.each([
    ["Rohde & Schwarz", "rohdeschwarz", "Rohde & Schwarz"],
    ["R&S", "rohdeschwarz", "Rohde & Schwarz"],
    ["Rohde and Schwarz", "rohdeschwarz", "Rohde & Schwarz"],
    ["allen bradley", "allenbradley", "Allen-Bradley"],
    ["Rockwell Automation", "allenbradley", "Allen-Bradley"],
    ["  Acme   Widgets ", "acmewidgets", "Acme Widgets"],
    ["Vögele", "vogele", "Vögele"],
  ])("%j → key %j, shown as %j", (brand, key, name) => {
    expect(brandKey(brand)).toBe(key);
    expect(brandName(brand)).toBe(name);
  });

  it("keeps a spelling key apart from the brand key", () => {
    expect(brandSpellingKey("R&S")).toBe("rs");
    expect(brandKey("R&S")).toBe("rohdeschwarz");
    expect(brandKey(null)).toBe("");
  });

  it("lists every spelling of a brand for the database match", () => {
    expect(brandSpellings("hp").sort()).toEqual(["hewlettpackard", "hp"]);
    expect(brandSpellings("omron")).toEqual(["omron"]);
    expect(brandSpellings("")).toEqual([]);
  });

  it("takes a known maker's own capitalisation from a list when the table has no line for it", () => {
    expect(brandName("tdk lambda", new Map([["tdklambda", "TDK-Lambda"]]))).toBe("TDK-Lambda");
    expect(canonicalBrand("tdk lambda")).toBe("TDK-Lambda");
  });
});

describe("brandFamily", () => {
  it("puts Keysight, Agilent and HP (every spelling) in one family, and other brands in their own", () => {
    expect(new Set(["Keysight", "Agilent Technologies", "Hewlett-Packard", "HP"].map((brand) => brandFamily(brand)))).toEqual(new Set(["keysight"]));
    expect(brandFamily("Tektronix")).toBe("tektronix");
  });
});
