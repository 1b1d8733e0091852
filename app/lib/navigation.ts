// The header's links (docs/product/platform.md#navigation), for desktop and mobile menus alike.
// Which capability links a member sees follows their role's permissions (role_permissions, sent by the root loader):
// hiding a link is courtesy, the route decides.
import { ADMIN_CONSOLE_PERMISSIONS } from "./admin.ts";
import type { Permission } from "./permissions.ts";

export interface NavLinkItem {
  to: string;
  label: string;
  /** The header shows this unread count as a badge on the link. */
  unread?: "messages";
  /** The words the header bar shows from 1024 to 1279 px, where the full label does not fit one row; the full label stays the link's name. */
  short?: string;
}

export const PUBLIC_LINKS: NavLinkItem[] = [
  { to: "/listings", label: "Equipment" },
  { to: "/auctions", label: "Auctions" },
  { to: "/knowledge-base", label: "Knowledge Base" },
  { to: "/forum", label: "Forum" },
];

export const GUEST_LINKS: NavLinkItem[] = [
  { to: "/login", label: "Sign In" },
  { to: "/register", label: "Register" },
];

/** Links for a signed-in member: their own pages, then the ones their permissions open (docs/product/platform.md#navigation). */
export function memberLinks(permissions: readonly Permission[]): NavLinkItem[] {
  const links: NavLinkItem[] = [
    { to: "/dashboard", label: "Dashboard" },
    { to: "/messages", label: "Messages", unread: "messages" },
    { to: "/watchlist", label: "Watchlist & Saved Searches", short: "Watchlist" },
  ];
  if (permissions.includes("can_create_listings")) links.push({ to: "/create-listing", label: "Create Listing" }, { to: "/bulk-upload", label: "Bulk Upload" });
  if (permissions.includes("can_manage_users")) links.push({ to: "/admin", label: "Admin Panel" });
  return links;
}

/** Orders and money: in the account menu (and the mobile menu), so the header bar keeps the spec's links. */
export function accountLinks(permissions: readonly Permission[]): NavLinkItem[] {
  const links: NavLinkItem[] = [
    { to: "/orders", label: "Orders" },
    { to: "/offers", label: "Offers" },
  ];
  if (permissions.includes("can_create_listings")) links.push({ to: "/seller/orders", label: "Sales" });
  if (permissions.includes("can_confirm_payments") || permissions.includes("can_resolve_disputes")) links.push({ to: "/escrow", label: "Escrow" });
  if (permissions.includes("can_answer_support")) links.push({ to: "/support-inbox", label: "Support inbox" });
  return links;
}

/** The link's accessible name with its unread count ("Messages, 2 unread"); just the label at 0. */
export function unreadLinkLabel(label: string, count: number): string {
  return count > 0 ? `${label}, ${count} unread` : label;
}

export const FOOTER_LINKS: NavLinkItem[] = [
  { to: "/pricing", label: "Pricing" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
  { to: "/faq", label: "FAQ" },
  { to: "/buyer-protection", label: "Buyer Protection" },
  { to: "/terms", label: "Terms of Service" },
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/prohibited-conduct", label: "Prohibited Conduct" },
];

export const SOCIAL_LINKS: NavLinkItem[] = [
  { to: "https://www.linkedin.com/company/tradebench", label: "LinkedIn" },
  { to: "https://x.com/tradebench", label: "X (Twitter)" },
  { to: "https://www.youtube.com/@tradebench", label: "YouTube" },
  { to: "https://www.facebook.com/tradebench", label: "Facebook" },
];

/** Pages the not-found screen suggests (docs/product/platform.md#public-pages). */
export const NOT_FOUND_LINKS: NavLinkItem[] = [
  { to: "/", label: "Home" },
  { to: "/listings", label: "Browse equipment" },
  { to: "/auctions", label: "Live auctions" },
  { to: "/create-listing", label: "Create a listing" },
  { to: "/knowledge-base", label: "Knowledge base" },
  { to: "/forum", label: "Forum" },
  { to: "/faq", label: "FAQ" },
  { to: "/contact", label: "Contact us" },
];

/** The seller's tools, grouped in the header's "Sell" menu and listed in the mobile menu. */
export function sellLinks(permissions: readonly Permission[]): NavLinkItem[] {
  if (!permissions.includes("can_create_listings")) return [];
  return [
    { to: "/create-listing", label: "Create Listing" },
    { to: "/bulk-upload", label: "Bulk Upload" },
    { to: "/seller/listings", label: "My listings" },
    { to: "/seller/sale-events", label: "Sale events" },
    // Not "Orders": the mobile menu also lists the member's own purchases as "Orders".
    { to: "/seller/orders", label: "Sales orders" },
    { to: "/offers", label: "Offers" },
  ];
}

/** The header's admin entry: for every staff member who can open the admin console (ADMIN_CONSOLE_PERMISSIONS). */
export function adminLink(permissions: readonly Permission[]): NavLinkItem | null {
  return ADMIN_CONSOLE_PERMISSIONS.some((permission) => permissions.includes(permission)) ? { to: "/admin", label: "Admin Panel", short: "Admin" } : null;
}

/** The header bar's own member links (Dashboard, Messages, Watchlist): the role tools sit in the Sell menu and the admin entry. */
export function memberBarLinks(): NavLinkItem[] {
  return memberLinks([]);
}

/** Every link of the mobile menu in order, each address once: the bar's links, the Sell menu, the admin entry, then the account links. */
export function mobileMenuLinks(permissions: readonly Permission[]): { main: NavLinkItem[]; sell: NavLinkItem[]; account: NavLinkItem[] } {
  const seen = new Set<string>();
  const once = (links: NavLinkItem[]) => links.filter((link) => (seen.has(link.to) ? false : (seen.add(link.to), true)));
  const admin = adminLink(permissions);
  const main = once([...PUBLIC_LINKS, ...memberBarLinks(), ...(admin ? [admin] : [])]);
  const sell = once(sellLinks(permissions));
  return { main, sell, account: once(accountLinks(permissions)) };
}
