// The profile's way into two-step sign-in: a section of its own, so /profile only places it.
import { Box, Heading, Link, Text } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";

export function SecondFactorSection() {
  return (
    <Box as="section" aria-labelledby="second-factor-heading" borderWidth="1px" rounded="lg" p="5">
      <Heading as="h2" size="md" id="second-factor-heading" mb="2">
        Two-step sign-in
      </Heading>
      <Text mb="2">
        Ask for a code from an authenticator app as well as your password when you sign in. Staff who confirm payments, decide disputes or manage people need
        it.
      </Text>
      <Link asChild color="blue.fg">
        <RemixLink to="/profile/second-factor">Set up or manage two-step sign-in</RemixLink>
      </Link>
    </Box>
  );
}
