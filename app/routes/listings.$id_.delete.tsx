// /listings/{id}/delete: the confirmation step for deleting a listing (the page works without
// JavaScript; with it, the edit page asks in a dialog and posts here). Owner only (docs/product/listings.md#create-form).
import { Box, Button, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link as RemixLink, useActionData, useLoaderData } from "@remix-run/react";
import { FormErrors } from "~/components/forms/index.ts";
import { DeleteListingForm } from "~/components/listing-form/DeleteListing.tsx";
import { getDb } from "~/db.server.ts";
import { parseForm } from "~/web/form-data.server.ts";
import { DeleteListingSchema } from "~/schemas/listing-manage.ts";
import { LISTING_MESSAGES } from "~/schemas/listing.ts";
import { requireUser } from "~/web/auth.server.ts";
import { deleteListing, listingDeletionBlocker, findDeletableListing } from "~/services/listings/index.server.ts";
import { isDomainError } from "~/services/domain-error.ts";
import { getUploadStore } from "~/services/storage/index.server.ts";
import { refusalInit, throwRefusal } from "~/web/domain-answer.server.ts";
import { parseRouteId } from "~/web/route-params.server.ts";

export const meta: MetaFunction = () => [{ title: "Delete listing — Tradebench" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  try {
    const listing = await findDeletableListing(getDb(), user, parseRouteId(params.id, LISTING_MESSAGES.notFound));
    return { listing: { id: listing.id, title: listing.title }, blocker: await listingDeletionBlocker(getDb(), listing.id) };
  } catch (error) {
    throwRefusal(error);
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const { submission } = await parseForm(request, DeleteListingSchema);
  try {
    // Checks ownership even when the confirmation is missing, so others learn nothing more.
    const listing = await findDeletableListing(getDb(), user, parseRouteId(params.id, LISTING_MESSAGES.notFound));
    if (submission.status !== "success") return data({ error: LISTING_MESSAGES.deleteConfirmRequired }, { status: 400 });
    await deleteListing(getDb(), getUploadStore(), user, listing.id);
  } catch (error) {
    // Bids on its live auction, or an order: a message, never a database error.
    if (isDomainError(error) && error.kind === "conflict") return data({ error: error.message }, refusalInit(error));
    throwRefusal(error);
  }
  throw redirect("/dashboard?deleted=1");
}

export default function DeleteListingPage() {
  const { listing, blocker } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const error = actionData?.error ?? blocker;
  return (
    <Container maxW="2xl" py="12">
      <Stack gap="5">
        <Heading as="h1" size="2xl">
          Delete “{listing.title}”?
        </Heading>
        <FormErrors errors={error ? [error] : undefined} />
        {blocker ? null : (
          <>
            <Text>This cannot be undone. The listing, its images and its place on buyers’ watchlists are removed for good.</Text>
            <DeleteListingForm listingId={listing.id} />
          </>
        )}
        <Box>
          <Button asChild variant="outline">
            <RemixLink to={`/edit-listing/${listing.id}`}>{blocker ? "Back to the listing" : "No, keep it"}</RemixLink>
          </Button>
        </Box>
      </Stack>
    </Container>
  );
}
