// The global header: links, role-aware links, colour mode, avatar menu and the collapsible mobile menu.
// It is on every page, so it is drawn with static classes (compiled once into the site stylesheet) rather than
// Chakra style props, which would be resolved and serialised again on every render. The signed-in avatar menu is
// UserMenu.tsx.
import type { Permission } from "~/lib/permissions.ts";
import { Form, useLocation, useRevalidator } from "@remix-run/react";
import { AppLink } from "~/components/AppLink.tsx";
import { useEffect, useState } from "react";
import { useLiveAuctions } from "~/components/live/use-live-auctions.ts";
import { signOutAfterWipe } from "~/lib/offline/offline-sync.ts";
import { adminLink, GUEST_LINKS, memberBarLinks, mobileMenuLinks, PUBLIC_LINKS, sellLinks, unreadLinkLabel, type NavLinkItem } from "~/lib/navigation.ts";
import { staticClasses } from "~/lib/static-styles.ts";
import { TOUCH, TOUCH_TARGET } from "~/lib/touch.ts";
import type { CurrentUser } from "~/lib/user.ts";
import { ColorModeToggle } from "./ColorModeToggle.tsx";
import { LiveAlerts } from "./LiveAlerts.tsx";
import { NotificationBell, unreadBadgeText } from "./NotificationBell.tsx";
import { SellMenu } from "./SellMenu.tsx";
import { UserMenu } from "./UserMenu.tsx";
import { CloseIcon, MenuIcon } from "./icons.tsx";
import { classNames, shell, UNREAD_BADGE_LOOK } from "./shell-styles.ts";

const MOBILE_MENU_ID = "site-mobile-menu";

const header = staticClasses("header", {
  root: { borderBottomWidth: "1px", bg: "bg", position: "sticky", top: "0", zIndex: "sticky" },
  bar: { display: "flex", alignItems: "center", gap: { base: "1", sm: "2" }, py: "2" },
  brand: {
    fontWeight: "bold",
    fontSize: "xl",
    color: "blue.fg",
    mr: { base: "1", sm: "4", lg: "2", xl: "4" },
    [TOUCH]: { display: "inline-flex", alignItems: "center", minH: TOUCH_TARGET },
  },
  // One row from 1024 px: the role tools sit in the Sell menu and one admin entry, links never wrap.
  mainNav: { display: { base: "none", lg: "flex" }, alignItems: "center", flex: "1", flexWrap: "nowrap", minW: "0" },
  spacer: { flex: "1", display: { base: "block", lg: "none" } },
  guestLinks: { display: { base: "none", lg: "flex" }, alignItems: "center", gap: "1" },
  // The current section's link carries aria-current="page".
  link: {
    display: "block",
    px: { base: "3", lg: "1.5", xl: "3" },
    py: "2",
    rounded: "md",
    fontSize: "sm",
    fontWeight: "medium",
    color: "fg",
    whiteSpace: "nowrap",
    _hover: { bg: "bg.muted" },
    "&[aria-current=page]": { fontWeight: "semibold", color: "blue.fg" },
    [TOUCH]: { display: "flex", alignItems: "center", minH: TOUCH_TARGET },
    // The unread badge (Messages): drawn from data-unread, so the link's text stays its label.
    "&[data-unread]::after": {
      content: "attr(data-unread)",
      display: "inline-block",
      ms: "1.5",
      ...UNREAD_BADGE_LOOK,
      verticalAlign: "text-top",
    },
  },
  // A link with a short form shows it from 1024 to 1279 px only (the bar's one row), its full label elsewhere.
  fullLabel: { display: { base: "inline", lg: "none", xl: "inline" } },
  shortLabel: { display: { base: "none", lg: "inline", xl: "none" } },
  menuToggle: { display: { base: "inline-flex", lg: "none" } },
  // Fades in when shown (display: none restarts the animation each time it opens).
  mobileMenu: { pb: "3", display: { lg: "none" }, animationName: "fade-in", animationDuration: "moderate" },
  mobileNav: { display: "flex", flexDirection: "column" },
  mobileGroup: { fontSize: "xs", fontWeight: "semibold", color: "fg.muted", textTransform: "uppercase", letterSpacing: "wide", px: "3", pt: "3", pb: "1" },
  signOut: { justifyContent: "flex-start", w: "full" },
});

/** NavLink's rule (the page itself or one below it, ignoring case), without NavLink's per-link path matching. */
function isCurrentSection(pathname: string, to: string): boolean {
  const path = pathname.toLowerCase();
  const target = to.toLowerCase();
  return path === target || (path.startsWith(target) && path.charAt(target.length) === "/");
}

interface UnreadCounts {
  messages: number;
}

