// /knowledge-base/{slug}/edit: staff holding can_edit_content change a knowledge-base article, drafts
// included: Markdown with a preview, draft or published. The loader and the action both check the permission.
import { Box, Heading, Link, Stack, Text } from "@chakra-ui/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link as RemixLink, useActionData, useLoaderData } from "@remix-run/react";
import { ArticleEditor } from "~/components/knowledge-base/ArticleEditor.tsx";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { isArticleSlug, KNOWLEDGE_MESSAGES } from "~/lib/knowledge-base.ts";
import { getArticle } from "~/services/content/index.server.ts";
import { DomainError } from "~/services/domain-error.ts";
import { requirePermission } from "~/web/auth.server.ts";
import { throwRefusal } from "~/web/domain-answer.server.ts";
import { articleEditorAction } from "~/web/knowledge-article-editor.server.ts";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: `Edit ${loaded?.article.title ?? "article"} — Tradebench Knowledge Base` }];

/** The article being edited, drafts included; an address that cannot be a slug is not found before any query. */
async function articleOf(slug: string | undefined) {
  if (!slug || !isArticleSlug(slug)) throwRefusal(new DomainError("not_found", KNOWLEDGE_MESSAGES.notFound));
  return getArticle(getDb(), { slug }, { includeDrafts: true }).catch(throwRefusal);
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "can_edit_content");
  const article = await articleOf(params.slug);
  return { article };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, "can_edit_content");
  const article = await articleOf(params.slug);
  return articleEditorAction(request, article.id);
}

export default function EditKnowledgeArticlePage() {
  const { article } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <Box maxW="4xl" mx="auto" px={{ base: "4", md: "6" }} py={{ base: "8", md: "12" }}>
      <Stack gap="6">
        <Box>
          <Heading as="h1" size="2xl">
            Edit article
          </Heading>
          <Text color="fg.muted" mt="1">
            <Link asChild textDecoration="underline">
              <RemixLink to={`/knowledge-base/${article.slug}`}>{article.title}</RemixLink>
            </Link>
            {article.status === "draft" ? " (draft)" : ""}
          </Text>
        </Box>
        <ArticleEditor
          key={article.id}
          defaults={{
            title: article.title,
            slug: article.slug,
            category: article.category,
            tags: article.tags.join(", "),
            status: article.status,
            content: article.content,
          }}
          lastResult={answer?.result}
          preview={answer?.preview ?? null}
        />
      </Stack>
    </Box>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
