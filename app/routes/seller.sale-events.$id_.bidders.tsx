// /seller/sale-events/$id/bidders: the house's registrations for its sale, filtered by Pending / Approved /
// Declined / In review; the house decides each with a reason and may set a bidding limit; the list as CSV.
import { Button, Container, Flex, Heading, HStack, Link, Stack } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link as RemixLink, useActionData, useLoaderData } from "@remix-run/react";
import { FormErrors, FormSuccess } from "~/components/forms/index.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { BIDDER_STATUS_LABELS, BidderTable } from "~/components/sale-events/house/BidderTable.tsx";
import { getDb } from "~/db.server.ts";
import { SALE_EVENT_HOUSE_MESSAGES } from "~/lib/sale-event-house.ts";
import { SALE_EVENT_MESSAGES } from "~/lib/sale-events.ts";
import { BIDDER_FILTERS, BidderActionSchema, bidderFilterOf } from "~/schemas/sale-event-editor.ts";
import { bidderList, decideBidder, houseSaleEvent, setBiddingLimit } from "~/services/sale-events/index.server.ts";
import { requireConfirmedUser, requirePermission } from "~/web/auth.server.ts";
import { refusalsAnswered } from "~/web/domain-answer.server.ts";
import { parseForm } from "~/web/form-data.server.ts";
import { parseRouteId } from "~/web/route-params.server.ts";

export const meta: MetaFunction = () => [{ title: "Bidders — Tradebench" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "can_create_listings");
  const id = parseRouteId(params.id, SALE_EVENT_MESSAGES.notFound);
  const url = new URL(request.url);
  const filter = bidderFilterOf(url.searchParams.get("status"));
  return refusalsAnswered(
    async () => {
      const event = await houseSaleEvent(getDb(), user.id, id);
      const { bidders } = await bidderList(getDb(), user.id, id);
      return {
        event,
        filter,
        bidders: filter === "all" ? bidders : bidders.filter((b) => b.status === filter),
        done: url.searchParams.get("done")?.slice(0, 200) ?? null,
      };
    },
    { as: "document" },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "can_create_listings");
  await requireConfirmedUser(request);
  const id = parseRouteId(params.id, SALE_EVENT_MESSAGES.notFound);
  // Only the house reaches the forms (the domain checks again).
  await refusalsAnswered(() => houseSaleEvent(getDb(), user.id, id), { as: "document" });
  const { submission } = await parseForm(request, BidderActionSchema);
  if (submission.status !== "success") return data({ message: Object.values(submission.error ?? {}).flat()[0] ?? "Please check the form." }, { status: 400 });
  const form = submission.value;
  return refusalsAnswered(
    async () => {
      if (form.intent === "decide") await decideBidder(getDb(), user.id, { eventId: id, userId: form.userId, status: form.status, reason: form.reason });
      else await setBiddingLimit(getDb(), user.id, { eventId: id, userId: form.userId, limitCents: form.limit ?? null });
      const done = form.intent === "decide" ? SALE_EVENT_HOUSE_MESSAGES.decided : SALE_EVENT_HOUSE_MESSAGES.limitSaved;
      throw redirect(`/seller/sale-events/${id}/bidders?done=${encodeURIComponent(done)}`);
    },
    { as: (refusal) => ({ message: refusal.message }), page: ["not_found"] },
  );
}

export default function HouseBiddersPage() {
  const { event, filter, bidders, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <Container maxW="6xl" py="8">
      <Stack gap="6">
        <Flex justify="space-between" align="center" wrap="wrap" gap="3">
          <Heading as="h1" size="2xl">
            Bidders: {event.title}
          </Heading>
          <Button asChild variant="outline" size="sm">
            <a href={`/seller/sale-events/${event.id}/bidders.csv`} download>
              Download CSV
            </a>
          </Button>
        </Flex>
        {done && !answer ? <FormSuccess>{done}</FormSuccess> : null}
        {answer ? <FormErrors errors={[answer.message]} /> : null}
        <HStack as="nav" aria-label="Filter registrations" gap="4" wrap="wrap">
          {BIDDER_FILTERS.map((status) => (
            <Link key={status} asChild colorPalette="blue" textDecoration="underline" fontWeight={status === filter ? "bold" : undefined}>
              <RemixLink to={`?status=${status}`} aria-current={status === filter ? "page" : undefined}>
                {status === "all" ? "All" : BIDDER_STATUS_LABELS[status]}
              </RemixLink>
            </Link>
          ))}
        </HStack>
        <BidderTable bidders={bidders} currency={event.currency} />
        <Link asChild colorPalette="blue" textDecoration="underline">
          <RemixLink to={`/seller/sale-events/${event.id}`}>Back to the sale</RemixLink>
        </Link>
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
