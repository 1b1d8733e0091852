// /create-listing (docs/product/listings.md#create-form): tabs Manual Listing (the listing form) and AI-Powered Listing (the four-step wizard,
// ?tab=ai). Sellers and admins use both; visitors may try the wizard's first two steps and sign in to save; other
// roles go to their dashboard (docs/decisions/0022-ai-wizard.md).
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Box, Button, Container, Heading, Link, Stack, Text } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { AiWizard } from "~/components/ai-wizard/AiWizard.tsx";
import { CreateListingTabs, type CreateListingTab } from "~/components/ai-wizard/CreateListingTabs.tsx";
import { FormErrors, FormSuccess } from "~/components/forms/index.ts";
import { EmailConfirmationNotice } from "~/components/EmailConfirmationBanner.tsx";
import { JsMarker } from "~/components/listing-form/JsMarker.tsx";
import { ListingFormFields, type ListingFormMetadata } from "~/components/listing-form/ListingFormFields.tsx";
import { OfferSettingsFields, offerSettingsDefaults } from "~/components/offers/OfferSettingsFields.tsx";
import { saveOfferSettings } from "~/services/orders/index.server.ts";
import { readOfferSettings } from "~/web/offer-settings.server.ts";
import { getDb } from "~/db.server.ts";
import { listingPriceHints } from "~/services/pricing/index.server.ts";
import type { PriceHintTable } from "~/lib/pricing/price-hints.ts";
import { loginUrl } from "~/lib/http.ts";
import { categoryGroups, readListingRequest } from "~/web/listing-form.server.ts";
import type { ReceivedFile } from "~/web/multipart.server.ts";
import type { CurrentUser } from "~/lib/user.ts";
import {
  AI_CREATE_INTENT,
  AI_LISTING_MESSAGES,
  AI_WIZARD_PATH,
  checkAiCreateForm,
  type AiCreateAnswer,
  type FieldErrors,
} from "~/schemas/ai-listing-create.ts";
import {
  AUCTION_FORM_DEFAULTS,
  BLANK_FEATURE_ROWS,
  BLANK_SPECIFICATION_ROWS,
  CREATE_STATUSES,
  CreateListingSchema,
  LISTING_MESSAGES,
  toListingInput,
} from "~/schemas/listing.ts";
import { createAiListing, createListing } from "~/flows/index.server.ts";
import { getOptionalUser, requireConfirmedUser, requirePermission, userHasPermission } from "~/web/auth.server.ts";
import { formReply, refusalsAnswered } from "~/web/domain-answer.server.ts";
import { getUploadStore } from "~/services/storage/index.server.ts";
import { listCategoryTree, categoryExists, checkListingUploads, MAX_LISTING_IMAGES } from "~/services/listings/index.server.ts";

export const meta: MetaFunction = () => [{ title: "Create a listing — Tradebench" }];

function tabOf(url: URL): CreateListingTab {
  return url.searchParams.get("tab") === "ai" ? "ai" : "manual";
}

/**
 * Who may open the tab: roles holding can_create_listings (sellers and admins), anything; visitors, only the AI wizard (they sign in to save); other
 * roles go to their dashboard. Null: a visitor on the AI tab.
 */
async function requireCreator(request: Request, url: URL, visitorsMay: boolean): Promise<CurrentUser | null> {
  const user = await getOptionalUser(request);
  if (!user) {
    if (visitorsMay) return null;
    const back = request.method === "GET" ? `${url.pathname}${url.search}` : tabOf(url) === "ai" ? AI_WIZARD_PATH : url.pathname;
    throw redirect(loginUrl(back));
  }
  if (!(await userHasPermission(user, "can_create_listings"))) throw redirect("/dashboard");
  return user;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const tab = tabOf(url);
  const user = await requireCreator(request, url, tab === "ai");
  return {
    tab,
    viewerId: user?.id ?? null,
    categoryGroups: categoryGroups(await listCategoryTree(getDb()), { offeredOnly: true }),
    maxImages: MAX_LISTING_IMAGES,
    // The price hint under the manual form's price (the wizard has its own price guidance).
    priceHints: tab === "ai" ? null : await listingPriceHints(getDb()),
  };
}

type ActionResult = { status: "form"; result: SubmissionResult<string[]>; imageErrors: string[]; rechoose: boolean } | { status: "created"; listingId: number };

