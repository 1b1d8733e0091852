// The expandable category browser: main category → subcategory (a disclosure) → items. Built on
// <details>/<summary>, so it opens and closes without JavaScript. Each subcategory shows its first five items,
// then "+ N more..." reveals the rest. Links use the category ids of the database ({group}_{subcategory}_{item}).
import { useNavigate } from "@remix-run/react";
import type { MouseEvent } from "react";
import { staticClasses } from "~/lib/static-styles.ts";
import { TOUCH, TOUCH_TARGET } from "~/lib/touch.ts";

/** Spec 01 §9: the category browser shows 5 items per subcategory before "+ N more...". */
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

function Chevron() {
  return (
    <span className={`chevron ${cb.chevron}`}>
      <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
        <path d="M9 6l6 6-6 6" />
      </svg>
    </span>
  );
}

function ItemLinks({ items }: { items: BrowserCategory[] }) {
  return (
    <ul className={cb.items}>
      {items.map((item) => (
        <li key={item.id}>
          <a href={categoryHref(item.id)}>{item.name}</a>
        </li>
      ))}
    </ul>
  );
}

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

function SubcategoryDisclosure({ subcategory }: { subcategory: BrowserSubcategory }) {
  const shown = subcategory.items.slice(0, BROWSER_ITEMS_SHOWN);
  const rest = subcategory.items.slice(BROWSER_ITEMS_SHOWN);
  return (
    <details className={cb.subcategory} data-subcategory={subcategory.id}>
      <summary className={cb.summary}>
        <Chevron />
        {subcategory.name}
      </summary>
      <div className={cb.panel}>
        <ItemLinks items={shown} />
        {rest.length > 0 ? (
          <details className={cb.more}>
            <summary className={cb.moreSummary} data-more-items={rest.length}>
              <span className="when-closed">+ {rest.length} more...</span>
              <span className="when-open">Show fewer</span>
            </summary>
            <ItemLinks items={rest} />
          </details>
        ) : null}
        <a href={categoryHref(subcategory.id)} className={cb.allLink}>
          All {subcategory.name}
        </a>
      </div>
    </details>
  );
}

/** The browser's links are plain anchors; `followInApp` gives them client-side navigation. */
export function CategoryBrowser({ groups }: { groups: BrowserGroup[] }) {
  const followInApp = useFollowInApp();
  return (
    <nav aria-labelledby="category-browser-heading" className={cb.root} onClick={followInApp}>
      <h2 id="category-browser-heading" className={cb.title}>
        Categories
      </h2>
      <div className={cb.groups}>
        {groups.map((group) => (
          <div key={group.id}>
            <h3 className={cb.groupTitle}>
              <a href={categoryHref(group.id)} className={cb.groupLink}>
                {group.name}
              </a>
            </h3>
            <div>
              {group.subcategories.map((subcategory) => (
                <SubcategoryDisclosure key={subcategory.id} subcategory={subcategory} />
              ))}
            </div>
          </div>
        ))}
        {groups.length === 0 ? <p className={cb.empty}>No categories yet.</p> : null}
      </div>
    </nav>
  );
}
