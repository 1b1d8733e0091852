// The offline page: the service worker answers any navigation that fails offline with /offline.html,
// which loads this module. It reads the address, renders the stored copy from IndexedDB (the watchlist tabs, a
// listing, or the list of what is available offline), queues changes in the outbox, and when the connection
// returns sends them and reloads, so the real page comes back. Views are built by the pure *-view.ts modules.
import type { OutboxAction } from "~/lib/offline/contracts.ts";
import { OFFLINE_MESSAGES } from "~/lib/offline/messages.ts";
import { readBrowsed, readListingCopy, readListingCopyByAuction, readSavedSearches, readSyncState, readWatchlist } from "~/lib/offline/copies.ts";
import { onOfflineChange, openOfflineDb, type OfflineDb } from "~/lib/offline/offline-db.ts";
import { dismissNotice, newActionId, pendingActions, queueAction, readNotices, replayOutbox } from "~/lib/offline/outbox.ts";
import { h, replaceChildren, type Child } from "./dom.ts";
import { offlineIndexView } from "./index-view.ts";
import { listingOfflineView } from "./listing-view.ts";
import { readNotesForm, readSavedSearchForm, watchToggleAction } from "./offline-forms.ts";
import { inPageAddress, offlineRouteOf, type OfflineRoute } from "./offline-route.ts";
import { renderIndex } from "./render-index.ts";
import { renderListing, WATCH_TOGGLE_ID } from "./render-listing.ts";
import { onlineRetryDelayMs, outboxReachedServer, readAutoReloads, reconnectDelayMs } from "./reconnect.ts";
import { PAGE_HEADING_ID } from "./render-parts.ts";
import { renderNotices, renderPending } from "./render-shell.ts";
import { renderWatchlist } from "./render-watchlist.ts";
import { bannerText, noticeViews, offlineDocumentTitle, pendingListView, SHELL_WORDS } from "./shell-view.ts";
import { watchlistOfflineView } from "./watchlist-view.ts";

interface PageElements {
  main: HTMLElement;
  pending: HTMLElement;
  notices: HTMLElement;
  banner: HTMLElement;
  retry: HTMLButtonElement;
  announcer: HTMLElement;
}

function findElements(): PageElements | null {
  const byId = (id: string) => document.getElementById(id);
  const main = byId("main");
  const pending = byId("offline-pending");
  const notices = byId("offline-notices");
  const banner = byId("offline-banner-text");
  const retry = byId("offline-retry");
  const announcer = byId("offline-announcer");
  if (!main || !pending || !notices || !banner || !(retry instanceof HTMLButtonElement) || !announcer) return null;
  return { main, pending, notices, banner, retry, announcer };
}

class OfflinePage {
  private route: OfflineRoute;
  private reconnecting = false;
  /** Whose copies are shown; another tab signing out (or in as someone else) changes it. */
  private owner: string | null = null;

  constructor(
    private readonly elements: PageElements,
    private db: OfflineDb | null,
  ) {
    this.route = offlineRouteOf(location.pathname, location.search);
  }

  async start(): Promise<void> {
    this.elements.retry.addEventListener("click", () => location.reload());
    window.addEventListener("online", () => void this.reconnect());
    window.addEventListener("popstate", () => {
      this.route = offlineRouteOf(location.pathname, location.search);
      void this.renderMain({ focusHeading: true });
    });
    document.addEventListener("click", (event) => this.followLink(event));
    onOfflineChange(() => void this.copiesChanged());
    this.owner = this.db ? (await readSyncState(this.db)).ownerId : null;
    await Promise.all([this.renderMain({ focusHeading: false }), this.renderShell()]);
    this.retryWhileOnline();
  }

  /**
   * The copies changed here or in another tab: the pending list follows; the content is rebuilt only when the
   * copies now belong to someone else (a sign-out elsewhere deletes them), so typing is never lost otherwise.
   * The connection is opened again, as a deletion elsewhere closes it.
   */
  private async copiesChanged(): Promise<void> {
    this.db = await openDbOrNull();
    const owner = this.db ? (await readSyncState(this.db)).ownerId : null;
    if (owner !== this.owner) {
      this.owner = owner;
      await this.renderMain({ focusHeading: false });
    }
    await this.renderShell();
  }

