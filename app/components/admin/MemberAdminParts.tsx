// Pieces the member administration pages share (docs/product/admin.md#roles-and-permissions): the role badge in the spec's colours,
// and the Users / Promo Codes tabs of Admin User Management with their Refresh link.
import { Badge, HStack, Link } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";
import { LinkTabs, type LinkTab } from "~/components/LinkTabs.tsx";
import { ROLE_BADGE_COLOURS } from "~/lib/admin-dashboard.ts";
import { ROLE_LABELS, type Role } from "~/lib/roles.ts";

export function RoleBadge({ role }: { role: Role }) {
  return <Badge colorPalette={ROLE_BADGE_COLOURS[role]}>{ROLE_LABELS[role]}</Badge>;
}

/** The tabs of Admin User Management; Promo Codes only for staff who manage them. `refreshTo` reloads the tab. */
export function AdminUsersTabs({ current, showPromoCodes, refreshTo }: { current: "users" | "promo-codes"; showPromoCodes: boolean; refreshTo: string }) {
  const tabs: LinkTab<"users" | "promo-codes">[] = [{ tab: "users", label: "Users", to: "/admin/users" }];
  if (showPromoCodes) tabs.push({ tab: "promo-codes", label: "Promo Codes", to: "/admin/promo-codes" });
  return (
    <HStack justify="space-between" align="end" wrap="wrap" gap="3">
      <LinkTabs label="Admin user management" tabs={tabs} current={current} />
      <Link asChild textDecoration="underline">
        <RemixLink to={refreshTo}>Refresh</RemixLink>
      </Link>
    </HStack>
  );
}
