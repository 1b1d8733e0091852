// /admin/moderation: the moderation inbox. Staff holding can_moderate_content see, on one page, what awaits
// a moderator: flagged listings, reported reviews, reports about members and flagged forum posts, each with what it
// is, who flagged it and why, how many flags, when, a link to it and the moderator's actions. Forum posts are decided
// here (restore, or remove with a reason); the other sections' forms post to their own queues' actions, and each
// section links to its full queue when it holds more than the inbox shows. Loader and action check the permission.
import { Badge, Box, Button, Heading, HStack, Input, Link, Stack, Text } from "@chakra-ui/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormErrors, FormSuccess } from "~/components/forms/index.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { formatShortDate } from "~/lib/dates.ts";
import { formatPrice } from "~/lib/money.ts";
import {
  FORUM_DECISION_REASON_MAX,
  FRAUD_REPORT_REASON_LABELS,
  LISTING_REPORT_REASON_LABELS,
  MODERATION_INBOX_MESSAGES,
  MODERATION_STATUS_LABELS,
} from "~/lib/moderation.ts";
import { REVIEW_REPORT_REASON_MAX } from "~/lib/reviews.ts";
import { FlaggedPostDecisionSchema } from "~/schemas/moderation.ts";
import { getModerationInbox } from "~/services/admin/index.server.ts";
import { decideFlaggedForumPost } from "~/services/community/index.server.ts";
import { requirePermission } from "~/web/auth.server.ts";
import { queueDecisionAction, queueDoneNotice } from "~/web/queue-decision.server.ts";

export const meta: MetaFunction = () => [{ title: "Moderation inbox — Admin — Tradebench" }];

const DONE = { restore: MODERATION_INBOX_MESSAGES.restored, remove: MODERATION_INBOX_MESSAGES.removed } as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "can_moderate_content");
  const inbox = await getModerationInbox(getDb());
  return { inbox, done: queueDoneNotice(new URL(request.url).searchParams, DONE) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "can_moderate_content");
  return queueDecisionAction(request, {
    schema: FlaggedPostDecisionSchema,
    invalidMessage: MODERATION_INBOX_MESSAGES.decisionRequired,
    decide: async ({ postId, decision, reason }) => {
      await decideFlaggedForumPost(getDb(), { userId: user.id, canModerate: true }, postId, { action: decision, reason });
      return `/admin/moderation?done=${decision}#forum-posts`;
    },
  });
}

type Inbox = ReturnType<typeof useLoaderData<typeof loader>>["inbox"];

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "Ana, Ben and 3 others": the names shown, and how many flagged besides. */
function whoFlagged(names: string[], count: number): string {
  const others = Math.max(0, count - names.length);
  if (names.length === 0) return others > 0 ? plural(others, "member") : "—";
  return others > 0 ? `${names.join(", ")} and ${plural(others, "other")}` : names.join(", ");
}

function Section({
  id,
  title,
  total,
  more,
  queue,
  children,
}: {
  id: string;
  title: string;
  total: number;
  more: number;
  queue: { to: string; label: string } | null;
  children: ReactNode;
}) {
  return (
    <Box as="section" id={id} aria-labelledby={`${id}-heading`}>
      <Heading as="h2" size="lg" id={`${id}-heading`} mb="3">
        {title} ({total})
      </Heading>
      {total === 0 ? (
        <Text color="fg.muted">Nothing waiting.</Text>
      ) : (
        <Stack as="ul" gap="4" listStyleType="none" ps="0">
          {children}
        </Stack>
      )}
      {more > 0 || queue ? (
        <Text mt="3" fontSize="sm">
          {more > 0 ? `And ${more} more. ` : null}
          {queue ? (
            <Link asChild textDecoration="underline">
              <RemixLink to={queue.to}>{queue.label}</RemixLink>
            </Link>
          ) : null}
        </Text>
      ) : null}
    </Box>
  );
}

function Entry({ children }: { children: ReactNode }) {
  return (
    <Box as="li" borderWidth="1px" rounded="md" p="4" overflowWrap="anywhere">
      <Stack gap="2">{children}</Stack>
    </Box>
  );
}

