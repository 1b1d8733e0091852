// The Watched Items tab: a page of watched listings, newest first, each with its picture, price or current bid,
// time left, condition, status, notes editable in place and Remove; or the empty state. Offline, a signed-in
// member's notes and removals go to the outbox (shown at once) and are sent when the connection returns.
import { APPROX_PRICE_TITLE } from "~/components/ApproxPrice.tsx";
import { Badge, Box, Button, Field, HStack, Link, Stack, Text, Textarea } from "@chakra-ui/react";
import { Form, Link as RemixLink, useFetcher, useNavigation } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { CardPicture } from "~/components/card-frame.tsx";
import { FormSuccess } from "~/components/forms/index.ts";
import { Pagination } from "~/components/listings/Pagination.tsx";
import { useOfflineQueue, type QueueOffline } from "~/components/pwa/use-offline-queue.ts";
import { OFFLINE_MESSAGES } from "~/lib/offline/messages.ts";
import { newActionId } from "~/lib/offline/outbox.ts";
import { isOffline } from "~/lib/offline/online.ts";
import type { WatchedItemView, WatchlistActionResult } from "~/lib/watchlist-views.ts";
import { WATCH_NOTES_MAX, WATCHLIST_MESSAGES } from "~/lib/watchlist-messages.ts";
import { EmptyState } from "./EmptyState.tsx";

export interface WatchedItemsPage {
  items: WatchedItemView[];
  total: number;
  page: number;
  totalPages: number;
}

const pageHref = (page: number) => (page > 1 ? `/watchlist?page=${page}` : "/watchlist");

export function WatchedItemList({ list, actionData }: { list: WatchedItemsPage; actionData: WatchlistActionResult | undefined }) {
  const navigation = useNavigation();
  // Removing: the row goes at once; should the removal fail, the reloaded list brings it back with the message.
  const removing = navigation.formData?.get("intent") === "remove" ? Number(navigation.formData.get("listingId")) : null;
  // Removed offline: gone from the list at once, sent when the connection returns.
  const queueOffline = useOfflineQueue();
  const [removedOffline, setRemovedOffline] = useState<{ ids: number[]; message: string | null }>({ ids: [], message: null });
  const removeOffline = queueOffline
    ? (item: WatchedItemView) => {
        setRemovedOffline((was) => ({ ids: [...was.ids, item.listingId], message: OFFLINE_MESSAGES.unwatchQueued(item.title) }));
        void queueOffline({ id: newActionId(), kind: "unwatch", listingId: item.listingId }).then((ok) => {
          if (!ok) setRemovedOffline((was) => ({ ids: was.ids.filter((id) => id !== item.listingId), message: OFFLINE_MESSAGES.queueFailed }));
        });
      }
    : null;
  if (list.total === 0) {
    return (
      <EmptyState title={WATCHLIST_MESSAGES.noWatchedItems} link={{ to: "/listings", label: "Browse equipment" }}>
        Press the heart on any listing to follow its price and status here.
      </EmptyState>
    );
  }
  const formAction = pageHref(list.page);
  return (
    <Stack gap="5">
      {removedOffline.message ? <FormSuccess>{removedOffline.message}</FormSuccess> : null}
      <Text color="fg.muted">
        {list.total} {list.total === 1 ? "watched item" : "watched items"}
      </Text>
      <Stack as="ul" gap="4" listStyleType="none" aria-label="Watched items">
        {list.items
          .filter((item) => item.listingId !== removing && !removedOffline.ids.includes(item.listingId))
          .map((item) => (
            <li key={item.listingId}>
              <WatchedItemRow item={item} formAction={formAction} actionData={actionData} removeOffline={removeOffline} queueOffline={queueOffline} />
            </li>
          ))}
      </Stack>
      <Pagination page={list.page} totalPages={list.totalPages} hrefFor={pageHref} />
    </Stack>
  );
}

