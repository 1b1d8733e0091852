// /knowledge-base: the knowledge base's articles (docs/product/community.md#knowledge-base). A search over title, content and tags
// (?q=, bounded), a category filter (?category=), Popular Topics from the tags readers found helpful, "Clear Filters"
// when nothing matches, and the ways on: "Submit an Article" (/contact) and "Join the Discussion" (/forum). Staff who
// edit content also see drafts and a link to write a new article. A GET form: works without JavaScript.
import { Badge, Box, Button, Card, Flex, HStack, Heading, Input, Link, NativeSelect, SimpleGrid, Stack, Text, Wrap } from "@chakra-ui/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { formatShortDate } from "~/lib/dates.ts";
import {
  isKnowledgeCategory,
  KNOWLEDGE_CATEGORIES,
  KNOWLEDGE_CATEGORY_KEYS,
  KNOWLEDGE_LIMITS,
  KNOWLEDGE_MESSAGES,
  SUBMIT_ARTICLE_SUBJECT,
} from "~/lib/knowledge-base.ts";
import { listArticles, popularTopics } from "~/services/content/index.server.ts";
import { getOptionalUser, userHasPermission } from "~/web/auth.server.ts";

export const meta: MetaFunction = () => [
  { title: "Knowledge Base — Tradebench" },
  {
    name: "description",
    content:
      "Guides for buying and selling industrial and test equipment on Tradebench: listing, photography, pricing, shipping heavy gear, calibration, auctions and escrow.",
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").slice(0, KNOWLEDGE_LIMITS.query);
  const asked = url.searchParams.get("category");
  const category = isKnowledgeCategory(asked) ? asked : null;
  const user = await getOptionalUser(request);
  const canEdit = user ? await userHasPermission(user, "can_edit_content") : false;
  const db = getDb();
  const [list, topics] = await Promise.all([listArticles(db, { query, category, includeDrafts: canEdit }), popularTopics(db)]);
  return { query, category, ...list, topics, canEdit };
}

export default function KnowledgeBasePage() {
  const { query, category, articles, truncated, topics, canEdit } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/knowledge-base";
  const filtered = query.trim() !== "" || category !== null;
  return (
    <Box maxW="6xl" mx="auto" px={{ base: "4", md: "6" }} py={{ base: "8", md: "12" }}>
      <Stack gap="8">
        <Flex justify="space-between" align={{ base: "start", md: "end" }} gap="4" direction={{ base: "column", md: "row" }}>
          <Box>
            <Heading as="h1" size="3xl">
              Knowledge Base
            </Heading>
            <Text color="fg.muted" mt="2" maxW="2xl">
              Practical guides for trading used industrial electronics, test instruments and heavy equipment: listing, pricing, shipping, calibration and
              getting paid safely.
            </Text>
          </Box>
          {canEdit ? (
            <Button asChild colorPalette="blue">
              <RemixLink to="/knowledge-base/new">New article</RemixLink>
            </Button>
          ) : null}
        </Flex>

        <Form method="get" role="search" aria-label="Search the knowledge base">
          <Flex gap="3" direction={{ base: "column", md: "row" }} align={{ md: "end" }}>
            <Box flex="1">
              <label htmlFor="kb-search">
                <Text as="span" fontWeight="medium" fontSize="sm">
                  Search articles
                </Text>
              </label>
              <Input
                id="kb-search"
                type="search"
                name="q"
                defaultValue={query}
                key={`q-${query}`}
                maxLength={KNOWLEDGE_LIMITS.query}
                placeholder="e.g. calibration certificate, crating, proxy bid"
                mt="1"
              />
            </Box>
            <Box minW={{ md: "56" }}>
              <label htmlFor="kb-category">
                <Text as="span" fontWeight="medium" fontSize="sm">
                  Category
                </Text>
              </label>
              <NativeSelect.Root mt="1">
                <NativeSelect.Field id="kb-category" name="category" defaultValue={category ?? ""} key={`c-${category ?? ""}`}>
                  <option value="">All Categories</option>
                  {KNOWLEDGE_CATEGORY_KEYS.map((key) => (
                    <option key={key} value={key}>
                      {KNOWLEDGE_CATEGORIES[key]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Box>
            <Button type="submit" colorPalette="blue" loading={searching}>
              Search
            </Button>
          </Flex>
        </Form>

        {topics.length > 0 ? (
          <Box as="section" aria-labelledby="kb-topics">
            <Heading as="h2" size="md" id="kb-topics" mb="3">
              Popular Topics
            </Heading>
            <Wrap gap="2">
              {topics.map((topic) => (
                <Button key={topic.tag} asChild size="sm" variant={query === topic.tag ? "solid" : "outline"} colorPalette="blue">
                  <RemixLink to={`/knowledge-base?q=${encodeURIComponent(topic.tag)}`} aria-current={query === topic.tag ? "true" : undefined}>
                    {topic.tag}
                  </RemixLink>
                </Button>
              ))}
            </Wrap>
          </Box>
        ) : null}

        <Box as="section" aria-labelledby="kb-results">
          <Heading as="h2" size="md" id="kb-results" mb="4">
            {filtered ? `${articles.length}${truncated ? "+" : ""} ${articles.length === 1 ? "article" : "articles"} found` : "All articles"}
          </Heading>
          {articles.length === 0 ? (
            <Card.Root variant="subtle">
              <Card.Body gap="3" alignItems="start">
                <Text fontWeight="semibold">{KNOWLEDGE_MESSAGES.noResults}</Text>
                <Text color="fg.muted">Try other words, or look through every category.</Text>
                {filtered ? (
                  <Button asChild variant="outline" size="sm">
                    <RemixLink to="/knowledge-base">Clear Filters</RemixLink>
                  </Button>
                ) : null}
              </Card.Body>
            </Card.Root>
          ) : (
            <SimpleGrid as="ul" columns={{ base: 1, md: 2 }} gap="4" listStyleType="none" aria-label="Articles">
              {articles.map((article) => (
                <Box as="li" key={article.id}>
                  <Card.Root as="article" height="full" aria-labelledby={`kb-article-${article.id}`}>
                    <Card.Body gap="2">
                      <HStack gap="2" wrap="wrap">
                        <Badge colorPalette="blue" variant="subtle">
                          {KNOWLEDGE_CATEGORIES[article.category]}
                        </Badge>
                        {article.status === "draft" ? <Badge colorPalette="yellow">Draft</Badge> : null}
                      </HStack>
                      <Heading as="h3" size="md" id={`kb-article-${article.id}`}>
                        <Link asChild>
                          <RemixLink to={`/knowledge-base/${article.slug}`}>{article.title}</RemixLink>
                        </Link>
                      </Heading>
                      <Text color="fg.muted" fontSize="sm">
                        {article.excerpt}
                      </Text>
                      {article.tags.length > 0 ? (
                        <Wrap gap="1">
                          {article.tags.map((tag) => (
                            <Badge key={tag} variant="outline" size="sm">
                              {tag}
                            </Badge>
                          ))}
                        </Wrap>
                      ) : null}
                      <Text fontSize="xs" color="fg.muted">
                        {article.readTimeMinutes} min read · Updated {formatShortDate(article.updatedAt)}
                      </Text>
                    </Card.Body>
                  </Card.Root>
                </Box>
              ))}
            </SimpleGrid>
          )}
          {truncated ? (
            <Text mt="4" color="fg.muted" fontSize="sm">
              Showing the first {KNOWLEDGE_LIMITS.listed} articles. Add a word or choose a category to narrow the list.
            </Text>
          ) : null}
        </Box>

        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Card.Root as="section" variant="subtle" aria-labelledby="kb-submit">
            <Card.Body gap="2" alignItems="start">
              <Heading as="h2" size="md" id="kb-submit">
                Know something other traders should?
              </Heading>
              <Text color="fg.muted">Send us a guide you would like to see here; our team edits and publishes it.</Text>
              <Button asChild colorPalette="blue" variant="outline" size="sm">
                <RemixLink to={`/contact?subject=${encodeURIComponent(SUBMIT_ARTICLE_SUBJECT)}`}>Submit an Article</RemixLink>
              </Button>
            </Card.Body>
          </Card.Root>
          <Card.Root as="section" variant="subtle" aria-labelledby="kb-forum">
            <Card.Body gap="2" alignItems="start">
              <Heading as="h2" size="md" id="kb-forum">
                Still have a question?
              </Heading>
              <Text color="fg.muted">Ask buyers, sellers and engineers in the community forum.</Text>
              <Button asChild colorPalette="blue" variant="outline" size="sm">
                <RemixLink to="/forum">Join the Discussion</RemixLink>
              </Button>
            </Card.Body>
          </Card.Root>
        </SimpleGrid>
      </Stack>
    </Box>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
