// The knowledge-base editor (staff with can_edit_content): title, address, category, tags, status and the Markdown
// content, with Preview (a round trip that renders the Markdown as the article page will, storing nothing) and Save.
// A plain form: works without JavaScript and keeps what was typed when the server sends it back.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Box, Button, Card, HStack, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Form, useNavigation } from "@remix-run/react";
import { FormErrors, SelectField, TextareaField, TextField } from "~/components/forms/index.ts";
import { KNOWLEDGE_CATEGORIES, KNOWLEDGE_CATEGORY_KEYS, KNOWLEDGE_LIMITS, type ArticleStatus, type KnowledgeCategory } from "~/lib/knowledge-base.ts";
import { ArticleFormSchema } from "~/schemas/knowledge-base.ts";
import { ArticleBody } from "./ArticleBody.tsx";

export interface ArticleEditorValues {
  title: string;
  slug: string;
  category: KnowledgeCategory | "";
  tags: string;
  status: ArticleStatus;
  content: string;
}

const CATEGORY_OPTIONS = KNOWLEDGE_CATEGORY_KEYS.map((key) => ({ value: key, label: KNOWLEDGE_CATEGORIES[key] }));
const STATUS_OPTIONS = [
  { value: "draft", label: "Draft (only staff see it)" },
  { value: "published", label: "Published" },
];

export function ArticleEditor({
  defaults,
  lastResult,
  preview,
}: {
  defaults: ArticleEditorValues;
  lastResult: SubmissionResult<string[]> | undefined;
  /** The Markdown of the last Preview, or null. */
  preview: string | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "knowledge-article",
    lastResult,
    defaultValue: defaults,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ArticleFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Stack gap="6">
      <Form method="post" {...getFormProps(form)}>
        <Stack gap="4">
          <FormErrors id={form.errorId} errors={form.errors} />
          <TextField meta={fields.title} label="Title" maxLength={KNOWLEDGE_LIMITS.title} required />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <TextField
              meta={fields.slug}
              label="Web address"
              helper="/knowledge-base/… : lower-case words joined by hyphens, e.g. shipping-heavy-equipment"
              maxLength={KNOWLEDGE_LIMITS.slug}
              required
            />
            <SelectField meta={fields.category} label="Category" options={CATEGORY_OPTIONS} placeholder="Choose a category" required />
            <TextField meta={fields.tags} label="Tags" helper={`Separated by commas, at most ${KNOWLEDGE_LIMITS.tags}`} />
            <SelectField meta={fields.status} label="Status" options={STATUS_OPTIONS} required />
          </SimpleGrid>
          <TextareaField
            meta={fields.content}
            label="Content (Markdown)"
            helper="# Section heading, ## subheading, **bold**, *italic*, - lists, 1. numbered lists, > quotes, `code`, [link text](https://…). HTML is shown as text."
            rows={18}
            maxLength={KNOWLEDGE_LIMITS.content}
            required
          />
          <HStack gap="3">
            {/* Preview first in the form, so Enter in a field previews rather than saves. */}
            <Button type="submit" name="intent" value="preview" variant="outline" disabled={busy} formNoValidate>
              Preview
            </Button>
            <Button
              type="submit"
              name="intent"
              value="save"
              colorPalette="blue"
              disabled={busy}
              loading={busy && navigation.formData?.get("intent") === "save"}
            >
              Save article
            </Button>
          </HStack>
        </Stack>
      </Form>
      {preview !== null ? (
        <Card.Root as="section" aria-labelledby="kb-preview" variant="outline">
          <Card.Body gap="4">
            <Box>
              <Heading as="h2" size="md" id="kb-preview">
                Preview
              </Heading>
              <Text fontSize="sm" color="fg.muted">
                As readers will see it. Nothing is saved until you choose Save article.
              </Text>
            </Box>
            <Box data-testid="kb-preview-body">
              {preview.trim() === "" ? <Text color="fg.muted">Nothing to preview yet.</Text> : <ArticleBody source={preview} />}
            </Box>
          </Card.Body>
        </Card.Root>
      ) : null}
    </Stack>
  );
}
