// An article's Markdown as the reader sees it, in the site's one Markdown frame (app/components/MarkdownProse.tsx).
import { MarkdownProse } from "~/components/MarkdownProse.tsx";

export function ArticleBody({ source }: { source: string }) {
  return <MarkdownProse className="article-body" source={source} />;
}
