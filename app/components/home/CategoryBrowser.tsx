// The expandable category browser: main category → subcategory (a disclosure) → items. Built on
// <details>/<summary>, so it opens and closes without JavaScript. Each subcategory shows its first five items,
// then "+ N more..." reveals the rest. Links use the category ids of the database ({group}_{subcategory}_{item}),
// which the reference data derives from the taxonomy (db/reference-data.ts): the browser is drawn from the taxonomy
// itself, so the ~300 categories are not sent again as the page's data, and its markup is the same for every
// visitor, made once per process (and once in the browser) instead of rendered element by element for each page.
import { useNavigate } from "@remix-run/react";
import type { MouseEvent } from "react";
import { staticClasses } from "~/lib/static-styles.ts";
import { itemSlug } from "~/lib/category-ids.ts";
import { CATEGORY_TAXONOMY, type TaxonomyMainCategory } from "~/reference/taxonomy.ts";
import { TOUCH, TOUCH_TARGET } from "~/lib/touch.ts";

/** docs/product/listings.md#categories: the category browser shows 5 items per subcategory before "+ N more...". */
export const BROWSER_ITEMS_SHOWN = 5;

export interface BrowserCategory {
  id: string;
  name: string;
}

export interface BrowserSubcategory extends BrowserCategory {
  items: BrowserCategory[];
}

export interface BrowserGroup extends BrowserCategory {
  subcategories: BrowserSubcategory[];
}

/** Characters a query value keeps as they are (application/x-www-form-urlencoded): every category id is made of them. */
const PLAIN_QUERY_VALUE = /^[A-Za-z0-9*._-]+$/;

export function categoryHref(id: string): string {
  // The home page renders a few hundred of these; a URLSearchParams for each was a visible part of its render.
  return PLAIN_QUERY_VALUE.test(id) ? `/listings?category=${id}` : `/listings?${new URLSearchParams({ category: id })}`;
}

const summaryLook = {
  display: "flex",
  alignItems: "center",
  gap: "2",
  cursor: "pointer",
  listStyle: "none",
  rounded: "md",
  px: "2",
  "&::-webkit-details-marker": { display: "none" },
  _hover: { bg: "bg.muted" },
  _focusVisible: { outline: "2px solid", outlineColor: "blue.focusRing", outlineOffset: "1px" },
  [TOUCH]: { minH: TOUCH_TARGET },
} as const;

const linkLook = { display: "inline-flex", alignItems: "center", [TOUCH]: { minH: TOUCH_TARGET } } as const;

/**
 * Plain elements and static classes (app/lib/static-styles.ts): the browser repeats the same few elements for every
 * subcategory (~350 of them), which as Chakra components cost the server's render and the browser's hydration most
 * of the page's styling work.
 */
const cb = staticClasses("category-browser", {
  root: { borderWidth: "1px", rounded: "lg", p: "4", bg: "bg" },
  title: { recipe: "heading", variants: { size: "lg" }, css: { mb: "3" } },
  groups: { display: "flex", flexDirection: "column", gap: "5" },
  groupTitle: { recipe: "heading", variants: { size: "sm" }, css: { mb: "1", px: "2" } },
  groupLink: { recipe: "link", css: { color: "fg", _hover: { textDecoration: "underline" }, ...linkLook } },
  subcategory: { "&[open] > summary .chevron": { transform: "rotate(90deg)" } },
  summary: { ...summaryLook, py: "1.5", fontWeight: "medium" },
  chevron: { display: "inline-flex", transition: "transform 0.15s", flexShrink: "0", color: "fg.muted" },
  panel: { ps: "5", pb: "2" },
  more: {
    "&[open] > summary .when-closed": { display: "none" },
    "&:not([open]) > summary .when-open": { display: "none" },
  },
  moreSummary: { ...summaryLook, py: "1", fontSize: "sm", color: "blue.fg", fontWeight: "medium" },
  items: {
    listStyle: "none",
    margin: "0",
    padding: "0",
    "& a": {
      display: "block",
      fontSize: "sm",
      color: "fg",
      paddingBlock: "1",
      paddingInline: "2",
      borderRadius: "sm",
      textDecoration: "none",
      _hover: { bg: "bg.muted", textDecoration: "underline" },
      [TOUCH]: { display: "flex", alignItems: "center", minH: TOUCH_TARGET },
    },
  },
  allLink: { recipe: "link", css: { fontSize: "sm", color: "blue.fg", mt: "1", px: "2", py: "1", fontWeight: "medium", ...linkLook } },
  empty: { color: "fg.muted" },
});

