// Deleting a listing: without JavaScript the button is a link to the confirmation page; with it, the
// same question is asked in a dialog. Either way the POST goes to /listings/{id}/delete.
import { Box, Button, Heading, Text } from "@chakra-ui/react";
import { Form, useNavigation } from "@remix-run/react";
import { ConfirmDialogLink } from "../ConfirmDialogLink.tsx";

export function DeleteListingForm({ listingId, onCancel }: { listingId: number; onCancel?: () => void }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === `/listings/${listingId}/delete`;
  return (
    <Form method="post" action={`/listings/${listingId}/delete`}>
      <input type="hidden" name="confirm" value="yes" />
      <Box display="flex" gap="3" flexWrap="wrap">
        <Button type="submit" colorPalette="red" loading={busy} loadingText="Deleting...">
          Yes, delete this listing
        </Button>
        {onCancel ? (
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </Box>
    </Form>
  );
}

export function DeleteListingSection({ listingId, title, blocker }: { listingId: number; title: string; blocker?: string | null }) {
  if (blocker) {
    return (
      <Box as="section" aria-labelledby="delete-heading" borderWidth="1px" rounded="lg" p="5">
        <Heading as="h2" size="md" id="delete-heading" mb="1">
          Delete this listing
        </Heading>
        <Text>{blocker}</Text>
      </Box>
    );
  }
  return (
    <Box as="section" aria-labelledby="delete-heading" borderWidth="1px" borderColor="border.error" rounded="lg" p="5">
      <Heading as="h2" size="md" id="delete-heading" mb="1">
        Delete this listing
      </Heading>
      <Text color="fg.muted" fontSize="sm" mb="3">
        The listing, its images and its place on watchlists are removed for good.
      </Text>
      <ConfirmDialogLink to={`/listings/${listingId}/delete`} label="Delete listing" title={`Delete “${title}”?`}>
        {(close) => (
          <>
            <Text mb="4">This cannot be undone. The listing and its images are removed for good.</Text>
            <DeleteListingForm listingId={listingId} onCancel={close} />
          </>
        )}
      </ConfirmDialogLink>
    </Box>
  );
}
