// The header's notification bell (docs/product/alerts.md#notifications Notification dropdown): the unread badge (9+ above 9), and a dropdown
// with the 5 latest, each linking to its action_url, "View all notifications" and "Mark all as read". It refreshes
// every 30 seconds and at once when a notification arrives over the live connection; it closes on an outside click,
// Escape or when focus leaves it. Without JavaScript the bell is a plain link-like button to /notifications.
import { useFetcher, useLocation, Link as RemixLink } from "@remix-run/react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { POLL_INTERVAL_MS, useLiveAuctions } from "~/components/live/use-live-auctions.ts";
import { formatRelativeTime } from "~/lib/relative-time.ts";
import { staticClasses } from "~/lib/static-styles.ts";
import { BellIcon } from "./icons.tsx";
import { NotificationTypeIcon } from "./NotificationTypeIcon.tsx";
import type { InboxNotification } from "~/services/notifications/index.server.ts";
import { classNames, HEADER_PANEL_LOOK, shell, UNREAD_BADGE_LOOK } from "./shell-styles.ts";
import { useHydrated } from "./use-hydrated.ts";

/** docs/product/alerts.md#notifications: the badge shows the count up to 9, then "9+". */
export function unreadBadgeText(count: number): string {
  return count > 9 ? "9+" : String(count);
}

function bellLabel(count: number): string {
  return count > 0 ? `Notifications, ${count} unread` : "Notifications";
}

const BELL_DATA_URL = "/resources/notifications";

const bell = staticClasses("bell", {
  // On phones the panel spans the header; from md on it hangs under the bell.
  root: { position: { base: "static", md: "relative" } },
  form: { display: "inline-flex" },
  button: { position: "relative" },
  badge: {
    position: "absolute",
    top: "0",
    insetInlineEnd: "0",
    ...UNREAD_BADGE_LOOK,
    pointerEvents: "none",
  },
  panel: {
    ...HEADER_PANEL_LOOK,
    insetInlineStart: { base: "2", md: "auto" },
    insetInlineEnd: { base: "2", md: "0" },
    w: { base: "auto", md: "sm" },
    maxW: "calc(100vw - 1rem)",
  },
  head: { display: "flex", alignItems: "center", justifyContent: "space-between", gap: "2", px: "4", py: "3", borderBottomWidth: "1px" },
  heading: { fontWeight: "semibold", fontSize: "md" },
  markAll: {
    fontSize: "sm",
    fontWeight: "medium",
    color: "blue.fg",
    rounded: "sm",
    px: "1",
    _hover: { textDecoration: "underline" },
    _focusVisible: { outline: "2px solid", outlineColor: "blue.focusRing", outlineOffset: "2px" },
    _disabled: { color: "fg.muted", cursor: "default", textDecoration: "none" },
  },
  list: { maxH: "min(36rem, 70vh)", overflowY: "auto" },
  item: { borderBottomWidth: "1px", _last: { borderBottomWidth: "0" } },
  entry: {
    display: "flex",
    gap: "3",
    alignItems: "flex-start",
    px: "4",
    py: "3",
    color: "fg",
  },
  entryLink: {
    _hover: { bg: "bg.muted" },
    _focusVisible: { outline: "2px solid", outlineColor: "blue.focusRing", outlineOffset: "-2px" },
  },
  body: { flex: "1", minW: "0", display: "flex", flexDirection: "column", gap: "0.5" },
  title: { fontSize: "sm", fontWeight: "semibold" },
  unreadTitle: { fontSize: "sm", fontWeight: "bold" },
  message: { fontSize: "sm", color: "fg.muted" },
  time: { fontSize: "xs", color: "fg.muted" },
  dot: { flexShrink: "0", mt: "2", w: "2", h: "2", rounded: "full", bg: "blue.solid" },
  note: { px: "4", py: "6", fontSize: "sm", color: "fg.muted", textAlign: "center" },
  foot: { borderTopWidth: "1px", px: "4", py: "2", textAlign: "center" },
  viewAll: {
    display: "inline-block",
    fontSize: "sm",
    fontWeight: "medium",
    color: "blue.fg",
    rounded: "sm",
    px: "1",
    _hover: { textDecoration: "underline" },
    _focusVisible: { outline: "2px solid", outlineColor: "blue.focusRing", outlineOffset: "2px" },
  },
});

function BellEntry({ notification, now, onNavigate }: { notification: InboxNotification; now: number; onNavigate: (notification: InboxNotification) => void }) {
  const content = (
    <>
      <NotificationTypeIcon type={notification.type} />
      <span className={bell.body}>
        <span className={notification.isRead ? bell.title : bell.unreadTitle}>{notification.title}</span>
        <span className={bell.message}>{notification.message}</span>
        <time className={bell.time} dateTime={notification.createdAt}>
          {formatRelativeTime(notification.createdAt, now)}
        </time>
      </span>
      {notification.isRead ? null : (
        <>
          <span className={bell.dot} aria-hidden="true" />
          <span className={shell.srOnly}>Unread</span>
        </>
      )}
    </>
  );
  return (
    <li className={bell.item}>
      {notification.actionUrl ? (
        <RemixLink to={notification.actionUrl} className={classNames(bell.entry, bell.entryLink)} onClick={() => onNavigate(notification)}>
          {content}
        </RemixLink>
      ) : (
        <div className={bell.entry}>{content}</div>
      )}
    </li>
  );
}

