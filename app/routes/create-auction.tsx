// /create-auction (docs/product/dashboards.md#seller Quick Actions): a seller picks one of their own active or draft listings
// without a live auction and starts an auction for it with the manual form's auction settings and messages
// (docs/product/listings.md#create-form: the same schema, AuctionTypeFieldsSchema, and the same insertAuction). ?listing=<id> preselects one (the listing
// page and /seller/listings link here). A plain POST form that works without JavaScript.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Button, Card, Container, Heading, Link, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CheckboxField, FormErrors, SelectField, TextField } from "~/components/forms/index.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { AUCTION_DURATION_DAYS } from "~/lib/auctions.ts";
import { LISTING_STATUS_LABELS, isListingStatus } from "~/lib/listing-status.ts";
import { formatPrice } from "~/lib/money.ts";
import { CREATE_AUCTION_MESSAGES, CreateAuctionSchema } from "~/schemas/create-auction.ts";
import { AUCTION_FORM_DEFAULTS } from "~/schemas/listing.ts";
import { listAuctionableListings } from "~/services/listings/index.server.ts";
import { startListingAuction } from "~/flows/index.server.ts";
import { requireConfirmedUser, requirePermission } from "~/web/auth.server.ts";
import { refusalsAnswered } from "~/web/domain-answer.server.ts";
import { parseForm } from "~/web/form-data.server.ts";
import { routeIdOf } from "~/web/route-params.server.ts";

export const meta: MetaFunction = () => [{ title: "Create an auction — Tradebench" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "can_create_listings");
  const chosen = routeIdOf(new URL(request.url).searchParams.get("listing") ?? "");
  const listings = await listAuctionableListings(getDb(), user.id, chosen);
  return { listings, chosen: chosen !== null && listings.some((listing) => listing.id === chosen) ? chosen : null };
}

export async function action({ request }: ActionFunctionArgs) {
  const { submission } = await parseForm(request, CreateAuctionSchema);
  const user = await requirePermission(request, "can_create_listings");
  await requireConfirmedUser(request);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const value = submission.value;
  if (value.listingType === "buy_now" || !value.auction)
    return data({ result: submission.reply({ fieldErrors: { listingType: [CREATE_AUCTION_MESSAGES.typeRequired] } }) }, { status: 400 });
  const { listingId, listingType, auction: settings } = value;
  return refusalsAnswered(
    async () => {
      const started = await startListingAuction(getDb(), { sellerId: user.id, listingId, listingType, settings });
      throw redirect(`/auctions/${started.auctionId}`);
    },
    { as: (refusal) => ({ result: submission.reply({ fieldErrors: { [refusal.field ?? "listingId"]: [refusal.message] } }) }) },
  );
}

const TYPE_OPTIONS = [
  { value: "auction", label: "Auction" },
  { value: "hybrid", label: "Auction with Buy Now" },
];
const DURATION_OPTIONS = AUCTION_DURATION_DAYS.map((days) => ({ value: String(days), label: days === 1 ? "1 day" : `${days} days` }));

export default function CreateAuctionPage() {
  const { listings, chosen } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "create-auction",
    lastResult: answer?.result,
    defaultValue: { listingId: chosen ? String(chosen) : "", listingType: "auction", ...AUCTION_FORM_DEFAULTS },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateAuctionSchema }),
    shouldValidate: "onBlur",
  });
  const listingOptions = listings.map((listing) => ({
    value: String(listing.id),
    label: `${listing.title} — ${formatPrice(listing.priceCents, listing.currency)} (${isListingStatus(listing.status) ? LISTING_STATUS_LABELS[listing.status] : listing.status})`,
  }));
  return (
    <Container maxW="3xl" py="8">
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            Create an auction
          </Heading>
          <Text color="fg.muted">
            Put one of your listings up for auction. A draft goes live with its auction; the listing&apos;s price becomes the starting price.
          </Text>
        </Stack>
        {listings.length === 0 ? (
          <Card.Root>
            <Card.Body>
              <Stack gap="3" align="flex-start">
                <Text>{CREATE_AUCTION_MESSAGES.noListings}</Text>
                <HStackLinks />
              </Stack>
            </Card.Body>
          </Card.Root>
        ) : (
          <Form method="post" {...getFormProps(form)}>
            <Stack gap="5">
              <FormErrors id={form.errorId} errors={form.errors} />
              <SelectField meta={fields.listingId} label="Listing" required options={listingOptions} placeholder="Choose a listing" />
              <SelectField meta={fields.listingType} label="Auction type" required options={TYPE_OPTIONS} />
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                <TextField meta={fields.startingPrice} label="Starting price" required inputMode="decimal" />
                <TextField meta={fields.reservePrice} label="Reserve price (hidden from bidders)" inputMode="decimal" helper="Optional. No sale below it." />
                <TextField meta={fields.buyNowPrice} label="Buy Now price" inputMode="decimal" helper="Auction with Buy Now only; above the starting price." />
                <TextField
                  meta={fields.bidIncrement}
                  label="Fixed bid increment (optional)"
                  inputMode="numeric"
                  helper="Empty: the step grows with the price ($1 under $25 … $500 from $25,000)."
                />
                <SelectField meta={fields.duration} label="Duration" options={DURATION_OPTIONS} />
                <TextField meta={fields.startDate} label="Start (UTC)" type="datetime-local" helper="Leave empty to start now." />
              </SimpleGrid>
              <CheckboxField
                id={fields.autoExtend.id}
                name={fields.autoExtend.name}
                value="on"
                defaultChecked={fields.autoExtend.initialValue === "on"}
                errors={fields.autoExtend.errors}
                label="Extend the auction when a bid arrives in its last minutes"
              />
              <input type="hidden" name={fields.startDateOffset.name} value="0" />
              <Button type="submit" colorPalette="blue" alignSelf="flex-start" loading={navigation.state === "submitting"}>
                Start auction
              </Button>
            </Stack>
          </Form>
        )}
      </Stack>
    </Container>
  );
}

function HStackLinks() {
  return (
    <Text>
      <Link asChild colorPalette="blue">
        <RemixLink to="/create-listing">Create a listing</RemixLink>
      </Link>{" "}
      or see{" "}
      <Link asChild colorPalette="blue">
        <RemixLink to="/seller/listings">your listings</RemixLink>
      </Link>
      .
    </Text>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
