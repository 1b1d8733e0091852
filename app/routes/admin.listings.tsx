// /admin/listings (docs/product/admin.md#dashboard Quick Actions): every listing found by title, status, seller and
// category, newest first, 25 to a page; Feature / Unfeature puts an active listing in the home page's Featured
// Equipment or takes it out, audited. can_manage_listings, checked by the loader and the action. Works without JavaScript.
import { Badge, Box, Button, Heading, HStack, Input, Link, Stack, Table, Text } from "@chakra-ui/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminListingCell } from "~/components/admin/AdminListingCell.tsx";
import { AdminTable } from "~/components/admin/AdminTable.tsx";
import { FilterSelect } from "~/components/admin/FilterSelect.tsx";
import { PageLinks } from "~/components/admin/PageLinks.tsx";
import { FormErrors, FormSuccess } from "~/components/forms/index.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { LISTING_STATUS_LABELS, LISTING_STATUSES, type ListingStatus } from "~/lib/listing-status.ts";
import { ADMIN_LISTINGS_TEXT_MAX, LISTING_REMOVED, LISTING_UNDER_REVIEW, MODERATION_STATUS_LABELS } from "~/lib/moderation.ts";
import { formatPrice } from "~/lib/money.ts";
import { AdminListingsActionSchema } from "~/schemas/moderation.ts";
import { listCategoriesForAdmin, listListingsForAdmin, setListingFeatured, takeDownListings, type AdminListingsPage } from "~/services/admin/index.server.ts";
import { routeIdOf } from "~/web/route-params.server.ts";
import { requirePermission } from "~/web/auth.server.ts";
import { refusalsAnswered } from "~/web/domain-answer.server.ts";
import { parseForm } from "~/web/form-data.server.ts";
import { FEATURING_MEANING } from "~/lib/featuring.ts";
import { shortDate } from "~/components/admin/admin-dates.ts";

export const meta: MetaFunction = () => [{ title: "Listings — Admin — Tradebench" }];

const STATUSES = [...LISTING_STATUSES, LISTING_UNDER_REVIEW, LISTING_REMOVED];

function statusLabel(status: string): string {
  return LISTING_STATUS_LABELS[status as ListingStatus] ?? MODERATION_STATUS_LABELS[status] ?? status;
}

type Query = { q: string; status: string; seller: string; category: string; import: string };