/** Tells the action the request came through a fetcher, so it answers with data instead of a redirect. */
function JsMarker() {
  const hydrated = useHydrated();
  return hydrated ? <input type="hidden" name="js" value="1" /> : null;
}

export function NotificationBell({ unreadCount }: { unreadCount: number }) {
  const panelId = useId();
  const headingId = useId();
  const location = useLocation();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [count, setCount] = useState(unreadCount);
  const [items, setItems] = useState<InboxNotification[] | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const latestRequest = useRef(0);
  const markAll = useFetcher<{ ok: boolean }>();
  // Opening an unread notification marks it read (the /notifications action's "mark-read"), beside the navigation.
  const markOne = useFetcher<{ ok: boolean }>();

  // The page's own data (the root loader) is fresher after every navigation and form.
  useEffect(() => setCount(unreadCount), [unreadCount]);

  const refresh = useCallback(async () => {
    const request = ++latestRequest.current;
    try {
      const response = await fetch(BELL_DATA_URL, { headers: { Accept: "application/json" }, credentials: "same-origin" });
      if (!response.ok) return;
      const bellData = (await response.json()) as { items: InboxNotification[]; unreadCount: number };
      if (request !== latestRequest.current) return;
      setItems(bellData.items);
      setCount(bellData.unreadCount);
      setNow(Date.now());
    } catch {
      // Offline or the server restarting: the next refresh tries again.
    }
  }, []);

  // Every 30 seconds while the page is shown, and at once when a notification is pushed.
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") void refresh();
    }, POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [refresh]);
  useLiveAuctions({ auctionIds: [], onNotification: () => void refresh() });

  // After "Mark all as read" went through.
  useEffect(() => {
    if (markAll.state === "idle" && markAll.data?.ok) void refresh();
  }, [markAll.state, markAll.data, refresh]);
  useEffect(() => {
    if (markOne.state === "idle" && markOne.data?.ok) void refresh();
  }, [markOne.state, markOne.data, refresh]);

  const openNotification = useCallback(
    (notification: InboxNotification) => {
      setOpen(false);
      if (notification.isRead) return;
      // Shown read at once; the badge follows the server's count once the fetcher is done.
      setItems((current) => current?.map((item) => (item.id === notification.id ? { ...item, isRead: true } : item)) ?? null);
      markOne.submit({ intent: "mark-read", id: String(notification.id), js: "1" }, { method: "post", action: "/notifications" });
    },
    [markOne],
  );

  // Navigating closes the dropdown.
  useEffect(() => setOpen(false), [location.pathname, location.search]);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        close(rootRef.current?.contains(document.activeElement) ?? false);
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open, close]);

  const markingAll = markAll.state !== "idle";
  const shownCount = markingAll ? 0 : count;
  const shownItems = markingAll && items ? items.map((item) => ({ ...item, isRead: true })) : items;

  return (
    <div
      ref={rootRef}
      className={bell.root}
      onBlur={(event) => {
        // Tabbing out of the dropdown closes it.
        if (open && event.relatedTarget instanceof Node && !rootRef.current?.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      {/* Without JavaScript the bell opens /notifications. */}
      <form method="get" action="/notifications" className={bell.form}>
        <button
          ref={buttonRef}
          type="submit"
          className={classNames(shell.iconButton, bell.button)}
          aria-label={bellLabel(shownCount)}
          aria-expanded={open}
          aria-controls={panelId}
          title="Notifications"
          data-unread-count={shownCount}
          onClick={(event) => {
            event.preventDefault();
            if (!open) void refresh();
            setOpen((wasOpen) => !wasOpen);
          }}
        >
          <BellIcon />
          {shownCount > 0 ? (
            <span className={bell.badge} aria-hidden="true" data-testid="notification-badge">
              {unreadBadgeText(shownCount)}
            </span>
          ) : null}
        </button>
      </form>
      <section id={panelId} hidden={!open} aria-labelledby={headingId} className={bell.panel}>
        {open ? (
          <>
            <div className={bell.head}>
              <h2 id={headingId} className={bell.heading}>
                Notifications
              </h2>
              <markAll.Form method="post" action="/notifications">
                <input type="hidden" name="intent" value="mark-all-read" />
                <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
                <JsMarker />
                <button type="submit" className={bell.markAll} disabled={markingAll || shownCount === 0}>
                  Mark all as read
                </button>
              </markAll.Form>
            </div>
            {shownItems === null ? (
              <p className={bell.note} role="status">
                Loading notifications...
              </p>
            ) : shownItems.length === 0 ? (
              <p className={bell.note}>No notifications yet</p>
            ) : (
              <ul className={bell.list} aria-label="Latest notifications">
                {shownItems.map((notification) => (
                  <BellEntry key={notification.id} notification={notification} now={now} onNavigate={openNotification} />
                ))}
              </ul>
            )}
            <div className={bell.foot}>
              <RemixLink to="/notifications" className={bell.viewAll} onClick={() => setOpen(false)}>
                View all notifications
              </RemixLink>
            </div>
          </>
        ) : null}
      </section>
    </div>
  );
}
