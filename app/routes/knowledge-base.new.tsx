// /knowledge-base/new: staff holding can_edit_content write a knowledge-base article: Markdown with a
// preview, saved as a draft (seen only by staff who edit content) or published. The loader and the action both check
// the permission.
import { Box, Heading, Stack, Text } from "@chakra-ui/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { ArticleEditor } from "~/components/knowledge-base/ArticleEditor.tsx";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { requirePermission } from "~/web/auth.server.ts";
import { articleEditorAction } from "~/web/knowledge-article-editor.server.ts";

export const meta: MetaFunction = () => [{ title: "New article — Tradebench Knowledge Base" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "can_edit_content");
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  return articleEditorAction(request, null);
}

export default function NewKnowledgeArticlePage() {
  const answer = useActionData<typeof action>();
  return (
    <Box maxW="4xl" mx="auto" px={{ base: "4", md: "6" }} py={{ base: "8", md: "12" }}>
      <Stack gap="6">
        <Box>
          <Heading as="h1" size="2xl">
            New article
          </Heading>
          <Text color="fg.muted" mt="1">
            Save it as a draft to keep working on it; only staff who edit content see drafts.
          </Text>
        </Box>
        <ArticleEditor
          defaults={{ title: "", slug: "", category: "", tags: "", status: "draft", content: "" }}
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
