// /user/{id} (docs/product/accounts.md#public-profile): a member's public profile on real data — the card (initials or avatar, company
// or full name, role, rating and review count, location, verification, member since), About, the contact details and
// figures the privacy policy (app/services/accounts/profile-privacy.server.ts) lets this viewer see, the rating
// breakdown, and the Listings, Auctions (sellers) and Reviews tabs, each paged. An unknown member is "User not found".
// Signed-in members on someone else's profile get Message (a general conversation, or one about a listing of theirs)
// and, on a seller's, Follow / Unfollow; staff holding can_manage_users mark a seller verified with a date (audited).
import { Container, Heading, Link, SimpleGrid, Stack } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link as RemixLink, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { FormErrors, FormSuccess } from "~/components/forms/index.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { Pagination } from "~/components/listings/Pagination.tsx";
import { ProfileAbout } from "~/components/profile/ProfileAbout.tsx";
import { ProfileAuctionList } from "~/components/profile/ProfileAuctionList.tsx";
import { ProfileCard } from "~/components/profile/ProfileCard.tsx";
import { ProfileListingList } from "~/components/profile/ProfileListingList.tsx";
import { ProfileReviewList } from "~/components/profile/ProfileReviewList.tsx";
import { ProfileTabs } from "~/components/profile/ProfileTabs.tsx";
import { RatingBreakdown } from "~/components/profile/RatingBreakdown.tsx";
import { SellerVerificationPanel } from "~/components/profile/SellerVerificationPanel.tsx";
import { getDb } from "~/db.server.ts";
import { REVIEWS_PAGE_SIZE } from "~/lib/reviews.ts";
import { UserProfileActionSchema } from "~/schemas/user-profile.ts";
import { conversationUrl } from "~/lib/messages.ts";
import { FOLLOW_MESSAGES } from "~/lib/follows.ts";
import { PROFILE_AUCTIONS_PAGE_SIZE, PROFILE_LISTINGS_PAGE_SIZE, VERIFICATION_MESSAGES } from "~/lib/profiles.ts";
import { parsePage } from "~/schemas/order.ts";
import { followSeller, setSellerVerification, unfollowSeller } from "~/services/accounts/index.server.ts";
import { profileAuctions, profileListings, publicProfile } from "~/flows/index.server.ts";
import { openConversation, openGeneralConversation } from "~/services/messaging/index.server.ts";
import { listReceivedReviews, replyToReview, reportReview } from "~/services/reviews/index.server.ts";
import { getOptionalUser, requireConfirmedUser, userHasPermission } from "~/web/auth.server.ts";
import { refusalsAnswered } from "~/web/domain-answer.server.ts";
import { parseForm } from "~/web/form-data.server.ts";
import { ReportMemberControl } from "~/components/moderation/ReportMemberForm.tsx";

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

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `${loaded.profile.name} — Tradebench` : `${USER_NOT_FOUND} — Tradebench` },
];

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
  const listings =
    tab === "listings" || (profile.contactButtons && profile.counts.listings > 0) ? await profileListings(db, profile.id, tab === "listings" ? page : 1) : [];
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
    const messages = Object.values(submission.error ?? {})
      .flat()
      .filter((message): message is string => typeof message === "string");
    return data({ formError: messages[0] ?? "Check the form and try again" }, { status: 400 });
  }
  const command = submission.value;
  const memberId = id.toLowerCase();
  const db = getDb();
  return refusalsAnswered(
    async () => {
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
            typeof command.listingId === "number"
              ? await openConversation(db, user.id, command.listingId)
              : await openGeneralConversation(db, user.id, memberId);
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
          await setSellerVerification(db, {
            actor: { id: user.id, role: user.role },
            sellerId: memberId,
            verified: command.verified === "yes",
            since: command.since,
          });
          done = command.verified === "yes" ? "verified" : "unverified";
          break;
      }
      throw redirect(`/user/${memberId}?done=${done}`);
    },
    { as: (refusal) => ({ formError: refusal.message }) },
  );
}

export default function UserProfilePage() {
  const { profile, tab, page, listings, auctions, reviews, messageAbout, canVerify, viewerId, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const isOwner = viewerId === profile.id;
  const tabHref = (to: Tab, toPage = 1) => `/user/${profile.id}?tab=${to}${toPage > 1 ? `&page=${toPage}` : ""}`;
  const tabCounts: Record<Tab, number> = { listings: profile.counts.listings, auctions: profile.counts.auctions, reviews: profile.counts.reviews };
  const tabLabels: Record<Tab, string> = { listings: "Listings", auctions: "Auctions", reviews: "Reviews" };
  const shownTabs = TABS.filter((one) => one !== "auctions" || profile.role === "seller");
  const pageSize = tab === "listings" ? PROFILE_LISTINGS_PAGE_SIZE : tab === "auctions" ? PROFILE_AUCTIONS_PAGE_SIZE : REVIEWS_PAGE_SIZE;
  return (
    <Container maxW="5xl" py="8">
      <Stack gap="6">
        <ProfileCard profile={profile} messageAbout={messageAbout} />
        {viewerId !== null && !isOwner ? <ReportMemberControl userId={profile.id} /> : null}

        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
          <ProfileAbout profile={profile} />

          <RatingBreakdown rating={profile.rating} />
        </SimpleGrid>

        <ProfileTabs tabs={shownTabs.map((one) => ({ tab: one, label: tabLabels[one], count: tabCounts[one], href: tabHref(one) }))} tab={tab} />

        {done ? <FormSuccess>{done}</FormSuccess> : null}
        {answer?.formError ? <FormErrors errors={[answer.formError]} /> : null}
        {tab === "auctions" ? (
          <ProfileAuctionList auctions={auctions} />
        ) : tab === "listings" ? (
          <ProfileListingList listings={listings} />
        ) : (
          <ProfileReviewList reviews={reviews} memberName={profile.name} isOwner={isOwner} viewerId={viewerId} />
        )}
        {canVerify ? <SellerVerificationPanel verifiedSince={profile.verifiedSince} /> : null}
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