function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <Box as="dl" display="grid" gridTemplateColumns="max-content 1fr" columnGap="3" rowGap="1" fontSize="sm">
      {items.map(([label, value]) => (
        <Box key={label} display="contents">
          <Text as="dt" color="fg.muted">
            {label}
          </Text>
          <Box as="dd" m="0" minW="0">
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function ListingsSection({ section }: { section: Inbox["listings"] }) {
  return (
    <Section
      id="listings"
      title="Flagged listings"
      total={section.total}
      more={section.more}
      queue={{ to: "/admin/flagged-listings", label: "Open the flagged listings queue" }}
    >
      {section.entries.map((row) => (
        <Entry key={row.listingId}>
          <HStack gap="2" wrap="wrap">
            <Badge colorPalette="red">{plural(row.reportCount, "report")}</Badge>
            <Link asChild textDecoration="underline" fontWeight="semibold">
              <RemixLink to={`/listings/${row.listingId}`}>{row.title}</RemixLink>
            </Link>
            {MODERATION_STATUS_LABELS[row.status] ? <Text fontSize="xs">{MODERATION_STATUS_LABELS[row.status]}: hidden from search</Text> : null}
          </HStack>
          <Facts
            items={[
              ["Listing", `${formatPrice(row.priceCents, row.currency)} · by ${row.sellerName}`],
              ["Why", LISTING_REPORT_REASON_LABELS[row.reason]],
              [
                "Reported by",
                whoFlagged(
                  row.reporters.map((one) => one.name),
                  row.reportCount,
                ),
              ],
              ["Since", formatShortDate(row.flaggedAt)],
            ]}
          />
          <Link asChild textDecoration="underline">
            <RemixLink to={`/admin/review-listing/${row.listingId}`} aria-label={`Review ${row.title}`}>
              Review: dismiss, warn, unpublish or remove
            </RemixLink>
          </Link>
        </Entry>
      ))}
    </Section>
  );
}

function ReviewsSection({ section }: { section: Inbox["reviews"] }) {
  return (
    <Section
      id="reviews"
      title="Reported reviews"
      total={section.total}
      more={section.more}
      queue={{ to: "/admin/review-reports", label: "Open the reported reviews queue" }}
    >
      {section.entries.map((review) => (
        <Entry key={review.reviewId}>
          <HStack gap="2" wrap="wrap">
            <Badge colorPalette="red">{plural(review.reportCount, "report")}</Badge>
            <Text fontWeight="semibold">{review.rating} of 5 stars</Text>
            <Text fontSize="sm">
              by{" "}
              <Link asChild textDecoration="underline">
                <RemixLink to={`/user/${review.reviewerId}`}>{review.reviewerName}</RemixLink>
              </Link>{" "}
              about{" "}
              <Link asChild textDecoration="underline">
                <RemixLink to={`/user/${review.reviewedId}?tab=reviews`}>{review.reviewedName}</RemixLink>
              </Link>
            </Text>
          </HStack>
          <Text whiteSpace="pre-line">{review.comment || "(no comment)"}</Text>
          <Facts
            items={[
              ["Why", review.reasons.map((one) => one.reason).join(" · ") || "—"],
              [
                "Reported by",
                whoFlagged(
                  review.reporters.map((one) => one.name),
                  review.reportCount,
                ),
              ],
              ["Latest", formatShortDate(review.latestReportAt)],
            ]}
          />
          <HStack gap="3" wrap="wrap" align="end">
            <Form method="post" action="/admin/review-reports">
              <input type="hidden" name="intent" value="hide" />
              <input type="hidden" name="reviewId" value={review.reviewId} />
              <HStack gap="2" align="end" wrap="wrap">
                <Box>
                  <label htmlFor={`review-reason-${review.reviewId}`}>
                    <Text fontSize="sm">Reason for hiding (kept in the audit log)</Text>
                  </label>
                  <Input id={`review-reason-${review.reviewId}`} name="reason" size="sm" maxLength={REVIEW_REPORT_REASON_MAX} required />
                </Box>
                <Button type="submit" size="sm" colorPalette="red">
                  Hide review
                </Button>
              </HStack>
            </Form>
            <Form method="post" action="/admin/review-reports">
              <input type="hidden" name="intent" value="dismiss" />
              <input type="hidden" name="reviewId" value={review.reviewId} />
              <Button type="submit" size="sm" variant="outline">
                Dismiss reports
              </Button>
            </Form>
          </HStack>
        </Entry>
      ))}
    </Section>
  );
}

function MembersSection({ section }: { section: Inbox["members"] }) {
  return (
    <Section
      id="members"
      title="Reported members"
      total={section.total}
      more={section.more}
      queue={{ to: "/admin/flagged-listings?tab=members", label: "Open the member reports queue" }}
    >
      {section.entries.map((report) => (
        <Entry key={report.id}>
          <HStack gap="2" wrap="wrap">
            <Badge colorPalette="red">{report.pendingAboutMember} pending about this member</Badge>
            <Link asChild textDecoration="underline" fontWeight="semibold">
              <RemixLink to={`/user/${report.member.id}`}>{report.member.name || report.member.email}</RemixLink>
            </Link>
          </HStack>
          <Facts
            items={[
              ["Why", FRAUD_REPORT_REASON_LABELS[report.reason]],
              [
                "Note",
                <Text key="note" whiteSpace="pre-wrap">
                  {report.note || "—"}
                </Text>,
              ],
              ["Reported by", report.reporter.name || "Member"],
              ["When", formatShortDate(report.createdAt)],
            ]}
          />
          <HStack gap="2" wrap="wrap">
            <Form method="post" action="/admin/flagged-listings?tab=members">
              <input type="hidden" name="reportId" value={report.id} />
              <Button type="submit" name="decision" value="dismiss" size="sm" variant="outline">
                Dismiss
              </Button>
            </Form>
            <Form method="post" action="/admin/flagged-listings?tab=members">
              <input type="hidden" name="reportId" value={report.id} />
              <Button type="submit" name="decision" value="confirm" size="sm" colorPalette="red">
                Confirm
              </Button>
            </Form>
          </HStack>
        </Entry>
      ))}
    </Section>
  );
}

function ForumPostsSection({ section }: { section: Inbox["forumPosts"] }) {
  return (
    <Section id="forum-posts" title="Flagged forum posts" total={section.total} more={section.more} queue={null}>
      {section.entries.map((post) => (
        <Entry key={post.postId}>
          <HStack gap="2" wrap="wrap">
            <Badge colorPalette="red">{plural(post.flagCount, "flag")}</Badge>
            {post.hidden ? (
              <Badge colorPalette="orange">{post.isOpening ? "Hidden with its topic, pending review" : "Hidden pending review"}</Badge>
            ) : (
              <Badge>Still visible</Badge>
            )}
            <Link asChild textDecoration="underline" fontWeight="semibold">
              <RemixLink to={`/forum/topic/${post.topicId}#post-${post.postId}`}>
                {post.isOpening ? "Opening post" : "Reply"} in “{post.topicTitle}”
              </RemixLink>
            </Link>
          </HStack>
          <Text whiteSpace="pre-line" fontSize="sm" borderStartWidth="3px" ps="3">
            {post.excerpt}
          </Text>
          <Facts
            items={[
              ["Author", `${post.authorName} · posted ${formatShortDate(post.postedAt)}`],
              ["Why", "Forum flags carry no reason"],
              [
                "Flagged by",
                whoFlagged(
                  post.flaggers.map((one) => one.name),
                  post.flagCount,
                ),
              ],
              [
                "When",
                post.firstFlaggedAt === post.latestFlaggedAt
                  ? formatShortDate(post.firstFlaggedAt)
                  : `${formatShortDate(post.firstFlaggedAt)} to ${formatShortDate(post.latestFlaggedAt)}`,
              ],
            ]}
          />
          <Form method="post">
            <input type="hidden" name="postId" value={post.postId} />
            <Stack gap="2">
              <Box>
                <label htmlFor={`post-reason-${post.postId}`}>
                  <Text fontSize="sm">Reason (needed to remove; kept in the audit log)</Text>
                </label>
                <Input id={`post-reason-${post.postId}`} name="reason" size="sm" maxLength={FORUM_DECISION_REASON_MAX} />
              </Box>
              <HStack gap="2" wrap="wrap">
                <Button type="submit" name="decision" value="restore" size="sm" variant="outline">
                  Restore: clear the flags
                </Button>
                <Button type="submit" name="decision" value="remove" size="sm" colorPalette="red">
                  Remove the post
                </Button>
              </HStack>
            </Stack>
          </Form>
        </Entry>
      ))}
    </Section>
  );
}

export default function ModerationInboxPage() {
  const { inbox, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const sections = [
    { id: "listings", label: "Listings", total: inbox.listings.total },
    { id: "reviews", label: "Reviews", total: inbox.reviews.total },
    { id: "members", label: "Members", total: inbox.members.total },
    { id: "forum-posts", label: "Forum posts", total: inbox.forumPosts.total },
  ];
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        Moderation inbox
      </Heading>
      {done ? <FormSuccess>{done}</FormSuccess> : null}
      {answer?.formError ? <FormErrors errors={[answer.formError]} /> : null}
      <Text aria-live="polite">{inbox.total === 0 ? MODERATION_INBOX_MESSAGES.nothingWaiting : `${plural(inbox.total, "item")} awaiting a moderator.`}</Text>
      <HStack as="nav" aria-label="Inbox sections" gap="4" wrap="wrap">
        {sections.map((one) => (
          <Link key={one.id} href={`#${one.id}`} textDecoration="underline">
            {one.label} ({one.total})
          </Link>
        ))}
      </HStack>
      <ListingsSection section={inbox.listings} />
      <ReviewsSection section={inbox.reviews} />
      <MembersSection section={inbox.members} />
      <ForumPostsSection section={inbox.forumPosts} />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
