// Forum posts and articles share one Markdown frame (the forum's lists had no bullets and its links looked
// like text): a post's list keeps its bullets and its links are underlined, as in the knowledge base.
import { ChakraProvider } from "@chakra-ui/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MarkdownProse } from "~/components/MarkdownProse.tsx";
import { system } from "~/theme.ts";

function rendered(source: string): string {
  return renderToString(
    <ChakraProvider value={system}>
      <MarkdownProse className="forum-post" source={source} nofollow />
    </ChakraProvider>,
  );
}

describe("a forum post's Markdown", () => {
  it("draws list bullets and underlined links", () => {
    const html = rendered("- first\n- second\n\nSee [the manual](https://example.com/manual).");
    expect(html).toMatch(/<ul[^>]*>\s*<li[^>]*>first<\/li>/);
    expect(html).toMatch(/<a href="https:\/\/example.com\/manual" rel="[^"]*nofollow/);
    expect(html).toMatch(/list-style-type:\s*disc/);
    expect(html).toMatch(/text-decoration:\s*underline/);
  });
});