function WatchedItemRow({
  item,
  formAction,
  actionData,
  removeOffline,
  queueOffline,
}: {
  item: WatchedItemView;
  formAction: string;
  actionData: WatchlistActionResult | undefined;
  removeOffline: ((item: WatchedItemView) => void) | null;
  queueOffline: QueueOffline | null;
}) {
  const headingId = `watched-${item.listingId}-title`;
  function queueRemoval(event: FormEvent<HTMLFormElement>) {
    if (!removeOffline || !isOffline()) return;
    event.preventDefault();
    removeOffline(item);
  }
  return (
    <Box
      as="article"
      aria-labelledby={headingId}
      display="grid"
      gridTemplateColumns={{ base: "6rem minmax(0, 1fr)", md: "9rem minmax(0, 1fr) minmax(0, 22rem)" }}
      gap={{ base: "3", md: "5" }}
      borderWidth="1px"
      rounded="lg"
      p={{ base: "3", md: "4" }}
      bg="bg.panel"
    >
      <Box rounded="md" overflow="hidden" alignSelf="start">
        <CardPicture imageUrl={item.imageUrl} />
      </Box>
      <Stack gap="2" minW="0">
        <Text as="h2" id={headingId} fontWeight="semibold" fontSize="lg" lineHeight="short">
          <Link asChild color="fg" _hover={{ color: "blue.fg" }}>
            <RemixLink to={item.href}>{item.title}</RemixLink>
          </Link>
        </Text>
        <Text>
          <Text as="span" color="fg.muted" fontSize="sm">
            {item.priceLabel}:{" "}
          </Text>
          <Text as="span" fontWeight="bold" fontSize="lg" color="blue.fg">
            {item.priceText}
          </Text>
          {item.approxText ? (
            <Text as="span" fontSize="sm" color="fg.muted" title={APPROX_PRICE_TITLE}>
              {" "}
              {item.approxText}
            </Text>
          ) : null}
        </Text>
        <HStack gap="2" flexWrap="wrap">
          <Badge variant="outline">{item.condition}</Badge>
          {item.timeLeft ? (
            <Badge colorPalette="purple" variant="subtle">
              {item.timeLeft}
            </Badge>
          ) : null}
          {item.status ? (
            <Badge colorPalette={item.status === "Sold" ? "blue" : "gray"} variant="solid">
              {item.status}
            </Badge>
          ) : null}
        </HStack>
        <Form method="post" action={formAction} preventScrollReset onSubmit={queueRemoval}>
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="listingId" value={item.listingId} />
          <input type="hidden" name="title" value={item.title} />
          <Button type="submit" size="sm" variant="outline" colorPalette="red" aria-label={`Remove ${item.title} from watchlist`}>
            Remove
          </Button>
        </Form>
      </Stack>
      <Box gridColumn={{ base: "1 / -1", md: "auto" }}>
        <NotesForm item={item} formAction={formAction} actionData={actionData} queueOffline={queueOffline} />
      </Box>
    </Box>
  );
}

/** Notes, saved in place: a fetcher keeps the page still and says "Saved"; without JavaScript the form posts. */
function NotesForm({
  item,
  formAction,
  actionData,
  queueOffline,
}: {
  item: WatchedItemView;
  formAction: string;
  actionData: WatchlistActionResult | undefined;
  queueOffline: QueueOffline | null;
}) {
  const fetcher = useFetcher<WatchlistActionResult>();
  const fromPage = actionData?.intent === "notes" && actionData.listingId === item.listingId ? actionData : undefined;
  // Notes saved offline (or refused before queueing): the answer shown until the next online save.
  const [offline, setOffline] = useState<{ ok: boolean; message: string } | null>(null);
  const online = fetcher.state === "idle" ? (fetcher.data ?? fromPage) : undefined;
  const result = offline
    ? { ok: offline.ok, message: offline.ok ? offline.message : null, error: offline.ok ? null : offline.message, fieldError: null }
    : online;

  function queueIfOffline(event: FormEvent<HTMLFormElement>) {
    if (!queueOffline || !isOffline()) {
      setOffline(null);
      return;
    }
    event.preventDefault();
    const notes = String(new FormData(event.currentTarget).get("notes") ?? "").replace(/\r\n/g, "\n");
    if (notes.length > WATCH_NOTES_MAX) {
      setOffline({ ok: false, message: WATCHLIST_MESSAGES.notesTooLong });
      return;
    }
    void queueOffline({ id: newActionId(), kind: "notes", listingId: item.listingId, notes }).then((ok) =>
      setOffline(ok ? { ok: true, message: OFFLINE_MESSAGES.notesQueued } : { ok: false, message: OFFLINE_MESSAGES.queueFailed }),
    );
  }
  const saving = fetcher.state !== "idle";
  const fieldId = `notes-${item.listingId}`;
  const problem = result?.fieldError ?? result?.error ?? null;
  return (
    <fetcher.Form method="post" action={formAction} preventScrollReset onSubmit={queueIfOffline}>
      <input type="hidden" name="intent" value="notes" />
      <input type="hidden" name="listingId" value={item.listingId} />
      <Stack gap="2">
        <Field.Root invalid={problem !== null}>
          <Field.Label htmlFor={fieldId}>Notes</Field.Label>
          <Textarea
            id={fieldId}
            name="notes"
            rows={3}
            // Refused notes come back in the page (no JavaScript) to be shortened, not retyped.
            key={fromPage?.notes ?? item.notes}
            defaultValue={fromPage?.notes ?? item.notes}
            placeholder="What to ask the seller, your budget…"
            aria-describedby={`${fieldId}-hint`}
            aria-invalid={problem !== null || undefined}
          />
          <Text id={`${fieldId}-hint`} fontSize="xs" color={problem ? "red.fg" : "fg.muted"} role={problem ? "alert" : undefined}>
            {problem ?? `Up to ${WATCH_NOTES_MAX.toLocaleString("en-US")} characters. Only you can see them.`}
          </Text>
        </Field.Root>
        <HStack gap="3">
          <Button type="submit" size="sm" colorPalette="blue" loading={saving} loadingText="Saving...">
            Save notes
          </Button>
          <Text role="status" fontSize="sm" color="green.fg">
            {!saving && result?.ok ? result.message : ""}
          </Text>
        </HStack>
      </Stack>
    </fetcher.Form>
  );
}
