// The FAQ's search (docs/product/platform.md#public-pages, docs/product/platform.md#routes): the same rule filters on the server (a submitted ?q=, without JavaScript) and
// in the browser as the visitor types. A question matches when every word of the search occurs in its question or
// answer, ignoring case and accents.

export interface FaqLink {
  to: string;
  label: string;
}

export interface FaqEntry {
  question: string;
  answer: string;
  links?: FaqLink[];
}

export interface FaqSection {
  id: string;
  title: string;
  entries: FaqEntry[];
}

/** The longest search the page considers (a pasted paragraph is cut here). */
export const FAQ_SEARCH_MAX_LENGTH = 100;

function folded(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

/** The search's words: lower-cased, accents dropped, at most FAQ_SEARCH_MAX_LENGTH characters. */
export function faqSearchWords(query: string): string[] {
  return folded(query.slice(0, FAQ_SEARCH_MAX_LENGTH))
    .split(/[^\p{L}\p{N}%$.]+/u)
    .map((word) => word.replace(/^\.+|\.+$/g, ""))
    .filter((word) => word.length > 0);
}

/** The sections with the questions that match `query`, empty sections left out; every section when the query has no words. */
export function searchFaq(sections: readonly FaqSection[], query: string): FaqSection[] {
  const words = faqSearchWords(query);
  if (words.length === 0) return [...sections];
  return sections
    .map((section) => ({
      ...section,
      entries: section.entries.filter((entry) => {
        const text = folded(`${entry.question} ${entry.answer} ${section.title}`);
        return words.every((word) => text.includes(word));
      }),
    }))
    .filter((section) => section.entries.length > 0);
}
