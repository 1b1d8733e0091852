// /forum/new-topic: a member with a confirmed e-mail address starts a topic — category, title and the
// opening post in the forum's Markdown subset (shown as the topic page will show it). Visitors sign in first; the
// loader and the action both check. Accounts younger than a day may start 3 topics an hour.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Box, Button, Heading, Stack, Text } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormErrors, SelectField, TextareaField, TextField } from "~/components/forms/index.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { FORUM_LIMITS } from "~/lib/forum.ts";
import { NewTopicSchema } from "~/schemas/forum.ts";
import { createForumTopic, listForumCategories } from "~/services/community/index.server.ts";
import { requireConfirmedUser, userHasPermission } from "~/web/auth.server.ts";
import { formReply, refusalsAnswered } from "~/web/domain-answer.server.ts";
import { parseForm } from "~/web/form-data.server.ts";

export const meta: MetaFunction = () => [{ title: "New topic — Tradebench Forum" }];

/** The body bound of this form: the longest post, with room for the other fields and form encoding. */
const BODY_BYTES = FORUM_LIMITS.bodyMax * 4 + 4096;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireConfirmedUser(request);
  const categories = await listForumCategories(getDb());
  const wanted = new URL(request.url).searchParams.get("category");
  return {
    categories: categories.map((category) => ({ value: category.id, label: category.name })),
    category: categories.some((category) => category.id === wanted) ? wanted : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireConfirmedUser(request);
  const { submission } = await parseForm(request, NewTopicSchema, { maxBytes: BODY_BYTES });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const canModerate = await userHasPermission(user, "can_moderate_content");
  return refusalsAnswered(
    async () => {
      const { category, title, body } = submission.value;
      const id = await createForumTopic(getDb(), { userId: user.id, canModerate }, { categoryId: category, title, body });
      return redirect(`/forum/topic/${id}`);
    },
    { as: (refusal) => ({ result: formReply(submission, refusal) }) },
  );
}

export default function NewTopicPage() {
  const { categories, category } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const posting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "new-topic",
    lastResult: answer?.result,
    defaultValue: { category: category ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NewTopicSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Box maxW="3xl" mx="auto" px={{ base: "4", md: "6" }} py={{ base: "8", md: "12" }}>
      <Stack gap="6">
        <Box>
          <Heading as="h1" size="2xl">
            New topic
          </Heading>
          <Text color="fg.muted" mt="2">
            Give the make and model in the title, and the details that help others answer: what you measured, firmware versions, what you already tried.
          </Text>
        </Box>
        <Form method="post" {...getFormProps(form)}>
          <Stack gap="4">
            <FormErrors id={form.errorId} errors={form.errors} />
            <SelectField meta={fields.category} label="Category" options={categories} placeholder="Choose a category" required />
            <TextField meta={fields.title} label="Title" maxLength={FORUM_LIMITS.titleMax} required />
            <TextareaField
              meta={fields.body}
              label="Message"
              rows={10}
              maxLength={FORUM_LIMITS.bodyMax}
              required
              helper="You can use **bold**, *italic*, `code`, lists, > quotes and [links](https://example.com)."
            />
            <Stack direction="row" gap="3">
              <Button type="submit" colorPalette="blue" loading={posting} loadingText="Posting...">
                Post topic
              </Button>
              <Button asChild variant="ghost">
                <RemixLink to="/forum">Cancel</RemixLink>
              </Button>
            </Stack>
          </Stack>
        </Form>
      </Stack>
    </Box>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
