// Deleting a saved search after "Are you sure you want to delete this saved search?": without JavaScript, Delete is
// a link to the same page with ?confirm-delete={id}, which shows the question in the card; with it, the question
// is asked in a dialog. Either way the POST carries intent=delete.
import { Box, Button, HStack, Text } from "@chakra-ui/react";
import { Form, Link as RemixLink, useNavigation } from "@remix-run/react";
import type { SavedSearchView } from "~/lib/watchlist-views.ts";
import { ConfirmDialogLink } from "../ConfirmDialogLink.tsx";
import { WATCHLIST_MESSAGES } from "~/lib/watchlist-messages.ts";

const ACTION = "/watchlist?tab=saved-searches";

function DeleteSearchForm({ search, cancel }: { search: SavedSearchView; cancel: { onClick: () => void } | { to: string } }) {
  const navigation = useNavigation();
  const busy = navigation.formData?.get("intent") === "delete" && Number(navigation.formData.get("searchId")) === search.id;
  return (
    <Form method="post" action={ACTION} preventScrollReset>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="searchId" value={search.id} />
      <HStack gap="3" flexWrap="wrap">
        <Button type="submit" size="sm" colorPalette="red" loading={busy} loadingText="Deleting...">
          Yes, delete
        </Button>
        {"to" in cancel ? (
          <Button asChild size="sm" variant="outline">
            <RemixLink to={cancel.to} preventScrollReset>
              Cancel
            </RemixLink>
          </Button>
        ) : (
          <Button size="sm" variant="outline" onClick={cancel.onClick}>
            Cancel
          </Button>
        )}
      </HStack>
    </Form>
  );
}

/** The question inside the card (the no-JavaScript path, or a shared ?confirm-delete link). */
export function ConfirmDeletePanel({ search }: { search: SavedSearchView }) {
  const headingId = `confirm-delete-${search.id}`;
  return (
    <Box as="section" aria-labelledby={headingId} borderWidth="1px" borderColor="border.error" rounded="md" p="4" bg="bg.error">
      <Text id={headingId} fontWeight="semibold" mb="3">
        {WATCHLIST_MESSAGES.confirmDelete}
      </Text>
      <DeleteSearchForm search={search} cancel={{ to: ACTION }} />
    </Box>
  );
}

/** Delete: a link to the confirmation without JavaScript, a dialog with it. */
export function DeleteSearchDialog({ search }: { search: SavedSearchView }) {
  return (
    <ConfirmDialogLink
      to={`${ACTION}&confirm-delete=${search.id}#saved-search-${search.id}`}
      label="Delete"
      ariaLabel={`Delete ${search.title}`}
      title={`Delete “${search.title}”?`}
      size="sm"
    >
      {(close) => (
        <>
          <Text mb="4">{WATCHLIST_MESSAGES.confirmDelete}</Text>
          <DeleteSearchForm search={search} cancel={{ onClick: close }} />
        </>
      )}
    </ConfirmDialogLink>
  );
}
