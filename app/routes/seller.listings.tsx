// /seller/listings: the signed-in seller's listings in every status (draft, active, unsold, sold, archived)
// with counts per status, a status filter, search, sort and pages of 12; bulk actions (publish drafts, archive, relist
// unsold listings as auctions with their last terms) are one plain POST form that works without JavaScript, checked per
// listing on the server. An unsold listing's row links to its choices (relist, Buy It Now, end).
import { Badge, Box, Button, Container, Flex, Heading, HStack, Image, Input, Link, NativeSelect, Stack, Table, Text } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { ListingStatusBadge } from "~/components/dashboards/DashboardParts.tsx";
import { FormErrors, FormSuccess } from "~/components/forms/index.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { Pagination } from "~/components/listings/Pagination.tsx";
import { getDb } from "~/db.server.ts";
import { formatShortDate } from "~/lib/dates.ts";
import { LISTING_STATUS_LABELS, LISTING_STATUSES, unsoldChoicesUrl } from "~/lib/listing-status.ts";
import { formatCount, formatPrice } from "~/lib/money.ts";
import {
  parseSellerListingsQuery,
  SELLER_LISTING_SORTS,
  SELLER_LISTINGS_MESSAGES,
  SELLER_LISTINGS_SEARCH_MAX,
  SellerListingsActionSchema,
  sellerListingsUrl,
} from "~/schemas/seller-listings.ts";
import { listSellerListings } from "~/services/listings/index.server.ts";
import { applySellerListingAction } from "~/flows/index.server.ts";
import { requireConfirmedUser, requirePermission } from "~/web/auth.server.ts";
import { parseForm } from "~/web/form-data.server.ts";

export const meta: MetaFunction = () => [{ title: "Your listings — Tradebench" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "can_create_listings");
  const url = new URL(request.url);
  const query = parseSellerListingsQuery(url.searchParams);
  const list = await listSellerListings(getDb(), user.id, query);
  return { ...list, query, done: url.searchParams.get("done") };
}

export async function action({ request }: ActionFunctionArgs) {
  const { submission } = await parseForm(request, SellerListingsActionSchema);
  const user = await requirePermission(request, "can_create_listings");
  await requireConfirmedUser(request);
  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    const message = errors.intent?.[0] ?? errors.ids?.[0] ?? Object.values(errors).flat()[0] ?? SELLER_LISTINGS_MESSAGES.chooseListings;
    return data({ ok: false as const, message, refused: [] as Array<{ id: number; message: string }> }, { status: 400 });
  }
  const { intent, ids } = submission.value;
  const outcome = await applySellerListingAction(getDb(), user.id, intent, ids);
  if (outcome.refused.length === 0) {
    const back = new URL(request.url).searchParams;
    back.set("done", SELLER_LISTINGS_MESSAGES.done(intent, outcome.changed.length));
    throw redirect(`/seller/listings?${back.toString()}`);
  }
  return data(
    {
      ok: false as const,
      message: outcome.changed.length > 0 ? SELLER_LISTINGS_MESSAGES.done(intent, outcome.changed.length) : SELLER_LISTINGS_MESSAGES.chooseListings,
      refused: outcome.refused,
    },
    { status: outcome.changed.length > 0 ? 200 : 409 },
  );
}

const STATUS_TABS = ["all", ...LISTING_STATUSES] as const;

