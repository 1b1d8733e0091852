// /listings: browse and search active listings (docs/product/listings.md#search-and-browse /listings), and Save Search.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { AppLink } from "~/components/AppLink.tsx";
import { lazy, Suspense } from "react";
import { ListingCard } from "~/components/ListingCard.tsx";
import { CheckCircleIcon } from "~/components/icons.tsx";
import { CategorySidebar, sidebarCategories } from "~/components/listings/CategorySidebar.tsx";
import { FilterForm } from "~/components/listings/FilterForm.tsx";
import { ui } from "~/components/listings/listings-styles.ts";
import { shell } from "~/components/shell-styles.ts";
import { Pagination } from "~/components/listings/Pagination.tsx";
import { PopularSearches } from "~/components/listings/PopularSearches.tsx";
import { ResultsLimit, ResultsSummary } from "~/components/listings/ResultsSummary.tsx";
import { SavedSearchesCard } from "~/components/listings/SavedSearchesCard.tsx";
import { SaveSearchSignIn } from "~/components/listings/SaveSearchSignIn.tsx";
import { getDb } from "~/db.server.ts";
import { parseForm } from "~/web/form-data.server.ts";
import { filtersOnly, hasActiveFilter, listingsUrl, parseListingFilters, toSavedSearchParams, type ListingFilters } from "~/lib/listing-filters.ts";
import { SAVE_SEARCH_INTENT, SAVE_SEARCH_MESSAGES } from "~/lib/saved-search-messages.ts";
import { SaveSearchSchema } from "~/schemas/saved-search.ts";
import { getOptionalUser } from "~/web/auth.server.ts";
import { getCategoryIndex, searchListings, popularSearches, POPULAR_SEARCHES_LIMIT, recordSearch } from "~/services/listings/index.server.ts";
import { createSavedSearch } from "~/services/alerts/index.server.ts";
import { currentReferenceFactors } from "~/services/pricing/index.server.ts";
import { approxPricesFor } from "~/web/viewer-currency.server.ts";
import { formReply, refusalsAnswered } from "~/web/domain-answer.server.ts";
import { watchedAmong } from "~/services/watchlist/index.server.ts";
import { loginUrl } from "~/lib/http.ts";

// Members with filters set get the Save Search form; its module (conform and zod) loads only for them.
const SaveSearchDialog = lazy(() => import("~/components/listings/SaveSearchDialog.tsx").then((m) => ({ default: m.SaveSearchDialog })));

