// /watchlist: the signed-in user's Watched Items (default tab) and Saved Searches (?tab=saved-searches)
// (docs/product/alerts.md#watchlist /watchlist, docs/product/alerts.md#messages). Every form posts here with an intent and works without JavaScript;
// fetchers only add optimism.
import { Container, Heading, Stack, Text } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { ActionNotice } from "~/components/watchlist/ActionNotice.tsx";
import { SavedSearchList } from "~/components/watchlist/SavedSearchList.tsx";
import { WatchedItemList } from "~/components/watchlist/WatchedItemList.tsx";
import { WatchlistTabs } from "~/components/watchlist/WatchlistTabs.tsx";
import { getDb } from "~/db.server.ts";
import { parseForm } from "~/web/form-data.server.ts";
import { toExecutedListingView, toSavedSearchView, toWatchedItemView, type WatchlistActionResult } from "~/lib/watchlist-views.ts";
import { parsePage } from "~/schemas/order.ts";
import { isWatchlistIntent, parseWatchlistTab, WATCHLIST_MESSAGES, WATCHLIST_PAGE_SIZE, WATCHLIST_TABS, WatchlistActionSchema } from "~/schemas/watchlist.ts";
import { requireUser } from "~/web/auth.server.ts";
import { deleteSavedSearch, executeSavedSearch, getSavedSearch, listSavedSearchPage, updateSavedSearch } from "~/services/alerts/index.server.ts";
import { refusalsAnswered } from "~/web/domain-answer.server.ts";
import { listWatchlist, unwatchListing, updateWatchNotes } from "~/services/watchlist/index.server.ts";
import { listFollowedSellers } from "~/services/accounts/index.server.ts";
import { FollowingList } from "~/components/watchlist/FollowingList.tsx";
import { viewerApproxPrices } from "~/web/viewer-currency.server.ts";

