// The closing call to action: Create an Account and Browse Equipment (spec 01 §2). Signed-in users have an
// account already, so they are offered their next step instead.
import { Box, Button, Container, Heading, HStack, Text } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";
import type { HomeViewer } from "./viewer.ts";

export function ClosingCallToAction({ viewer }: { viewer: HomeViewer }) {
  return (
    <Box as="section" aria-labelledby="closing-heading" py={{ base: "12", md: "16" }} bg="blue.subtle" borderTopWidth="1px" borderColor="blue.muted">
      <Container maxW="3xl" textAlign="center">
        <Heading as="h2" id="closing-heading" size="2xl" mb="3">
          {viewer.signedIn ? "Ready for your next piece of equipment?" : "Ready to buy or sell equipment?"}
        </Heading>
        <Text color="fg.muted" mb="6">
          Verified sellers, payment held in escrow until the equipment arrives, and buyer protection on every purchase.
        </Text>
        <HStack gap="3" justify="center" wrap="wrap">
          {!viewer.signedIn ? (
            <Button asChild colorPalette="blue" size="lg">
              <RemixLink to="/register">Create an Account</RemixLink>
            </Button>
          ) : viewer.canSell ? (
            <Button asChild colorPalette="blue" size="lg">
              <RemixLink to="/create-listing">Create Listing</RemixLink>
            </Button>
          ) : (
            <Button asChild colorPalette="blue" size="lg">
              <RemixLink to="/dashboard">Go to Dashboard</RemixLink>
            </Button>
          )}
          <Button asChild variant="outline" size="lg" bg="bg">
            <RemixLink to="/listings">Browse Equipment</RemixLink>
          </Button>
        </HStack>
      </Container>
    </Box>
  );
}
