// The header's "Sell" menu: the seller's tools (Create Listing, Bulk Upload, My listings, Orders, Offers)
// behind one button, so the header stays one row from 1024 px. A <details> disclosure: it opens and closes without
// JavaScript, from the keyboard (Enter or Space on "Sell", Tab through the links), and with JavaScript it also
// closes on Escape (focus back on "Sell"), on a click outside and after following a link.
import { Link as RemixLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { NavLinkItem } from "~/lib/navigation.ts";
import { staticClasses } from "~/lib/static-styles.ts";
import { TOUCH, TOUCH_TARGET } from "~/lib/touch.ts";

const sell = staticClasses("sell-menu", {
  root: { position: "relative" },
  summary: {
    listStyle: "none",
    display: "flex",
    alignItems: "center",
    gap: "1",
    px: { base: "3", lg: "2", xl: "3" },
    py: "2",
    rounded: "md",
    fontSize: "sm",
    fontWeight: "medium",
    color: "fg",
    cursor: "pointer",
    whiteSpace: "nowrap",
    _hover: { bg: "bg.muted" },
    "&::-webkit-details-marker": { display: "none" },
    "&::after": { content: '"▾"', fontSize: "xs", color: "fg.muted" },
    "&[data-current]": { fontWeight: "semibold", color: "blue.fg" },
    _focusVisible: { outline: "2px solid", outlineColor: "blue.focusRing", outlineOffset: "2px" },
    [TOUCH]: { minH: TOUCH_TARGET },
  },
  panel: {
    position: "absolute",
    top: "100%",
    insetInlineStart: "0",
    mt: "1",
    minW: "12rem",
    bg: "bg.panel",
    borderWidth: "1px",
    rounded: "md",
    shadow: "lg",
    p: "1",
    zIndex: "dropdown",
    listStyle: "none",
  },
  link: {
    display: "block",
    px: "3",
    py: "2",
    rounded: "sm",
    fontSize: "sm",
    color: "fg",
    whiteSpace: "nowrap",
    _hover: { bg: "bg.muted" },
    _focusVisible: { outline: "2px solid", outlineColor: "blue.focusRing", outlineOffset: "-2px" },
    "&[aria-current=page]": { fontWeight: "semibold", color: "blue.fg" },
    [TOUCH]: { display: "flex", alignItems: "center", minH: TOUCH_TARGET },
  },
});

export function SellMenu({ links, isCurrent }: { links: NavLinkItem[]; isCurrent: (to: string) => boolean }) {
  const details = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (details.current) details.current.open = false;
  }, [location.pathname]);
  useEffect(() => {
    const closeOutside = (event: MouseEvent) => {
      if (details.current?.open && event.target instanceof Node && !details.current.contains(event.target)) details.current.open = false;
    };
    document.addEventListener("click", closeOutside);
    return () => document.removeEventListener("click", closeOutside);
  }, []);
  if (links.length === 0) return null;
  const current = links.some((link) => isCurrent(link.to));
  return (
    <details
      ref={details}
      className={sell.root}
      onKeyDown={(event) => {
        if (event.key === "Escape" && details.current?.open) {
          details.current.open = false;
          summary.current?.focus();
        }
      }}
    >
      <summary ref={summary} className={sell.summary} data-current={current ? "" : undefined}>
        Sell
      </summary>
      <ul className={sell.panel} aria-label="Sell">
        {links.map((link) => (
          <li key={link.to}>
            <RemixLink to={link.to} className={sell.link} aria-current={isCurrent(link.to) ? "page" : undefined}>
              {link.label}
            </RemixLink>
          </li>
        ))}
      </ul>
    </details>
  );
}