export const meta: MetaFunction = () => [{ title: "Watchlist & Saved Searches — Tradebench" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const tab = parseWatchlistTab(url.searchParams.get("tab"));
  const db = getDb();
  const now = new Date();
  if (tab === WATCHLIST_TABS.following) {
    const page = parsePage(url.searchParams.get("page"));
    const following = { ...(await listFollowedSellers(db, user.id, page)), page };
    return { tab, watched: null, searches: null, following, confirmDelete: null, error: null };
  }
  if (tab === WATCHLIST_TABS.watched) {
    const page = parsePage(url.searchParams.get("page"));
    // Stays: a list that cannot be read is a message in the page (the tabs stay usable), not a refusal.
    try {
      const [list, approx] = await Promise.all([listWatchlist(db, user.id, page, WATCHLIST_PAGE_SIZE), viewerApproxPrices(db, request, user)]);
      // Past the last page (a stale link, or the last item of a page removed): the last page that exists.
      if (list.total > 0 && page > list.totalPages) throw redirect(`/watchlist?page=${list.totalPages}`);
      return {
        tab,
        watched: { ...list, items: list.items.map((item) => toWatchedItemView(item, now, approx)) },
        searches: null,
        confirmDelete: null,
        error: null,
      };
    } catch (error) {
      if (error instanceof Response) throw error;
      console.error("Could not load a watchlist", error);
      return { tab, watched: null, searches: null, confirmDelete: null, error: WATCHLIST_MESSAGES.loadWatchlistFailed };
    }
  }
  // Stays: saved searches that cannot be read are a message in the page, not a refusal.
  try {
    // One page at a time; a Delete confirmation opens the page that holds its search.
    const confirmId = Number(url.searchParams.get("confirm-delete"));
    const list = await listSavedSearchPage(db, user.id, parsePage(url.searchParams.get("page")), { containing: confirmId || undefined });
    const searches = list.searches.map((search) => toSavedSearchView(search, now));
    const confirmDelete = searches.find((search) => search.id === confirmId) ?? null;
    const searchPages = { page: list.page, total: list.total, totalPages: list.totalPages };
    return { tab, watched: null, searches, searchPages, confirmDelete: confirmDelete ? confirmDelete.id : null, error: null };
  } catch (error) {
    console.error("Could not load saved searches", error);
    return { tab, watched: null, searches: null, confirmDelete: null, error: WATCHLIST_MESSAGES.loadSavedSearchesFailed };
  }
}

type Reply = Partial<WatchlistActionResult> & Pick<WatchlistActionResult, "intent">;

function replyBody(result: Reply, ok: boolean): WatchlistActionResult {
  return {
    ok,
    message: null,
    error: null,
    fieldError: null,
    listingId: null,
    searchId: null,
    results: null,
    notifyOnNew: null,
    notes: null,
    ...result,
  };
}

function reply(result: Reply, status = 200) {
  return data(replyBody(result, status < 400), { status });
}

/** What a failure of each intent reads as (docs/product/alerts.md#messages where it has words). */
const FAILED: Record<WatchlistActionResult["intent"] & string, string> = {
  notes: WATCHLIST_MESSAGES.notesFailed,
  remove: WATCHLIST_MESSAGES.removeFailed,
  execute: WATCHLIST_MESSAGES.executeFailed,
  rename: WATCHLIST_MESSAGES.renameFailed,
  notify: WATCHLIST_MESSAGES.notifyFailed,
  delete: WATCHLIST_MESSAGES.deleteFailed,
};

export async function action({ request }: ActionFunctionArgs) {
  const { submission, fields: form } = await parseForm(request, WatchlistActionSchema);
  const user = await requireUser(request);
  const rawIntent = form.get("intent");
  const intent = isWatchlistIntent(rawIntent) ? rawIntent : null;
  const ids = { listingId: Number(form.get("listingId")) || null, searchId: Number(form.get("searchId")) || null };
  if (!intent) return reply({ intent: null, error: WATCHLIST_MESSAGES.unknownAction }, 400);
  if (submission.status !== "success") {
    const fieldError = submission.error?.notes?.[0] ?? submission.error?.name?.[0] ?? null;
    const notes = intent === "notes" && typeof form.get("notes") === "string" ? String(form.get("notes")) : null;
    return reply({ intent, ...ids, fieldError, notes, error: fieldError ? null : FAILED[intent] }, 400);
  }
  const input = submission.value;
  const db = getDb();
  return refusalsAnswered(
    async () => {
      switch (input.intent) {
        case "notes": {
          const found = await updateWatchNotes(db, user.id, input.listingId, input.notes);
          if (!found) return reply({ intent, listingId: input.listingId, error: WATCHLIST_MESSAGES.notWatched }, 404);
          return reply({ intent, listingId: input.listingId, message: WATCHLIST_MESSAGES.notesSaved });
        }
        case "remove": {
          const title = form.get("title");
          await unwatchListing(db, user.id, input.listingId);
          return reply({
            intent,
            listingId: input.listingId,
            message: WATCHLIST_MESSAGES.removed(typeof title === "string" && title ? title.slice(0, 200) : "the item"),
          });
        }
        case "execute": {
          const run = await executeSavedSearch(db, user.id, input.searchId);
          return reply({ intent, searchId: input.searchId, results: run.listings.map(toExecutedListingView) });
        }
        case "rename": {
          const saved = await updateSavedSearch(db, user.id, input.searchId, { name: input.name });
          return reply({ intent, searchId: input.searchId, message: WATCHLIST_MESSAGES.renamed(saved.name) });
        }
        case "notify": {
          const saved = await updateSavedSearch(db, user.id, input.searchId, { notifyOnNew: input.notifyOnNew === "on" });
          const name = toSavedSearchView(saved, new Date()).title;
          return reply({
            intent,
            searchId: input.searchId,
            notifyOnNew: saved.notifyOnNew,
            message: saved.notifyOnNew ? WATCHLIST_MESSAGES.notifyOn(name) : WATCHLIST_MESSAGES.notifyOff(name),
          });
        }
        case "delete": {
          // Only the owner's row is looked at: another user's id reads "Saved search not found" and changes nothing.
          const saved = await getSavedSearch(db, user.id, input.searchId);
          await deleteSavedSearch(db, user.id, input.searchId);
          return reply({ intent, searchId: input.searchId, message: WATCHLIST_MESSAGES.deleted(toSavedSearchView(saved, new Date()).title) });
        }
      }
    },
    {
      as: (refusal) => replyBody({ intent, ...ids, error: refusal.message }, false),
      crash: { log: `Watchlist action ${intent} failed`, status: 500, as: () => replyBody({ intent, ...ids, error: FAILED[intent] }, false) },
    },
  );
}

export default function WatchlistPage() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as WatchlistActionResult | undefined;
  return (
    <Container maxW="6xl" py={{ base: "6", md: "10" }}>
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            Watchlist &amp; Saved Searches
          </Heading>
          <Text color="fg.muted">Follow the equipment you are interested in and run the searches you saved.</Text>
        </Stack>
        <WatchlistTabs current={loaded.tab} />
        <ActionNotice result={actionData} />
        {loaded.error ? (
          <Text role="alert" color="red.fg" fontWeight="medium">
            {loaded.error}
          </Text>
        ) : loaded.watched ? (
          <WatchedItemList list={loaded.watched} actionData={actionData} />
        ) : "following" in loaded && loaded.following ? (
          <FollowingList following={loaded.following} />
        ) : loaded.searches ? (
          <SavedSearchList
            searches={loaded.searches}
            pages={"searchPages" in loaded ? loaded.searchPages : undefined}
            confirmDeleteId={loaded.confirmDelete}
            actionData={actionData}
          />
        ) : null}
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
