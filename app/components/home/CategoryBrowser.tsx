// The expandable category browser: main category → subcategory (a disclosure) → items. Built on
// <details>/<summary>, so it opens and closes without JavaScript. Each subcategory shows its first five items,
// then "+ N more..." reveals the rest. Links use the category ids of the database ({group}_{subcategory}_{item}).
import { Box, chakra, Heading, Link, Stack, Text } from "@chakra-ui/react";
import { Link as RemixLink, useNavigate } from "@remix-run/react";
import type { MouseEvent } from "react";

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

export function categoryHref(id: string): string {
  return `/listings?${new URLSearchParams({ category: id })}`;
}

const Details = chakra("details");
const Summary = chakra("summary", {
  base: {
    display: "flex",
    alignItems: "center",
    gap: "2",
    cursor: "pointer",
    listStyle: "none",
    rounded: "md",
    "&::-webkit-details-marker": { display: "none" },
    _hover: { bg: "bg.muted" },
    _focusVisible: { outline: "2px solid", outlineColor: "blue.focusRing", outlineOffset: "1px" },
  },
});

function Chevron() {
  return (
    <Box as="span" className="chevron" display="inline-flex" transition="transform 0.15s" flexShrink={0} color="fg.muted">
      <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
        <path d="M9 6l6 6-6 6" />
      </svg>
    </Box>
  );
}

/**
 * Plain elements styled from the browser's root (see `itemListStyles`) and plain anchors: rendering ~300 router
 * links costs the server more than the rest of the browser together. `followInApp` gives them client-side navigation.
 */
function ItemLinks({ items }: { items: BrowserCategory[] }) {
  return (
    <ul className="category-items">
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

const itemListStyles = {
  "& .category-items": { listStyle: "none", margin: "0", padding: "0" },
  "& .category-items a": {
    display: "block",
    fontSize: "sm",
    color: "fg",
    paddingBlock: "1",
    paddingInline: "2",
    borderRadius: "sm",
    textDecoration: "none",
    _hover: { bg: "bg.muted", textDecoration: "underline" },
  },
} as const;

function SubcategoryDisclosure({ subcategory }: { subcategory: BrowserSubcategory }) {
  const shown = subcategory.items.slice(0, BROWSER_ITEMS_SHOWN);
  const rest = subcategory.items.slice(BROWSER_ITEMS_SHOWN);
  return (
    <Details css={{ "&[open] > summary .chevron": { transform: "rotate(90deg)" } }} data-subcategory={subcategory.id}>
      <Summary px="2" py="1.5" fontWeight="medium">
        <Chevron />
        {subcategory.name}
      </Summary>
      <Box ps="5" pb="2">
        <ItemLinks items={shown} />
        {rest.length > 0 ? (
          <Details
            css={{
              "&[open] > summary .when-closed": { display: "none" },
              "&:not([open]) > summary .when-open": { display: "none" },
            }}
          >
            <Summary px="2" py="1" fontSize="sm" color="blue.fg" fontWeight="medium" data-more-items={rest.length}>
              <span className="when-closed">+ {rest.length} more...</span>
              <span className="when-open">Show fewer</span>
            </Summary>
            <ItemLinks items={rest} />
          </Details>
        ) : null}
        <Link asChild fontSize="sm" color="blue.fg" display="inline-block" mt="1" px="2" py="1" fontWeight="medium">
          <RemixLink to={categoryHref(subcategory.id)}>All {subcategory.name}</RemixLink>
        </Link>
      </Box>
    </Details>
  );
}

export function CategoryBrowser({ groups }: { groups: BrowserGroup[] }) {
  const followInApp = useFollowInApp();
  return (
    <Box
      as="nav"
      aria-labelledby="category-browser-heading"
      borderWidth="1px"
      rounded="lg"
      p="4"
      bg="bg"
      css={itemListStyles}
      onClick={followInApp}
    >
      <Heading as="h2" id="category-browser-heading" size="lg" mb="3">
        Categories
      </Heading>
      <Stack gap="5">
        {groups.map((group) => (
          <Box key={group.id}>
            <Heading as="h3" size="sm" mb="1" px="2">
              <Link asChild color="fg" _hover={{ textDecoration: "underline" }}>
                <RemixLink to={categoryHref(group.id)}>{group.name}</RemixLink>
              </Link>
            </Heading>
            <Stack gap="0">
              {group.subcategories.map((subcategory) => (
                <SubcategoryDisclosure key={subcategory.id} subcategory={subcategory} />
              ))}
            </Stack>
          </Box>
        ))}
        {groups.length === 0 ? <Text color="fg.muted">No categories yet.</Text> : null}
      </Stack>
    </Box>
  );
}
