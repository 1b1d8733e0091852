// /create-listing: the Manual Listing form (spec 01 §2), for sellers and admins.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Box, Button, Container, Heading, Link, Stack, Text } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { FormErrors, FormSuccess } from "~/components/forms.tsx";
import { JsMarker } from "~/components/listing-form/JsMarker.tsx";
import { ListingFormFields, type ListingFormMetadata } from "~/components/listing-form/ListingFormFields.tsx";
import { getDb } from "~/db.server.ts";
import { getEnv } from "~/env.server.ts";
import { categoryGroups, parseListingFields, readListingRequest } from "~/lib/listing-form.server.ts";
import { canSell } from "~/lib/roles.ts";
import {
  AUCTION_FORM_DEFAULTS,
  BLANK_FEATURE_ROWS,
  BLANK_SPECIFICATION_ROWS,
  CREATE_STATUSES,
  CreateListingSchema,
  LISTING_MESSAGES,
  toListingInput,
} from "~/schemas/listing.ts";
import { requireUser } from "~/services/auth.server.ts";
import { listCategoryTree } from "~/services/category.server.ts";
import { categoryExists, checkListingUploads, createListing, ListingFieldError } from "~/services/listing.server.ts";
import { MAX_LISTING_IMAGES } from "~/services/listing-images.server.ts";

export const meta: MetaFunction = () => [{ title: "Create a listing — Tradebench" }];

/** Signed-in sellers and admins only: visitors sign in first, other roles go to their dashboard. */
async function requireSeller(request: Request) {
  const user = await requireUser(request);
  if (!canSell(user.role)) throw redirect("/dashboard");
  return user;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSeller(request);
  return { categoryGroups: categoryGroups(await listCategoryTree(getDb())), maxImages: MAX_LISTING_IMAGES };
}

type ActionResult =
  | { status: "form"; result: SubmissionResult<string[]>; imageErrors: string[]; rechoose: boolean }
  | { status: "created"; listingId: number };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireSeller(request);
  const { fields, files } = await readListingRequest(request);
  const submission = parseListingFields(fields, CreateListingSchema);
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

  let listingId: number;
  try {
    listingId = await createListing(
      getDb(),
      getEnv().UPLOADS_DIR,
      user.id,
      toListingInput(submission.value),
      uploads.images,
      submission.value.status === "draft" ? "draft" : "active",
    );
  } catch (error) {
    // A rule the schema cannot check alone (the category vanished meanwhile): a message beside the field.
    if (error instanceof ListingFieldError) {
      const result = submission.reply(error.field ? { fieldErrors: { [error.field]: [error.message] } } : { formErrors: [error.message] });
      return data<ActionResult>({ status: "form", result, imageErrors: [], rechoose }, { status: 400 });
    }
    // Nothing was stored: the listing, its images and its auction are written together or not at all.
    console.error("Creating a listing failed", error);
    const result = submission.reply({ formErrors: [LISTING_MESSAGES.failedToCreate] });
    return data<ActionResult>({ status: "form", result, imageErrors: [], rechoose }, { status: 500 });
  }
  // Without JavaScript the browser goes straight to the new listing.
  if (fields.get("js") !== "1") throw redirect(`/listings/${listingId}`);
  return data<ActionResult>({ status: "created", listingId });
}

const REDIRECT_DELAY_MS = 2000;

export default function CreateListingPage() {
  const { categoryGroups: groups, maxImages } = useLoaderData<typeof loader>();
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
    <Container maxW="4xl" py="10">
      <Stack gap="6">
        <Box>
          <Heading as="h1" size="2xl">
            Create a listing
          </Heading>
          <Text color="fg.muted">Describe your equipment, set a price and add photos. Fields marked * are required.</Text>
        </Box>
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
                  images={{
                    maxFiles: maxImages,
                    existingCount: 0,
                    errors: formResult?.imageErrors ?? [],
                    rechoose: formResult?.rechoose ?? false,
                  }}
                />
                <Button type="submit" colorPalette="blue" size="lg" alignSelf="start" disabled={submitting} loading={submitting} loadingText="Creating...">
                  Create Listing
                </Button>
              </Stack>
            </Form>
          </Box>
        )}
      </Stack>
    </Container>
  );
}