function listingsUrl(query: Query, page: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/admin/listings?${search}` : "/admin/listings";
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "can_manage_listings");
  const url = new URL(request.url);
  const text = (name: string) => (url.searchParams.get(name) ?? "").trim().slice(0, ADMIN_LISTINGS_TEXT_MAX);
  const status = text("status");
  const importId = routeIdOf(url.searchParams.get("import"));
  const query: Query = {
    q: text("q"),
    status: STATUSES.includes(status) ? status : "",
    seller: text("seller"),
    category: text("category"),
    import: importId === null ? "" : String(importId),
  };
  const page = Number(url.searchParams.get("page") ?? "1");
  const db = getDb();
  const [result, tree] = await Promise.all([
    listListingsForAdmin(db, {
      search: query.q,
      status: query.status || undefined,
      seller: query.seller,
      category: query.category || undefined,
      importId,
      page: Number.isSafeInteger(page) ? page : 1,
    }),
    listCategoriesForAdmin(db),
  ]);
  const categories = tree.flatMap((main) => [
    { id: main.id, label: main.name },
    ...main.children.map((sub) => ({ id: sub.id, label: `${main.name} › ${sub.name}` })),
  ]);
  return { ...(result satisfies AdminListingsPage), query, categories };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "can_manage_listings");
  const { submission } = await parseForm(request, AdminListingsActionSchema);
  if (submission.status !== "success")
    return data({ ok: false as const, message: "Choose a listing to feature, or listings and a reason to take down." }, { status: 400 });
  if ("intent" in submission.value) {
    const command = submission.value;
    return refusalsAnswered(
      async () => {
        const done = await takeDownListings(
          getDb(),
          user.id,
          command.decision,
          { listingIds: command.listingIds, importId: command.importId ?? null },
          command.reason,
        );
        const verb = command.decision === "remove" ? "removed" : "unpublished";
        return {
          ok: true as const,
          message: `${done.changed === 1 ? "1 listing" : `${done.changed} listings`} ${verb}; ${done.sellersNotified === 1 ? "1 seller" : `${done.sellersNotified} sellers`} told why.${done.skipped > 0 ? ` ${done.skipped} skipped (sold, already taken down, or with an auction: review those one by one).` : ""}`,
        };
      },
      { as: (refusal) => ({ ok: false as const, message: refusal.message }) },
    );
  }
  const featured = submission.value.featured === "1";
  const { listingId } = submission.value;
  return refusalsAnswered(
    async () => {
      await setListingFeatured(getDb(), user.id, listingId, featured);
      return {
        ok: true as const,
        message: featured
          ? `The listing is featured, at no charge and with no end until it is unfeatured. ${FEATURING_MEANING}`
          : "The listing is no longer featured.",
      };
    },
    { as: (refusal) => ({ ok: false as const, message: refusal.message }) },
  );
}

export default function AdminListingsPage() {
  const { listings, total, totalIsExact, page, pageCount, query, categories } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        Listings
      </Heading>
      <Form method="get" role="search" aria-label="Find listings">
        <HStack gap="3" wrap="wrap" align="end">
          <Box>
            <label htmlFor="listings-q">Title</label>
            <Input id="listings-q" name="q" type="search" defaultValue={query.q} maxLength={ADMIN_LISTINGS_TEXT_MAX} />
          </Box>
          <Box>
            <label htmlFor="listings-seller">Seller (e-mail, company or name)</label>
            <Input id="listings-seller" name="seller" type="search" defaultValue={query.seller} maxLength={ADMIN_LISTINGS_TEXT_MAX} />
          </Box>
          <FilterSelect
            id="listings-status"
            name="status"
            label="Status"
            value={query.status}
            anyLabel="Any status"
            options={STATUSES.map((status) => ({ value: status, label: statusLabel(status) }))}
          />
          <Box>
            <label htmlFor="listings-import">Bulk import no.</label>
            <Input id="listings-import" name="import" inputMode="numeric" defaultValue={query.import} maxW="28" />
          </Box>
          <FilterSelect
            id="listings-category"
            name="category"
            label="Category"
            value={query.category}
            anyLabel="Any category"
            options={categories.map((category) => ({ value: category.id, label: category.label }))}
          />
          <Button type="submit" variant="outline">
            Search
          </Button>
        </HStack>
      </Form>
      {answer?.ok ? <FormSuccess>{answer.message}</FormSuccess> : null}
      <FormErrors errors={answer && !answer.ok ? [answer.message] : undefined} />
      <Form method="post" id="take-down" aria-label="Take listings down">
        <input type="hidden" name="intent" value="take-down" />
        {query.import ? <input type="hidden" name="importId" value={query.import} /> : null}
        <HStack gap="3" wrap="wrap" align="end">
          <FilterSelect
            id="take-down-decision"
            name="decision"
            label="Take down"
            value="unpublish"
            anyLabel="Choose…"
            options={[
              { value: "unpublish", label: "Unpublish (the seller may fix and publish again)" },
              { value: "remove", label: "Remove for good" },
            ]}
          />
          <Box>
            <label htmlFor="take-down-reason">Reason the sellers will read</label>
            <Input id="take-down-reason" name="reason" maxLength={500} />
          </Box>
          <Button type="submit" variant="outline" colorPalette="red" disabled={busy}>
            {query.import ? `Take down every listing of import ${query.import}` : "Take down the ticked listings"}
          </Button>
        </HStack>
      </Form>
      <Text aria-live="polite">{total === 1 ? "1 listing" : `${total.toLocaleString("en-US")}${totalIsExact ? "" : "+"} listings`}</Text>
      {listings.length === 0 ? (
        <Text>No listings found</Text>
      ) : (
        <AdminTable label="Listings" caption="Listings, newest first" columns={["Listing", "Price", "Status", "Seller", "Listed", "Featured"]}>
          {listings.map((row) => (
            <Table.Row key={row.id}>
              <Table.Cell>
                <AdminListingCell
                  listingId={row.id}
                  title={row.title}
                  imageUrl={row.imageUrl}
                  lead={<input type="checkbox" name="listingIds" value={row.id} form="take-down" aria-label={`Choose ${row.title}`} />}
                >
                  {row.openReports > 0 ? (
                    <Link asChild fontSize="xs" textDecoration="underline">
                      <RemixLink to={`/admin/review-listing/${row.id}`}>
                        {row.openReports === 1 ? "1 open report" : `${row.openReports} open reports`}
                      </RemixLink>
                    </Link>
                  ) : null}
                </AdminListingCell>
              </Table.Cell>
              <Table.Cell>{formatPrice(row.priceCents, row.currency)}</Table.Cell>
              <Table.Cell>
                <Badge>{statusLabel(row.status)}</Badge>
              </Table.Cell>
              <Table.Cell>
                {row.sellerName || row.sellerEmail}
                <Text fontSize="xs" color="fg.muted">
                  {row.sellerEmail}
                </Text>
              </Table.Cell>
              <Table.Cell>{shortDate.format(new Date(row.createdAt))}</Table.Cell>
              <Table.Cell>
                {row.isFeatured || row.status === "active" ? (
                  <Form method="post">
                    <input type="hidden" name="listingId" value={row.id} />
                    <input type="hidden" name="featured" value={row.isFeatured ? "0" : "1"} />
                    <Button
                      type="submit"
                      size="xs"
                      variant={row.isFeatured ? "solid" : "outline"}
                      disabled={busy}
                      aria-label={`${row.isFeatured ? "Unfeature" : "Feature"} ${row.title}`}
                    >
                      {row.isFeatured ? "Unfeature" : "Feature"}
                    </Button>
                  </Form>
                ) : (
                  <Text fontSize="xs" color="fg.muted">
                    Active listings only
                  </Text>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </AdminTable>
      )}
      <PageLinks page={page} pageCount={pageCount} hrefFor={(target) => listingsUrl(query, target)} />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
