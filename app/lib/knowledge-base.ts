// The knowledge base's rules the browser also needs (docs/product/community.md#knowledge-base): the categories, the bounds of an
// article and of a search, the read time, and the page's words. Defined once; the service, the schema and the pages
// import them.
import { markdownPlainText } from "./markdown.tsx";

/** The categories an article belongs to, in the order the filter lists them. */
export const KNOWLEDGE_CATEGORIES = {
  buying: "Buying",
  selling: "Selling",
  "shipping-logistics": "Shipping & Logistics",
  "payments-fees": "Payments & Fees",
  "testing-calibration": "Testing & Calibration",
  auctions: "Auctions",
  "trust-safety": "Trust & Safety",
} as const;
export type KnowledgeCategory = keyof typeof KNOWLEDGE_CATEGORIES;
export const KNOWLEDGE_CATEGORY_KEYS = Object.keys(KNOWLEDGE_CATEGORIES) as KnowledgeCategory[];

export function isKnowledgeCategory(value: unknown): value is KnowledgeCategory {
  return typeof value === "string" && Object.hasOwn(KNOWLEDGE_CATEGORIES, value);
}

export type ArticleStatus = "draft" | "published";

/** The bounds of an article (checked by the form's schema before any work) and of a search. */
export const KNOWLEDGE_LIMITS = {
  slug: 80,
  title: 140,
  content: 40_000,
  /** Tags per article, and characters per tag. */
  tags: 10,
  tag: 32,
  /** Characters of a search, and the words of it that are searched (the rest are ignored). */
  query: 100,
  queryWords: 8,
  /** Articles one list shows. */
  listed: 60,
  /** Related articles under an article, and Popular Topics above the list. */
  related: 3,
  popularTopics: 8,
} as const;

/** A slug: lower-case words of letters and digits joined by single hyphens, not all digits (those are ids). */
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Addresses under /knowledge-base that are pages of their own, never an article's slug. */
const RESERVED_SLUGS = ["new"] as const;

export function isArticleSlug(value: string): boolean {
  return value.length <= KNOWLEDGE_LIMITS.slug && SLUG_PATTERN.test(value) && !/^[0-9]+$/.test(value) && !(RESERVED_SLUGS as readonly string[]).includes(value);
}

/** A tag as stored: trimmed, inner spaces collapsed, lower-cased. */
function normaliseTag(tag: string): string {
  return tag.trim().replace(/\s+/g, " ").toLowerCase();
}

/** A tag's allowed characters (after normalising): letters, digits, spaces and - & + . / */
export const TAG_PATTERN = /^[a-z0-9][a-z0-9 &+./-]*$/;

/** The tags of a comma-separated field, normalised, empty ones dropped, duplicates kept once. */
export function tagsOfText(text: string): string[] {
  return [
    ...new Set(
      text
        .split(",")
        .map(normaliseTag)
        .filter((tag) => tag !== ""),
    ),
  ];
}

/** Reading speed for the read time, in words per minute. */
export const READING_WORDS_PER_MINUTE = 200;

/** Minutes to read an article's Markdown, at least 1. */
export function readTimeMinutes(markdown: string): number {
  // Words: runs of non-space characters holding a letter or a digit (a lone "-" or "—" is not a word).
  const words = markdownPlainText(markdown).match(/[^\s\p{L}\p{N}]*[\p{L}\p{N}]\S*/gu)?.length ?? 0;
  return Math.max(1, Math.ceil(words / READING_WORDS_PER_MINUTE));
}

/** The first `length` characters of the article's text, cut at a word, for the list. */
export function articleExcerpt(markdown: string, length = 180): string {
  // Only the opening of the source can reach the excerpt: the marks it drops are never 8 times the words it keeps.
  const text = markdownPlainText(markdown.slice(0, length * 8));
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const space = cut.lastIndexOf(" ");
  return `${(space > length / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:]+$/, "")}…`;
}

/** The words of a search, lower-cased, at most KNOWLEDGE_LIMITS.queryWords of them (each at most 40 characters). */
export function searchWords(query: string): string[] {
  const words = query
    .slice(0, KNOWLEDGE_LIMITS.query)
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "").slice(0, 40))
    .filter((word) => word !== "");
  return [...new Set(words)].slice(0, KNOWLEDGE_LIMITS.queryWords);
}

/** The subject the contact form starts with when a reader offers an article ("Submit an Article"). */
export const SUBMIT_ARTICLE_SUBJECT = "Knowledge base article proposal";

export const KNOWLEDGE_MESSAGES = {
  notFound: "Article not found",
  slugTaken: "Another article already has this address.",
  slugInvalid: "Use lower-case letters, digits and single hyphens (not only digits).",
  titleRequired: "Title is required",
  contentRequired: "Content is required",
  categoryRequired: "Choose a category",
  tagsTooMany: `At most ${KNOWLEDGE_LIMITS.tags} tags`,
  tagInvalid: `Tags are letters, digits and spaces (at most ${KNOWLEDGE_LIMITS.tag} characters each), separated by commas`,
  saved: "Article saved.",
  voteThanks: "Thanks for your feedback!",
  noResults: "No articles found",
} as const;

/** How readers answered "Was this helpful?" and, when they have, what this reader said. */
export interface HelpfulTally {
  yes: number;
  no: number;
  /** This reader's answer, or null when they have not answered. */
  mine: boolean | null;
}

/** "3 of 4 readers found this helpful", or null before anyone answered. */
export function helpfulSummary(tally: Pick<HelpfulTally, "yes" | "no">): string | null {
  const total = tally.yes + tally.no;
  if (total === 0) return null;
  return `${tally.yes} of ${total} ${total === 1 ? "reader" : "readers"} found this helpful`;
}
