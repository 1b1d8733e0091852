// /user/{id} (docs/product/accounts.md#public-profile): a member's public profile on real data — the card (initials or avatar, company
// or full name, role, rating and review count, location, verification, member since), About, the contact details and
// figures the privacy policy (app/services/accounts/profile-privacy.server.ts) lets this viewer see, the rating
// breakdown, and the Listings, Auctions (sellers) and Reviews tabs, each paged. An unknown member is "User not found".
// Signed-in members on someone else's profile get Message (a general conversation, or one about a listing of theirs)
// and, on a seller's, Follow / Unfollow; staff holding can_manage_users mark a seller verified with a date (audited).
import { Badge, Box, Button, Card, Container, Heading, HStack, Image, Link, NativeSelect, SimpleGrid, Stack, Text, Textarea } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, isRouteErrorResponse, Link as RemixLink, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { FormErrors, FormSuccess } from "~/components/forms/index.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { Pagination } from "~/components/listings/Pagination.tsx";
import { getDb } from "~/db.server.ts";
import { formatShortDate } from "~/lib/dates.ts";
import { formatExactPrice, formatPrice } from "~/lib/money.ts";
import { REVIEW_REPLY_MAX, REVIEW_REPORT_REASON_MAX, REVIEW_STARS, REVIEWS_PAGE_SIZE, SELLER_RATING_ASPECTS } from "~/lib/reviews.ts";
import { UserProfileActionSchema } from "~/schemas/user-profile.ts";
import { conversationUrl } from "~/lib/messages.ts";
import { FOLLOW_MESSAGES } from "~/lib/follows.ts";
import { formatResponseRate, formatResponseTime, PROFILE_AUCTIONS_PAGE_SIZE, VERIFICATION_MESSAGES } from "~/lib/profiles.ts";
import { parsePage } from "~/schemas/order.ts";
import { PROFILE_LISTINGS_PAGE_SIZE } from "~/lib/profiles.ts";
import { followSeller, setSellerVerification, unfollowSeller } from "~/services/accounts/index.server.ts";
import { profileAuctions, profileListings, publicProfile, type MoneyTotal } from "~/flows/index.server.ts";
import { openConversation, openGeneralConversation } from "~/services/messaging/index.server.ts";
import { listReceivedReviews, replyToReview, reportReview } from "~/services/reviews/index.server.ts";
import { getOptionalUser, requireConfirmedUser, userHasPermission } from "~/web/auth.server.ts";
import { refusalsAnswered } from "~/web/domain-answer.server.ts";
import { parseForm } from "~/web/form-data.server.ts";
import { ReportMemberControl } from "~/components/moderation/ReportMemberForm.tsx";
import { StarRow } from "~/components/reviews/SellerRating.tsx";

const USER_NOT_FOUND = "User not found";
/** Member ids are UUIDs; anything else is nobody. */
const MEMBER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TABS = ["listings", "auctions", "reviews"] as const;
const DONE = {
  reply: "Your reply is published under the review.",
  report: "Thank you. A moderator will look at this review.",
  follow: FOLLOW_MESSAGES.followed,
  unfollow: FOLLOW_MESSAGES.unfollowed,
  verified: VERIFICATION_MESSAGES.verified,
  unverified: VERIFICATION_MESSAGES.unverified,
} as const;
type Tab = (typeof TABS)[number];
type Done = keyof typeof DONE;
const isDone = (value: string | null): value is Done => value !== null && Object.hasOwn(DONE, value);
/** docs/product/accounts.md#public-profile: active and upcoming auctions in colour, any other status grey. */
const AUCTION_STATUS_COLOURS: Record<string, string> = { active: "green", upcoming: "blue" };

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: loaded ? `${loaded.profile.name} — Tradebench` : `${USER_NOT_FOUND} — Tradebench` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  if (!MEMBER_ID.test(id)) throw data({ message: USER_NOT_FOUND }, { status: 404 });
  const db = getDb();
  const viewer = await getOptionalUser(request);
  const profile = await publicProfile(db, id.toLowerCase(), viewer ? { id: viewer.id, role: viewer.role } : null);
  if (!profile) throw data({ message: USER_NOT_FOUND }, { status: 404 });
  const search = new URL(request.url).searchParams;
  const asked = search.get("tab");
  const tab: Tab = asked === "reviews" ? "reviews" : asked === "auctions" && profile.role === "seller" ? "auctions" : "listings";
  const page = parsePage(search.get("page"));
  const listings = tab === "listings" || (profile.contactButtons && profile.counts.listings > 0) ? await profileListings(db, profile.id, tab === "listings" ? page : 1) : [];
  const auctions = tab === "auctions" ? await profileAuctions(db, profile.id, page) : [];
  const reviews = tab === "reviews" ? (await listReceivedReviews(db, profile.id, { page })).reviews : [];
  const canVerify = viewer !== null && profile.role === "seller" && (await userHasPermission(viewer, "can_manage_users"));
  // The Message form's "about" choices: the first page of their active listings.
  const messageAbout = profile.contactButtons ? listings.map((listing) => ({ id: listing.id, title: listing.title })) : [];
  const done = search.get("done");
  return {
    profile,
    tab,
    page,
    listings: tab === "listings" ? listings : [],
    auctions,
    reviews,
    messageAbout,
    canVerify,
    viewerId: viewer?.id ?? null,
    done: isDone(done) ? DONE[done] : null,
  };
}

