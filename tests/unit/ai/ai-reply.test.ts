// The model's replies: JSON found in prose or fences, checked with zod, repaired within the spec's limits (title ≤ 80
// characters, 200–400 words, 5–8 features), refused with reasons when they cannot be repaired; photo readings in the
// spec's shape.
import { describe, expect, it } from "vitest";
import { extractJsonObject, limitWords, readAnalysisReply, readListingReply, trimTitle, wordCount } from "~/lib/ai/reply.ts";

const words = (n: number, word = "word") => Array.from({ length: n }, (_, i) => `${word}${i}`).join(" ");
/** A description of about `n` words in sentences of ten. */
const sentences = (n: number) =>
  Array.from({ length: Math.ceil(n / 10) }, (_, i) => `Sentence ${i} tells the buyer about the unit and its use today.`).join(" ");

const extras = {
  topUpFeatures: ["Catalogue feature one", "Catalogue feature two", "Catalogue feature three", "Catalogue feature four", "Catalogue feature five"],
  fallbackSpecifications: [
    { key: "Manufacturer", value: "Keysight" },
    { key: "Model", value: "DSOX1204G" },
  ],
  extendWith: [sentences(60), sentences(60), sentences(60)],
};

const good = {
  title: "Keysight DSOX1204G 70 MHz 4-Channel Oscilloscope",
  description: `${sentences(150)}\n\n${sentences(100)}`,
  specifications: [
    { key: "Bandwidth", value: "70 MHz" },
    { key: "Channels", value: "4" },
  ],
  features: ["Four channels", "Touch display", "Serial decode", "Wavegen", "Segmented memory"],
  equipmentType: "digital oscilloscope",
};

describe("finding the JSON", () => {
  it("reads plain JSON, a fenced block and an object inside prose, and nothing else", () => {
    expect(extractJsonObject('{"a":1}')).toEqual({ a: 1 });
    expect(extractJsonObject('Here you go:\n```json\n{"a":2}\n```\nEnjoy.')).toEqual({ a: 2 });
    expect(extractJsonObject('Sure! {"a":{"b":"} tricky {"}} and more text')).toEqual({ a: { b: "} tricky {" } });
    expect(extractJsonObject("I cannot help with that.")).toBeUndefined();
    expect(extractJsonObject("[1,2,3]")).toBeUndefined();
  });
});

