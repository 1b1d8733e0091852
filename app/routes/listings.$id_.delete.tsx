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
import { getUploadStore } from "~/services/storage/index.server.ts";
import { refusalsAnswered, throwRefusal } from "~/web/domain-answer.server.ts";
import { parseRouteId } from "~/web/route-params.server.ts";

export const meta: MetaFunction = () => [{ title: "Delete listing — Tradebench" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return refusalsAnswered(
    async () => {
      const listing = await findDeletableListing(getDb(), user, parseRouteId(params.id, LISTING_MESSAGES.notFound));
      return { listing: { id: listing.id, title: listing.title }, blocker: await listingDeletionBlocker(getDb(), listing.id) };
    },
    { as: "document" },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const { submission } = await parseForm(request, DeleteListingSchema);
  // Bids on its live auction, or an order: a message, never a database error; any other refusal is the page's.
  return refusalsAnswered(
    async () => {
      // Checks ownership even when the confirmation is missing, so others learn nothing more.
      const listing = await findDeletableListing(getDb(), user, parseRouteId(params.id, LISTING_MESSAGES.notFound));
      if (submission.status !== "success") return data({ error: LISTING_MESSAGES.deleteConfirmRequired }, { status: 400 });
      await deleteListing(getDb(), getUploadStore(), user, listing.id);
      throw redirect("/dashboard?deleted=1");
    },
    { as: (refusal) => (refusal.kind === "conflict" ? { error: refusal.message } : throwRefusal(refusal)) },
  );
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
