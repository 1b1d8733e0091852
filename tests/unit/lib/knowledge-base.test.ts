// The knowledge base's client-safe rules (app/lib/knowledge-base.ts): read time from the text, excerpts, the words of
// a search and their bounds, slugs and tags.
import { describe, expect, it } from "vitest";
import {
  articleExcerpt,
  helpfulSummary,
  isArticleSlug,
  KNOWLEDGE_LIMITS,
  READING_WORDS_PER_MINUTE,
  readTimeMinutes,
  searchWords,
  tagsOfText,
} from "~/lib/knowledge-base.ts";

describe("read time", () => {
  it("counts the words a reader reads (not Markdown marks) at the reading speed, at least a minute", () => {
    expect(readTimeMinutes("")).toBe(1);
    expect(readTimeMinutes("word ".repeat(READING_WORDS_PER_MINUTE))).toBe(1);
    expect(readTimeMinutes("word ".repeat(READING_WORDS_PER_MINUTE + 1))).toBe(2);
    // List marks, heading marks and a lone dash are not words.
    const marked = `# Title\n\n${"- item\n".repeat(READING_WORDS_PER_MINUTE)}\n— —`;
    expect(readTimeMinutes(marked)).toBe(2);
  });
});

describe("excerpts", () => {
  it("are the plain text, cut at a word with an ellipsis", () => {
    expect(articleExcerpt("## Heading\n\nSome **bold** [link](https://example.com) text.")).toBe("Heading Some bold link text.");
    const long = articleExcerpt("alpha ".repeat(100), 50);
    expect(long.endsWith("…")).toBe(true);
    expect(long.length).toBeLessThanOrEqual(51);
    expect(long).not.toMatch(/alph…$/);
  });
});

describe("search words", () => {
  it("are lower-cased, stripped of punctuation at their ends, unique and bounded", () => {
    expect(searchWords("  Calibration, CERTIFICATES!  calibration ")).toEqual(["calibration", "certificates"]);
    expect(searchWords("s_fe 100%")).toEqual(["s_fe", "100"]);
    expect(searchWords("a b c d e f g h i j")).toHaveLength(KNOWLEDGE_LIMITS.queryWords);
    expect(searchWords(`${"x".repeat(200)}`)[0]).toHaveLength(40);
    expect(searchWords(`${"y ".repeat(KNOWLEDGE_LIMITS.query)}zzz`)).toEqual(["y"]);
    expect(searchWords("%%% ---")).toEqual([]);
  });
});

describe("slugs and tags", () => {
  it("slugs are lower-case words joined by single hyphens, never all digits or a page of its own", () => {
    for (const good of ["selling-tips", "a1", "iso-17025"]) expect(isArticleSlug(good)).toBe(true);
    for (const bad of ["", "Selling", "two--hyphens", "-lead", "trail-", "12345", "new", "a b", "a".repeat(KNOWLEDGE_LIMITS.slug + 1)]) {
      expect(isArticleSlug(bad), bad).toBe(false);
    }
  });

  it("tags are split on commas, trimmed, lower-cased, spaces folded, duplicates once", () => {
    expect(tagsOfText(" Freight ,  ISO   17025, freight,, ")).toEqual(["freight", "iso 17025"]);
  });

  it("the helpful summary says nothing before the first answer", () => {
    expect(helpfulSummary({ yes: 0, no: 0 })).toBeNull();
    expect(helpfulSummary({ yes: 1, no: 0 })).toBe("1 of 1 reader found this helpful");
    expect(helpfulSummary({ yes: 2, no: 1 })).toBe("2 of 3 readers found this helpful");
  });
});