  /** Polite announcement of what just happened (the live region stays in place while the content changes). */
  private announce(text: string): void {
    this.elements.announcer.textContent = "";
    // A fresh text node in a later task, so the same sentence twice is announced twice.
    window.setTimeout(() => {
      this.elements.announcer.textContent = text;
    }, 50);
  }

  private async renderShell(): Promise<void> {
    const { db } = this;
    if (!this.reconnecting) this.elements.banner.textContent = bannerText(this.owner !== null);
    const [pending, notices] = db ? await Promise.all([pendingActions(db), readNotices(db)]) : [[], []];
    renderPending(this.elements.pending, pendingListView(pending, new Date()));
    renderNotices(this.elements.notices, noticeViews(notices), (id) => {
      if (!db) return;
      void dismissNotice(db, id).then(() => this.renderShell());
    });
  }

  private async renderMain({ focusHeading, focusId }: { focusHeading: boolean; focusId?: string }): Promise<void> {
    const { content, heading } = await this.buildMain();
    replaceChildren(this.elements.main, ...content);
    document.title = offlineDocumentTitle(heading);
    const target = (focusId && document.getElementById(focusId)) || (focusHeading ? document.getElementById(PAGE_HEADING_ID) : null);
    target?.focus();
  }

  private async buildMain(): Promise<{ content: Child[]; heading: string }> {
    const { db, route } = this;
    const now = new Date();
    if (route.kind === "watchlist") {
      const [watchlist, savedSearches] = db ? await Promise.all([readWatchlist(db), readSavedSearches(db)]) : [[], []];
      const view = watchlistOfflineView(route.tab, { watchlist, savedSearches }, now);
      return {
        heading: view.heading,
        content: renderWatchlist(view, {
          onRemove: (item) =>
            void this.queueAndRender({ id: newActionId(), kind: "unwatch", listingId: item.listingId }, OFFLINE_MESSAGES.unwatchQueued(item.title), {
              focusHeading: true,
            }),
          onSaveNotes: async (item, notes) => {
            const read = readNotesForm(newActionId(), item.listingId, notes);
            if (!read.ok) return read.errors.notes ?? null;
            return (await this.queue(read.action, read.message)) ? null : OFFLINE_MESSAGES.queueFailed;
          },
          onSaveSearch: async (fields) => {
            const read = readSavedSearchForm(newActionId(), fields);
            if (!read.ok) return read.errors;
            if (!(await this.queue(read.action, read.message))) return { name: OFFLINE_MESSAGES.queueFailed };
            await this.renderMain({ focusHeading: false, focusId: "new-search-name" });
            return null;
          },
        }),
      };
    }
    if (route.kind === "listing" || route.kind === "auction") {
      const copy = db ? await (route.kind === "listing" ? readListingCopy(db, route.listingId) : readListingCopyByAuction(db, route.auctionId)) : null;
      if (copy) {
        const view = listingOfflineView(copy, now);
        return {
          heading: view.title,
          content: renderListing(view, {
            onToggleWatch: (shown) => {
              const toggle = watchToggleAction(newActionId(), { id: shown.listingId, title: shown.title }, shown.watch.watching);
              void this.queueAndRender(toggle.action, toggle.message, { focusHeading: false, focusId: WATCH_TOGGLE_ID });
            },
          }),
        };
      }
    }
    const [watchlist, savedSearches, browsed] = db ? await Promise.all([readWatchlist(db), readSavedSearches(db), readBrowsed(db)]) : [[], [], []];
    const view = offlineIndexView({ watchlist, savedSearches, browsed }, { missingListing: route.kind === "listing" || route.kind === "auction" });
    return { heading: view.heading, content: renderIndex(view) };
  }

