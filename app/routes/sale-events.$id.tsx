// /sale-events/{id}: one sale event (docs/product/sale-events.md#pages): its details and bidding terms, the lots
// closing next and the catalogue, CATALOGUE_PAGE_SIZE lots a page, each with its own close. The lots on screen follow
// their auctions live over /events; without JavaScript the page reads the same. A draft is found only by its house
// and listing moderators (the domain decides).
import { Badge, Box, Container, Heading, HStack, Link, Stack, Text } from "@chakra-ui/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AppLink } from "~/components/AppLink.tsx";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { Pagination } from "~/components/listings/Pagination.tsx";
import { ClosingNext } from "~/components/sale-events/ClosingNext.tsx";
import { LotCatalogue } from "~/components/sale-events/LotCatalogue.tsx";
import { STATUS_PALETTE } from "~/components/sale-events/SaleEventCard.tsx";
import { BiddingTerms, SaleEventDetails } from "~/components/sale-events/SaleEventDetails.tsx";
import { getDb } from "~/db.server.ts";
import { formatCount } from "~/lib/money.ts";
import { CATALOGUE_PAGE_SIZE, closeScheduleText, CLOSING_NEXT_COUNT, SALE_EVENT_STATUS_LABELS } from "~/lib/sale-event-pages.ts";
import { MAX_EVENT_LOTS, SALE_EVENT_MESSAGES } from "~/lib/sale-events.ts";
import { closingNext, houseNames, ownRegistration, saleEventCatalogue } from "~/services/sale-events/index.server.ts";
import { getOptionalUser } from "~/web/auth.server.ts";
import { refusalsAnswered } from "~/web/domain-answer.server.ts";
import { parseRouteId } from "~/web/route-params.server.ts";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) =>
  loaded ? [{ title: `${loaded.event.title} — Sale events — Tradebench` }] : [{ title: `${SALE_EVENT_MESSAGES.notFound} — Tradebench` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const eventId = parseRouteId(params.id, SALE_EVENT_MESSAGES.notFound);
  const requested = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const db = getDb();
  const user = await getOptionalUser(request);
  const now = new Date();
  // At most MAX_EVENT_LOTS / CATALOGUE_PAGE_SIZE pages; anything else reads as the first.
  const page = Number.isInteger(requested) && requested >= 1 && requested <= MAX_EVENT_LOTS / CATALOGUE_PAGE_SIZE ? requested : 1;
  const { event, lots } = await refusalsAnswered(
    () => saleEventCatalogue(db, eventId, { viewerId: user?.id ?? null, now, offset: (page - 1) * CATALOGUE_PAGE_SIZE, limit: CATALOGUE_PAGE_SIZE }),
    { as: "document" },
  );
  const [next, names, registration] = await Promise.all([
    closingNext(db, eventId, CLOSING_NEXT_COUNT, now),
    houseNames(db, [event.sellerId]),
    user ? ownRegistration(db, user.id, eventId) : null,
  ]);
  const open = event.status === "scheduled" || event.status === "live" || event.status === "closing";
  return {
    event,
    house: names[event.sellerId] ?? "",
    lots,
    closingNext: next,
    page,
    totalPages: Math.max(1, Math.ceil(event.lotCount / CATALOGUE_PAGE_SIZE)),
    signedIn: user !== null,
    registration: registration?.status ?? null,
    canRegister: open && user?.id !== event.sellerId,
    serverNow: now.toISOString(),
  };
}

export default function SaleEventPage() {
  const loaded = useLoaderData<typeof loader>();
  const { event, lots, page, totalPages, serverNow } = loaded;
  return (
    <Container maxW="7xl" py={{ base: "6", md: "10" }}>
      <Stack gap="8">
        <Stack gap="2">
          <Link asChild colorPalette="blue" variant="underline" fontSize="sm">
            <AppLink to="/sale-events">All sale events</AppLink>
          </Link>
          <HStack gap="3" wrap="wrap">
            <Heading as="h1" size={{ base: "2xl", md: "3xl" }} overflowWrap="anywhere">
              {event.title}
            </Heading>
            <Badge colorPalette={STATUS_PALETTE[event.status]} variant="solid" size="lg" data-testid="sale-event-status">
              {SALE_EVENT_STATUS_LABELS[event.status]}
            </Badge>
          </HStack>
          <Text>
            By <strong>{loaded.house}</strong> · {formatCount(event.lotCount)} {event.lotCount === 1 ? "lot" : "lots"} ·{" "}
            {closeScheduleText(event.firstCloseAt, event.closeIntervalSeconds)}
          </Text>
          <Link asChild colorPalette="blue" variant="underline" fontSize="sm" alignSelf="start">
            <a href={`/sale-events/${event.id}.ics`} download>
              Add the sale and its lots' close times to your calendar
            </a>
          </Link>
        </Stack>

        <Box display="grid" gridTemplateColumns={{ base: "1fr", lg: "2fr 1fr" }} gap="8">
          <SaleEventDetails event={event} />
          <BiddingTerms event={event} registration={loaded.registration} signedIn={loaded.signedIn} canRegister={loaded.canRegister} />
        </Box>

        <ClosingNext lots={loaded.closingNext} currency={event.currency} serverNow={serverNow} />

        <Stack as="section" gap="3" aria-labelledby="catalogue-heading">
          <Heading as="h2" size="lg" id="catalogue-heading">
            Catalogue
          </Heading>
          <LotCatalogue lots={lots} currency={event.currency} serverNow={serverNow} signedIn={loaded.signedIn} />
          <Pagination page={page} totalPages={totalPages} hrefFor={(n) => (n > 1 ? `/sale-events/${event.id}?page=${n}` : `/sale-events/${event.id}`)} />
        </Stack>
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
