// Links in plain message text: only well-formed http(s) addresses become links; everything else stays text.
import { describe, expect, it } from "vitest";
import { linkify, USER_LINK_REL } from "~/lib/linkify.ts";

const joined = (text: string) =>
  linkify(text)
    .map((segment) => segment.text)
    .join("");
const links = (text: string) => linkify(text).filter((segment) => segment.kind === "link");

describe("linkify", () => {
  it("leaves text without addresses as one text segment", () => {
    expect(linkify("Is the probe set included?")).toEqual([{ kind: "text", text: "Is the probe set included?" }]);
    expect(linkify("")).toEqual([]);
  });

  it("makes http and https addresses links, with the text around them kept", () => {
    expect(linkify("Manual: https://example.com/manual.pdf and http://tek.com/x?y=1#z ok")).toEqual([
      { kind: "text", text: "Manual: " },
      { kind: "link", text: "https://example.com/manual.pdf", href: "https://example.com/manual.pdf" },
      { kind: "text", text: " and " },
      { kind: "link", text: "http://tek.com/x?y=1#z", href: "http://tek.com/x?y=1#z" },
      { kind: "text", text: " ok" },
    ]);
  });

  it("leaves sentence punctuation and unmatched brackets out of the link", () => {
    expect(links("See https://example.com/a.")).toEqual([{ kind: "link", text: "https://example.com/a", href: "https://example.com/a" }]);
    expect(links("(see https://example.com/b)")).toEqual([{ kind: "link", text: "https://example.com/b", href: "https://example.com/b" }]);
    expect(links("https://en.wikipedia.org/wiki/Probe_(electronics)!")[0]?.text).toBe("https://en.wikipedia.org/wiki/Probe_(electronics)");
  });

  it("never links other schemes or markup, which stay plain text", () => {
    for (const text of [
      "javascript:alert(1)",
      '<a href="https://evil.example">x</a> <script>alert(1)</script>',
      "data:text/html;base64,PHNjcmlwdD4=",
      "ftp://files.example.com/x",
      "https://",
    ]) {
      expect(joined(text)).toBe(text);
      for (const link of links(text)) expect(link.href).toMatch(/^https?:\/\/[^"<>]+$/);
    }
    expect(links("javascript:alert(1)")).toEqual([]);
    expect(links("<script>alert(1)</script>")).toEqual([]);
  });

  it("gives back exactly the input when the segments are joined", () => {
    const text = "a https://x.example/1, b (http://y.example/2) c https://z.example/3?q=<b>.\nnew line";
    expect(joined(text)).toBe(text);
  });

  it("carries the rel of user-written links", () => {
    expect(USER_LINK_REL).toBe("noopener noreferrer nofollow ugc");
  });
});
