// /edit-listing/{id}: the owner (or an admin) edits every field, adds, removes and reorders images,
// picks the primary image and sets the status. Ownership is checked in the loader and in the action.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Box, Button, Container, Heading, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { FormErrors, FormSuccess } from "~/components/forms/index.ts";
import { DeleteListingSection } from "~/components/listing-form/DeleteListing.tsx";
import { ImageManager } from "~/components/listing-form/ImageManager.tsx";
import { ListingFormFields, type ListingFormMetadata } from "~/components/listing-form/ListingFormFields.tsx";
import { OfferSettingsFields, offerSettingsDefaults } from "~/components/offers/OfferSettingsFields.tsx";
import { getOfferSettings, saveOfferSettings } from "~/services/orders/index.server.ts";
import { readOfferSettings } from "~/web/offer-settings.server.ts";
import { getDb } from "~/db.server.ts";
import { parseForm } from "~/web/form-data.server.ts";
import { ListingImageChangeSchema } from "~/schemas/listing-manage.ts";
import { categoryGroups, readListingRequest } from "~/web/listing-form.server.ts";
import { formReply, refusalsAnswered, throwRefusal } from "~/web/domain-answer.server.ts";
import { isMultipart } from "~/web/multipart.server.ts";
import { EDIT_STATUSES, EditListingSchema, isAuctionListingType, LISTING_MESSAGES, toListingInput } from "~/schemas/listing.ts";
import { parseRouteId } from "~/web/route-params.server.ts";
import { requireConfirmedUser, requireUser } from "~/web/auth.server.ts";
import {
  listCategoryTree,
  moveListingImage,
  removeListingImage,
  setPrimaryListingImage,
  liveAuctionSummary,
  categoryExists,
  getListingForEdit,
  listingFormDefaults,
  MAX_LISTING_IMAGES,
  type Actor,
  checkListingUploads,
} from "~/services/listings/index.server.ts";
import { updateListing } from "~/flows/index.server.ts";
import { DomainError } from "~/services/domain-error.ts";
import { getUploadStore } from "~/services/storage/index.server.ts";
import { listingPriceHints } from "~/services/pricing/index.server.ts";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `Edit ${loaded.listing.title} — Tradebench` : "Edit listing — Tradebench" },
];

async function loadEditable(actor: Actor, id: string | undefined) {
  const listingId = parseRouteId(id, LISTING_MESSAGES.notFound);
  return refusalsAnswered(() => getListingForEdit(getDb(), actor, listingId), { as: "document" });
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { listing, images, auction, canDelete, deleteBlocker } = await loadEditable(user, params.id);
  const live = liveAuctionSummary(auction);
  return {
    listing: { id: listing.id, title: listing.title, status: listing.status },
    defaults: listingFormDefaults(listing, auction),
    auctions: {
      live,
      // An auction or hybrid listing whose last auction is over (or never began) may start a new one.
      offerNewAuction: !live && isAuctionListingType(listing.listing_type) && listing.status !== "sold",
    },
    images: images.map((image) => ({
      id: image.id,
      url: image.url,
      thumbnailUrl: image.thumbnail_url,
      isPrimary: image.is_primary === 1,
      originalName: image.original_name,
    })),
    canDelete,
    deleteBlocker,
    categoryGroups: categoryGroups(await listCategoryTree(getDb())),
    maxImages: MAX_LISTING_IMAGES,
    priceHints: await listingPriceHints(getDb(), { excludeListingId: listing.id }),
    // The seller's offer settings: this page is the seller's (or an admin's) alone.
    offerSettings: await getOfferSettings(getDb(), listing.id),
  };
}

type ActionResult =
  { status: "form"; result: SubmissionResult<string[]>; imageErrors: string[]; rechoose: boolean } | { status: "images"; imageMessage: string };

const IMAGE_MESSAGES = {
  "image-up": "Image moved up.",
  "image-down": "Image moved down.",
  "image-primary": "Primary image changed.",
  "image-remove": "Image removed.",
} as const;

