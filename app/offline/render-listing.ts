// Elements of a stored listing copy from its view (listing-view.ts). Thin.
import { cls, h, timeElement, type Child } from "./dom.ts";
import { pageHeading } from "./render-parts.ts";
import { LISTING_OFFLINE_WORDS, type ListingOfflineView } from "./listing-view.ts";

export interface ListingHandlers {
  onToggleWatch(view: ListingOfflineView): void;
}

export const WATCH_TOGGLE_ID = "watch-toggle";

export function renderListing(view: ListingOfflineView, handlers: ListingHandlers): Child[] {
  const [main, ...more] = view.photos;
  return [
    cls(
      "div",
      "listing-top",
      h(
        "div",
        { attrs: { class: "gallery" } },
        main
          ? h("img", { attrs: { src: main.src, alt: main.alt, class: "gallery-main", decoding: "async" } })
          : cls("div", "photo-placeholder gallery-main", "No photo"),
        more.length > 0
          ? h(
              "ul",
              { attrs: { class: "plain-list gallery-more", "aria-label": "More photos" } },
              ...more.map((photo) => h("li", null, h("img", { attrs: { src: photo.src, alt: photo.alt, decoding: "async" } }))),
            )
          : null,
      ),
      cls(
        "div",
        "summary stack-sm",
        pageHeading(view.title),
        cls("p", "muted small", timeElement(view.savedAt, view.savedAgo)),
        view.prices.length > 0
          ? cls("dl", "prices", ...view.prices.map((price) => cls("div", "price-row", h("dt", null, price.label), " ", h("dd", null, price.text))))
          : null,
        view.auction
          ? cls(
              "p",
              "auction-end",
              `${view.auction.label} `,
              timeElement(view.auction.endsAt, view.auction.endsText),
              view.auction.timeLeft ? ` · ${view.auction.timeLeft}` : null,
            )
          : null,
        view.status ? cls("p", "badge badge-status", view.status) : null,
        h(
          "button",
          {
            attrs: {
              type: "button",
              id: WATCH_TOGGLE_ID,
              class: view.watch.watching ? "button button-watching" : "button",
              "aria-pressed": view.watch.watching ? "true" : "false",
              "aria-label": view.watch.label,
            },
            on: { click: () => handlers.onToggleWatch(view) },
          },
          h("span", { attrs: { "aria-hidden": "true", class: "heart" } }, view.watch.watching ? "♥" : "♡"),
          ` ${view.watch.text}`,
        ),
        cls("p", "callout", view.connectionNote),
        cls("dl", "facts", ...view.facts.map((fact) => cls("div", "fact", h("dt", null, fact.label), " ", h("dd", null, fact.value)))),
        h(
          "section",
          { attrs: { class: "card seller", "aria-labelledby": "seller-heading" } },
          h("h2", { attrs: { id: "seller-heading" } }, "Seller"),
          h("p", null, view.sellerName),
        ),
      ),
    ),
    h(
      "section",
      { attrs: { "aria-labelledby": "description-heading", class: "stack-sm" } },
      h("h2", { attrs: { id: "description-heading" } }, "Description"),
      view.description ? cls("p", "description", view.description) : cls("p", "muted", LISTING_OFFLINE_WORDS.noDescription),
    ),
    view.specifications.length > 0
      ? h(
          "section",
          { attrs: { "aria-labelledby": "specifications-heading", class: "stack-sm" } },
          h("h2", { attrs: { id: "specifications-heading" } }, "Specifications"),
          cls(
            "table",
            "specs",
            h("tbody", null, ...view.specifications.map((row) => h("tr", null, h("th", { attrs: { scope: "row" } }, row.key), h("td", null, row.value)))),
          ),
        )
      : null,
    view.features.length > 0
      ? h(
          "section",
          { attrs: { "aria-labelledby": "features-heading", class: "stack-sm" } },
          h("h2", { attrs: { id: "features-heading" } }, "Features"),
          cls("ul", "features", ...view.features.map((feature) => h("li", null, feature))),
        )
      : null,
    h("p", null, h("a", { attrs: { href: view.onlineUrl, "data-online": true } }, LISTING_OFFLINE_WORDS.openOnline)),
  ];
}