  /** Puts an action in the outbox (applied to the copies at once) and says so; false when it could not be kept. */
  private async queue(action: OutboxAction, message: string): Promise<boolean> {
    if (!this.db) {
      this.announce(OFFLINE_MESSAGES.queueFailed);
      return false;
    }
    try {
      await queueAction(this.db, action);
    } catch (error) {
      console.error("Could not queue an offline change", error);
      this.announce(OFFLINE_MESSAGES.queueFailed);
      return false;
    }
    this.announce(message);
    await this.renderShell();
    return true;
  }

  private async queueAndRender(action: OutboxAction, message: string, focus: { focusHeading: boolean; focusId?: string }): Promise<void> {
    if (await this.queue(action, message)) await this.renderMain(focus);
  }

  /** Offline, links to pages this page can show are followed here; online they load the real page. */
  private followLink(event: MouseEvent): void {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (navigator.onLine) return;
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!(link instanceof HTMLAnchorElement) || link.hasAttribute("data-online") || (link.target && link.target !== "_self")) return;
    const address = inPageAddress(link.href, location.origin);
    if (!address) return;
    event.preventDefault();
    if (address !== `${location.pathname}${location.search}`) history.pushState(null, "", address);
    this.route = offlineRouteOf(location.pathname, location.search);
    window.scrollTo(0, 0);
    void this.renderMain({ focusHeading: true });
  }

  /**
   * The connection is back: send the outbox, then load the real page once the server answers; until then try
   * again with a growing pause (the `online` event can come before requests get through).
   */
  private async reconnect(): Promise<void> {
    if (this.reconnecting) return;
    this.reconnecting = true;
    this.elements.banner.textContent = SHELL_WORDS.reconnecting;
    this.announce(SHELL_WORDS.reconnecting);
    for (let round = 0; navigator.onLine; round++) {
      if (await this.serverReached()) {
        location.reload();
        return;
      }
      await this.renderShell();
      await pause(reconnectDelayMs(round));
    }
    this.reconnecting = false;
    await this.renderShell();
  }

  /** Sends the outbox; true when the server took it (or had nothing to take) and answers. */
  private async serverReached(): Promise<boolean> {
    if (this.db) {
      try {
        await replayOutbox(this.db);
        if (!outboxReachedServer(await pendingActions(this.db))) return false;
      } catch (error) {
        console.error("Could not send the offline changes", error);
      }
    }
    try {
      return (await fetch(HEALTH_URL, { cache: "no-store" })).ok;
    } catch {
      return false;
    }
  }

  /**
   * Served while the browser says it is online (the server was down or slow): try again by itself, waiting longer
   * each time this tab lands here again.
   */
  retryWhileOnline(): void {
    if (!navigator.onLine) return;
    const record = readAutoReloads(safeSessionGet(AUTO_RELOAD_KEY), Date.now());
    window.setTimeout(() => {
      if (!navigator.onLine || this.reconnecting) return;
      safeSessionSet(AUTO_RELOAD_KEY, JSON.stringify({ count: record.count + 1, at: Date.now() }));
      void this.reconnect();
    }, onlineRetryDelayMs(record.count));
  }
}

const HEALTH_URL = "/healthz";
const AUTO_RELOAD_KEY = "tradebench:offline-auto-reloads";

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => window.setTimeout(resolve, ms));
}

function safeSessionGet(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function safeSessionSet(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // Storage refused: the pause just does not grow.
  }
}

async function openDbOrNull(): Promise<OfflineDb | null> {
  try {
    return await openOfflineDb();
  } catch (error) {
    console.error("The offline copies could not be opened", error);
    return null;
  }
}

async function main(): Promise<void> {
  const elements = findElements();
  if (!elements) return;
  const page = new OfflinePage(elements, await openDbOrNull());
  try {
    await page.start();
  } catch (error) {
    console.error("The offline page could not render", error);
    replaceChildren(elements.main, h("h1", null, "You're offline"), h("p", null, "This page needs a connection. Try again when you are back online."));
  }
}

void main();
