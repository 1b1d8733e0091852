// /admin/review-reports: the reviews members reported, the most reported first, with the review, who
// wrote it about whom and the reasons given. A moderator (can_moderate_content) hides a review from every profile and
// rating, or dismisses its reports when nothing is wrong; both are recorded in the audit log. The loader and the
// action check the permission on every request; the forms work without JavaScript.
import { Badge, Box, Button, Heading, HStack, Input, Link, Stack, Text } from "@chakra-ui/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData } from "@remix-run/react";
import { ReviewQueue } from "~/components/admin/ReviewQueue.tsx";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { formatShortDate } from "~/lib/dates.ts";
import { REVIEW_REPORT_REASON_MAX, REVIEW_REPORTS_PAGE_SIZE } from "~/lib/reviews.ts";
import { parsePage } from "~/schemas/order.ts";
import { ReviewModerationSchema } from "~/schemas/review.ts";
import { dismissReviewReports, hideReview, listReportedReviews } from "~/services/reviews/index.server.ts";
import { requirePermission } from "~/web/auth.server.ts";
import { queueDecisionAction, queueDoneNotice } from "~/web/queue-decision.server.ts";

export const meta: MetaFunction = () => [{ title: "Reported reviews — Tradebench" }];

const DONE = { hide: "The review is hidden from every profile.", dismiss: "The reports are dismissed; the review stays." } as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "can_moderate_content");
  const search = new URL(request.url).searchParams;
  const page = parsePage(search.get("page"));
  const { reviews, total } = await listReportedReviews(getDb(), page);
  return { reviews, total, page, done: queueDoneNotice(search, DONE) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "can_moderate_content");
  const moderator = { id: user.id, role: user.role };
  return queueDecisionAction(request, {
    schema: ReviewModerationSchema,
    invalidMessage: "Check the form and try again",
    decide: async (command) => {
      if (command.intent === "hide") await hideReview(getDb(), { reviewId: command.reviewId, moderator, reason: command.reason });
      else await dismissReviewReports(getDb(), { reviewId: command.reviewId, moderator });
      return `/admin/review-reports?done=${command.intent}`;
    },
  });
}

export default function ReviewReportsPage() {
  const { reviews, total, page, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <ReviewQueue
      title="Reported reviews"
      done={done}
      formError={answer?.formError}
      countText={total === 1 ? "1 reported review" : `${total} reported reviews`}
      emptyText="No reported reviews are waiting."
      items={reviews}
      itemKey={(review) => review.reviewId}
      renderItem={(review) => (
        <>
          <HStack gap="2" flexWrap="wrap">
            <Badge colorPalette="red">
              {review.reportCount} {review.reportCount === 1 ? "report" : "reports"}
            </Badge>
            <Text fontWeight="semibold">{review.rating} of 5 stars</Text>
            <Text fontSize="sm" color="fg.muted">
              by{" "}
              <Link asChild color="blue.fg">
                <RemixLink to={`/user/${review.reviewerId}`}>{review.reviewerName}</RemixLink>
              </Link>{" "}
              ({review.reviewerRole}) about{" "}
              <Link asChild color="blue.fg">
                <RemixLink to={`/user/${review.reviewedId}?tab=reviews`}>{review.reviewedName}</RemixLink>
              </Link>{" "}
              · published {formatShortDate(review.publishedAt)}
            </Text>
          </HStack>
          <Text mt="2" whiteSpace="pre-line">
            {review.comment || "(no comment)"}
          </Text>
          <Heading as="h2" size="sm" mt="3" mb="1">
            Reasons given
          </Heading>
          <Stack as="ul" gap="1" ps="4" fontSize="sm">
            {review.reasons.map((one, index) => (
              <li key={index}>
                {one.reason}{" "}
                <Text as="span" color="fg.muted">
                  ({formatShortDate(one.reportedAt)})
                </Text>
              </li>
            ))}
          </Stack>
          <HStack gap="4" mt="3" flexWrap="wrap" align="end">
            <Form method="post">
              <input type="hidden" name="intent" value="hide" />
              <input type="hidden" name="reviewId" value={review.reviewId} />
              <HStack gap="2" align="end">
                <Box>
                  <label htmlFor={`reason-${review.reviewId}`}>
                    <Text fontSize="sm">Reason for hiding (kept in the audit log)</Text>
                  </label>
                  <Input id={`reason-${review.reviewId}`} name="reason" size="sm" maxLength={REVIEW_REPORT_REASON_MAX} required />
                </Box>
                <Button type="submit" size="sm" colorPalette="red">
                  Hide review
                </Button>
              </HStack>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="dismiss" />
              <input type="hidden" name="reviewId" value={review.reviewId} />
              <Button type="submit" size="sm" variant="outline">
                Dismiss reports
              </Button>
            </Form>
          </HStack>
        </>
      )}
      page={page}
      totalPages={Math.ceil(total / REVIEW_REPORTS_PAGE_SIZE)}
      path="/admin/review-reports"
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
