// /knowledge-base/{id-or-slug}: one knowledge-base article: its Markdown rendered safely, the read time
// computed from its text, when it was last updated, its category and tags, related articles, and "Was this helpful?"
// (one answer per member or visitor's browser, which the reader may change; app/services/content). An id sends the
// reader to the article's slug. Drafts exist only for staff who edit content; for everyone else they are not found.
// The vote is a form post that works without JavaScript; with it, a fetcher answers in place.
import { Badge, Box, Breadcrumb, Button, Card, Flex, HStack, Heading, Link, Stack, Text, Wrap } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link as RemixLink, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { FormSuccess } from "~/components/forms/index.ts";
import { ArticleBody } from "~/components/knowledge-base/ArticleBody.tsx";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { formatShortDate } from "~/lib/dates.ts";
import { helpfulSummary, isArticleSlug, KNOWLEDGE_CATEGORIES, KNOWLEDGE_MESSAGES, type HelpfulTally } from "~/lib/knowledge-base.ts";
import { HelpfulVoteSchema } from "~/schemas/knowledge-base.ts";
import { DomainError } from "~/services/domain-error.ts";
import {
  articleAddressOf,
  claimHelpfulVoteAttempt,
  getArticle,
  helpfulTally,
  recordHelpfulVote,
  relatedArticles,
  type Voter,
} from "~/services/content/index.server.ts";
import { getOptionalUser, userHasPermission } from "~/web/auth.server.ts";
import { newDeviceCookie, readDeviceId } from "~/web/device-cookie.server.ts";
import { refusalsAnswered, throwRefusal } from "~/web/domain-answer.server.ts";
import { parseForm } from "~/web/form-data.server.ts";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) =>
  loaded
    ? [{ title: `${loaded.article.title} — Tradebench Knowledge Base` }, { name: "description", content: loaded.article.excerpt }]
    : [{ title: "Article not found — Tradebench" }];

/** The article the address names (an id or a slug); anything else is not found before any query. */
function addressOf(param: string | undefined) {
  const value = param ?? "";
  const address = articleAddressOf(value);
  if ("slug" in address && !isArticleSlug(address.slug)) throwRefusal(new DomainError("not_found", KNOWLEDGE_MESSAGES.notFound));
  return address;
}

