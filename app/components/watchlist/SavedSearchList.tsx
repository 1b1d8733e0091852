// The Saved Searches tab: each search with its filters, when it last ran, the alert toggle, Execute (results in
// place), Open in Equipment search, Rename and Delete (after a confirmation); or the empty state.
import { Box, Button, chakra, HStack, Input, Link, Stack, Text } from "@chakra-ui/react";
import { Form, Link as RemixLink, useFetcher, useNavigation } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import type { SavedSearchView, WatchlistActionResult } from "~/lib/watchlist-views.ts";
import { WATCHLIST_MESSAGES } from "~/lib/watchlist-messages.ts";
import { SAVED_SEARCH_NAME_MAX } from "~/lib/saved-search-messages.ts";
import { ConfirmDeletePanel, DeleteSearchDialog } from "./DeleteSavedSearch.tsx";
import { EmptyState } from "./EmptyState.tsx";
import { SearchResults } from "./SearchResults.tsx";
import { Pagination } from "~/components/listings/Pagination.tsx";

const SAVED_SEARCHES_ACTION = "/watchlist?tab=saved-searches";

const pageHref = (page: number) => (page > 1 ? `${SAVED_SEARCHES_ACTION}&page=${page}` : SAVED_SEARCHES_ACTION);

export function SavedSearchList({
  searches,
  pages,
  confirmDeleteId,
  actionData,
}: {
  searches: SavedSearchView[];
  /** Which page this is of how many (the tab lists SAVED_SEARCHES_PAGE_SIZE at a time). */
  pages?: { page: number; total: number; totalPages: number };
  confirmDeleteId: number | null;
  actionData: WatchlistActionResult | undefined;
}) {
  const navigation = useNavigation();
  const deleting = navigation.formData?.get("intent") === "delete" ? Number(navigation.formData.get("searchId")) : null;
  const shown = searches.filter((search) => search.id !== deleting);
  if (shown.length === 0) {
    return (
      <EmptyState title={WATCHLIST_MESSAGES.noSavedSearches} link={{ to: "/listings", label: "Search equipment" }}>
        Set a few filters on the equipment listings and press Save Search to keep them here.
      </EmptyState>
    );
  }
  const total = pages ? pages.total - (searches.length - shown.length) : shown.length;
  return (
    <Stack gap="5">
      <Text color="fg.muted">
        {total} {total === 1 ? "saved search" : "saved searches"}, newest first
      </Text>
      <Stack as="ul" gap="4" listStyleType="none" aria-label="Saved searches">
        {shown.map((search) => (
          <li key={search.id}>
            <SavedSearchCard search={search} confirming={confirmDeleteId === search.id} actionData={actionData} />
          </li>
        ))}
      </Stack>
      {pages ? <Pagination page={pages.page} totalPages={pages.totalPages} hrefFor={pageHref} /> : null}
    </Stack>
  );
}

function SavedSearchCard({ search, confirming, actionData }: { search: SavedSearchView; confirming: boolean; actionData: WatchlistActionResult | undefined }) {
  const headingId = `saved-search-${search.id}-title`;
  const mine = actionData && actionData.searchId === search.id ? actionData : undefined;
  return (
    <Box as="article" id={`saved-search-${search.id}`} aria-labelledby={headingId} borderWidth="1px" rounded="lg" p={{ base: "4", md: "5" }} bg="bg.panel">
      <Stack gap="3">
        <Stack gap="1">
          <Text as="h2" id={headingId} fontWeight="semibold" fontSize="lg">
            {search.title}
          </Text>
          {search.criteria.length > 0 ? (
            <chakra.dl display="flex" flexWrap="wrap" columnGap="4" rowGap="1" fontSize="sm">
              {search.criteria.map((criterion) => (
                <HStack key={criterion.label} gap="1">
                  <chakra.dt color="fg.muted">{criterion.label}:</chakra.dt> <chakra.dd m="0">{criterion.value}</chakra.dd>
                </HStack>
              ))}
            </chakra.dl>
          ) : null}
          <Text fontSize="sm" color="fg.muted">
            Last executed:{" "}
            {search.lastExecutedAt ? (
              <time dateTime={search.lastExecutedAt} title={new Date(search.lastExecutedAt).toUTCString()}>
                {search.lastExecuted}
              </time>
            ) : (
              search.lastExecuted
            )}{" "}
            · Saved <time dateTime={search.createdAt}>{search.created}</time>
          </Text>
        </Stack>

        <NotifyToggle search={search} fromPage={mine?.intent === "notify" ? mine : undefined} />

        <ExecuteAndResults search={search} fromPage={mine?.intent === "execute" ? mine : undefined}>
          <Link asChild fontSize="sm" fontWeight="medium" color="blue.fg">
            <RemixLink to={search.listingsHref}>Open in Equipment search</RemixLink>
          </Link>
          {/* A new name closes the panel and refills the field. */}
          <RenameSearch key={search.name} search={search} fromPage={mine?.intent === "rename" ? mine : undefined} />
          <DeleteSearchDialog search={search} />
        </ExecuteAndResults>

        {confirming ? <ConfirmDeletePanel search={search} /> : null}
      </Stack>
    </Box>
  );
}

