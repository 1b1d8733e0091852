// /forum (docs/product/community.md#forum): the community forum from the database — categories with their topic counts,
// the forum's real figures, topics pinned first then Most Recent / Most Popular / Most Replies, a category filter, a
// "Solved" filter, a search over titles and opening posts, pages, and the guidelines. Members see "New Topic",
// visitors "Login to Post". Every filter is a link or a GET form, so the page works without JavaScript.
import { Badge, Box, Button, Card, Grid, Heading, HStack, Input, Link, List, SimpleGrid, Stack, Stat, Text } from "@chakra-ui/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { Pagination } from "~/components/listings/Pagination.tsx";
import { useNow } from "~/components/use-now.ts";
import { getDb } from "~/db.server.ts";
import { FORUM_GUIDELINES, FORUM_LIMITS, FORUM_SORTS, forumPageOf, formatForumTime, isForumSort, type ForumSort } from "~/lib/forum.ts";
import { forumStats, listForumCategories, listForumTopics } from "~/services/community/index.server.ts";
import { getOptionalUser, userHasPermission } from "~/web/auth.server.ts";

export const meta: MetaFunction = () => [
  { title: "Community Forum — Tradebench" },
  { name: "description", content: "Ask and answer questions about test equipment, automation, power and lab instruments with other Tradebench members." },
];

interface ForumFilters {
  category: string | null;
  sort: ForumSort;
  solved: boolean;
  q: string;
  /** Moderators only: topics that are hidden or hold a hidden post. */
  review: boolean;
}