/** The AI wizard's create form: checked in full, then the listing, its images and its auction in one transaction. */
async function createFromWizard(user: CurrentUser, fields: FormData, files: ReceivedFile[]) {
  const checked = checkAiCreateForm(fields);
  const uploads = await checkListingUploads(files);
  const errors: FieldErrors = checked.ok ? {} : { ...checked.errors };
  if (uploads.errors.length > 0) errors.images = uploads.errors;
  else if (uploads.images.length === 0) errors.images = [AI_LISTING_MESSAGES.imageRequired];
  if (checked.ok && !(await categoryExists(getDb(), checked.value.categoryId))) errors.categoryId = [LISTING_MESSAGES.categoryUnknown];
  // The offer settings of the listing-type step, checked against the type and price chosen.
  const offers = checked.ok
    ? readOfferSettings(fields, {
        listingType: checked.value.listingType,
        priceCents: checked.value.priceCents,
        buyNowPriceCents: checked.value.priceCents,
        currency: "USD",
      })
    : null;
  if (offers && !offers.ok) Object.assign(errors, offers.fieldErrors);
  if (!checked.ok || !offers?.ok || Object.keys(errors).length > 0) return data<AiCreateAnswer>({ status: "ai-invalid", errors }, { status: 400 });

  return refusalsAnswered(
    async () => {
      const created = await createAiListing(getDb(), getUploadStore(), { id: user.id, role: user.role }, checked.value, uploads.images);
      await saveOfferSettings(getDb(), created.listingId, offers.settings);
      return data<AiCreateAnswer>({ status: "ai-created", listingId: created.listingId, auctionId: created.auctionId });
    },
    {
      as: (refusal): AiCreateAnswer => ({ status: "ai-invalid", errors: { [refusal.field ?? ""]: [refusal.message] } }),
      // Nothing was stored: the listing, its images, its auction and the generation's claim are written together or not at all.
      crash: {
        log: "Creating a listing from the AI wizard failed",
        status: 500,
        as: (): AiCreateAnswer => ({ status: "ai-invalid", errors: { "": [AI_LISTING_MESSAGES.failedToCreate] } }),
      },
    },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  // The page sends other roles to their dashboard (docs/product/accounts.md#roles); a post without the capability is refused with 403.
  if (!(await getOptionalUser(request))) {
    const url = new URL(request.url);
    throw redirect(loginUrl(tabOf(url) === "ai" ? AI_WIZARD_PATH : url.pathname));
  }
  const user = await requirePermission(request, "can_create_listings");
  // Listing (by hand or from the AI wizard) waits for a confirmed e-mail address (docs/decisions/0028).
  await requireConfirmedUser(request);
  // The wizard's create form is read within the same limits and checked in full by its own schema.
  const { submission, fields, files } = await readListingRequest(request, CreateListingSchema);
  if (fields.get("intent") === AI_CREATE_INTENT) return createFromWizard(user, fields, files);
  const rechoose = files.length > 0;
  // An "add row" or "remove row" button pressed without JavaScript: the form comes back changed.
  if (submission.status === undefined) {
    return data<ActionResult>({ status: "form", result: submission.reply(), imageErrors: [], rechoose });
  }

  // Everything is checked before anything is written.
  const uploads = await checkListingUploads(files);
  const rawCategory = String(fields.get("categoryId") ?? "").trim();
  const unknownCategory = rawCategory !== "" && !(await categoryExists(getDb(), rawCategory));
  if (submission.status !== "success" || uploads.errors.length > 0 || unknownCategory) {
    const result = submission.reply(unknownCategory ? { fieldErrors: { categoryId: [LISTING_MESSAGES.categoryUnknown] } } : {});
    return data<ActionResult>({ status: "form", result, imageErrors: uploads.errors, rechoose }, { status: 400 });
  }
  const offers = readOfferSettings(fields, toListingInput(submission.value));
  if (!offers.ok)
    return data<ActionResult>({ status: "form", result: submission.reply({ fieldErrors: offers.fieldErrors }), imageErrors: [], rechoose }, { status: 400 });

  const listingId = await refusalsAnswered(
    () =>
      createListing(
        getDb(),
        getUploadStore(),
        user.id,
        toListingInput(submission.value),
        uploads.images,
        submission.value.status === "draft" ? "draft" : "active",
      ),
    {
      // A rule the schema cannot check alone (the category vanished meanwhile): a message beside the field.
      as: (refusal): ActionResult => ({ status: "form", result: formReply(submission, refusal), imageErrors: [], rechoose }),
      // Nothing was stored: the listing, its images and its auction are written together or not at all.
      crash: {
        log: "Creating a listing failed",
        status: 500,
        as: (): ActionResult => ({ status: "form", result: submission.reply({ formErrors: [LISTING_MESSAGES.failedToCreate] }), imageErrors: [], rechoose }),
      },
    },
  );
  if (typeof listingId !== "number") return listingId;
  // The offer settings were checked with the form above; they are saved on the listing just made.
  await saveOfferSettings(getDb(), listingId, offers.settings);
  // Without JavaScript the browser goes straight to the new listing.
  if (fields.get("js") !== "1") throw redirect(`/listings/${listingId}`);
  return data<ActionResult>({ status: "created", listingId });
}

const REDIRECT_DELAY_MS = 2000;

export default function CreateListingPage() {
  const { tab, viewerId, categoryGroups: groups, maxImages, priceHints } = useLoaderData<typeof loader>();
  return (
    <Container maxW={tab === "ai" ? "6xl" : "4xl"} py="10">
      <Stack gap="6">
        <Box>
          <Heading as="h1" size="2xl">
            Create a listing
          </Heading>
          <Text color="fg.muted">
            {tab === "ai"
              ? "Give the brand, model and condition and a few photos; the assistant drafts the rest for you to review."
              : "Describe your equipment, set a price and add photos. Fields marked * are required."}
          </Text>
        </Box>
        <EmailConfirmationNotice />
        <CreateListingTabs current={tab} manualHref={viewerId === null ? loginUrl("/create-listing") : "/create-listing"} />
        {tab === "ai" ? (
          <AiWizard categoryGroups={groups} viewerId={viewerId} />
        ) : (
          <ManualListing groups={groups} maxImages={maxImages} priceHints={priceHints} />
        )}
      </Stack>
    </Container>
  );
}

/** The Manual Listing tab: the listing form, as before the tabs arrived. */
function ManualListing({ groups, maxImages, priceHints }: { groups: ReturnType<typeof categoryGroups>; maxImages: number; priceHints: PriceHintTable | null }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const submitting = navigation.state === "submitting" && navigation.formAction === "/create-listing";
  const createdId = actionData?.status === "created" ? actionData.listingId : null;
  const formResult = actionData?.status === "form" ? actionData : undefined;

  useEffect(() => {
    if (createdId === null) return;
    const timer = setTimeout(() => navigate(`/listings/${createdId}`), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [createdId, navigate]);

  const [form] = useForm({
    id: "create-listing",
    lastResult: formResult?.result,
    defaultValue: {
      listingType: "buy_now",
      currency: "USD",
      ...AUCTION_FORM_DEFAULTS,
      status: "active",
      features: Array.from({ length: BLANK_FEATURE_ROWS }, () => ""),
      specifications: Array.from({ length: BLANK_SPECIFICATION_ROWS }, () => ({ key: "", value: "" })),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateListingSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  return (
    <>
      {createdId !== null ? (
        <Stack gap="3">
          <FormSuccess>{LISTING_MESSAGES.created}</FormSuccess>
          <Text>
            Taking you to your listing…{" "}
            <Link asChild>
              <RemixLink to={`/listings/${createdId}`}>Go there now</RemixLink>
            </Link>
          </Text>
        </Stack>
      ) : (
        <Box as="section" aria-labelledby="manual-listing-heading" borderWidth="1px" rounded="lg" p={{ base: "4", md: "6" }}>
          <Heading as="h2" size="lg" id="manual-listing-heading" mb="6">
            Manual Listing
          </Heading>
          <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
            <JsMarker />
            <Stack gap="8">
              <FormErrors id={form.errorId} errors={form.errors} />
              <ListingFormFields
                form={form as unknown as ListingFormMetadata}
                categoryGroups={groups}
                statuses={CREATE_STATUSES}
                priceHints={priceHints}
                images={{
                  maxFiles: maxImages,
                  existingCount: 0,
                  errors: formResult?.imageErrors ?? [],
                  rechoose: formResult?.rechoose ?? false,
                }}
              />
              <OfferSettingsFields defaults={offerSettingsDefaults(null, formResult?.result.initialValue)} errors={formResult?.result.error ?? undefined} />
              <Button type="submit" colorPalette="blue" size="lg" alignSelf="start" disabled={submitting} loading={submitting} loadingText="Creating...">
                Create Listing
              </Button>
            </Stack>
          </Form>
        </Box>
      )}
    </>
  );
}