/** The profile's forms: the reviewed member's one reply, a member's report, Follow, Message, and verification (staff). */
export async function action({ request, params }: ActionFunctionArgs) {
  const id = params.id ?? "";
  if (!MEMBER_ID.test(id)) throw data({ message: USER_NOT_FOUND }, { status: 404 });
  const user = await requireConfirmedUser(request);
  const { submission } = await parseForm(request, UserProfileActionSchema);
  if (submission.status !== "success") {
    const messages = Object.values(submission.error ?? {}).flat().filter((message): message is string => typeof message === "string");
    return data({ formError: messages[0] ?? "Check the form and try again" }, { status: 400 });
  }
  const command = submission.value;
  const memberId = id.toLowerCase();
  const db = getDb();
  return refusalsAnswered(async () => {
    let done: Done;
    switch (command.intent) {
      case "reply":
        await replyToReview(db, { reviewId: command.reviewId, userId: user.id, reply: command.reply });
        throw redirect(`/user/${memberId}?tab=reviews&done=reply`);
      case "report":
        await reportReview(db, { reviewId: command.reviewId, reporterId: user.id, reason: command.reason });
        throw redirect(`/user/${memberId}?tab=reviews&done=report`);
      case "message": {
        const { conversationId } =
          typeof command.listingId === "number" ? await openConversation(db, user.id, command.listingId) : await openGeneralConversation(db, user.id, memberId);
        throw redirect(conversationUrl(conversationId));
      }
      case "follow":
        await followSeller(db, user.id, memberId);
        done = "follow";
        break;
      case "unfollow":
        await unfollowSeller(db, user.id, memberId);
        done = "unfollow";
        break;
      case "verify":
        await setSellerVerification(db, { actor: { id: user.id, role: user.role }, sellerId: memberId, verified: command.verified === "yes", since: command.since });
        done = command.verified === "yes" ? "verified" : "unverified";
        break;
    }
    throw redirect(`/user/${memberId}?done=${done}`);
  }, { as: (refusal) => ({ formError: refusal.message }) });
}

