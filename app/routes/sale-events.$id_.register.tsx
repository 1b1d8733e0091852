// /sale-events/{id}/register: a member asks to bid in a sale (company, phone, what they mean to buy, the limit they
// ask for) and reads their registration's status and, when a deposit is due, how to pay it
// (docs/product/sale-events.md#pages). Sign-in first; asking needs a confirmed account whose role bids (can_bid).
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Button, Container, Heading, Link, Stack, Text } from "@chakra-ui/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AppLink } from "~/components/AppLink.tsx";
import { FormErrors, TextareaField, TextField } from "~/components/forms/index.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { RegistrationStatus } from "~/components/sale-events/RegistrationStatus.tsx";
import { getDb } from "~/db.server.ts";
import { parseBidAmountIn } from "~/lib/bidding.ts";
import { depositText, SALE_EVENT_PAGE_MESSAGES } from "~/lib/sale-event-pages.ts";
import { SALE_EVENT_MESSAGES } from "~/lib/sale-events.ts";
import { BID_REQUEST_LIMITS, BidRequestSchema } from "~/schemas/sale-events.ts";
import { DomainError, isDomainError } from "~/services/domain-error.ts";
import { ownRegistration, requestToBid, saleEventCatalogue } from "~/services/sale-events/index.server.ts";
import { PERMISSION_MESSAGES, requireConfirmedUser, requireUser, userHasPermission } from "~/web/auth.server.ts";
import { formReply, refusalInit, refusalsAnswered, throwRefusal } from "~/web/domain-answer.server.ts";
import { parseForm } from "~/web/form-data.server.ts";
import { parseRouteId } from "~/web/route-params.server.ts";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `Register to bid — ${loaded.event.title} — Tradebench` : `${SALE_EVENT_MESSAGES.notFound} — Tradebench` },
];

async function eventFor(eventId: number, viewerId: string) {
  const { event } = await refusalsAnswered(() => saleEventCatalogue(getDb(), eventId, { viewerId, limit: 0 }), { as: "document" });
  return event;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const eventId = parseRouteId(params.id, SALE_EVENT_MESSAGES.notFound);
  const user = await requireUser(request);
  const event = await eventFor(eventId, user.id);
  const registration = await ownRegistration(getDb(), user.id, eventId);
  return {
    event: { id: event.id, title: event.title, currency: event.currency, deposit: event.deposit, status: event.status },
    registration,
    ownSale: event.sellerId === user.id,
    registrationOpen: event.status !== "closed" && event.status !== "cancelled",
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const eventId = parseRouteId(params.id, SALE_EVENT_MESSAGES.notFound);
  const user = await requireConfirmedUser(request);
  if (!(await userHasPermission(user, "can_bid"))) throwRefusal(new DomainError("forbidden", PERMISSION_MESSAGES.forbidden, { code: "can_bid" }));
  const { submission } = await parseForm(request, BidRequestSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const event = await eventFor(eventId, user.id);
  const form = submission.value;
  try {
    await requestToBid(getDb(), user.id, eventId, {
      company: form.company,
      phone: form.phone,
      intendedPurchases: form.intendedPurchases,
      requestedLimitCents: form.requestedLimit ? parseBidAmountIn(form.requestedLimit, event.currency) : null,
    });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.kind === "not_found") throwRefusal(error);
    return data({ result: formReply(submission, error) }, refusalInit(error));
  }
  return { result: submission.reply({ resetForm: true }) };
}

export default function RegisterToBidPage() {
  const { event, registration, ownSale, registrationOpen } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "bid-request",
    lastResult: answer?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: BidRequestSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Container maxW="3xl" py={{ base: "6", md: "10" }}>
      <Stack gap="6">
        <Link asChild colorPalette="blue" variant="underline" fontSize="sm" alignSelf="start">
          <AppLink to={`/sale-events/${event.id}`}>Back to {event.title}</AppLink>
        </Link>
        <Heading as="h1" size="2xl" overflowWrap="anywhere">
          Register to bid in {event.title}
        </Heading>
        {registration ? (
          <RegistrationStatus registration={registration} currency={event.currency} />
        ) : ownSale ? (
          <Text>{SALE_EVENT_MESSAGES.ownSale}.</Text>
        ) : !registrationOpen ? (
          <Text>{SALE_EVENT_MESSAGES.registrationClosed}.</Text>
        ) : (
          <Form method="post" {...getFormProps(form)}>
            <Stack gap="4">
              <Text>{depositText(event.deposit, event.currency)}</Text>
              <FormErrors id={form.errorId} errors={form.errors} />
              <TextField meta={fields.company} label="Company (optional)" autoComplete="organization" maxLength={BID_REQUEST_LIMITS.company} />
              <TextField meta={fields.phone} label="Phone" type="tel" autoComplete="tel" maxLength={BID_REQUEST_LIMITS.phone} required />
              <TextareaField
                meta={fields.intendedPurchases}
                label="What you mean to buy (optional)"
                rows={4}
                maxLength={BID_REQUEST_LIMITS.intendedPurchases}
              />
              <TextField
                meta={fields.requestedLimit}
                label={`Bidding limit you ask for, in ${event.currency}${event.deposit.kind === "percent" ? "" : " (optional)"}`}
                inputMode="decimal"
                maxLength={BID_REQUEST_LIMITS.requestedLimit}
                required={event.deposit.kind === "percent"}
              />
              <Button type="submit" colorPalette="blue" alignSelf="start" disabled={sending} loading={sending} loadingText="Sending...">
                Ask to bid
              </Button>
            </Stack>
          </Form>
        )}
        {answer && !answer.result.error && registration ? <Text role="status">{SALE_EVENT_PAGE_MESSAGES.registered}</Text> : null}
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
