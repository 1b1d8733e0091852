// Staff (can_manage_users) on a seller's profile: the verification state, and revoking it.
import { Box, Button, Heading, HStack, Link, Text } from "@chakra-ui/react";
import { Form, Link as RemixLink } from "@remix-run/react";
import { formatShortDate } from "~/lib/dates.ts";

export function SellerVerificationPanel({ verifiedSince }: { verifiedSince: string | null }) {
  return (
    <Box as="section" aria-labelledby="verification-heading" borderWidth="1px" rounded="md" p="4">
      <Heading as="h2" size="md" id="verification-heading" mb="2">
        Seller verification (staff)
      </Heading>
      {verifiedSince ? (
        <Form method="post">
          <input type="hidden" name="intent" value="verify" />
          <input type="hidden" name="verified" value="no" />
          <HStack gap="3" flexWrap="wrap" align="center">
            <Text fontSize="sm">Verified since {formatShortDate(verifiedSince)}.</Text>
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
  );
}
