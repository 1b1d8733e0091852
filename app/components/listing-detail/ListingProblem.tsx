// What the detail page shows when the listing cannot be shown: not found (404) or a load failure.
import { Button, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { isRouteErrorResponse, Link as RemixLink } from "@remix-run/react";
import { LISTING_DETAIL_MESSAGES } from "~/schemas/listing-detail.ts";

export function ListingProblem({ error }: { error: unknown }) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Container maxW="2xl" py="16" textAlign="center">
      <Stack gap="6" align="center">
        <Heading as="h1" size="2xl">
          {notFound ? LISTING_DETAIL_MESSAGES.notFound : LISTING_DETAIL_MESSAGES.loadFailed}
        </Heading>
        {notFound ? (
          <Text color="fg.muted">It may have been removed, or the link may be mistyped.</Text>
        ) : null}
        <Stack direction={{ base: "column", sm: "row" }} gap="3">
          {notFound ? null : (
            <Button asChild colorPalette="blue">
              {/* A plain link reloads the page, so the loader runs again. */}
              <a href="">Try Again</a>
            </Button>
          )}
          <Button asChild colorPalette="blue" variant={notFound ? "solid" : "outline"}>
            <RemixLink to="/listings">Browse Listings</RemixLink>
          </Button>
        </Stack>
      </Stack>
    </Container>
  );
}