function HeaderLink({ item, pathname, onNavigate, unread }: { item: NavLinkItem; pathname: string; onNavigate?: () => void; unread?: UnreadCounts }) {
  const count = item.unread && unread ? unread[item.unread] : 0;
  return (
    <AppLink
      to={item.to}
      prefetch="intent"
      onClick={onNavigate}
      className={header.link}
      aria-current={isCurrentSection(pathname, item.to) ? "page" : undefined}
      aria-label={count > 0 ? unreadLinkLabel(item.label, count) : item.short ? item.label : undefined}
      data-unread={count > 0 ? unreadBadgeText(count) : undefined}
    >
      {item.short ? (
        <>
          <span className={header.fullLabel}>{item.label}</span>
          <span className={header.shortLabel}>{item.short}</span>
        </>
      ) : (
        item.label
      )}
    </AppLink>
  );
}

export function SiteHeader({
  user,
  permissions = [],
  unreadNotifications = 0,
  unreadMessages = 0,
}: {
  user: CurrentUser | null;
  /** The member's permissions: which capability links to show. */
  permissions?: readonly Permission[];
  unreadNotifications?: number;
  unreadMessages?: number;
}) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);
  const unread: UnreadCounts = { messages: unreadMessages };

  // A message to the member reloads the page's data (the root loader counts unread messages), so the Messages badge
  // updates without a reload. /messages reloads its own data when a message arrives.
  const revalidator = useRevalidator();
  useLiveAuctions({
    auctionIds: [],
    enabled: user !== null,
    onMessage: (live) => {
      if (live.message.senderId !== user?.id && !isCurrentSection(location.pathname, "/messages")) revalidator.revalidate();
    },
  });

  const links = [...PUBLIC_LINKS, ...(user ? memberBarLinks() : [])];
  const admin = user ? adminLink(permissions) : null;
  const mobile = mobileMenuLinks(user ? permissions : []);
  const isCurrent = (to: string) => isCurrentSection(location.pathname, to);

  return (
    <header className={header.root}>
      <div className={classNames(shell.container, header.bar)}>
        <AppLink to="/" aria-label="Tradebench home" className={header.brand}>
          Tradebench
        </AppLink>
        <nav aria-label="Main" className={header.mainNav}>
          {links.map((item) => (
            <HeaderLink key={item.to} item={item} pathname={location.pathname} unread={unread} />
          ))}
          {user ? <SellMenu links={sellLinks(permissions)} isCurrent={isCurrent} /> : null}
          {admin ? <HeaderLink item={admin} pathname={location.pathname} /> : null}
        </nav>
        <div className={header.spacer} />
        <ColorModeToggle />
        {user ? <NotificationBell unreadCount={unreadNotifications} /> : null}
        {user ? (
          <UserMenu user={user} permissions={permissions} />
        ) : (
          <div className={header.guestLinks}>
            {GUEST_LINKS.map((item) => (
              <HeaderLink key={item.to} item={item} pathname={location.pathname} />
            ))}
          </div>
        )}
        <button
          type="button"
          className={classNames(shell.iconButton, header.menuToggle)}
          aria-label={open ? "Close menu" : "Open menu"}
          aria-expanded={open}
          aria-controls={MOBILE_MENU_ID}
          data-menu-toggle=""
          onClick={() => setOpen((wasOpen) => !wasOpen)}
        >
          {open ? <CloseIcon /> : <MenuIcon />}
        </button>
      </div>
      {/* Without JavaScript the toggle cannot open the menu: below 1024 px the menu is then simply shown, so a phone
          still reaches every link, and the dead toggle is hidden. The rule sits in Chakra's reset layer, whose
          own important [hidden] rule an unlayered one cannot beat. */}
      <noscript>
        <style>{`@layer reset { @media (max-width: 1023.98px) { #${MOBILE_MENU_ID}[hidden] { display: block !important; } } } [data-menu-toggle] { display: none !important; }`}</style>
      </noscript>
      <div id={MOBILE_MENU_ID} hidden={!open} className={classNames(shell.container, header.mobileMenu)}>
        <nav aria-label="Mobile" className={header.mobileNav}>
          {(user ? mobile.main : links).map((item) => (
            <HeaderLink key={item.to} item={item} pathname={location.pathname} onNavigate={() => setOpen(false)} unread={unread} />
          ))}
          {user && mobile.sell.length > 0 ? (
            <>
              <p className={header.mobileGroup} id="mobile-sell-heading">
                Sell
              </p>
              <ul aria-labelledby="mobile-sell-heading" style={{ listStyle: "none", margin: 0, padding: 0 }}>
                {mobile.sell.map((item) => (
                  <li key={item.to}>
                    <HeaderLink item={item} pathname={location.pathname} onNavigate={() => setOpen(false)} />
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {(user ? mobile.account : GUEST_LINKS).map((item) => (
            <HeaderLink key={item.to} item={item} pathname={location.pathname} onNavigate={() => setOpen(false)} unread={unread} />
          ))}
          {user ? (
            <Form method="post" action="/logout" onSubmit={signOutAfterWipe}>
              <button type="submit" className={classNames(shell.ghostButton, header.signOut)}>
                Sign Out
              </button>
            </Form>
          ) : null}
        </nav>
      </div>
      {user ? <LiveAlerts /> : null}
    </header>
  );
}
