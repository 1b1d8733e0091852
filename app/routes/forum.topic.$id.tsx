// /forum/topic/{id}: a topic's opening post, its solution first when one is marked, then its replies,
// oldest first and paged, each rendered from Markdown as React elements (never HTML; links away carry nofollow).
// Opening the page counts a view (once per viewer per 30 minutes). Members with a confirmed address reply, like,
// flag, edit their own posts within 10 minutes; the topic's author or a moderator marks the solution; moderators
// (can_moderate_content) pin, lock, move and hide. Every form is a plain POST: it works without JavaScript.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Badge, Box, Button, Card, HStack, Heading, Link, NativeSelect, Stack, Text, Textarea, chakra } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormErrors, FormSuccess, TextareaField } from "~/components/forms/index.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { Pagination } from "~/components/listings/Pagination.tsx";
import { useNow } from "~/components/use-now.ts";
import { getDb } from "~/db.server.ts";
import { FORUM_LIMITS, FORUM_MESSAGES, forumPageOf, formatForumTime } from "~/lib/forum.ts";
import { MarkdownProse } from "~/components/MarkdownProse.tsx";
import { TopicActionSchema, type TopicAction } from "~/schemas/forum.ts";
import {
  editForumPost,
  flagForumPost,
  followForumTopic,
  getForumTopic,
  likeForumPost,
  listForumCategories,
  markForumSolution,
  moderateForumPost,
  moderateForumTopic,
  pageOfReply,
  recordForumTopicView,
  replyToForumTopic,
  type ForumActor,
  type ForumPostView,
} from "~/services/community/index.server.ts";
import { getOptionalUser, requireConfirmedUser, userHasPermission } from "~/web/auth.server.ts";
import { formReply, refusalsAnswered } from "~/web/domain-answer.server.ts";
import { parseForm } from "~/web/form-data.server.ts";
import { parseRouteId } from "~/web/route-params.server.ts";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `${loaded.topic.title} — Tradebench Forum` : `${FORUM_MESSAGES.topicNotFound} — Tradebench` },
];

const BODY_BYTES = FORUM_LIMITS.bodyMax * 4 + 4096;

