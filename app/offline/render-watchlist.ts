// Elements of the offline /watchlist from its view (watchlist-view.ts). Thin: no decisions beyond layout.
import { WATCH_NOTES_MAX } from "~/lib/watchlist-messages.ts";
import { cls, h, timeElement, type Child } from "./dom.ts";
import { fieldWithError, pageHeading, photoOrPlaceholder, priceParagraph, showFieldErrors } from "./render-parts.ts";
import type { SavedSearchFormFields } from "./offline-forms.ts";
import {
  OFFLINE_SEARCH_WORDS,
  type OfflineCardView,
  type SavedSearchOfflineView,
  type WatchedItemOfflineView,
  type WatchlistOfflineView,
} from "./watchlist-view.ts";

export interface WatchlistHandlers {
  onRemove(item: WatchedItemOfflineView): void;
  /** Resolves to the field's error, or null once the notes are queued. */
  onSaveNotes(item: WatchedItemOfflineView, notes: string): Promise<string | null>;
  /** Resolves to the fields' errors, or null once the search is queued. */
  onSaveSearch(fields: SavedSearchFormFields): Promise<Record<string, string> | null>;
}

/** Ids in the page come from listing ids and search keys (uuids, "s12"); anything else is replaced. */
const safeId = (text: string) => text.replace(/[^A-Za-z0-9_-]/g, "_");

export function renderWatchlist(view: WatchlistOfflineView, handlers: WatchlistHandlers): Child[] {
  return [
    pageHeading(view.heading),
    cls("p", "lead", "The copies saved on this device. Changes you make here sync when you reconnect."),
    h(
      "nav",
      { attrs: { "aria-label": "Watchlist sections", class: "tabs" } },
      h(
        "ul",
        null,
        ...view.tabs.map((tab) => h("li", null, h("a", { attrs: { href: tab.href, "aria-current": tab.current ? "page" : null, class: "tab" } }, tab.label))),
      ),
    ),
    view.watched ? renderWatched(view.watched, handlers) : null,
    view.searches ? renderSearches(view.searches, handlers) : null,
  ];
}

function emptyState(empty: { title: string; text: string }): HTMLElement {
  return cls("div", "empty", h("h2", null, empty.title), h("p", null, empty.text));
}

function renderWatched(watched: NonNullable<WatchlistOfflineView["watched"]>, handlers: WatchlistHandlers): HTMLElement {
  if (watched.empty) return emptyState(watched.empty);
  return cls(
    "div",
    "stack",
    cls("p", "muted", watched.countText),
    h(
      "ul",
      { attrs: { class: "plain-list stack", "aria-label": "Watched items" } },
      ...watched.items.map((item) => h("li", null, watchedItem(item, handlers))),
    ),
  );
}

function watchedItem(item: WatchedItemOfflineView, handlers: WatchlistHandlers): HTMLElement {
  const headingId = `watched-${item.listingId}-title`;
  const badges: Array<{ text: string; className: string }> = [{ text: item.condition, className: "badge" }];
  if (item.timeLeft) badges.push({ text: item.timeLeft, className: "badge badge-time" });
  if (item.status) badges.push({ text: item.status, className: "badge badge-status" });
  return h(
    "article",
    { attrs: { class: "card watched", "aria-labelledby": headingId, id: `watched-${item.listingId}` } },
    cls("div", "thumb", photoOrPlaceholder(item.imageUrl, "")),
    cls(
      "div",
      "watched-body stack-sm",
      h("h2", { attrs: { id: headingId, class: "card-title" } }, h("a", { attrs: { href: item.href } }, item.title)),
      item.price ? priceParagraph(item.price) : null,
      h("ul", { attrs: { class: "badges", "aria-label": "Details" } }, ...badges.map((badge) => h("li", { attrs: { class: badge.className } }, badge.text))),
      cls("p", "muted small", timeElement(item.savedAt, item.savedAgo)),
      h(
        "button",
        {
          attrs: { type: "button", class: "button button-danger", "aria-label": item.removeLabel, id: `remove-${item.listingId}` },
          on: { click: () => handlers.onRemove(item) },
        },
        "Remove",
      ),
    ),
    notesForm(item, handlers),
  );
}

