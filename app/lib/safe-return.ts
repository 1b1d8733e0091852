// Where a visitor may be sent back to after signing in or submitting a form: a path on this site and nothing else.
// The address is read the way browsers read a Location header (the WHATWG URL parser, which drops tabs and line
// breaks and treats "\" like "/"), so "/\t/evil.example" or "/\\evil.example" cannot become another site.

/** A base that no real address shares: a parsed path keeps it only when it stays on this site. */
const SITE = "http://tradebench.invalid";
const MAX_RETURN_LENGTH = 2000;

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** The same-site path (with query and fragment) `to` names, or `fallback` for anything else. */
export function safeReturnPath(to: unknown, fallback: string): string {
  if (typeof to !== "string" || to.length === 0 || to.length > MAX_RETURN_LENGTH) return fallback;
  // Control characters never belong in a path; in a header they are an error, in a parser they are dropped.
  if (hasControlCharacter(to)) return fallback;
  if (!to.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(to, SITE);
  } catch {
    return fallback;
  }
  if (url.origin !== SITE) return fallback;
  // Dot segments can leave a path that starts with "//" ("/.//evil.example"), which a browser reads as another host.
  if (url.pathname.startsWith("//")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