const CHEVRON = `<span class="chevron ${cb.chevron}"><svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="M9 6l6 6-6 6"></path></svg></span>`;

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function link(href: string, name: string, className?: string): string {
  return `<a href="${escapeHtml(href)}"${className ? ` class="${className}"` : ""}>${escapeHtml(name)}</a>`;
}

function itemLinks(items: readonly BrowserCategory[]): string {
  return `<ul class="${cb.items}">${items.map((item) => `<li>${link(categoryHref(item.id), item.name)}</li>`).join("")}</ul>`;
}

function subcategoryDisclosure(subcategory: BrowserSubcategory): string {
  const shown = subcategory.items.slice(0, BROWSER_ITEMS_SHOWN);
  const rest = subcategory.items.slice(BROWSER_ITEMS_SHOWN);
  const more =
    rest.length > 0
      ? `<details class="${cb.more}"><summary class="${cb.moreSummary}" data-more-items="${rest.length}">` +
        `<span class="when-closed">+ ${rest.length} more...</span><span class="when-open">Show fewer</span></summary>${itemLinks(rest)}</details>`
      : "";
  return (
    `<details class="${cb.subcategory}" data-subcategory="${escapeHtml(subcategory.id)}"><summary class="${cb.summary}">${CHEVRON}${escapeHtml(subcategory.name)}</summary>` +
    `<div class="${cb.panel}">${itemLinks(shown)}${more}${link(categoryHref(subcategory.id), `All ${subcategory.name}`, cb.allLink)}</div></details>`
  );
}

/** The browser's groups as the database holds them: main categories, their subcategories and items (db/reference-data.ts). */
export function browserGroups(taxonomy: readonly TaxonomyMainCategory[]): BrowserGroup[] {
  return taxonomy.map((main) => ({
    id: main.slug,
    name: main.name,
    subcategories: main.subcategories.map((sub) => ({
      id: sub.slug,
      name: sub.name,
      items: sub.items.map((item) => ({ id: itemSlug(main.slug, sub.slug, item), name: item })),
    })),
  }));
}

/** The markup inside the browser's list of groups: plain elements, static classes, the names escaped. */
export function categoryBrowserMarkup(groups: readonly BrowserGroup[]): string {
  if (groups.length === 0) return `<p class="${cb.empty}">No categories yet.</p>`;
  return groups
    .map(
      (group) =>
        `<div><h3 class="${cb.groupTitle}">${link(categoryHref(group.id), group.name, cb.groupLink)}</h3>` +
        `<div>${group.subcategories.map(subcategoryDisclosure).join("")}</div></div>`,
    )
    .join("");
}

let taxonomyMarkup: string | undefined;

/** A plain left click on one of the browser's plain anchors navigates inside the app, as a router link would. */
function useFollowInApp() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest("a");
    if (!anchor || anchor.target || anchor.hasAttribute("download") || anchor.origin !== window.location.origin) return;
    event.preventDefault();
    navigate(`${anchor.pathname}${anchor.search}`);
  };
}

/**
 * The browser's links are plain anchors; `followInApp` gives them client-side navigation. The markup inside is a
 * string the same on the server and in the browser, so hydration keeps the server's elements as they are.
 */
export function CategoryBrowser() {
  const followInApp = useFollowInApp();
  taxonomyMarkup ??= categoryBrowserMarkup(browserGroups(CATEGORY_TAXONOMY));
  return (
    <nav aria-labelledby="category-browser-heading" className={cb.root} onClick={followInApp}>
      <h2 id="category-browser-heading" className={cb.title}>
        Categories
      </h2>
      <div className={cb.groups} dangerouslySetInnerHTML={{ __html: taxonomyMarkup }} />
    </nav>
  );
}
