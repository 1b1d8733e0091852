// /sale-events: the houses' timed sales (docs/product/sale-events.md#pages), as tabs (live, upcoming, closed) with
// filters by category, location and house in a plain GET form, a page of SALE_EVENTS_PAGE_SIZE events at a time.
// Works without JavaScript.
import { Box, Container, Heading, HStack, Link, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { AppLink } from "~/components/AppLink.tsx";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { ui } from "~/components/listings/listings-styles.ts";
import { SelectField, SelectOptions } from "~/components/listings/SelectField.tsx";
import { SaleEventCard } from "~/components/sale-events/SaleEventCard.tsx";
import { getDb } from "~/db.server.ts";
import { parseSaleEventFilters, saleEventsUrl } from "~/lib/sale-event-filters.ts";
import { SALE_EVENT_PAGE_MESSAGES, SALE_EVENT_TABS } from "~/lib/sale-event-pages.ts";
import { houseNames, listSaleEvents, saleEventFilterOptions } from "~/services/sale-events/index.server.ts";

export const meta: MetaFunction = () => [
  { title: `${SALE_EVENT_PAGE_MESSAGES.title} — Tradebench` },
  { name: "description", content: "Timed sales of industrial equipment by auction houses: lots close one after another." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const filters = parseSaleEventFilters(new URL(request.url).searchParams);
  const db = getDb();
  const [result, options] = await Promise.all([
    listSaleEvents(db, {
      phase: filters.phase,
      categoryId: filters.category || undefined,
      location: filters.location || undefined,
      sellerId: filters.house || undefined,
      page: filters.page,
    }),
    saleEventFilterOptions(db),
  ]);
  const names = await houseNames(
    db,
    result.events.map((event) => event.sellerId),
  );
  return {
    filters,
    options,
    hasMore: result.hasMore,
    events: result.events.map((event) => ({
      id: event.id,
      title: event.title,
      house: names[event.sellerId] ?? "",
      location: event.location,
      lotCount: event.lotCount,
      startsAt: event.startsAt,
      firstCloseAt: event.firstCloseAt,
      closeIntervalSeconds: event.closeIntervalSeconds,
      status: event.status,
    })),
  };
}

export default function SaleEventsPage() {
  const { filters, options, events, hasMore } = useLoaderData<typeof loader>();
  return (
    <Container maxW="7xl" py={{ base: "6", md: "10" }}>
      <Stack gap="6">
        <Box>
          <Heading as="h1" size="3xl">
            {SALE_EVENT_PAGE_MESSAGES.title}
          </Heading>
          <Text color="fg.muted" mt="2">
            Auction houses sell whole catalogues here: every lot has its own close time, one after another.
          </Text>
        </Box>

        <nav aria-label="Sale events by status">
          <HStack gap="4" wrap="wrap">
            {SALE_EVENT_TABS.map((tab) => (
              <Link
                key={tab.value}
                asChild
                colorPalette="blue"
                fontWeight={tab.value === filters.phase ? "bold" : "medium"}
                textDecoration={tab.value === filters.phase ? "underline" : "none"}
              >
                <AppLink to={saleEventsUrl({ ...filters, phase: tab.value, page: 1 })} aria-current={tab.value === filters.phase ? "page" : undefined}>
                  {tab.label}
                </AppLink>
              </Link>
            ))}
          </HStack>
        </nav>

        <Form method="get" action="/sale-events" role="search" aria-label="Filter sale events">
          <input type="hidden" name="phase" value={filters.phase} />
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4" alignItems="end">
            <SelectField id="sale-event-category" name="category" label="Category" value={filters.category}>
              <option value="">All categories</option>
              <SelectOptions options={options.categories.map((c) => ({ value: c.id, label: c.name }))} />
            </SelectField>
            <div className={ui.field}>
              <label htmlFor="sale-event-location" className={ui.label}>
                Location
              </label>
              <input id="sale-event-location" name="location" defaultValue={filters.location} maxLength={100} className={ui.input} />
            </div>
            <SelectField id="sale-event-house" name="house" label="House" value={filters.house}>
              <option value="">All houses</option>
              <SelectOptions options={options.houses.map((h) => ({ value: h.id, label: h.name }))} />
            </SelectField>
            <div>
              <button type="submit" className={ui.primaryButton}>
                Apply Filters
              </button>
            </div>
          </SimpleGrid>
        </Form>

        {events.length > 0 ? (
          <SimpleGrid as="ul" columns={{ base: 1, md: 2, lg: 3 }} gap="4" aria-label="Sale events" listStyleType="none">
            {events.map((event) => (
              <li key={event.id}>
                <SaleEventCard event={event} />
              </li>
            ))}
          </SimpleGrid>
        ) : (
          <Text role="status">{SALE_EVENT_PAGE_MESSAGES.empty[filters.phase]}</Text>
        )}

        <nav aria-label="Pagination">
          <HStack gap="4">
            {filters.page > 1 ? (
              <Link asChild colorPalette="blue" variant="underline">
                <AppLink to={saleEventsUrl({ ...filters, page: filters.page - 1 })} rel="prev">
                  Previous
                </AppLink>
              </Link>
            ) : null}
            {hasMore ? (
              <Link asChild colorPalette="blue" variant="underline">
                <AppLink to={saleEventsUrl({ ...filters, page: filters.page + 1 })} rel="next">
                  Next
                </AppLink>
              </Link>
            ) : null}
          </HStack>
        </nav>
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