describe("a listing reply", () => {
  it("takes a good reply as it is", () => {
    const reading = readListingReply(JSON.stringify(good), extras);
    expect(reading).toEqual({ ok: true, listing: { ...good, description: good.description }, repairs: [] });
  });

  it("repairs: JSON in prose, a long title cut at a word, too many features, specifications as a map", () => {
    const reply = {
      ...good,
      title: "Keysight InfiniiVision DSOX1204G 70 MHz 4-Channel Digital Storage Oscilloscope with Wavegen and Serial Decode",
      features: Array.from({ length: 12 }, (_, i) => `- Feature ${i}.`),
      specifications: { Bandwidth: "70 MHz", Channels: 4, Blank: "" },
    };
    const reading = readListingReply(`Here is the listing:\n${JSON.stringify(reply)}\nThanks!`, extras);
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    expect(reading.repairs).toEqual(expect.arrayContaining(["json_extracted", "title_trimmed", "features_clamped"]));
    expect(reading.listing.title.length).toBeLessThanOrEqual(80);
    expect(reading.listing.title).toBe("Keysight InfiniiVision DSOX1204G 70 MHz 4-Channel Digital Storage Oscilloscope");
    expect(reading.listing.features).toEqual(Array.from({ length: 8 }, (_, i) => `Feature ${i}`));
    expect(reading.listing.specifications).toEqual([
      { key: "Bandwidth", value: "70 MHz" },
      { key: "Channels", value: "4" },
    ]);
  });

  it("tops up features, fills missing specifications and lengthens a short description from the catalogue", () => {
    const reading = readListingReply(JSON.stringify({ ...good, description: sentences(120), features: ["Only one"], specifications: [] }), extras);
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    expect(reading.listing.features).toEqual(["Only one", ...extras.topUpFeatures.slice(0, 5)]);
    expect(reading.listing.specifications).toEqual(extras.fallbackSpecifications);
    expect(wordCount(reading.listing.description)).toBeGreaterThanOrEqual(200);
    expect(wordCount(reading.listing.description)).toBeLessThanOrEqual(400);
    expect(reading.repairs).toEqual(expect.arrayContaining(["features_topped_up", "specifications_filled", "description_extended"]));
  });

  it("cuts a description over 400 words at a sentence", () => {
    const reading = readListingReply(JSON.stringify({ ...good, description: sentences(700) }), extras);
    expect(reading.ok && wordCount(reading.listing.description)).toBeLessThanOrEqual(400);
    expect(reading.ok && reading.listing.description.endsWith(".")).toBe(true);
    expect(reading.ok && reading.repairs).toContain("description_trimmed");
  });

  it("refuses what cannot be repaired, with the reasons", () => {
    expect(readListingReply("", extras)).toEqual({ ok: false, problems: ["the answer was empty"] });
    expect(readListingReply("Sorry, I can only answer in prose.", extras)).toEqual({ ok: false, problems: ["the answer was not a JSON object"] });
    const noTitle = readListingReply(JSON.stringify({ ...good, title: " " }), extras);
    expect(noTitle.ok).toBe(false);
    expect(!noTitle.ok && noTitle.problems.join()).toContain("title");
    const short = readListingReply(JSON.stringify({ ...good, description: words(30) }), extras);
    expect(short).toEqual({ ok: false, problems: ["the description had 30 words, it needs 200 to 400"] });
  });
});

describe("text helpers", () => {
  it("trims titles at a word without a dangling separator", () => {
    expect(trimTitle(`  "Fluke 87V   Industrial Multimeter"  `)).toBe("Fluke 87V Industrial Multimeter");
    expect(trimTitle(`${"Word ".repeat(15)}- end`).length).toBeLessThanOrEqual(80);
    expect(trimTitle("A".repeat(100))).toBe("A".repeat(80));
  });

  it("limits words keeping whole sentences and paragraphs", () => {
    const text = "One two three. Four five six.\n\nSeven eight nine.";
    expect(limitWords(text, 6)).toBe("One two three. Four five six.");
    expect(limitWords(text, 100)).toBe(text);
  });
});

describe("a photo reading", () => {
  it("gives the spec's shape: labels and objects with scores from 0 to 1, best first, and nameplate text lines", () => {
    const reply = {
      labels: [{ description: "Front panel", score: 0.7 }, { description: "Oscilloscope", score: 1.4 }, "Probe"],
      objects: [{ name: "Oscilloscope", score: "0.9" }],
      text: ["KEYSIGHT", "DSOX1204G"],
      nameplate: { brand: "Keysight", model: "DSOX1204G", serial: "CN57011234", options: ["DSOX1B7T102", ""] },
    };
    expect(readAnalysisReply(JSON.stringify(reply))).toEqual({
      labels: [
        { description: "Oscilloscope", score: 1 },
        { description: "Front panel", score: 0.7 },
        { description: "Probe", score: 0.5 },
      ],
      objects: [{ name: "Oscilloscope", score: 0.9 }],
      text: ["Brand: Keysight", "Model: DSOX1204G", "Serial: CN57011234", "Options: DSOX1B7T102", "KEYSIGHT", "DSOX1204G"],
    });
  });

  it("is null without JSON, and empty lists when the JSON holds nothing usable", () => {
    expect(readAnalysisReply("no")).toBeNull();
    expect(readAnalysisReply('{"labels": 3}')).toEqual({ labels: [], text: [], objects: [] });
  });
});
