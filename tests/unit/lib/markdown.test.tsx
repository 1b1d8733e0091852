import fc from "fast-check";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Markdown, markdownPlainText, safeLinkTarget } from "~/lib/markdown";

const html = (source: string, options: { nofollow?: boolean; mentionHref?: (handle: string) => string | null } = {}) =>
  renderToStaticMarkup(<Markdown source={source} {...options} />);

describe("Markdown subset", () => {
  it("renders paragraphs, line breaks, headings one level down, lists, quotes, code and rules", () => {
    expect(html("First line\nsecond line\n\nNext paragraph")).toBe("<p>First line<br/>second line</p><p>Next paragraph</p>");
    expect(html("# Title\n## Part")).toBe("<h2>Title</h2><h3>Part</h3>");
    expect(html("- one\n- **two**\n\n1. first\n2. second")).toBe("<ul><li>one</li><li><strong>two</strong></li></ul><ol><li>first</li><li>second</li></ol>");
    expect(html("> quoted *text*\n> more")).toBe("<blockquote><p>quoted <em>text</em><br/>more</p></blockquote>");
    expect(html("```\n<b>x</b>\n  y\n```")).toBe("<pre><code>&lt;b&gt;x&lt;/b&gt;\n  y</code></pre>");
    expect(html("Use `ls -la` then\n\n---")).toBe("<p>Use <code>ls -la</code> then</p><hr/>");
    expect(html("snake_case_name and 2*3*4")).toBe("<p>snake_case_name and 2*3*4</p>");
  });

  it("links http(s), mailto and site paths, marks outside links nofollow in members' text, and drops any other scheme", () => {
    expect(html("[Keysight](https://www.keysight.com/)", { nofollow: true })).toBe(
      '<p><a href="https://www.keysight.com/" rel="noopener noreferrer nofollow ugc">Keysight</a></p>',
    );
    expect(html("[the FAQ](/faq)", { nofollow: true })).toBe('<p><a href="/faq">the FAQ</a></p>');
    expect(html("See https://example.com/a.pdf.", { nofollow: true })).toBe(
      '<p>See <a href="https://example.com/a.pdf" rel="noopener noreferrer nofollow ugc">https://example.com/a.pdf</a>.</p>',
    );
    expect(html("[mail us](mailto:support@example.com)")).toBe('<p><a href="mailto:support@example.com">mail us</a></p>');
    expect(html("[click](javascript:void(0))")).toBe("<p>click)</p>");
    expect(html("[x](//evil.example/)")).toBe("<p>x</p>");
    expect(html("[x](data:text/html;base64,PHNjcmlwdD4=)")).toBe("<p>x</p>");
  });

  // The URL parser drops tabs and line breaks, so "/<TAB>/evil.example" opens //evil.example.
  for (const address of [
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "\t//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/./\t/evil.example",
    " /\u0000/evil.example",
  ]) {
    it(`does not take ${JSON.stringify(address)} for a path on this site`, () => {
      expect(safeLinkTarget(address)).toBeNull();
      expect(html(`[x](${address})`)).not.toContain("href");
    });
  }

  it("reads a site path as a browser does (tabs dropped, spaces at the ends trimmed)", () => {
    expect(safeLinkTarget(" /faq\t#fees ")).toBe("/faq#fees");
    expect(safeLinkTarget("/listings?q=fluke 87v")).toBe("/listings?q=fluke%2087v");
    expect(safeLinkTarget("\thttps://www.keysight.com/")).toBe("https://www.keysight.com/");
  });

  it("shows every HTML payload as text", () => {
    const payloads = [
      "<script>alert(1)</script>",
      '<img src=x onerror="alert(1)">',
      '<a href="javascript:alert(1)">x</a>',
      "[<svg onload=alert(1)>](https://example.com)",
      "**<iframe src=//evil>**",
      "`</code><script>alert(1)</script>`",
      '"><script>alert(document.cookie)</script>',
    ];
    for (const payload of payloads) {
      const out = html(payload, { nofollow: true });
      expect(out).not.toMatch(/<(script|img|iframe|svg)\b/i);
      expect(out).not.toMatch(/<[^>]*\son\w+=/i);
      expect(out).not.toMatch(/href="javascript:/i);
    }
  });

  it("links @mentions only where the caller knows the member", () => {
    const mentionHref = (handle: string) => (handle === "ana_lab" ? "/profile/ana_lab" : null);
    expect(html("Thanks @ana_lab. Ask @nobody or mail a@b.com", { mentionHref })).toBe(
      '<p>Thanks <a href="/profile/ana_lab">@ana_lab</a>. Ask @nobody or mail a@b.com</p>',
    );
  });

  it("never throws, never emits a tag outside the subset or an unsafe address, for any input", () => {
    const allowed = new Set(["p", "br", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "blockquote", "pre", "code", "hr", "strong", "em", "a"]);
    const alphabet = fc.constantFrom(..."ab <>\"'`*_[]()#->\n1.@:/hjtps".split(""), "javascript:", "https://x.io", "**", "```", "](");
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 80 }).map((parts) => parts.join("")),
        (source) => {
          const out = html(source, { nofollow: true, mentionHref: () => "/m" });
          for (const [, tag] of out.matchAll(/<\/?([a-z0-9]+)/g)) expect(allowed.has(tag)).toBe(true);
          for (const [, href] of out.matchAll(/href="([^"]*)"/g)) expect(safeLinkTarget(href.replace(/&amp;/g, "&"))).not.toBeNull();
        },
      ),
      { numRuns: 400 },
    );
  });

  it("renders a long run of unclosed delimiters at once (the parser stays linear)", () => {
    const hostile = "[".repeat(20_000) + "](".repeat(5_000) + "`*_".repeat(10_000);
    expect(html(hostile).length).toBeGreaterThan(hostile.length);
  });

  it("gives the plain words for excerpts and read time", () => {
    expect(markdownPlainText("# Shipping\n\n- **Crate** it\n- see [the guide](/knowledge-base/shipping)\n```\ncode\n```")).toBe(
      "Shipping Crate it see the guide code",
    );
  });
});