/** The alert switch: a button that says whether it is on (aria-pressed) and posts the other value. */
function NotifyToggle({ search, fromPage }: { search: SavedSearchView; fromPage: WatchlistActionResult | undefined }) {
  const fetcher = useFetcher<WatchlistActionResult>();
  const pending = fetcher.formData?.get("notifyOnNew");
  const on = typeof pending === "string" ? pending === "on" : search.notifyOnNew;
  const result = fetcher.state === "idle" ? (fetcher.data ?? fromPage) : undefined;
  return (
    <fetcher.Form method="post" action={SAVED_SEARCHES_ACTION} preventScrollReset>
      <input type="hidden" name="intent" value="notify" />
      <input type="hidden" name="searchId" value={search.id} />
      <HStack gap="3" flexWrap="wrap">
        <Button
          type="submit"
          name="notifyOnNew"
          value={on ? "off" : "on"}
          aria-pressed={on}
          size="sm"
          variant={on ? "subtle" : "outline"}
          colorPalette={on ? "green" : "gray"}
        >
          <Box
            as="span"
            aria-hidden="true"
            display="inline-block"
            w="2.5"
            h="2.5"
            rounded="full"
            bg={on ? "green.solid" : "transparent"}
            borderWidth="2px"
            borderColor={on ? "green.solid" : "fg.muted"}
          />
          Notify me of new listings
        </Button>
        <Text fontSize="sm" color="fg.muted" aria-hidden="true">
          {on ? "Alerts on" : "Alerts off"}
        </Text>
        {result?.error ? (
          <Text role="alert" fontSize="sm" color="red.fg" fontWeight="medium">
            {result.error}
          </Text>
        ) : null}
      </HStack>
    </fetcher.Form>
  );
}

/** Execute runs the search through a fetcher and shows its results under the card; without JavaScript, in the page. */
function ExecuteAndResults({ search, fromPage, children }: { search: SavedSearchView; fromPage: WatchlistActionResult | undefined; children: ReactNode }) {
  const fetcher = useFetcher<WatchlistActionResult>();
  const running = fetcher.state !== "idle";
  const result = fetcher.data ?? fromPage;
  return (
    <Stack gap="3">
      <HStack gap="3" flexWrap="wrap" align="center">
        <fetcher.Form method="post" action={SAVED_SEARCHES_ACTION} preventScrollReset>
          <input type="hidden" name="intent" value="execute" />
          <input type="hidden" name="searchId" value={search.id} />
          <Button type="submit" size="sm" colorPalette="blue" loading={running} loadingText="Executing...">
            Execute
          </Button>
        </fetcher.Form>
        {children}
      </HStack>
      {result?.error ? (
        <Text role="alert" color="red.fg" fontWeight="medium">
          {result.error}
        </Text>
      ) : null}
      {result?.results ? <SearchResults searchTitle={search.title} results={result.results} /> : null}
    </Stack>
  );
}

/** Rename: a name field revealed by <details>, so it works with or without JavaScript. */
function RenameSearch({ search, fromPage }: { search: SavedSearchView; fromPage: WatchlistActionResult | undefined }) {
  const navigation = useNavigation();
  const [open, setOpen] = useState(false);
  const saving = navigation.formData?.get("intent") === "rename" && Number(navigation.formData.get("searchId")) === search.id;
  const fieldError = fromPage?.fieldError ?? null;
  const fieldId = `rename-${search.id}`;
  return (
    <chakra.details open={open || fieldError !== null || undefined} onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}>
      <chakra.summary
        display="inline-flex"
        alignItems="center"
        h="8"
        px="3"
        rounded="md"
        borderWidth="1px"
        fontSize="sm"
        fontWeight="semibold"
        cursor="pointer"
        listStyle="none"
        _hover={{ bg: "bg.muted" }}
        _focusVisible={{ outline: "2px solid", outlineColor: "blue.focusRing", outlineOffset: "2px" }}
        css={{ "&::-webkit-details-marker": { display: "none" } }}
      >
        Rename
      </chakra.summary>
      <Form method="post" action={SAVED_SEARCHES_ACTION} preventScrollReset noValidate>
        <input type="hidden" name="intent" value="rename" />
        <input type="hidden" name="searchId" value={search.id} />
        <Stack gap="2" mt="3" maxW="sm">
          <chakra.label htmlFor={fieldId} fontSize="sm" fontWeight="medium">
            New name
          </chakra.label>
          <Input
            id={fieldId}
            name="name"
            defaultValue={search.name}
            maxLength={SAVED_SEARCH_NAME_MAX}
            aria-invalid={fieldError !== null || undefined}
            aria-describedby={fieldError ? `${fieldId}-error` : undefined}
          />
          {fieldError ? (
            <Text id={`${fieldId}-error`} role="alert" fontSize="sm" color="red.fg" fontWeight="medium">
              {fieldError}
            </Text>
          ) : null}
          <HStack>
            <Button type="submit" size="sm" colorPalette="blue" loading={saving} loadingText="Saving...">
              Save name
            </Button>
          </HStack>
        </Stack>
      </Form>
    </chakra.details>
  );
}
