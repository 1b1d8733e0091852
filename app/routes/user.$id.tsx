// /user/{id} (spec 02 §2.8, issue 22): a member's public profile on real data — the card (initials or avatar, company
// or full name, role, rating and review count, location, verification, member since), About, the contact details and
// figures the privacy policy (app/services/accounts/profile-privacy.server.ts) lets this viewer see, the rating
// breakdown, and the Listings and Reviews tabs, each paged. An unknown member is "User not found".
import { Badge, Box, Button, Card, Container, Heading, HStack, Image, Link, SimpleGrid, Stack, Text, Textarea } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, isRouteErrorResponse, Link as RemixLink, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { FormErrors, FormSuccess } from "~/components/forms/index.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { Pagination } from "~/components/listings/Pagination.tsx";
import { getDb } from "~/db.server.ts";
import { formatShortDate } from "~/lib/dates.ts";
import { formatExactPrice, formatPrice } from "~/lib/money.ts";
import { REVIEW_REPLY_MAX, REVIEW_REPORT_REASON_MAX, REVIEW_STARS, REVIEWS_PAGE_SIZE, SELLER_RATING_ASPECTS } from "~/lib/reviews.ts";
import { ReviewResponseSchema } from "~/schemas/review.ts";
import { isDomainError } from "~/services/domain-error.ts";
import { parsePage } from "~/schemas/order.ts";
import { PROFILE_LISTINGS_PAGE_SIZE } from "~/lib/profiles.ts";
import { profileListings, publicProfile, type MoneyTotal } from "~/services/accounts/index.server.ts";
import { listReceivedReviews, replyToReview, reportReview } from "~/services/reviews/index.server.ts";
import { getOptionalUser, requireConfirmedUser } from "~/web/auth.server.ts";
import { refusalInit } from "~/web/domain-answer.server.ts";
import { parseForm } from "~/web/form-data.server.ts";

const USER_NOT_FOUND = "User not found";
/** Member ids are UUIDs; anything else is nobody. */
const MEMBER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TABS = ["listings", "reviews"] as const;
const DONE = { reply: "Your reply is published under the review.", report: "Thank you. A moderator will look at this review." } as const;
type Tab = (typeof TABS)[number];

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: loaded ? `${loaded.profile.name} — Tradebench` : `${USER_NOT_FOUND} — Tradebench` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  if (!MEMBER_ID.test(id)) throw data({ message: USER_NOT_FOUND }, { status: 404 });
  const db = getDb();
  const viewer = await getOptionalUser(request);
  const profile = await publicProfile(db, id.toLowerCase(), viewer ? { id: viewer.id, role: viewer.role } : null);
  if (!profile) throw data({ message: USER_NOT_FOUND }, { status: 404 });
  const search = new URL(request.url).searchParams;
  const tab: Tab = search.get("tab") === "reviews" ? "reviews" : "listings";
  const page = parsePage(search.get("page"));
  const listings = tab === "listings" ? await profileListings(db, profile.id, page) : [];
  const reviews = tab === "reviews" ? (await listReceivedReviews(db, profile.id, { page })).reviews : [];
  const done = search.get("done");
  return { profile, tab, page, listings, reviews, viewerId: viewer?.id ?? null, done: done === "reply" || done === "report" ? DONE[done] : null };
}

/** The Reviews tab's forms: the reviewed member's one reply, a member's report. */
export async function action({ request, params }: ActionFunctionArgs) {
  const id = params.id ?? "";
  if (!MEMBER_ID.test(id)) throw data({ message: USER_NOT_FOUND }, { status: 404 });
  const user = await requireConfirmedUser(request);
  const { submission } = await parseForm(request, ReviewResponseSchema);
  if (submission.status !== "success") {
    const messages = Object.values(submission.error ?? {}).flat().filter((message): message is string => typeof message === "string");
    return data({ formError: messages[0] ?? "Check the form and try again" }, { status: 400 });
  }
  const command = submission.value;
  try {
    if (command.intent === "reply") await replyToReview(getDb(), { reviewId: command.reviewId, userId: user.id, reply: command.reply });
    else await reportReview(getDb(), { reviewId: command.reviewId, reporterId: user.id, reason: command.reason });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data({ formError: error.message }, refusalInit(error));
  }
  throw redirect(`/user/${id.toLowerCase()}?tab=reviews&done=${command.intent}`);
}

const STAR_POINTS = "10,1 12.9,7 19.5,7.6 14.5,12 16,18.5 10,15 4,18.5 5.5,12 0.5,7.6 7.1,7";

/** Five stars, the first `value` (rounded) filled; drawn, so the label is what assistive technology reads. */
function Stars({ value, label }: { value: number; label: string }) {
  const whole = Math.round(value);
  return (
    <Box as="span" display="inline-flex" color="orange.fg">
      <svg role="img" aria-label={label} width="100" height="20" viewBox="0 0 100 20">
        <title>{label}</title>
        {REVIEW_STARS.map((star) => (
          <polygon
            key={star}
            points={STAR_POINTS}
            transform={`translate(${(star - 1) * 20} 0)`}
            fill={star <= whole ? "currentColor" : "none"}
            stroke="currentColor"
            strokeWidth="1.2"
          />
        ))}
      </svg>
    </Box>
  );
}