/** The image manager's buttons: one change to one stored image. */
async function changeImage(actor: Actor, listingId: number, request: Request) {
  const { submission } = await parseForm(request, ListingImageChangeSchema);
  if (submission.status !== "success") {
    throwRefusal(new DomainError("invalid", "This request did not say what to change. Please use the buttons on the page."));
  }
  const { intent, imageId } = submission.value;
  await refusalsAnswered(
    async () => {
      if (intent === "image-remove") await removeListingImage(getDb(), getUploadStore(), actor, listingId, imageId);
      else if (intent === "image-primary") await setPrimaryListingImage(getDb(), actor, listingId, imageId);
      else await moveListingImage(getDb(), actor, listingId, imageId, intent === "image-up" ? "up" : "down");
    },
    { as: "document" },
  );
  return data<ActionResult>({ status: "images", imageMessage: IMAGE_MESSAGES[intent] });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireConfirmedUser(request);
  // Ownership is checked before the body is read.
  const { listing, images } = await loadEditable(user, params.id);
  if (!isMultipart(request)) return changeImage(user, listing.id, request);

  const { submission, fields, files } = await readListingRequest(request, EditListingSchema, images);
  const rechoose = files.some((file) => file.status !== "duplicate");
  if (submission.status === undefined) {
    return data<ActionResult>({ status: "form", result: submission.reply(), imageErrors: [], rechoose });
  }

  const uploads = await checkListingUploads(files, images.length);
  const rawCategory = String(fields.get("categoryId") ?? "").trim();
  const unknownCategory = rawCategory !== "" && !(await categoryExists(getDb(), rawCategory));
  if (submission.status !== "success" || uploads.errors.length > 0 || unknownCategory) {
    const result = submission.reply(unknownCategory ? { fieldErrors: { categoryId: [LISTING_MESSAGES.categoryUnknown] } } : {});
    return data<ActionResult>({ status: "form", result, imageErrors: uploads.errors, rechoose }, { status: 400 });
  }
  const offers = readOfferSettings(fields, toListingInput(submission.value));
  if (!offers.ok)
    return data<ActionResult>({ status: "form", result: submission.reply({ fieldErrors: offers.fieldErrors }), imageErrors: [], rechoose }, { status: 400 });

  return refusalsAnswered(
    async () => {
      await updateListing(getDb(), getUploadStore(), user, listing.id, toListingInput(submission.value), {
        status: submission.value.status,
        images: uploads.images,
        startAuction: submission.value.startAuction,
      });
      await saveOfferSettings(getDb(), listing.id, offers.settings);
      // A fresh value each time, so the form starts again from what was saved.
      throw redirect(`/edit-listing/${listing.id}?saved=${Date.now()}`);
    },
    {
      // Gone meanwhile: the page's own answer. Too many images: beside the image picker. The auction rules that depend
      // on what is stored, and the auction settings only the owner changes: beside the field, or above the form.
      as: (refusal): ActionResult =>
        refusal.field === "images"
          ? { status: "form", result: submission.reply(), imageErrors: [refusal.message], rechoose }
          : { status: "form", result: formReply(submission, refusal), imageErrors: [], rechoose },
      page: ["not_found"],
    },
  );
}

export default function EditListingPage() {
  const loaded = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const saved = searchParams.get("saved");
  return (
    <Container maxW="4xl" py="10">
      <Stack gap="6">
        <Box>
          <Heading as="h1" size="2xl">
            Edit listing
          </Heading>
          <HStack gap="3" wrap="wrap" color="fg.muted">
            <Text>{loaded.listing.title}</Text>
            <Link asChild>
              <RemixLink to={`/listings/${loaded.listing.id}`}>View listing</RemixLink>
            </Link>
          </HStack>
        </Box>
        {saved ? <FormSuccess>{LISTING_MESSAGES.saved}</FormSuccess> : null}
        <EditImages />
        {/* Keyed by the save, so after saving the form (file input included) starts from the stored values. */}
        <EditForm key={saved ?? "initial"} />
        {loaded.canDelete ? <DeleteListingSection listingId={loaded.listing.id} title={loaded.listing.title} blocker={loaded.deleteBlocker} /> : null}
      </Stack>
    </Container>
  );
}

function EditImages() {
  const { images, listing } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <ImageManager images={images} title={listing.title} message={actionData?.status === "images" ? actionData.imageMessage : undefined} />;
}

function EditForm() {
  const { listing, defaults, images, auctions, categoryGroups: groups, maxImages, priceHints, offerSettings } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formEncType === "multipart/form-data";
  const formResult = actionData?.status === "form" ? actionData : undefined;
  const [form] = useForm({
    id: `edit-listing-${listing.id}`,
    lastResult: formResult?.result,
    defaultValue: defaults,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EditListingSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Box as="section" aria-labelledby="details-heading" borderWidth="1px" rounded="lg" p={{ base: "4", md: "6" }}>
      <Heading as="h2" size="lg" id="details-heading" mb="6">
        Listing details
      </Heading>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
        <Stack gap="8">
          <FormErrors id={form.errorId} errors={form.errors} />
          <ListingFormFields
            form={form as unknown as ListingFormMetadata}
            categoryGroups={groups}
            statuses={listing.status === "sold" ? null : EDIT_STATUSES}
            auctions={auctions}
            priceHints={priceHints}
            images={{
              maxFiles: maxImages,
              existingCount: images.length,
              errors: formResult?.imageErrors ?? [],
              rechoose: formResult?.rechoose ?? false,
            }}
          />
          <OfferSettingsFields
            defaults={offerSettingsDefaults(offerSettings, formResult?.result.initialValue, defaults.currency)}
            errors={formResult?.result.error ?? undefined}
          />
          <Button type="submit" colorPalette="blue" size="lg" alignSelf="start" disabled={submitting} loading={submitting} loadingText="Saving...">
            Save changes
          </Button>
        </Stack>
      </Form>
    </Box>
  );
}
