// The Markdown subset members and staff write in (forum posts, knowledge-base articles), rendered as React elements.
// No HTML in the source ever reaches the page as HTML: every piece of text becomes a text node, and a link keeps its
// address only when it is http(s), mailto or a path on this site. The parser is linear: each closing delimiter is
// looked up at most once per position it could close (see `Scanner.find`), so no input shape makes it quadratic.
//
// Blocks: paragraphs (a single newline is a line break), # headings (shown one level down: the page owns the h1),
// - / * and 1. lists, > quotes, ``` code blocks, --- rules. Inline: `code`, **bold**, *italic* / _italic_,
// [text](address), bare http(s) addresses (linkify's rule), and @mentions when the caller says where a handle leads.
import { Fragment, type ReactNode } from "react";
import { linkify, safeHref, USER_LINK_REL } from "./linkify";

export interface MarkdownOptions {
  /** Links away from this site carry USER_LINK_REL (nofollow ugc: members' posts). */
  nofollow?: boolean;
  /** Where an @handle leads, or null to leave it as text. */
  mentionHref?: (handle: string) => string | null;
}

const MAX_INLINE_DEPTH = 4;
const MENTION = /^@([A-Za-z0-9][A-Za-z0-9_.-]{1,39})/;

/** A base no real address shares: a path parsed against it keeps it only when it stays on this site. */
const SITE = "http://tradebench.invalid";

/**
 * The address a link may carry, or null when it could run script or leave the web (javascript:, data:, //host…).
 * It is judged as a browser will read it: the URL parser drops tabs and line breaks anywhere and control characters
 * and spaces at either end, and reads "\\" as "/", so `/<TAB>/evil.example` is `//evil.example`, another site
 *. A path is given back as the parser reads it.
 */
export function safeLinkTarget(address: string): string | null {
  // eslint-disable-next-line no-control-regex -- the characters the URL parser drops
  const cleaned = address.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "");
  // eslint-disable-next-line no-control-regex -- any other control character has no place in an address
  if (/[\u0000-\u001f\u007f]/.test(cleaned)) return null;
  if (cleaned.startsWith("/") || cleaned.startsWith("\\")) {
    let url: URL;
    try {
      url = new URL(cleaned, SITE);
    } catch {
      return null;
    }
    if (url.origin !== SITE || url.pathname.startsWith("//")) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  }
  if (cleaned.startsWith("#")) return cleaned;
  if (/^mailto:[^\s@]+@[^\s@]+$/i.test(cleaned)) return cleaned;
  return safeHref(cleaned);
}

function relOf(href: string, options: MarkdownOptions): string | undefined {
  return options.nofollow && isExternal(href) ? USER_LINK_REL : undefined;
}

function isExternal(href: string): boolean {
  return !href.startsWith("/") && !href.startsWith("#");
}

/** Finds closing delimiters, remembering each answer so scanning a line stays linear. */
class Scanner {
  private readonly nextAt = new Map<string, number>();
  constructor(private readonly text: string) {}
  find(delimiter: string, from: number): number {
    const known = this.nextAt.get(delimiter);
    if (known !== undefined && (known === -1 || known >= from)) return known;
    const found = this.text.indexOf(delimiter, from);
    this.nextAt.set(delimiter, found);
    return found;
  }
}

function renderInline(text: string, options: MarkdownOptions, depth: number): ReactNode[] {
  if (depth > MAX_INLINE_DEPTH) return [text];
  const nodes: ReactNode[] = [];
  const scanner = new Scanner(text);
  let plain = "";
  // Plain runs keep their bare web addresses clickable, by the same rule as messages (app/lib/linkify.ts).
  const flush = () => {
    for (const segment of linkify(plain)) {
      nodes.push(
        segment.kind === "text" ? (
          segment.text
        ) : (
          <a key={nodes.length} href={segment.href} rel={relOf(segment.href, options)}>
            {segment.text}
          </a>
        ),
      );
    }
    plain = "";
  };
  const push = (node: ReactNode) => {
    flush();
    nodes.push(<Fragment key={nodes.length}>{node}</Fragment>);
  };
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    const previous = i > 0 ? text[i - 1] : " ";
    if (char === "`") {
      const end = scanner.find("`", i + 1);
      if (end > i + 1) {
        push(<code>{text.slice(i + 1, end)}</code>);
        i = end + 1;
        continue;
      }
    } else if (char === "*" && text[i + 1] === "*") {
      const end = scanner.find("**", i + 2);
      if (end > i + 2) {
        push(<strong>{renderInline(text.slice(i + 2, end), options, depth + 1)}</strong>);
        i = end + 2;
        continue;
      }
    } else if ((char === "*" || char === "_") && text[i + 1] !== undefined && text[i + 1] !== " " && !/\w/.test(previous)) {
      const end = scanner.find(char, i + 1);
      if (end > i + 1 && text[end - 1] !== " ") {
        push(<em>{renderInline(text.slice(i + 1, end), options, depth + 1)}</em>);
        i = end + 1;
        continue;
      }
    } else if (char === "[") {
      const close = scanner.find("](", i + 1);
      const end = close > i ? scanner.find(")", close + 2) : -1;
      const label = close > i ? text.slice(i + 1, close) : "";
      if (end > close && !label.includes("[") && !label.includes("]")) {
        const href = safeLinkTarget(text.slice(close + 2, end));
        const inner = renderInline(label, options, depth + 1);
        push(
          href ? (
            <a href={href} rel={relOf(href, options)}>
              {inner}
            </a>
          ) : (
            inner
          ),
        );
        i = end + 1;
        continue;
      }
    } else if (char === "@" && options.mentionHref && !/\w/.test(previous)) {
      const match = MENTION.exec(text.slice(i, i + 41));
      const handle = match?.[1].replace(/[.-]+$/, "");
      const href = handle ? options.mentionHref(handle) : null;
      if (handle && href) {
        push(<a href={href}>@{handle}</a>);
        i += handle.length + 1;
        continue;
      }
    }
    plain += char;
    i += 1;
  }
  flush();
  return nodes;
}