export default function SellerListingsPage() {
  const { items, total, page, pages, counts, query, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const busy = navigation.state === "submitting";
  const refusedTitles = new Map(items.map((item) => [item.id, item.title]));
  return (
    <Container maxW="7xl" py="8">
      <Stack gap="6">
        <Flex justify="space-between" align="center" wrap="wrap" gap="3">
          <Heading as="h1" size="2xl">
            Your listings
          </Heading>
          <HStack gap="2" wrap="wrap">
            <Button asChild variant="outline">
              <RemixLink to="/create-auction">Create Auction</RemixLink>
            </Button>
            <Button asChild colorPalette="blue">
              <RemixLink to="/create-listing">Create Listing</RemixLink>
            </Button>
          </HStack>
        </Flex>

        {done ? <FormSuccess>{done}</FormSuccess> : null}
        {answer && !answer.ok ? (
          <FormErrors errors={[answer.message, ...answer.refused.map((item) => `${refusedTitles.get(item.id) ?? `Listing ${item.id}`}: ${item.message}`)]} />
        ) : null}

        <Box as="nav" aria-label="Listing status" borderBottomWidth="1px">
          <HStack as="ul" gap="1" listStyleType="none" wrap="wrap">
            {STATUS_TABS.map((status) => {
              const current = query.status === status;
              return (
                <li key={status}>
                  <Link
                    asChild
                    display="inline-flex"
                    minH="11"
                    px="3"
                    alignItems="center"
                    gap="2"
                    fontWeight="semibold"
                    textDecoration="none"
                    borderBottomWidth="2px"
                    borderColor={current ? "teal.solid" : "transparent"}
                    color={current ? "fg" : "fg.muted"}
                  >
                    <RemixLink to={sellerListingsUrl({ ...query, status, page: 1 })} aria-current={current ? "page" : undefined}>
                      {status === "all" ? "All" : LISTING_STATUS_LABELS[status]}
                      <Badge size="sm" variant="subtle">
                        {formatCount(counts[status])}
                      </Badge>
                    </RemixLink>
                  </Link>
                </li>
              );
            })}
          </HStack>
        </Box>

        <Form method="get" role="search" aria-label="Search your listings">
          {query.status !== "all" ? <input type="hidden" name="status" value={query.status} /> : null}
          <Flex gap="3" wrap="wrap" align="flex-end">
            <Box flex="1 1 16rem">
              <Box as="label" display="block" fontSize="sm" fontWeight="medium" {...{ htmlFor: "seller-listings-q" }}>
                Search title, brand or model
              </Box>
              <Input id="seller-listings-q" name="q" type="search" defaultValue={query.q} maxLength={SELLER_LISTINGS_SEARCH_MAX} />
            </Box>
            <Box flex="0 1 14rem">
              <Box as="label" display="block" fontSize="sm" fontWeight="medium" {...{ htmlFor: "seller-listings-sort" }}>
                Sort by
              </Box>
              <NativeSelect.Root>
                <NativeSelect.Field id="seller-listings-sort" name="sort" defaultValue={query.sort}>
                  {SELLER_LISTING_SORTS.map((sort) => (
                    <option key={sort.value} value={sort.value}>
                      {sort.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Box>
            <Button type="submit" variant="outline">
              Apply
            </Button>
          </Flex>
        </Form>

        <Text color="fg.muted" aria-live="polite">
          {total === 0
            ? query.q || query.status !== "all"
              ? "No listings found"
              : "No listings yet"
            : `${formatCount(total)} ${total === 1 ? "listing" : "listings"}${pages > 1 ? `, page ${page} of ${pages}` : ""}`}
        </Text>

        {items.length > 0 ? (
          <Form method="post" action={`/seller/listings${searchParams.toString() ? `?${searchParams.toString()}` : ""}`}>
            <Stack gap="3">
              <Table.ScrollArea position="relative" borderWidth="1px" rounded="md">
                <Table.Root size="sm">
                  <Table.Caption srOnly>Your listings; select some to publish, archive or relist them</Table.Caption>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader scope="col">
                        <Text srOnly>Select</Text>
                      </Table.ColumnHeader>
                      <Table.ColumnHeader scope="col">Listing</Table.ColumnHeader>
                      <Table.ColumnHeader scope="col">Price</Table.ColumnHeader>
                      <Table.ColumnHeader scope="col">Status</Table.ColumnHeader>
                      <Table.ColumnHeader scope="col">Views</Table.ColumnHeader>
                      <Table.ColumnHeader scope="col">Created</Table.ColumnHeader>
                      <Table.ColumnHeader scope="col">Actions</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {items.map((item) => (
                      <Table.Row key={item.id} data-listing-id={item.id}>
                        <Table.Cell>
                          <input
                            type="checkbox"
                            name="ids"
                            value={item.id}
                            aria-label={`Select ${item.title}`}
                            style={{ width: "1.25rem", height: "1.25rem" }}
                          />
                        </Table.Cell>
                        <Table.Cell>
                          <Flex gap="3" align="center" minW="48">
                            {item.imageUrl ? (
                              <Image src={item.imageUrl} alt="" w="12" h="12" objectFit="cover" rounded="sm" loading="lazy" />
                            ) : (
                              <Box w="12" h="12" rounded="sm" bg="bg.muted" flexShrink="0" />
                            )}
                            <Box>
                              <Link asChild fontWeight="medium">
                                <RemixLink to={`/listings/${item.id}`}>{item.title}</RemixLink>
                              </Link>
                              <Text fontSize="xs" color="fg.muted">
                                {[item.brand, item.model].filter(Boolean).join(" ")}
                                {item.auction
                                  ? ` · auction ${item.auction.status}${item.auction.sold ? ", sold" : item.status === "unsold" ? ", not sold" : ""}`
                                  : ""}
                              </Text>
                            </Box>
                          </Flex>
                        </Table.Cell>
                        <Table.Cell>{formatPrice(item.priceCents, item.currency)}</Table.Cell>
                        <Table.Cell>
                          <ListingStatusBadge status={item.status} />
                        </Table.Cell>
                        <Table.Cell>{formatCount(item.views)}</Table.Cell>
                        <Table.Cell whiteSpace="nowrap">{formatShortDate(item.createdAt)}</Table.Cell>
                        <Table.Cell>
                          <HStack gap="2" wrap="wrap">
                            <Button asChild size="xs" variant="outline">
                              <RemixLink to={`/edit-listing/${item.id}`} aria-label={`Edit ${item.title}`}>
                                Edit
                              </RemixLink>
                            </Button>
                            <Button asChild size="xs" variant="ghost">
                              <RemixLink to={`/listings/${item.id}/analytics`} aria-label={`Analytics of ${item.title}`}>
                                Analytics
                              </RemixLink>
                            </Button>
                            {item.canRelist ? (
                              <Button asChild size="xs" colorPalette="orange" variant="subtle">
                                <RemixLink to={unsoldChoicesUrl(item.id)} aria-label={`Relist, sell at a fixed price or end ${item.title}`}>
                                  Relist or end
                                </RemixLink>
                              </Button>
                            ) : null}
                            {item.canStartAuction && !item.canRelist ? (
                              <Button asChild size="xs" variant="ghost">
                                <RemixLink to={`/create-auction?listing=${item.id}`} aria-label={`Start an auction for ${item.title}`}>
                                  Start auction
                                </RemixLink>
                              </Button>
                            ) : null}
                            {item.status === "active" ? (
                              <Button asChild size="xs" variant="ghost">
                                <RemixLink to={`/listings/${item.id}/feature`} aria-label={`Feature ${item.title}`}>
                                  Feature
                                </RemixLink>
                              </Button>
                            ) : null}
                          </HStack>
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
              <HStack gap="2" wrap="wrap" role="group" aria-label="With the selected listings">
                <Button type="submit" name="intent" value="publish" size="sm" colorPalette="blue" disabled={busy}>
                  Publish drafts
                </Button>
                <Button type="submit" name="intent" value="archive" size="sm" variant="outline" disabled={busy}>
                  Archive
                </Button>
                <Button type="submit" name="intent" value="relist" size="sm" variant="outline" disabled={busy}>
                  Relist unsold as auction (same terms)
                </Button>
              </HStack>
            </Stack>
          </Form>
        ) : total === 0 && !query.q && query.status === "all" ? (
          <Button asChild alignSelf="flex-start" colorPalette="blue">
            <RemixLink to="/create-listing">Create Listing</RemixLink>
          </Button>
        ) : null}

        <Pagination page={page} totalPages={pages} hrefFor={(p) => sellerListingsUrl({ ...query, page: p })} />
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