function money(totals: MoneyTotal[]): string {
  return totals.length === 0 ? formatPrice(0) : totals.map((total) => formatExactPrice(total.cents, total.currency)).join(" + ");
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Text fontSize="xl" fontWeight="semibold">
        {value}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
    </Box>
  );
}

export default function UserProfilePage() {
  const { profile, tab, page, listings, reviews, viewerId, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const isOwner = viewerId === profile.id;
  const { rating } = profile;
  const tabHref = (to: Tab, toPage = 1) => `/user/${profile.id}?tab=${to}${toPage > 1 ? `&page=${toPage}` : ""}`;
  const tabCounts: Record<Tab, number> = { listings: profile.counts.listings, reviews: profile.counts.reviews };
  const tabLabels: Record<Tab, string> = { listings: "Listings", reviews: "Reviews" };
  const pageSize = tab === "listings" ? PROFILE_LISTINGS_PAGE_SIZE : REVIEWS_PAGE_SIZE;

  return (
    <Container maxW="5xl" py="8">
      <Stack gap="6">
        <Card.Root>
          <Card.Body>
            <HStack gap="5" align="start" flexWrap="wrap">
              {profile.avatarUrl ? (
                <Image src={profile.avatarUrl} alt="" boxSize="20" rounded="full" objectFit="cover" />
              ) : (
                <Box boxSize="20" rounded="full" bg="blue.subtle" color="blue.fg" display="flex" alignItems="center" justifyContent="center" fontSize="2xl" fontWeight="bold" aria-hidden="true">
                  {profile.initials}
                </Box>
              )}
              <Stack gap="1" flex="1" minW="60">
                <HStack gap="3" flexWrap="wrap">
                  <Heading as="h1" size="2xl">
                    {profile.name}
                  </Heading>
                  <Badge colorPalette="gray">{profile.roleLabel}</Badge>
                  {profile.verifiedSince ? <Badge colorPalette="green">Verified Seller</Badge> : null}
                </HStack>
                <HStack gap="2">
                  {rating.average !== null ? <Stars value={rating.average} label={`Rated ${rating.average} out of 5`} /> : null}
                  <Text fontSize="sm" color="fg.muted">
                    {rating.count === 0 ? "No reviews yet" : `${rating.average} (${rating.count} ${rating.count === 1 ? "review" : "reviews"})`}
                  </Text>
                </HStack>
                {profile.location ? <Text color="fg.muted">{profile.location}</Text> : null}
                <Text fontSize="sm" color="fg.muted">
                  Member since {formatShortDate(profile.memberSince)}
                  {profile.verifiedSince ? ` · Verified since ${formatShortDate(profile.verifiedSince)}` : ""}
                </Text>
              </Stack>
            </HStack>
          </Card.Body>
        </Card.Root>

        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
          <Stack gap="4">
            <Box as="section" aria-labelledby="about-heading">
              <Heading as="h2" size="md" id="about-heading" mb="2">
                About
              </Heading>
              <Text color={profile.bio ? undefined : "fg.muted"} whiteSpace="pre-line">
                {profile.bio || `${profile.name} has not written anything about themselves yet.`}
              </Text>
              {profile.website ? (
                <Link href={profile.website} rel="nofollow noopener noreferrer" target="_blank" color="blue.fg">
                  {profile.website}
                </Link>
              ) : null}
            </Box>
            {profile.email || profile.phone ? (
              <Box as="section" aria-labelledby="contact-heading">
                <Heading as="h2" size="md" id="contact-heading" mb="2">
                  Contact
                </Heading>
                {profile.email ? <Text>{profile.email}</Text> : null}
                {profile.phone ? <Text>{profile.phone}</Text> : null}
              </Box>
            ) : null}
            {profile.sellerStats ? (
              <Box as="section" aria-labelledby="stats-heading">
                <Heading as="h2" size="md" id="stats-heading" mb="2">
                  Seller stats
                </Heading>
                <SimpleGrid columns={3} gap="3">
                  <Figure label="Active listings" value={String(profile.sellerStats.listings)} />
                  <Figure label="Sold" value={String(profile.sellerStats.sold)} />
                  <Figure label="Total sales" value={money(profile.sellerStats.totalSales)} />
                </SimpleGrid>
              </Box>
            ) : null}
            {profile.buyerStats ? (
              <Box as="section" aria-labelledby="stats-heading">
                <Heading as="h2" size="md" id="stats-heading" mb="2">
                  Buyer stats
                </Heading>
                <Text fontSize="sm" color="fg.muted" mb="2">
                  Only you and Tradebench administrators see these figures.
                </Text>
                <SimpleGrid columns={3} gap="3">
                  <Figure label="Purchases" value={String(profile.buyerStats.purchases)} />
                  <Figure label="Total spent" value={money(profile.buyerStats.totalSpent)} />
                  <Figure label="Watching" value={String(profile.buyerStats.watching)} />
                </SimpleGrid>
              </Box>
            ) : null}
          </Stack>

          <Box as="section" aria-labelledby="rating-heading">
            <Heading as="h2" size="md" id="rating-heading" mb="2">
              Rating breakdown
            </Heading>
            <Stack as="ul" gap="1" listStyleType="none">
              {[...REVIEW_STARS].reverse().map((stars) => {
                const count = rating.breakdown[stars];
                const share = rating.count === 0 ? 0 : Math.round((count / rating.count) * 100);
                return (
                  <HStack as="li" key={stars} gap="3">
                    <Text w="14" fontSize="sm">
                      {stars} {stars === 1 ? "star" : "stars"}
                    </Text>
                    <Box flex="1" h="2" bg="bg.muted" rounded="full" overflow="hidden" aria-hidden="true">
                      <Box h="full" w={`${share}%`} bg="orange.solid" />
                    </Box>
                    <Text w="8" fontSize="sm" textAlign="end">
                      {count}
                    </Text>
                  </HStack>
                );
              })}
            </Stack>
            {rating.itemAsDescribed !== null ? (
              <Stack gap="0" mt="3" fontSize="sm">
                {SELLER_RATING_ASPECTS.map((aspect) => (
                  <Text key={aspect.key}>
                    {aspect.label}: {rating[aspect.key]} / 5
                  </Text>
                ))}
              </Stack>
            ) : null}
          </Box>
        </SimpleGrid>

        <Box as="nav" aria-label="Profile sections">
          <HStack as="ul" gap="4" listStyleType="none" borderBottomWidth="1px">
            {TABS.map((one) => (
              <li key={one}>
                <Link asChild py="2" display="inline-block" fontWeight={one === tab ? "semibold" : "normal"} borderBottomWidth={one === tab ? "2px" : "0"} borderColor="blue.solid">
                  <RemixLink to={tabHref(one)} aria-current={one === tab ? "page" : undefined}>
                    {tabLabels[one]} ({tabCounts[one]})
                  </RemixLink>
                </Link>
              </li>
            ))}
          </HStack>
        </Box>

        {done ? <FormSuccess>{done}</FormSuccess> : null}
        {answer?.formError ? <FormErrors errors={[answer.formError]} /> : null}
        {tab === "listings" ? (
          listings.length === 0 ? (
            <Text color="fg.muted">No listings found</Text>
          ) : (
            <Stack as="ul" gap="2" listStyleType="none">
              {listings.map((listing) => (
                <HStack as="li" key={listing.id} justify="space-between" borderBottomWidth="1px" py="2">
                  <Link asChild color="blue.fg">
                    <RemixLink to={`/listings/${listing.id}`}>{listing.title}</RemixLink>
                  </Link>
                  <Text fontWeight="semibold">{formatPrice(listing.priceCents, listing.currency)}</Text>
                </HStack>
              ))}
            </Stack>
          )
        ) : reviews.length === 0 ? (
          <Text color="fg.muted">No reviews yet</Text>
        ) : (
          <Stack as="ul" gap="4" listStyleType="none">
            {reviews.map((review) => (
              <Box as="li" key={review.id} borderBottomWidth="1px" pb="3">
                <HStack gap="2" flexWrap="wrap">
                  <Stars value={review.rating} label={`${review.rating} out of 5 stars`} />
                  <Link asChild fontWeight="semibold">
                    <RemixLink to={`/user/${review.reviewerId}`}>{review.reviewerName}</RemixLink>
                  </Link>
                  <Text fontSize="sm" color="fg.muted">
                    {review.reviewerRole === "buyer" ? "bought from" : "sold to"} {profile.name} · {formatShortDate(review.publishedAt)}
                  </Text>
                </HStack>
                {review.comment ? <Text mt="1" whiteSpace="pre-line">{review.comment}</Text> : null}
                {review.reply ? (
                  <Box mt="2" ps="4" borderStartWidth="2px" borderColor="border.emphasized">
                    <Text fontSize="sm" fontWeight="semibold">
                      Reply from {profile.name}
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
        )}
        <Pagination page={page} totalPages={Math.ceil(tabCounts[tab] / pageSize)} hrefFor={(to) => tabHref(tab, to)} />
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Container maxW="2xl" py="16" textAlign="center">
        <Heading as="h1" size="2xl" mb="4">
          {USER_NOT_FOUND}
        </Heading>
        <Link asChild colorPalette="blue" color="blue.fg">
          <RemixLink to="/">Return to Home</RemixLink>
        </Link>
      </Container>
    );
  }
  return <GeneralErrorBoundary />;
}