/** Five stars, the first `value` (rounded) filled; drawn, so the label is what assistive technology reads. */
function Stars({ value, label }: { value: number; label: string }) {
  return (
    <Box as="span" display="inline-flex" color="orange.fg">
      <StarRow value={value} label={label} width="100" height="20" />
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
  const { profile, tab, page, listings, auctions, reviews, messageAbout, canVerify, viewerId, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const isOwner = viewerId === profile.id;
  const { rating } = profile;
  const tabHref = (to: Tab, toPage = 1) => `/user/${profile.id}?tab=${to}${toPage > 1 ? `&page=${toPage}` : ""}`;
  const tabCounts: Record<Tab, number> = { listings: profile.counts.listings, auctions: profile.counts.auctions, reviews: profile.counts.reviews };
  const tabLabels: Record<Tab, string> = { listings: "Listings", auctions: "Auctions", reviews: "Reviews" };
  const shownTabs = TABS.filter((one) => one !== "auctions" || profile.role === "seller");
  const pageSize = tab === "listings" ? PROFILE_LISTINGS_PAGE_SIZE : tab === "auctions" ? PROFILE_AUCTIONS_PAGE_SIZE : REVIEWS_PAGE_SIZE;
  const isSeller = profile.role === "seller";

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
                {isSeller ? (
                  <Text fontSize="sm" color="fg.muted">
                    {profile.followers} {profile.followers === 1 ? "follower" : "followers"}
                  </Text>
                ) : null}
              </Stack>
              {profile.contactButtons ? (
                <Stack gap="2" minW="56">
                  <Form method="post">
                    <input type="hidden" name="intent" value="message" />
                    <Stack gap="2">
                      {messageAbout.length > 0 ? (
                        <NativeSelect.Root size="sm">
                          <NativeSelect.Field name="listingId" aria-label={`What to message ${profile.name} about`} defaultValue="">
                            <option value="">General question</option>
                            {messageAbout.map((listing) => (
                              <option key={listing.id} value={listing.id}>
                                About: {listing.title}
                              </option>
                            ))}
                          </NativeSelect.Field>
                          <NativeSelect.Indicator />
                        </NativeSelect.Root>
                      ) : null}
                      <Button type="submit" size="sm" colorPalette="blue">
                        Message
                      </Button>
                    </Stack>
                  </Form>
                  {isSeller ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value={profile.viewerFollows ? "unfollow" : "follow"} />
                      <Button type="submit" size="sm" variant="outline" w="full">
                        {profile.viewerFollows ? "Unfollow" : "Follow"}
                      </Button>
                    </Form>
                  ) : null}
                </Stack>
              ) : null}
            </HStack>
          </Card.Body>
        </Card.Root>
        {viewerId !== null && !isOwner ? <ReportMemberControl userId={profile.id} /> : null}

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
                  <Figure label="Response rate" value={formatResponseRate(profile.sellerStats.responseRate)} />
                  <Figure label="Response time" value={formatResponseTime(profile.sellerStats.responseTimeMs)} />
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
            {shownTabs.map((one) => (
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
        {tab === "auctions" ? (
          auctions.length === 0 ? (
            <Text color="fg.muted">No auctions yet</Text>
          ) : (
            <Stack as="ul" gap="3" listStyleType="none">
              {auctions.map((auction) => (
                <HStack as="li" key={auction.id} gap="4" borderBottomWidth="1px" py="2" align="start">
                  {auction.thumbnailUrl ? (
                    <Image src={auction.thumbnailUrl} alt="" boxSize="16" objectFit="cover" rounded="md" />
                  ) : (
                    <Box boxSize="16" bg="bg.muted" rounded="md" aria-hidden="true" />
                  )}
                  <Stack gap="1" flex="1">
                    <Link asChild color="blue.fg" fontWeight="semibold">
                      <RemixLink to={`/auctions/${auction.id}`}>{auction.title}</RemixLink>
                    </Link>
                    <HStack gap="3" flexWrap="wrap" fontSize="sm">
                      <Badge colorPalette={AUCTION_STATUS_COLOURS[auction.status] ?? "gray"}>{auction.status}</Badge>
                      <Text>Current price {formatPrice(auction.currentPriceCents, auction.currency)}</Text>
                      <Text color="fg.muted">
                        {auction.bidCount} {auction.bidCount === 1 ? "bid" : "bids"} · Ends {formatShortDate(auction.endDate)}
                      </Text>
                    </HStack>
                  </Stack>
                </HStack>
              ))}
            </Stack>
          )
        ) : tab === "listings" ? (
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
        {canVerify ? (
          <Box as="section" aria-labelledby="verification-heading" borderWidth="1px" rounded="md" p="4">
            <Heading as="h2" size="md" id="verification-heading" mb="2">
              Seller verification (staff)
            </Heading>
            {profile.verifiedSince ? (
              <Form method="post">
                <input type="hidden" name="intent" value="verify" />
                <input type="hidden" name="verified" value="no" />
                <HStack gap="3" flexWrap="wrap" align="center">
                  <Text fontSize="sm">Verified since {formatShortDate(profile.verifiedSince)}.</Text>
                  <Button type="submit" size="sm" variant="outline" colorPalette="red">
                    Revoke verification
                  </Button>
                </HStack>
              </Form>
            ) : (
              <Text fontSize="sm">
                Not verified. A seller becomes verified when staff approve their application in{" "}
                <Link asChild color="blue.fg">
                  <RemixLink to="/admin/verifications">Admin → Verifications</RemixLink>
                </Link>
                .
              </Text>
            )}
          </Box>
        ) : null}
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
