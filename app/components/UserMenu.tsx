// The signed-in member's avatar menu: a menu button (WAI-ARIA APG "menu button" pattern) written for the header.
// Enter, Space or ↓ opens it on the first item, ↑ on the last; ↑ ↓ Home End move between items; Escape closes it
// and gives focus back to the button; Tab, a click outside or following a link closes it. It is drawn with static
// classes, and replaces Chakra's Menu, whose state machine and positioning library (~18 KB of gzip) every page's
// first load carried for one menu that opens under its button.
import type { Permission } from "~/lib/permissions.ts";
import { Form, Link as RemixLink, useLocation } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { signOutAfterWipe } from "~/lib/offline/offline-sync.ts";
import { accountLinks } from "~/lib/navigation.ts";
import { staticClasses } from "~/lib/static-styles.ts";
import { TOUCH, TOUCH_TARGET } from "~/lib/touch.ts";
import { displayName, initials, type CurrentUser } from "~/lib/user.ts";
import { classNames, HEADER_PANEL_LOOK, shell } from "./shell-styles.ts";

const menu = staticClasses("user-menu", {
  root: { position: "relative" },
  trigger: { px: "1" },
  avatar: {
    position: "relative",
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    w: "8",
    h: "8",
    rounded: "full",
    overflow: "hidden",
    bg: "blue.muted",
    color: "blue.fg",
    fontSize: "sm",
    fontWeight: "medium",
    flexShrink: "0",
  },
  // A picture that fails to load shows nothing (alt=""), leaving the initials under it.
  avatarImage: { position: "absolute", inset: "0", w: "full", h: "full", objectFit: "cover" },
  panel: { ...HEADER_PANEL_LOOK, insetEnd: "0", minW: "56", p: "1" },
  who: { px: "3", py: "2" },
  name: { fontWeight: "semibold" },
  email: { fontSize: "xs", color: "fg.muted", overflowWrap: "anywhere" },
  separator: { borderTopWidth: "1px", my: "1", mx: "-1" },
  item: {
    display: "flex",
    alignItems: "center",
    w: "full",
    px: "2",
    py: "1.5",
    rounded: "l1",
    fontSize: "sm",
    color: "fg",
    textAlign: "start",
    textDecoration: "none",
    cursor: "pointer",
    _hover: { bg: "bg.muted" },
    _focusVisible: { bg: "bg.muted", outline: "2px solid", outlineColor: "blue.focusRing", outlineOffset: "-2px" },
    [TOUCH]: { minH: TOUCH_TARGET },
  },
});

/** Where focus goes among the menu's items for a key, or null when the key does not move it. */
function nextIndex(key: string, current: number, count: number): number | null {
  if (key === "ArrowDown") return (current + 1) % count;
  if (key === "ArrowUp") return (current - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}

export function UserMenu({ user, permissions }: { user: CurrentUser; permissions: readonly Permission[] }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  /** Which item to focus once the menu is shown: "first", "last", or none (opened by a mouse click). */
  const focusOnOpen = useRef<"first" | "last" | null>(null);
  const menuId = useId();
  const location = useLocation();

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>("[role=menuitem]") ?? []);

  useEffect(() => setOpen(false), [location.pathname, location.search]);

  useEffect(() => {
    if (!open) return;
    const wanted = focusOnOpen.current;
    focusOnOpen.current = null;
    const list = items();
    if (wanted === "first") list[0]?.focus();
    if (wanted === "last") list[list.length - 1]?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOutside);
    return () => document.removeEventListener("pointerdown", closeOutside);
  }, [open]);

  function show(focus: "first" | "last" | null) {
    focusOnOpen.current = focus;
    setOpen(true);
  }

  function close({ refocus }: { refocus: boolean }) {
    setOpen(false);
    if (refocus) triggerRef.current?.focus();
  }

  function onTriggerKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const at = event.key === "ArrowDown" ? "first" : "last";
      if (!open) return show(at);
      const list = items();
      list[at === "first" ? 0 : list.length - 1]?.focus();
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      close({ refocus: false });
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const list = items();
    const current = list.indexOf(document.activeElement as HTMLElement);
    const next = nextIndex(event.key, current, list.length);
    if (next !== null) {
      event.preventDefault();
      list[next]?.focus();
    } else if (event.key === "Escape") {
      event.preventDefault();
      close({ refocus: true });
    } else if (event.key === "Tab") {
      close({ refocus: false });
    }
  }

  const name = displayName(user);
  const links = [{ to: "/dashboard", label: "Dashboard" }, { to: "/profile", label: "Profile" }, ...accountLinks(permissions)];

  return (
    <div ref={rootRef} className={menu.root}>
      <button
        ref={triggerRef}
        type="button"
        className={classNames(shell.ghostButton, menu.trigger)}
        aria-label={`Account menu for ${name}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => (open ? close({ refocus: false }) : show(event.detail === 0 ? "first" : null))}
        onKeyDown={onTriggerKeyDown}
      >
        <span className={menu.avatar} aria-hidden="true">
          {initials(user)}
          {user.avatarUrl ? <img src={user.avatarUrl} alt="" className={menu.avatarImage} /> : null}
        </span>
      </button>
      {open ? (
        <div className={menu.panel}>
          <div className={menu.who}>
            <p className={menu.name}>{name}</p>
            <p className={menu.email}>{user.email}</p>
          </div>
          <div className={menu.separator} />
          <div ref={menuRef} id={menuId} role="menu" aria-label={`Account menu for ${name}`} onKeyDown={onMenuKeyDown}>
            {links.map((link) => (
              <RemixLink key={link.to} to={link.to} role="menuitem" tabIndex={-1} className={menu.item} onClick={() => setOpen(false)}>
                {link.label}
              </RemixLink>
            ))}
            <div className={menu.separator} role="separator" />
            <Form method="post" action="/logout" onSubmit={signOutAfterWipe} role="none">
              <button type="submit" role="menuitem" tabIndex={-1} className={menu.item}>
                Sign Out
              </button>
            </Form>
          </div>
        </div>
      ) : null}
    </div>
  );
}
