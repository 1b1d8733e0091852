// Markdown as a reader sees it, wherever members or staff write it (knowledge-base articles, forum posts):
// app/lib/markdown.tsx renders the safe subset as React elements, and this frame gives those plain elements the page's
// typography, because the design system resets headings, lists and links (forum lists and links were
// invisible). One frame, so a list or a link reads the same on every page.
import { Box } from "@chakra-ui/react";
import { Markdown } from "~/lib/markdown.tsx";

export function MarkdownProse({ source, className, nofollow }: { source: string; className: string; nofollow?: boolean }) {
  return (
    <Box
      className={className}
      lineHeight="tall"
      overflowWrap="anywhere"
      css={{
        "& > * + *": { marginTop: "4" },
        "& h2": { fontSize: "2xl", fontWeight: "semibold", marginTop: "8", lineHeight: "short" },
        "& h3": { fontSize: "xl", fontWeight: "semibold", marginTop: "6" },
        "& h4, & h5, & h6": { fontSize: "lg", fontWeight: "semibold", marginTop: "4" },
        "& ul": { listStyleType: "disc", paddingInlineStart: "6" },
        "& ol": { listStyleType: "decimal", paddingInlineStart: "6" },
        "& li + li": { marginTop: "1" },
        "& a": { color: "blue.fg", textDecoration: "underline" },
        "& blockquote": { borderInlineStartWidth: "4px", borderColor: "border.emphasized", paddingInlineStart: "4", color: "fg.muted" },
        "& code": { fontFamily: "mono", fontSize: "0.9em", background: "bg.muted", paddingInline: "1", borderRadius: "sm" },
        "& pre": { background: "bg.muted", padding: "4", borderRadius: "md", overflowX: "auto" },
        "& pre code": { background: "transparent", padding: "0" },
        "& hr": { borderColor: "border" },
      }}
    >
      <Markdown source={source} nofollow={nofollow} />
    </Box>
  );
}