/** A paragraph's lines, with a line break between them. */
function renderLines(lines: string[], options: MarkdownOptions): ReactNode[] {
  return lines.flatMap((line, index) => [
    ...(index > 0 ? [<br key={`br-${index}`} />] : []),
    <Fragment key={`line-${index}`}>{renderInline(line, options, 0)}</Fragment>,
  ]);
}

const HEADING = /^(#{1,6})\s+(.*)$/;
const BULLET = /^\s{0,3}[-*+]\s+(.*)$/;
const NUMBERED = /^\s{0,3}\d{1,9}[.)]\s+(.*)$/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;
const FENCE = /^\s{0,3}```/;
const RULE = /^\s{0,3}(?:-{3,}|\*{3,}|_{3,})\s*$/;

function startsBlock(line: string): boolean {
  return HEADING.test(line) || BULLET.test(line) || NUMBERED.test(line) || QUOTE.test(line) || FENCE.test(line) || RULE.test(line);
}

function renderBlocks(lines: string[], options: MarkdownOptions, quoteDepth: number): ReactNode[] {
  const blocks: ReactNode[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    const key = blocks.length;
    if (line.trim() === "") {
      i += 1;
      continue;
    }
    if (FENCE.test(line)) {
      const code: string[] = [];
      i += 1;
      while (i < lines.length && !FENCE.test(lines[i])) code.push(lines[i++]);
      i += 1;
      blocks.push(
        <pre key={key}>
          <code>{code.join("\n")}</code>
        </pre>,
      );
      continue;
    }
    if (RULE.test(line)) {
      blocks.push(<hr key={key} />);
      i += 1;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const level = Math.min(6, heading[1].length + 1);
      const Tag = `h${level}` as "h2" | "h3" | "h4" | "h5" | "h6";
      blocks.push(<Tag key={key}>{renderInline(heading[2], options, 0)}</Tag>);
      i += 1;
      continue;
    }
    if (QUOTE.test(line)) {
      const quoted: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i])) quoted.push(QUOTE.exec(lines[i++])?.[1] ?? "");
      blocks.push(
        <blockquote key={key}>{quoteDepth < MAX_INLINE_DEPTH ? renderBlocks(quoted, options, quoteDepth + 1) : renderLines(quoted, options)}</blockquote>,
      );
      continue;
    }
    for (const [pattern, List] of [
      [BULLET, "ul"],
      [NUMBERED, "ol"],
    ] as const) {
      if (!pattern.test(line)) continue;
      const items: string[] = [];
      while (i < lines.length && pattern.test(lines[i])) items.push(pattern.exec(lines[i++])?.[1] ?? "");
      blocks.push(
        <List key={key}>
          {items.map((item, index) => (
            <li key={index}>{renderInline(item, options, 0)}</li>
          ))}
        </List>,
      );
      break;
    }
    if (blocks.length > key) continue;
    const paragraph: string[] = [];
    while (i < lines.length && lines[i].trim() !== "" && (paragraph.length === 0 || !startsBlock(lines[i]))) paragraph.push(lines[i++]);
    blocks.push(<p key={key}>{renderLines(paragraph, options)}</p>);
  }
  return blocks;
}

/** Renders Markdown source as React elements; what the source says about HTML is shown as text. */
export function Markdown({ source, nofollow, mentionHref }: { source: string } & MarkdownOptions) {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  return <>{renderBlocks(lines, { nofollow, mentionHref }, 0)}</>;
}

/** The words a reader sees, without the Markdown marks: for excerpts, read time and search snippets. */
export function markdownPlainText(source: string): string {
  return source
    .replace(/\r\n?/g, "\n")
    .replace(/^\s{0,3}```.*$/gm, "")
    .replace(/^\s{0,3}(#{1,6}|[-*+]|\d{1,9}[.)]|>)\s+/gm, "")
    .replace(/\[([^\]\n]*)\]\([^)\n]*\)/g, "$1")
    .replace(/(\*\*|`)/g, "")
    .replace(/\s+/g, " ")
    .trim();
}
