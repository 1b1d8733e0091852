// What the listing page (and the auction lot page) shows when it cannot be shown: not found (404) or a load failure.
import { Button, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { isRouteErrorResponse, Link as RemixLink } from "@remix-run/react";
import { LISTING_DETAIL_MESSAGES } from "~/lib/listing-detail-messages.ts";

export interface ListingProblemProps {
  error: unknown;
  /** The page's own words for the two cases. */
  messages?: { notFound: string; loadFailed: string };
  /** Where to browse instead. */
  browse?: { to: string; label: string };
}

export function ListingProblem({
  error,
  messages = LISTING_DETAIL_MESSAGES,
  browse = { to: "/listings", label: "Browse Listings" },
}: ListingProblemProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Container maxW="2xl" py="16" textAlign="center">
      <Stack gap="6" align="center">
        <Heading as="h1" size="2xl">
          {notFound ? messages.notFound : messages.loadFailed}
        </Heading>
        {notFound ? <Text color="fg.muted">It may have been removed, or the link may be mistyped.</Text> : null}
        <Stack direction={{ base: "column", sm: "row" }} gap="3">
          {notFound ? null : (
            <Button asChild colorPalette="blue">
              {/* A plain link reloads the page, so the loader runs again. */}
              <a href="">Try Again</a>
            </Button>
          )}
          <Button asChild colorPalette="blue" variant={notFound ? "solid" : "outline"}>
            <RemixLink to={browse.to}>{browse.label}</RemixLink>
          </Button>
        </Stack>
      </Stack>
    </Container>
  );
}
