import { describe, expect, it } from "vitest";
import { FAQ_SEARCH_MAX_LENGTH, faqSearchWords, searchFaq, type FaqSection } from "~/lib/faq-search.ts";

const SECTIONS: FaqSection[] = [
  { id: "general", title: "General", entries: [{ question: "What is Tradebench?", answer: "A marketplace for test equipment." }] },
  {
    id: "payments",
    title: "Payments",
    entries: [
      { question: "How do I pay?", answer: "By bank transfer into escrow." },
      { question: "How long does a refund take?", answer: "3–5 business days." },
    ],
  },
];

describe("searchFaq", () => {
  it("keeps every section when the search has no words", () => {
    expect(searchFaq(SECTIONS, "  ")).toEqual(SECTIONS);
  });

  it("matches questions and answers, ignoring case and accents, every word required", () => {
    expect(searchFaq(SECTIONS, "ESCROW").map((s) => s.entries.map((e) => e.question))).toEqual([["How do I pay?"]]);
    expect(searchFaq(SECTIONS, "réfund business").flatMap((s) => s.entries.map((e) => e.question))).toEqual(["How long does a refund take?"]);
    expect(searchFaq(SECTIONS, "refund escrow")).toEqual([]);
  });

  it("matches a section's title, so searching a topic lists its questions", () => {
    expect(searchFaq(SECTIONS, "payments").flatMap((s) => s.entries)).toHaveLength(2);
  });

  it("leaves out sections without a match", () => {
    expect(searchFaq(SECTIONS, "marketplace").map((s) => s.id)).toEqual(["general"]);
  });

  it("bounds the search's length", () => {
    expect(faqSearchWords("a".repeat(FAQ_SEARCH_MAX_LENGTH * 3))[0]).toHaveLength(FAQ_SEARCH_MAX_LENGTH);
  });
});
