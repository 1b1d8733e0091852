// Plain message text with its web addresses made clickable: the text is split into segments that the page renders
// as React text nodes and links, so nothing a member types is ever read as HTML.

export type TextSegment = { kind: "text"; text: string } | { kind: "link"; text: string; href: string };

/** Attributes every link in member-written text carries. */
export const USER_LINK_REL = "noopener noreferrer nofollow ugc";

const ADDRESS = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING = /[.,;:!?'"*_~]+$/;

/** Drops punctuation that ends a sentence rather than the address, and a closing bracket without its opener. */
function trimAddress(candidate: string): string {
  let address = candidate;
  for (;;) {
    const before = address;
    address = address.replace(TRAILING, "");
    for (const [open, close] of [
      ["(", ")"],
      ["[", "]"],
      ["{", "}"],
    ] as const) {
      if (address.endsWith(close) && count(address, close) > count(address, open)) address = address.slice(0, -1);
    }
    if (address === before) return address;
  }
}

function count(text: string, character: string): number {
  return text.split(character).length - 1;
}

/** The href for an address, or null when it is not a well-formed http(s) URL with a host. */
export function safeHref(address: string): string | null {
  try {
    const url = new URL(address);
    if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname) return null;
    return url.href;
  } catch {
    return null;
  }
}

/** Splits text into plain runs and http(s) links; joining the segments' text gives back the input. */
export function linkify(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let plain = "";
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const start = match.index;
    const address = trimAddress(match[0]);
    const href = address.length > "https://".length - 1 ? safeHref(address) : null;
    if (!href) continue;
    plain += text.slice(last, start);
    if (plain) segments.push({ kind: "text", text: plain });
    plain = "";
    segments.push({ kind: "link", text: address, href });
    last = start + address.length;
  }
  plain += text.slice(last);
  if (plain) segments.push({ kind: "text", text: plain });
  return segments;
}