const DEFAULT_LISTINGS_TITLE = "Equipment Listings";

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [{ title: `${loaderData?.title ?? DEFAULT_LISTINGS_TITLE} — Tradebench` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { filters, errors } = parseListingFilters(url.searchParams);
  const db = getDb();
  const [user, result, categories, popular, rates] = await Promise.all([
    getOptionalUser(request),
    searchListings(db, filters),
    getCategoryIndex(db),
    filters.search ? Promise.resolve([]) : popularSearches(db, POPULAR_SEARCHES_LIMIT),
    currentReferenceFactors(db),
  ]);
  // Prices are filtered in the reference currency; cards add "≈" in the viewer's currency (profile, else Accept-Language).
  const approx = approxPricesFor(request, user, rates);
  // Past the last page (a stale link, or deeper than the pages a search shows): the last page that exists.
  if (result.total > 0 && filters.page > result.totalPages) {
    throw redirect(listingsUrl({ ...filters, page: result.totalPages }));
  }
  const watched = await watchedAmong(
    db,
    user?.id,
    result.listings.map((listing) => listing.id),
  );
  if (filters.search && filters.page === 1) {
    // Counting a search must never cost the buyer the page.
    const visitor = { userId: user?.id ?? null, ip: context.clientIp, userAgent: request.headers.get("User-Agent") };
    await recordSearch(db, filters.search, result.total, visitor).catch((error: unknown) => {
      console.error("Could not record a search", error);
    });
  }
  const category = filters.category ? categories.find(filters.category) : undefined;
  return {
    title: category?.node.name ?? DEFAULT_LISTINGS_TITLE,
    filters,
    errors,
    rawPrices: { minPrice: url.searchParams.get("minPrice") ?? "", maxPrice: url.searchParams.get("maxPrice") ?? "" },
    priceCurrency: rates.reference,
    approx,
    listings: result.listings,
    total: result.total,
    totalIsExact: result.totalIsExact,
    searchedNewest: result.searchedNewest,
    pageSize: result.pageSize,
    page: result.page,
    totalPages: result.totalPages,
    watchedIds: [...watched],
    signedIn: user !== null,
    popular,
    sidebar: sidebarCategories(categories.tree, category?.node.id, category ? category.ancestors.map((node) => node.id) : []),
  };
}

/** The filters a Save Search form carries in its hidden fields. */
function filtersOfForm(form: FormData): ListingFilters {
  const params = new URLSearchParams();
  for (const name of ["search", "category", "condition", "minPrice", "maxPrice", "testLevel", "calibrated", "brand"]) {
    const value = form.get(name);
    if (typeof value === "string") params.set(name, value);
  }
  return parseListingFilters(params).filters;
}

export async function action({ request }: ActionFunctionArgs) {
  const { submission, fields: form } = await parseForm(request, SaveSearchSchema);
  const filters = filtersOfForm(form);
  const user = await getOptionalUser(request);
  if (!user) throw redirect(loginUrl(listingsUrl(filters)));
  if (form.get("intent") !== SAVE_SEARCH_INTENT) {
    throw data({ message: "Unknown action" }, { status: 400 });
  }
  if (submission.status !== "success") {
    return data({ result: submission.reply(), saved: null }, { status: 400 });
  }
  const db = getDb();
  return refusalsAnswered(
    async () => {
      const category = filters.category ? (await getCategoryIndex(db)).find(filters.category) : undefined;
      const saved = await createSavedSearch(db, {
        userId: user.id,
        name: submission.value.name,
        params: toSavedSearchParams(category ? { ...filters, category: category.node.id } : filters, category?.node.name ?? null),
      });
      return { result: submission.reply({ resetForm: true }), saved: { id: saved.id, name: saved.name } };
    },
    {
      as: (refusal) => ({ result: formReply(submission, refusal), saved: null }),
      crash: {
        log: "Could not save a search",
        status: 500,
        as: () => ({ result: submission.reply({ formErrors: [SAVE_SEARCH_MESSAGES.failed] }), saved: null }),
      },
    },
  );
}

/**
 * Posts elsewhere (the watch toggle) and Save Search change nothing this page shows from its loader;
 * skipping the reload also keeps a search from being counted twice.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod && formMethod.toUpperCase() !== "GET" ? false : defaultShouldRevalidate;

export default function ListingsPage() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { filters, listings, total, page, totalPages, signedIn } = loaderData;
  const watched = new Set(loaderData.watchedIds);
  const currentUrl = listingsUrl(filters);
  const keep = filtersOnly(filters);

  return (
    <div className={ui.page}>
      <div className={ui.layout}>
        <div className={ui.aside}>
          <CategorySidebar categories={loaderData.sidebar} hrefFor={(category) => listingsUrl({ ...keep, sort: filters.sort, category })} />
          {signedIn ? <SavedSearchesCard /> : null}
        </div>

        <div className={ui.main}>
          <h1 className={ui.title}>{loaderData.title}</h1>

          <div className={ui.panel}>
            <FilterForm
              key={currentUrl}
              filters={filters}
              errors={loaderData.errors}
              rawPrices={loaderData.rawPrices}
              priceCurrency={loaderData.priceCurrency}
            />
          </div>

          {!filters.search ? <PopularSearches searches={loaderData.popular} /> : null}

          {actionData?.saved ? (
            <div className={ui.formSuccess} role="status">
              <span className={ui.alertIcon}>
                <CheckCircleIcon />
              </span>
              <div className={ui.alertText}>{SAVE_SEARCH_MESSAGES.saved(actionData.saved.name)}</div>
            </div>
          ) : null}

          <div className={ui.resultsBar}>
            <ResultsSummary shown={listings.length} total={total} totalIsExact={loaderData.totalIsExact} />
            {hasActiveFilter(filters) ? (
              signedIn ? (
                <Suspense fallback={null}>
                  <SaveSearchDialog filters={filters} lastResult={actionData?.result} savedKey={actionData?.saved ? String(actionData.saved.id) : "new"} />
                </Suspense>
              ) : (
                <SaveSearchSignIn returnTo={currentUrl} />
              )
            ) : null}
          </div>

          {listings.length > 0 ? (
            <>
              {/* The cards' titles are h3s: the results get an h2, for the outline of the page. */}
              <h2 id="listing-results-heading" className={shell.srOnly}>
                Listings
              </h2>
              <ul className={ui.grid} aria-labelledby="listing-results-heading">
                {listings.map((listing, index) => (
                  <li key={listing.id}>
                    <ListingCard listing={listing} watching={watched.has(listing.id)} lead={index === 0} approx={loaderData.approx} />
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <NoListings />
          )}

          <Pagination page={page} totalPages={totalPages} hrefFor={(n) => listingsUrl({ ...filters, page: n })} />
          <ResultsLimit total={total} totalPages={totalPages} pageSize={loaderData.pageSize} searchedNewest={loaderData.searchedNewest} />
        </div>
      </div>
    </div>
  );
}

function NoListings() {
  return (
    <div className={ui.empty}>
      <h2 className={ui.emptyTitle}>No listings found</h2>
      <p className={ui.emptyText}>Try other words, a wider price range or another category.</p>
      <AppLink to="/listings" className={ui.emptyAction}>
        Clear All Filters
      </AppLink>
    </div>
  );
}