const DONE: Partial<Record<TopicAction["intent"], string>> = {
  reply: FORUM_MESSAGES.posted,
  edit: FORUM_MESSAGES.edited,
  flag: FORUM_MESSAGES.flagged,
  follow: FORUM_MESSAGES.followed,
  unfollow: FORUM_MESSAGES.unfollowed,
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = parseRouteId(params.id, FORUM_MESSAGES.topicNotFound);
  const db = getDb();
  const user = await getOptionalUser(request);
  const canModerate = user ? await userHasPermission(user, "can_moderate_content") : false;
  const url = new URL(request.url);
  const topic = await refusalsAnswered(
    () => getForumTopic(db, id, { userId: user?.id ?? null, canModerate }, { page: forumPageOf(url.searchParams.get("page")) }),
    { as: "document" },
  );
  const view = await recordForumTopicView(db, { topicId: id, authorId: topic.authorId, userId: user?.id, ip: context.clientIp ?? "" }).catch(
    (error: unknown) => {
      // A lost view must not cost the reader the page.
      console.error("Could not record a forum topic view", error);
      return { counted: false, views: null };
    },
  );
  const categories = canModerate ? (await listForumCategories(db)).map((category) => ({ id: category.id, name: category.name })) : [];
  const done = url.searchParams.get("done");
  return {
    topic: { ...topic, views: view.views ?? topic.views },
    viewer: user ? { id: user.id, confirmed: user.emailConfirmed, canModerate } : null,
    categories,
    done: done && Object.hasOwn(DONE, done) ? (DONE[done as TopicAction["intent"]] ?? null) : null,
    now: new Date().toISOString(),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = parseRouteId(params.id, FORUM_MESSAGES.topicNotFound);
  const user = await requireConfirmedUser(request);
  const { submission, fields } = await parseForm(request, TopicActionSchema, { maxBytes: BODY_BYTES });
  if (submission.status !== "success") {
    // The reply form shows its messages beside its field; the small forms (edit, like, moderation…) above the posts.
    if (fields.get("intent") === "reply") return data({ result: submission.reply(), message: null }, { status: 400 });
    const first = Object.values(submission.error ?? {}).flatMap((messages) => messages ?? [])[0];
    return data({ result: null, message: first ?? FORUM_MESSAGES.invalidAction }, { status: 400 });
  }
  const db = getDb();
  const actor: ForumActor = { userId: user.id, canModerate: await userHasPermission(user, "can_moderate_content") };
  const value = submission.value;
  const back = (query: string, anchor = "") => redirect(`/forum/topic/${id}${query}${anchor}`);
  return refusalsAnswered(
    async () => {
      switch (value.intent) {
        case "reply": {
          const postId = await replyToForumTopic(db, actor, id, value.body);
          const page = await pageOfReply(db, id, postId);
          return back(`?done=reply${page > 1 ? `&page=${page}` : ""}`, `#post-${postId}`);
        }
        case "edit": {
          const edited = await editForumPost(db, actor, value.postId, value.body);
          return redirect(`/forum/topic/${edited.topicId}?done=edit#post-${value.postId}`);
        }
        case "solution":
          await markForumSolution(db, actor, id, value.postId);
          return back("", `#post-${value.postId}`);
        case "unsolve":
          await markForumSolution(db, actor, id, null);
          return back("");
        case "like":
        case "unlike":
          await likeForumPost(db, actor, value.postId, value.intent === "like");
          return back("", `#post-${value.postId}`);
        case "flag":
          await flagForumPost(db, actor, value.postId);
          return back("?done=flag");
        case "follow":
        case "unfollow":
          await followForumTopic(db, actor, id, value.intent === "follow");
          return back(`?done=${value.intent}`);
        case "hide-post":
        case "restore-post":
          await moderateForumPost(db, actor, value.postId, value.intent === "hide-post" ? "hide" : "restore");
          return back("", `#post-${value.postId}`);
        case "move":
          await moderateForumTopic(db, actor, id, { action: "move", categoryId: value.category });
          return back("");
        default:
          await moderateForumTopic(db, actor, id, { action: value.intent });
          return back("");
      }
    },
    { as: (refusal) => (value.intent === "reply" ? { result: formReply(submission, refusal), message: null } : { result: null, message: refusal.message }) },
  );
}

function PostCard({ post, label, children }: { post: ForumPostView; label?: string; children?: ReactNode }) {
  const { now: serverNow } = useLoaderData<typeof loader>();
  const now = useNow(serverNow);
  return (
    <Card.Root
      as="article"
      id={`post-${post.id}`}
      aria-label={label ?? `Reply by ${post.authorName}`}
      borderColor={label === "Solution" ? "green.emphasized" : undefined}
    >
      <Card.Body gap="3">
        <HStack justify="space-between" wrap="wrap" gap="2" fontSize="sm">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold">{post.authorName}</Text>
            <Text color="fg.muted">
              <time dateTime={post.createdAt}>{formatForumTime(post.createdAt, now)}</time>
              {post.editedAt ? " · edited" : ""}
            </Text>
          </HStack>
          <HStack gap="2">
            {label === "Solution" ? <Badge colorPalette="green">Solution</Badge> : null}
            {post.hidden ? <Badge colorPalette="red">Hidden pending review</Badge> : null}
          </HStack>
        </HStack>
        <MarkdownProse className="forum-post" source={post.body} nofollow />
        {children}
      </Card.Body>
    </Card.Root>
  );
}

/** One small POST form with a single button (like, flag, solution, moderation). */
function IntentButton({
  intent,
  postId,
  children,
  variant = "outline",
}: {
  intent: string;
  postId?: number;
  children: ReactNode;
  variant?: "outline" | "ghost" | "solid";
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      {postId !== undefined ? <input type="hidden" name="postId" value={postId} /> : null}
      <Button type="submit" size="xs" variant={variant}>
        {children}
      </Button>
    </Form>
  );
}

function PostActions({ post }: { post: ForumPostView }) {
  const { topic, viewer } = useLoaderData<typeof loader>();
  if (!viewer)
    return post.likes > 0 ? (
      <Text fontSize="sm" color="fg.muted">
        {post.likes === 1 ? "1 like" : `${post.likes} likes`}
      </Text>
    ) : null;
  const own = post.authorId === viewer.id;
  return (
    <Stack gap="2">
      <HStack gap="2" wrap="wrap">
        {own ? (
          <Text fontSize="sm" color="fg.muted">
            {post.likes === 1 ? "1 like" : `${post.likes} likes`}
          </Text>
        ) : (
          <IntentButton intent={post.likedByViewer ? "unlike" : "like"} postId={post.id}>
            {post.likedByViewer ? `Liked (${post.likes})` : `Like (${post.likes})`}
          </IntentButton>
        )}
        {!own && !post.flaggedByViewer && !post.hidden ? (
          <IntentButton intent="flag" postId={post.id} variant="ghost">
            Flag
          </IntentButton>
        ) : null}
        {!own && post.flaggedByViewer ? (
          <Text fontSize="sm" color="fg.muted">
            Flagged
          </Text>
        ) : null}
        {topic.canMarkSolution && !post.isOpening && !post.hidden ? (
          topic.solutionPostId === post.id ? (
            <IntentButton intent="unsolve">Unmark solution</IntentButton>
          ) : (
            <IntentButton intent="solution" postId={post.id}>
              Mark as solution
            </IntentButton>
          )
        ) : null}
        {viewer.canModerate ? (
          <IntentButton intent={post.hidden ? "restore-post" : "hide-post"} postId={post.id} variant="ghost">
            {post.hidden ? "Restore post" : "Hide post"}
          </IntentButton>
        ) : null}
      </HStack>
      {post.editableByViewer ? <EditForm post={post} /> : null}
    </Stack>
  );
}

function EditForm({ post }: { post: ForumPostView }) {
  return (
    <Box as="details">
      <Box as="summary" cursor="pointer" fontSize="sm">
        Edit (within 10 minutes of posting)
      </Box>
      <Form method="post">
        <input type="hidden" name="intent" value="edit" />
        <input type="hidden" name="postId" value={post.id} />
        <Stack gap="2" mt="2">
          <chakra.label htmlFor={`edit-${post.id}`} fontSize="sm" fontWeight="medium">
            Your post
          </chakra.label>
          <Textarea id={`edit-${post.id}`} name="body" defaultValue={post.body} rows={6} maxLength={FORUM_LIMITS.bodyMax} required />
          <Button type="submit" size="sm" alignSelf="start">
            Save changes
          </Button>
        </Stack>
      </Form>
    </Box>
  );
}

function ModeratorBar() {
  const { topic, categories } = useLoaderData<typeof loader>();
  return (
    <Card.Root as="section" aria-labelledby="moderation-heading" variant="subtle">
      <Card.Body gap="3">
        <Heading as="h2" size="sm" id="moderation-heading">
          Moderation
        </Heading>
        <HStack gap="2" wrap="wrap">
          <IntentButton intent={topic.pinned ? "unpin" : "pin"}>{topic.pinned ? "Unpin" : "Pin"}</IntentButton>
          <IntentButton intent={topic.locked ? "unlock" : "lock"}>{topic.locked ? "Unlock" : "Lock"}</IntentButton>
          <IntentButton intent={topic.hidden ? "unhide" : "hide"}>{topic.hidden ? "Unhide topic" : "Hide topic"}</IntentButton>
          <Form method="post">
            <input type="hidden" name="intent" value="move" />
            <HStack gap="2">
              <NativeSelect.Root size="xs" width="auto">
                <NativeSelect.Field name="category" defaultValue={topic.categoryId} aria-label="Move to category">
                  {categories.map((category) => (
                    <option key={category.id} value={category.id}>
                      {category.name}
                    </option>
                  ))}
                </NativeSelect.Field>
              </NativeSelect.Root>
              <Button type="submit" size="xs" variant="outline">
                Move
              </Button>
            </HStack>
          </Form>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

function ReplyForm() {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const posting = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formData?.get("intent") === "reply";
  const [form, fields] = useForm({
    id: "reply",
    lastResult: answer?.result ?? undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TopicActionSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="reply" />
      <Stack gap="3">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextareaField
          meta={fields.body}
          label="Your reply"
          rows={6}
          maxLength={FORUM_LIMITS.bodyMax}
          required
          helper="Markdown: **bold**, *italic*, `code`, lists, > quotes, [links](https://example.com)."
        />
        <Button type="submit" colorPalette="blue" alignSelf="start" loading={posting} loadingText="Posting...">
          Post reply
        </Button>
      </Stack>
    </Form>
  );
}

export default function ForumTopicPage() {
  const { topic, viewer, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <Box maxW="4xl" mx="auto" px={{ base: "4", md: "6" }} py={{ base: "8", md: "12" }}>
      <Stack gap="6">
        <Link asChild fontSize="sm" textDecoration="underline" alignSelf="start">
          <RemixLink to={`/forum?category=${encodeURIComponent(topic.categoryId)}`}>← {topic.categoryName}</RemixLink>
        </Link>
        <Box>
          <HStack gap="2" wrap="wrap" mb="2">
            {topic.pinned ? <Badge colorPalette="purple">Pinned</Badge> : null}
            {topic.solutionPostId !== null ? <Badge colorPalette="green">Solved</Badge> : null}
            {topic.locked ? <Badge colorPalette="gray">Locked</Badge> : null}
            {topic.hidden ? <Badge colorPalette="red">Hidden</Badge> : null}
          </HStack>
          <Heading as="h1" size="2xl" overflowWrap="anywhere">
            {topic.title}
          </Heading>
          <HStack justify="space-between" align="center" wrap="wrap" gap="2" mt="1">
            <Text color="fg.muted" fontSize="sm">
              Started by {topic.authorName} · {topic.replies} {topic.replies === 1 ? "reply" : "replies"} · {topic.views} {topic.views === 1 ? "view" : "views"}
            </Text>
            {viewer?.confirmed ? (
              <IntentButton intent={topic.viewerFollows ? "unfollow" : "follow"}>{topic.viewerFollows ? "Unfollow" : "Follow"}</IntentButton>
            ) : null}
          </HStack>
        </Box>
        {done ? <FormSuccess>{done}</FormSuccess> : null}
        {answer?.message ? <FormErrors errors={[answer.message]} /> : null}
        {viewer?.canModerate ? <ModeratorBar /> : null}
        {topic.opening ? (
          <PostCard post={topic.opening} label={`Opening post by ${topic.opening.authorName}`}>
            <PostActions post={topic.opening} />
          </PostCard>
        ) : (
          <Text>This post is hidden pending review.</Text>
        )}
        {topic.solution ? (
          <Stack as="section" aria-labelledby="solution-heading" gap="2">
            <Heading as="h2" size="md" id="solution-heading">
              Solution
            </Heading>
            <PostCard post={topic.solution} label="Solution">
              <PostActions post={topic.solution} />
            </PostCard>
          </Stack>
        ) : null}
        <Stack as="section" aria-labelledby="replies-heading" gap="3">
          <Heading as="h2" size="md" id="replies-heading">
            Replies
          </Heading>
          {topic.replyPage.length === 0 && !topic.solution ? <Text color="fg.muted">No replies yet.</Text> : null}
          {topic.replyPage.map((post) => (
            <PostCard key={post.id} post={post}>
              <PostActions post={post} />
            </PostCard>
          ))}
          <Pagination
            page={topic.page}
            totalPages={topic.pageCount}
            hrefFor={(page) => (page > 1 ? `/forum/topic/${topic.id}?page=${page}` : `/forum/topic/${topic.id}`)}
          />
        </Stack>
        <Box as="section" aria-labelledby="reply-heading">
          <Heading as="h2" size="md" id="reply-heading" mb="3">
            Reply
          </Heading>
          {!viewer ? (
            <Text>
              <Link asChild textDecoration="underline">
                <RemixLink to={`/login?from=${encodeURIComponent(`/forum/topic/${topic.id}`)}`}>Login to Post</RemixLink>
              </Link>{" "}
              a reply.
            </Text>
          ) : !viewer.confirmed ? (
            <Text>Confirm your e-mail address to reply: follow the link we sent you.</Text>
          ) : topic.canReply ? (
            <ReplyForm />
          ) : (
            <Text>{FORUM_MESSAGES.locked}</Text>
          )}
        </Box>
      </Stack>
    </Box>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