/** The address of the list with these filters (defaults left out) and page. */
function forumUrl(filters: ForumFilters, page = 1): string {
  const params = new URLSearchParams();
  if (filters.category) params.set("category", filters.category);
  if (filters.sort !== "recent") params.set("sort", filters.sort);
  if (filters.solved) params.set("solved", "1");
  if (filters.q) params.set("q", filters.q);
  if (filters.review) params.set("review", "1");
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/forum?${query}` : "/forum";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const params = new URL(request.url).searchParams;
  const user = await getOptionalUser(request);
  const canModerate = user ? await userHasPermission(user, "can_moderate_content") : false;
  const categories = await listForumCategories(db);
  const wanted = params.get("category");
  const sort = params.get("sort");
  const filters: ForumFilters = {
    category: categories.some((category) => category.id === wanted) ? wanted : null,
    sort: isForumSort(sort) ? sort : "recent",
    solved: params.get("solved") === "1",
    q: (params.get("q") ?? "").trim().slice(0, FORUM_LIMITS.searchMax),
    review: canModerate && params.get("review") === "1",
  };
  const [list, stats] = await Promise.all([
    listForumTopics(db, {
      categoryId: filters.category,
      sort: filters.sort,
      solvedOnly: filters.solved,
      search: filters.q,
      page: forumPageOf(params.get("page")),
      includeHidden: canModerate,
      reviewOnly: filters.review,
    }),
    forumStats(db),
  ]);
  return { categories, stats, list, filters, signedIn: user !== null, canModerate, now: new Date().toISOString() };
}

const number = new Intl.NumberFormat("en-US");

export default function ForumPage() {
  const { categories, stats, list, filters, signedIn, canModerate, now: serverNow } = useLoaderData<typeof loader>();
  const now = useNow(serverNow);
  const total = categories.reduce((sum, category) => sum + category.topicCount, 0);
  return (
    <Box maxW="7xl" mx="auto" px={{ base: "4", md: "6" }} py={{ base: "8", md: "12" }}>
      <Stack gap="8">
        <HStack justify="space-between" align="start" wrap="wrap" gap="4">
          <Box>
            <Heading as="h1" size="3xl">
              Community Forum
            </Heading>
            <Text color="fg.muted" mt="2">
              Questions and answers about test equipment, automation, power and lab instruments, from the people who buy, sell and repair them.
            </Text>
          </Box>
          {signedIn ? (
            <Button asChild colorPalette="blue">
              <RemixLink to="/forum/new-topic">New Topic</RemixLink>
            </Button>
          ) : (
            <Button asChild colorPalette="blue" variant="outline">
              <RemixLink to={`/login?from=${encodeURIComponent("/forum")}`}>Login to Post</RemixLink>
            </Button>
          )}
        </HStack>

        <SimpleGrid as="section" aria-label="Forum statistics" columns={{ base: 2, md: 4 }} gap="4">
          {(
            [
              ["Topics", stats.topics],
              ["Replies", stats.replies],
              ["Views", stats.views],
              ["Members", stats.members],
            ] as const
          ).map(([label, value]) => (
            <Stat.Root key={label} borderWidth="1px" borderRadius="md" p="4">
              <Stat.Label>{label}</Stat.Label>
              <Stat.ValueText>{number.format(value)}</Stat.ValueText>
            </Stat.Root>
          ))}
        </SimpleGrid>

        {/* Phones: categories, topics, then the guidelines; wider screens: categories and guidelines beside the topics. */}
        <Grid
          gap="8"
          templateColumns={{ base: "1fr", lg: "1fr 3fr" }}
          templateRows={{ lg: "auto 1fr" }}
          templateAreas={{ base: `"categories" "topics" "guidelines"`, lg: `"categories topics" "guidelines topics"` }}
        >
          <Box as="nav" aria-labelledby="forum-categories" gridArea="categories">
            <Heading as="h2" size="md" id="forum-categories" mb="3">
              Categories
            </Heading>
            <List.Root listStyleType="none" gap="1">
              <List.Item>
                <Link asChild aria-current={filters.category === null ? "page" : undefined} fontWeight={filters.category === null ? "bold" : "normal"}>
                  <RemixLink to={forumUrl({ ...filters, category: null })}>All ({number.format(total)})</RemixLink>
                </Link>
              </List.Item>
              {categories.map((category) => (
                <List.Item key={category.id}>
                  <Link
                    asChild
                    aria-current={filters.category === category.id ? "page" : undefined}
                    fontWeight={filters.category === category.id ? "bold" : "normal"}
                  >
                    <RemixLink to={forumUrl({ ...filters, category: category.id })} title={category.description}>
                      {category.name} ({number.format(category.topicCount)})
                    </RemixLink>
                  </Link>
                </List.Item>
              ))}
            </List.Root>
          </Box>
          <Stack gap="4" gridArea="topics">
            <Form method="get" action="/forum" role="search">
              {filters.category ? <input type="hidden" name="category" value={filters.category} /> : null}
              {filters.sort !== "recent" ? <input type="hidden" name="sort" value={filters.sort} /> : null}
              {filters.solved ? <input type="hidden" name="solved" value="1" /> : null}
              <HStack gap="2">
                <Input
                  name="q"
                  type="search"
                  defaultValue={filters.q}
                  maxLength={FORUM_LIMITS.searchMax}
                  aria-label="Search the forum"
                  placeholder="Search topics"
                />
                <Button type="submit" variant="outline">
                  Search
                </Button>
              </HStack>
            </Form>
            <HStack as="nav" aria-label="Sort and filter topics" gap="4" wrap="wrap">
              {FORUM_SORTS.map((sort) => (
                <Link
                  key={sort.value}
                  asChild
                  aria-current={filters.sort === sort.value ? "true" : undefined}
                  fontWeight={filters.sort === sort.value ? "bold" : "normal"}
                  textDecoration="underline"
                >
                  <RemixLink to={forumUrl({ ...filters, sort: sort.value })}>{sort.label}</RemixLink>
                </Link>
              ))}
              <Link asChild aria-current={filters.solved ? "true" : undefined} fontWeight={filters.solved ? "bold" : "normal"} textDecoration="underline">
                <RemixLink to={forumUrl({ ...filters, solved: !filters.solved })}>{filters.solved ? "All topics" : "Solved"}</RemixLink>
              </Link>
              {canModerate ? (
                <Link asChild aria-current={filters.review ? "true" : undefined} fontWeight={filters.review ? "bold" : "normal"} textDecoration="underline">
                  <RemixLink to={forumUrl({ ...filters, review: !filters.review })}>{filters.review ? "All topics" : "Needs review"}</RemixLink>
                </Link>
              ) : null}
            </HStack>

            {list.topics.length === 0 ? (
              <Text py="8">
                {filters.review
                  ? "Nothing to review."
                  : filters.q || filters.solved || filters.category
                    ? "No topics match these filters."
                    : "No topics yet. Start the first one!"}
              </Text>
            ) : (
              <Stack as="ul" listStyleType="none" gap="3" aria-label="Topics">
                {list.topics.map((topic) => (
                  <Box as="li" key={topic.id} borderWidth="1px" borderRadius="md" p="4">
                    <HStack gap="2" wrap="wrap" mb="1">
                      {topic.pinned ? <Badge colorPalette="purple">Pinned</Badge> : null}
                      {topic.solved ? <Badge colorPalette="green">Solved</Badge> : null}
                      {topic.locked ? <Badge colorPalette="gray">Locked</Badge> : null}
                      {topic.hidden ? <Badge colorPalette="red">Hidden</Badge> : null}
                      <Badge variant="outline">{topic.categoryName}</Badge>
                    </HStack>
                    <Heading as="h2" size="md">
                      <Link asChild>
                        <RemixLink to={`/forum/topic/${topic.id}`}>{topic.title}</RemixLink>
                      </Link>
                    </Heading>
                    <HStack gap="4" wrap="wrap" fontSize="sm" color="fg.muted" mt="1">
                      <Text>by {topic.authorName}</Text>
                      <Text>
                        {number.format(topic.replies)} {topic.replies === 1 ? "reply" : "replies"}
                      </Text>
                      <Text>
                        {number.format(topic.views)} {topic.views === 1 ? "view" : "views"}
                      </Text>
                      <Text>
                        {topic.replies > 0 ? "Last reply" : "Posted"} {formatForumTime(topic.lastPostAt, now)}
                        {topic.lastPostAuthorName ? ` by ${topic.lastPostAuthorName}` : ""}
                      </Text>
                    </HStack>
                  </Box>
                ))}
              </Stack>
            )}
            <Pagination page={list.page} totalPages={list.pageCount} hrefFor={(page) => forumUrl(filters, page)} />
          </Stack>
          <Card.Root as="section" aria-labelledby="forum-guidelines" variant="subtle" gridArea="guidelines" alignSelf="start">
            <Card.Body gap="3">
              <Heading as="h2" size="md" id="forum-guidelines">
                Forum guidelines
              </Heading>
              <List.Root gap="2" ps="4" fontSize="sm">
                {FORUM_GUIDELINES.map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
              </List.Root>
            </Card.Body>
          </Card.Root>
        </Grid>
      </Stack>
    </Box>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
