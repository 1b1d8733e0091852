// The public profile's card: avatar or initials, name, role, rating, location, member since, followers; Message and
// Follow for signed-in members on someone else's profile.
import { Badge, Box, Button, Card, Heading, HStack, Image, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { Form } from "@remix-run/react";
import { formatShortDate } from "~/lib/dates.ts";
import type { PublicProfile } from "~/flows/index.server.ts";
import { RatingStars } from "./RatingStars.tsx";

/** What the Message form may be about: the first page of the member's active listings. */
type MessageAbout = { id: number; title: string };

export function ProfileCard({ profile, messageAbout }: { profile: PublicProfile; messageAbout: MessageAbout[] }) {
  const { rating } = profile;
  const isSeller = profile.role === "seller";
  return (
    <Card.Root>
      <Card.Body>
        <HStack gap="5" align="start" flexWrap="wrap">
          {profile.avatarUrl ? (
            <Image src={profile.avatarUrl} alt="" boxSize="20" rounded="full" objectFit="cover" />
          ) : (
            <Box
              boxSize="20"
              rounded="full"
              bg="blue.subtle"
              color="blue.fg"
              display="flex"
              alignItems="center"
              justifyContent="center"
              fontSize="2xl"
              fontWeight="bold"
              aria-hidden="true"
            >
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
              {rating.average !== null ? <RatingStars value={rating.average} label={`Rated ${rating.average} out of 5`} /> : null}
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
  );
}
