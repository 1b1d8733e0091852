// The watchlist's Following tab: the sellers the member follows, latest first, each linking to their
// profile, with how many listings they have up and an Unfollow form (posted to the seller's profile; works without
// JavaScript).
import { Badge, Button, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { Form, Link as RemixLink } from "@remix-run/react";
import { Pagination } from "~/components/listings/Pagination.tsx";
import { FOLLOWING_PAGE_SIZE } from "~/lib/follows.ts";

export interface FollowingView {
  sellers: Array<{ id: string; name: string; location: string; verified: boolean; activeListings: number }>;
  total: number;
  page: number;
}

export function FollowingList({ following }: { following: FollowingView }) {
  if (following.sellers.length === 0) {
    return (
      <Stack gap="2" align="start" borderWidth="1px" rounded="md" p="6">
        <Text>You do not follow any sellers yet.</Text>
        <Text color="fg.muted">Follow a seller from their profile to hear when they list something new.</Text>
      </Stack>
    );
  }
  return (
    <Stack gap="4">
      <Text aria-live="polite">{following.total === 1 ? "You follow 1 seller." : `You follow ${following.total} sellers.`}</Text>
      <Stack as="ul" gap="2" listStyleType="none">
        {following.sellers.map((seller) => (
          <HStack as="li" key={seller.id} justify="space-between" borderBottomWidth="1px" py="2" flexWrap="wrap" gap="3">
            <Stack gap="0">
              <HStack gap="2">
                <Link asChild color="blue.fg" fontWeight="semibold">
                  <RemixLink to={`/user/${seller.id}`}>{seller.name}</RemixLink>
                </Link>
                {seller.verified ? <Badge colorPalette="green">Verified Seller</Badge> : null}
              </HStack>
              <Text fontSize="sm" color="fg.muted">
                {[seller.location, `${seller.activeListings} ${seller.activeListings === 1 ? "listing" : "listings"}`].filter(Boolean).join(" · ")}
              </Text>
            </Stack>
            <Form method="post" action={`/user/${seller.id}`}>
              <input type="hidden" name="intent" value="unfollow" />
              <Button type="submit" size="sm" variant="outline" aria-label={`Unfollow ${seller.name}`}>
                Unfollow
              </Button>
            </Form>
          </HStack>
        ))}
      </Stack>
      <Pagination
        page={following.page}
        totalPages={Math.ceil(following.total / FOLLOWING_PAGE_SIZE)}
        hrefFor={(to) => `/watchlist?tab=following${to > 1 ? `&page=${to}` : ""}`}
      />
    </Stack>
  );
}
