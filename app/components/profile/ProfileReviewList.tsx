// The public profile's Reviews tab: each review, the member's one reply (or, for the member, the form to write it),
// and for other signed-in members the form to report a review.
import { Box, Button, HStack, Link, Stack, Text, Textarea } from "@chakra-ui/react";
import { Form, Link as RemixLink } from "@remix-run/react";
import { formatShortDate } from "~/lib/dates.ts";
import { REVIEW_REPLY_MAX, REVIEW_REPORT_REASON_MAX } from "~/lib/reviews.ts";
import type { ReceivedReview } from "~/services/reviews/index.server.ts";
import { RatingStars } from "./RatingStars.tsx";

export function ProfileReviewList({
  reviews,
  memberName,
  isOwner,
  viewerId,
}: {
  reviews: ReceivedReview[];
  memberName: string;
  isOwner: boolean;
  viewerId: string | null;
}) {
  if (reviews.length === 0) return <Text color="fg.muted">No reviews yet</Text>;
  return (
    <Stack as="ul" gap="4" listStyleType="none">
      {reviews.map((review) => (
        <Box as="li" key={review.id} borderBottomWidth="1px" pb="3">
          <HStack gap="2" flexWrap="wrap">
            <RatingStars value={review.rating} label={`${review.rating} out of 5 stars`} />
            <Link asChild fontWeight="semibold">
              <RemixLink to={`/user/${review.reviewerId}`}>{review.reviewerName}</RemixLink>
            </Link>
            <Text fontSize="sm" color="fg.muted">
              {review.reviewerRole === "buyer" ? "bought from" : "sold to"} {memberName} · {formatShortDate(review.publishedAt)}
            </Text>
          </HStack>
          {review.comment ? (
            <Text mt="1" whiteSpace="pre-line">
              {review.comment}
            </Text>
          ) : null}
          {review.reply ? (
            <Box mt="2" ps="4" borderStartWidth="2px" borderColor="border.emphasized">
              <Text fontSize="sm" fontWeight="semibold">
                Reply from {memberName}
              </Text>
              <Text fontSize="sm" whiteSpace="pre-line">
                {review.reply}
              </Text>
            </Box>
          ) : isOwner ? (
            <Form method="post">
              <input type="hidden" name="intent" value="reply" />
              <input type="hidden" name="reviewId" value={review.id} />
              <Stack gap="2" mt="2">
                <label htmlFor={`reply-${review.id}`}>
                  <Text fontSize="sm" fontWeight="semibold">
                    Your reply (once, shown to everyone)
                  </Text>
                </label>
                <Textarea id={`reply-${review.id}`} name="reply" rows={3} maxLength={REVIEW_REPLY_MAX} required />
                <Button type="submit" size="sm" alignSelf="start">
                  Reply
                </Button>
              </Stack>
            </Form>
          ) : null}
          {viewerId !== null && viewerId !== review.reviewerId ? (
            <details>
              <summary>
                <Text as="span" fontSize="sm" color="fg.muted">
                  Report this review
                </Text>
              </summary>
              <Form method="post">
                <input type="hidden" name="intent" value="report" />
                <input type="hidden" name="reviewId" value={review.id} />
                <Stack gap="2" mt="2">
                  <label htmlFor={`report-${review.id}`}>
                    <Text fontSize="sm">What is wrong with it?</Text>
                  </label>
                  <Textarea id={`report-${review.id}`} name="reason" rows={2} maxLength={REVIEW_REPORT_REASON_MAX} required />
                  <Button type="submit" size="sm" variant="outline" alignSelf="start">
                    Send report
                  </Button>
                </Stack>
              </Form>
            </details>
          ) : null}
        </Box>
      ))}
    </Stack>
  );
}