function notesForm(item: WatchedItemOfflineView, handlers: WatchlistHandlers): HTMLElement {
  const fieldId = `notes-${item.listingId}`;
  const hintId = `${fieldId}-hint`;
  const hintText = `Up to ${WATCH_NOTES_MAX.toLocaleString("en-US")} characters. Only you can see them.`;
  const textarea = h("textarea", {
    attrs: { id: fieldId, name: "notes", rows: 3, "aria-describedby": hintId, placeholder: "What to ask the seller, your budget…" },
  });
  textarea.value = item.notes;
  const hint = h("p", { attrs: { id: hintId, class: "hint" } }, hintText);
  const done = h("p", { attrs: { class: "saved-note small" } });
  const form = h(
    "form",
    { attrs: { class: "notes stack-sm", novalidate: true } },
    h("label", { attrs: { for: fieldId } }, "Notes"),
    textarea,
    hint,
    cls("div", "row", h("button", { attrs: { type: "submit", class: "button button-primary" } }, "Save notes"), done),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    done.textContent = "";
    void handlers.onSaveNotes(item, textarea.value).then((error) => {
      hint.textContent = error ?? hintText;
      hint.classList.toggle("field-error", error !== null);
      if (error) {
        textarea.setAttribute("aria-invalid", "true");
        textarea.focus();
      } else {
        textarea.removeAttribute("aria-invalid");
        done.textContent = "Saved on this device";
      }
    });
  });
  return form;
}

function renderSearches(searches: NonNullable<WatchlistOfflineView["searches"]>, handlers: WatchlistHandlers): HTMLElement {
  return cls(
    "div",
    "stack",
    searches.empty
      ? emptyState(searches.empty)
      : cls(
          "div",
          "stack",
          cls("p", "muted", searches.countText),
          h(
            "ul",
            { attrs: { class: "plain-list stack", "aria-label": "Saved searches" } },
            ...searches.items.map((search) => h("li", null, savedSearch(search))),
          ),
        ),
    saveSearchForm(handlers),
  );
}

function savedSearch(search: SavedSearchOfflineView): HTMLElement {
  const id = safeId(search.key);
  const headingId = `search-${id}-title`;
  const resultsId = `search-${id}-results`;
  return h(
    "article",
    { attrs: { class: "card stack-sm", "aria-labelledby": headingId, id: `search-${id}` } },
    cls(
      "div",
      "row",
      h("h2", { attrs: { id: headingId, class: "card-title" } }, search.title),
      search.waitingToSync ? cls("span", "badge badge-pending", OFFLINE_SEARCH_WORDS.waitingToSync) : null,
    ),
    search.criteria.length > 0
      ? cls(
          "dl",
          "criteria",
          ...search.criteria.map((criterion) => cls("div", "criterion", h("dt", null, `${criterion.label}:`), " ", h("dd", null, criterion.value))),
        )
      : null,
    cls("p", "muted small", `Last executed: ${search.lastExecuted} · ${search.savedAgo}`),
    h("h3", { attrs: { id: resultsId, class: "small-heading" } }, search.results.length > 0 ? `Last results (${search.results.length})` : "Last results"),
    search.resultsNote ? cls("p", "muted", search.resultsNote) : null,
    search.results.length > 0
      ? h("ul", { attrs: { class: "plain-list result-grid", "aria-labelledby": resultsId } }, ...search.results.map((card) => h("li", null, resultCard(card))))
      : null,
  );
}

function resultCard(card: OfflineCardView): HTMLElement {
  return cls(
    "div",
    "result-card",
    cls("div", "result-photo", photoOrPlaceholder(card.imageUrl, "")),
    cls(
      "div",
      "result-body",
      h("h4", { attrs: { class: "result-title" } }, h("a", { attrs: { href: card.href } }, card.title)),
      card.price ? priceParagraph(card.price) : null,
      cls("p", "muted small", card.condition),
    ),
  );
}

function saveSearchForm(handlers: WatchlistHandlers): HTMLElement {
  const name = fieldWithError(
    "new-search-name",
    "Name",
    h("input", { attrs: { id: "new-search-name", name: "name", type: "text", autocomplete: "off", required: true } }),
  );
  const keywords = fieldWithError(
    "new-search-keywords",
    "Keywords",
    h("input", { attrs: { id: "new-search-keywords", name: "keywords", type: "search", autocomplete: "off" } }),
  );
  const maxPrice = fieldWithError(
    "new-search-max-price",
    "Maximum price (optional)",
    h("input", { attrs: { id: "new-search-max-price", name: "maxPrice", type: "text", inputmode: "decimal", autocomplete: "off" } }),
  );
  const fields = { name, keywords, maxPrice };
  const form = h(
    "form",
    { attrs: { class: "card stack-sm", "aria-labelledby": "new-search-heading", novalidate: true } },
    h("h2", { attrs: { id: "new-search-heading", class: "card-title" } }, "Save a new search"),
    cls("p", "muted small", "It is kept on this device and saved to your account when you reconnect."),
    name.wrapper,
    keywords.wrapper,
    maxPrice.wrapper,
    h("button", { attrs: { type: "submit", class: "button button-primary" } }, "Save search"),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void handlers
      .onSaveSearch({ name: name.control.value, keywords: keywords.control.value, maxPrice: maxPrice.control.value })
      .then((errors) => showFieldErrors(fields, errors ?? {}));
  });
  return form;
}