async function readerOf(request: Request): Promise<{ voter: Voter | null; canEdit: boolean }> {
  const user = await getOptionalUser(request);
  if (user) return { voter: { userId: user.id }, canEdit: await userHasPermission(user, "can_edit_content") };
  const deviceId = await readDeviceId(request);
  return { voter: deviceId ? { deviceId } : null, canEdit: false };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const address = addressOf(params.slug);
  const { voter, canEdit } = await readerOf(request);
  const db = getDb();
  const article = await getArticle(db, address, { includeDrafts: canEdit }).catch(throwRefusal);
  if ("id" in address) throw redirect(`/knowledge-base/${article.slug}`);
  const [tally, related] = await Promise.all([helpfulTally(db, article.id, voter), relatedArticles(db, article)]);
  // The editor comes back here after a save (?saved=1).
  const saved = canEdit && new URL(request.url).searchParams.get("saved") === "1";
  return { article, tally, related, canEdit, saved };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const address = addressOf(params.slug);
  const { submission } = await parseForm(request, HelpfulVoteSchema);
  if (submission.status !== "success") return data({ message: "Please choose Yes or No.", tally: null }, { status: 400 });
  const db = getDb();
  const user = await getOptionalUser(request);
  let voter: Voter;
  let setCookie: string | null = null;
  if (user) voter = { userId: user.id };
  else {
    const deviceId = await readDeviceId(request);
    if (deviceId) voter = { deviceId };
    else {
      // A visitor's first answer gives their browser the signed device id their answers are kept under.
      const fresh = await newDeviceCookie();
      voter = { deviceId: fresh.deviceId };
      setCookie = fresh.setCookie;
    }
  }
  return refusalsAnswered(
    async () => {
      const article = await getArticle(db, address);
      await claimHelpfulVoteAttempt(db, context.clientIp);
      const tally = await recordHelpfulVote(db, article.id, voter, submission.value.helpful === "yes");
      return data({ message: KNOWLEDGE_MESSAGES.voteThanks, tally }, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
    },
    { as: (refusal) => ({ message: refusal.message, ...(refusal.field === undefined ? {} : { field: refusal.field }), tally: null }), page: ["not_found"] },
  );
}

function HelpfulVote({ tally }: { tally: HelpfulTally }) {
  const fetcher = useFetcher<typeof action>();
  // With JavaScript the fetcher answers; without it, the page comes back from the action with its answer.
  const posted = useActionData<typeof action>();
  const answer = fetcher.data ?? posted;
  const answered = answer?.tally ?? tally;
  // While the answer travels, the chosen button already shows as chosen.
  const pending = fetcher.formData?.get("helpful");
  const mine = pending === "yes" ? true : pending === "no" ? false : answered.mine;
  const summary = helpfulSummary(answered);
  const refusal = answer && answer.tally === null ? answer.message : null;
  return (
    <Card.Root as="section" variant="subtle" aria-labelledby="kb-helpful">
      <Card.Body gap="3">
        <Heading as="h2" size="md" id="kb-helpful">
          Was this helpful?
        </Heading>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="vote" />
          <HStack gap="3">
            <Button
              type="submit"
              name="helpful"
              value="yes"
              size="sm"
              variant={mine === true ? "solid" : "outline"}
              colorPalette="green"
              aria-pressed={mine === true}
            >
              Yes
            </Button>
            <Button
              type="submit"
              name="helpful"
              value="no"
              size="sm"
              variant={mine === false ? "solid" : "outline"}
              colorPalette="red"
              aria-pressed={mine === false}
            >
              No
            </Button>
          </HStack>
        </fetcher.Form>
        <Box aria-live="polite">
          {refusal ? (
            <Text color="fg.error">{refusal}</Text>
          ) : mine !== null ? (
            <Text fontSize="sm">
              {answer?.tally ? `${KNOWLEDGE_MESSAGES.voteThanks} ` : ""}You answered {mine ? "Yes" : "No"}; choose the other to change your answer.
            </Text>
          ) : null}
          {summary ? (
            <Text fontSize="sm" color="fg.muted" data-testid="kb-helpful-summary">
              {summary}
            </Text>
          ) : null}
        </Box>
      </Card.Body>
    </Card.Root>
  );
}

export default function KnowledgeArticlePage() {
  const { article, tally, related, canEdit, saved } = useLoaderData<typeof loader>();
  return (
    <Box maxW="4xl" mx="auto" px={{ base: "4", md: "6" }} py={{ base: "8", md: "12" }}>
      <Stack gap="8">
        <Breadcrumb.Root>
          <Breadcrumb.List>
            <Breadcrumb.Item>
              <Breadcrumb.Link asChild>
                <RemixLink to="/knowledge-base">Knowledge Base</RemixLink>
              </Breadcrumb.Link>
            </Breadcrumb.Item>
            <Breadcrumb.Separator />
            <Breadcrumb.Item>
              <Breadcrumb.Link asChild>
                <RemixLink to={`/knowledge-base?category=${article.category}`}>{KNOWLEDGE_CATEGORIES[article.category]}</RemixLink>
              </Breadcrumb.Link>
            </Breadcrumb.Item>
          </Breadcrumb.List>
        </Breadcrumb.Root>

        {saved ? <FormSuccess>{KNOWLEDGE_MESSAGES.saved}</FormSuccess> : null}

        <Stack as="header" gap="3">
          <Flex justify="space-between" align="start" gap="4" wrap="wrap">
            <Heading as="h1" size="3xl">
              {article.title}
            </Heading>
            {canEdit ? (
              <Button asChild size="sm" variant="outline">
                <RemixLink to={`/knowledge-base/${article.slug}/edit`}>Edit article</RemixLink>
              </Button>
            ) : null}
          </Flex>
          <HStack gap="3" wrap="wrap" fontSize="sm" color="fg.muted">
            <Badge colorPalette="blue" variant="subtle">
              {KNOWLEDGE_CATEGORIES[article.category]}
            </Badge>
            {article.status === "draft" ? <Badge colorPalette="yellow">Draft: only staff see it</Badge> : null}
            <Text>{article.readTimeMinutes} min read</Text>
            <Text>
              Last updated <time dateTime={article.updatedAt}>{formatShortDate(article.updatedAt)}</time>
            </Text>
            {article.authorName ? <Text>By {article.authorName}</Text> : null}
          </HStack>
          {article.tags.length > 0 ? (
            <Wrap gap="2">
              {article.tags.map((tag) => (
                <Badge key={tag} asChild variant="outline">
                  <RemixLink to={`/knowledge-base?q=${encodeURIComponent(tag)}`}>{tag}</RemixLink>
                </Badge>
              ))}
            </Wrap>
          ) : null}
        </Stack>

        <Box as="article" aria-label={article.title}>
          <ArticleBody source={article.content} />
        </Box>

        {article.status === "published" ? <HelpfulVote tally={tally} /> : null}

        {related.length > 0 ? (
          <Box as="section" aria-labelledby="kb-related">
            <Heading as="h2" size="md" id="kb-related" mb="3">
              Related articles
            </Heading>
            <Stack as="ul" gap="2" listStyleType="none">
              {related.map((other) => (
                <Box as="li" key={other.slug}>
                  <Link asChild textDecoration="underline">
                    <RemixLink to={`/knowledge-base/${other.slug}`}>{other.title}</RemixLink>
                  </Link>{" "}
                  <Text as="span" fontSize="sm" color="fg.muted">
                    ({KNOWLEDGE_CATEGORIES[other.category]})
                  </Text>
                </Box>
              ))}
            </Stack>
          </Box>
        ) : null}

        <Text color="fg.muted">
          Questions this article does not answer?{" "}
          <Link asChild textDecoration="underline">
            <RemixLink to="/forum">Join the Discussion</RemixLink>
          </Link>{" "}
          in the forum or{" "}
          <Link asChild textDecoration="underline">
            <RemixLink to="/contact">contact us</RemixLink>
          </Link>
          .
        </Text>
      </Stack>
    </Box>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
