// /listings/{id}/relist (decision 0073): the seller of an unsold listing — its auction ended without a sale or
// was cancelled — chooses what happens next: relist it as an auction (the same terms with fresh dates here, or new
// terms on /create-auction), switch it to Buy It Now at a price, or end it. The listing page and /seller/listings link
// here, and so does the seller's "auction ended" notification. Plain POST forms that work without JavaScript; the
// service checks owner and state on every choice (someone else's listing is not found).
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Box, Button, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormErrors, TextField } from "~/components/forms/index.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { listingTypeMeaning } from "~/lib/listing-types.ts";
import { centsToInput, formatPrice } from "~/lib/money.ts";
import { UNSOLD_LISTING_MESSAGES, UnsoldListingActionSchema } from "~/schemas/unsold-listing.ts";
import { endUnsoldListing, unsoldListingView } from "~/services/listings/index.server.ts";
import { relistUnsoldAsAuction, switchUnsoldToBuyNow } from "~/flows/index.server.ts";
import { requireConfirmedUser, requireUser } from "~/web/auth.server.ts";
import { formReply, refusalsAnswered, throwRefusal } from "~/web/domain-answer.server.ts";
import { parseForm } from "~/web/form-data.server.ts";
import { parseRouteId } from "~/web/route-params.server.ts";

export const meta: MetaFunction = () => [{ title: "Relist or end your listing — Tradebench" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const listingId = parseRouteId(params.id, UNSOLD_LISTING_MESSAGES.notFound);
  const view = await unsoldListingView(getDb(), user.id, listingId).catch(throwRefusal);
  return { view };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { submission } = await parseForm(request, UnsoldListingActionSchema);
  const user = await requireConfirmedUser(request);
  const listingId = parseRouteId(params.id, UNSOLD_LISTING_MESSAGES.notFound);
  const db = getDb();
  // Someone else's listing is not found, before the form is looked at.
  await refusalsAnswered(() => unsoldListingView(db, user.id, listingId), { as: "document" });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const request_ = { sellerId: user.id, listingId };
  return refusalsAnswered(
    async () => {
      const choice = submission.value;
      if (choice.intent === "auction") {
        const { auctionId } = await relistUnsoldAsAuction(db, request_);
        throw redirect(`/auctions/${auctionId}`);
      }
      if (choice.intent === "buy_now") await switchUnsoldToBuyNow(db, { ...request_, priceCents: choice.price });
      else await endUnsoldListing(db, request_);
      throw redirect(choice.intent === "buy_now" ? `/listings/${listingId}` : "/seller/listings?status=archived");
    },
    { as: (refusal) => ({ result: formReply(submission, refusal) }), page: ["not_found"] },
  );
}

export default function RelistUnsoldPage() {
  const { view } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useForm({
    lastResult: answer?.result,
    defaultValue: { price: centsToInput(view.suggestedBuyNowCents) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: UnsoldListingActionSchema }),
    shouldValidate: "onSubmit",
  });
  const last = view.lastAuction;
  return (
    <Container maxW="2xl" py="10">
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          Relist or end “{view.title}”
        </Heading>
        {last ? (
          <Text>
            {last.status === "cancelled"
              ? "Its auction was cancelled"
              : last.bidCount > 0
                ? `Its auction ended with ${last.bidCount} ${last.bidCount === 1 ? "bid" : "bids"}, below the reserve`
                : "Its auction ended without bids"}
            {last.highestBidCents !== null ? ` (highest bid ${formatPrice(last.highestBidCents, view.currency)})` : ""}. Nobody can bid on or buy it until you
            choose.
          </Text>
        ) : null}
        <FormErrors errors={form.errors} />
        {view.refusal ? (
          <Text role="alert" color="fg.error">
            {view.refusal}
          </Text>
        ) : (
          <>
            <Box as="section" aria-labelledby="relist-auction" borderWidth="1px" rounded="md" p="4">
              <Stack gap="3">
                <Heading as="h2" id="relist-auction" size="md">
                  Relist as an auction
                </Heading>
                {last ? (
                  <Text fontSize="sm">
                    Same terms, starting now: {listingTypeMeaning(last.buyNowPriceCents === null ? "auction" : "hybrid")}, starting price{" "}
                    {formatPrice(last.startingPriceCents, view.currency)}
                    {last.reservePriceCents !== null ? `, reserve ${formatPrice(last.reservePriceCents, view.currency)}` : ""}
                    {last.buyNowPriceCents !== null ? `, Buy It Now ${formatPrice(last.buyNowPriceCents, view.currency)}` : ""}, {last.durationDays}{" "}
                    {last.durationDays === 1 ? "day" : "days"}.
                  </Text>
                ) : null}
                <Stack direction="row" gap="3" wrap="wrap">
                  {last ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="auction" />
                      <Button type="submit" colorPalette="blue" disabled={busy}>
                        Relist with the same terms
                      </Button>
                    </Form>
                  ) : null}
                  <Button asChild variant="outline">
                    <RemixLink to={`/create-auction?listing=${view.id}`}>Choose new terms</RemixLink>
                  </Button>
                </Stack>
              </Stack>
            </Box>

            <Box as="section" aria-labelledby="switch-buy-now" borderWidth="1px" rounded="md" p="4">
              <Form method="post" {...getFormProps(form)}>
                <Stack gap="3">
                  <Heading as="h2" id="switch-buy-now" size="md">
                    Switch to Buy It Now
                  </Heading>
                  <Text fontSize="sm">The first buyer to pay gets it at this price; you may change it later from Edit Listing.</Text>
                  <input type="hidden" name="intent" value="buy_now" />
                  <TextField meta={fields.price} label={`Buy It Now price (${view.currency})`} required inputMode="decimal" maxLength={20} />
                  <Button type="submit" colorPalette="green" alignSelf="flex-start" disabled={busy}>
                    Sell at this price
                  </Button>
                </Stack>
              </Form>
            </Box>

            <Box as="section" aria-labelledby="end-listing" borderWidth="1px" rounded="md" p="4">
              <Form method="post">
                <Stack gap="3">
                  <Heading as="h2" id="end-listing" size="md">
                    End the listing
                  </Heading>
                  <Text fontSize="sm">It is archived: nobody else sees it, and you can still edit and publish it later.</Text>
                  <input type="hidden" name="intent" value="end" />
                  <Button type="submit" variant="outline" colorPalette="red" alignSelf="flex-start" disabled={busy}>
                    End listing
                  </Button>
                </Stack>
              </Form>
            </Box>
          </>
        )}
        <Button asChild variant="ghost" alignSelf="flex-start">
          <RemixLink to={`/listings/${view.id}`}>Back to the listing</RemixLink>
        </Button>
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
