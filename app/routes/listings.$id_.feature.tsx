// /listings/{id}/feature: the seller features their active listing for 7, 14 or 30 days at the fee
// schedule's day price; the charge is a platform fee owed (seller dashboard, admin sales report) and featuring ends by
// itself. The listing page and /seller/listings link here. A plain POST form that works without JavaScript.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Button, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormErrors, SelectField } from "~/components/forms/index.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { FEATURING_MEANING } from "~/lib/featuring.ts";
import { FEE_SCHEDULE, featuredListingCharge } from "~/lib/fees.ts";
import { formatDateTime } from "~/lib/dates.ts";
import { formatExactPrice } from "~/lib/money.ts";
import { FEATURING_MESSAGES, FeatureListingSchema } from "~/schemas/featuring.ts";
import { LISTING_MESSAGES } from "~/schemas/listing.ts";
import { featureListing, featuringState } from "~/services/listings/index.server.ts";
import { requireConfirmedUser, requireUser } from "~/web/auth.server.ts";
import { formReply, refusalsAnswered } from "~/web/domain-answer.server.ts";
import { parseForm } from "~/web/form-data.server.ts";
import { parseRouteId } from "~/web/route-params.server.ts";

export const meta: MetaFunction = () => [{ title: "Feature your listing — Tradebench" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return refusalsAnswered(
    async () => {
      const state = await featuringState(getDb(), user.id, parseRouteId(params.id, LISTING_MESSAGES.notFound));
      const price = FEE_SCHEDULE.featuredListing;
      return {
        state,
        options: price.durations.map((days) => ({ days, amountCents: featuredListingCharge(days, price) })),
        currency: price.currency,
      };
    },
    { as: "document" },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { submission } = await parseForm(request, FeatureListingSchema);
  const user = await requireConfirmedUser(request);
  const listingId = parseRouteId(params.id, LISTING_MESSAGES.notFound);
  // Someone else's listing is not found, before the form is looked at.
  await refusalsAnswered(() => featuringState(getDb(), user.id, listingId), { as: "document" });
  if (submission.status !== "success") return data({ result: submission.reply(), until: null }, { status: 400 });
  return refusalsAnswered(
    async () => {
      const bought = await featureListing(getDb(), { sellerId: user.id, listingId, days: submission.value.days });
      return data({ result: submission.reply({ resetForm: true }), until: bought.endsAt });
    },
    { as: (refusal) => ({ result: formReply(submission, refusal), until: null }), page: ["not_found"] },
  );
}

export default function FeatureListingPage() {
  const { state, options, currency } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: answer?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: FeatureListingSchema }),
    shouldValidate: "onSubmit",
  });
  const until = answer?.until ?? (state.featured?.bySeller ? state.featured.until : null);
  return (
    <Container maxW="2xl" py="10">
      <Stack gap="5">
        <Heading as="h1" size="2xl">
          Feature “{state.title}”
        </Heading>
        <Text>{FEATURING_MEANING}</Text>
        {answer?.until ? (
          <Text role="status" color="fg.success" fontWeight="semibold">
            {FEATURING_MESSAGES.featured(formatDateTime(answer.until))}
          </Text>
        ) : until ? (
          <Text role="status">Featured until {formatDateTime(until)}. Buying more days extends it from then.</Text>
        ) : null}
        {state.problem ? (
          <Text role="alert" color="fg.error">
            {state.problem}
          </Text>
        ) : (
          <Form method="post" {...getFormProps(form)}>
            <Stack gap="4">
              <FormErrors errors={form.errors} />
              <SelectField
                meta={fields.days}
                label="How long"
                required
                placeholder="Choose"
                options={options.map((option) => ({
                  value: String(option.days),
                  label: `${option.days} days — ${formatExactPrice(option.amountCents, currency)}`,
                }))}
              />
              <Text fontSize="sm" color="fg.muted">
                The charge is a platform fee you owe Tradebench, shown on your seller dashboard. Featuring ends by itself on its last day.
              </Text>
              <Stack direction="row" gap="3">
                <Button type="submit" colorPalette="blue" loading={navigation.state === "submitting"}>
                  Feature this listing
                </Button>
                <Button asChild variant="outline">
                  <RemixLink to={`/listings/${state.listingId}`}>Back to the listing</RemixLink>
                </Button>
              </Stack>
            </Stack>
          </Form>
        )}
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
