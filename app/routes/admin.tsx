// /admin/*: the admin console's frame (issue 19 §1): staff whose role holds any of ADMIN_CONSOLE_PERMISSIONS see the
// console's links that their permissions open; everyone else is refused (403), visitors sign in first. This loader
// guards the frame only: each page below checks its own permission in its own loader and action, because Remix runs
// a page's loader beside this one, not after it.
import { Box, Container, HStack, Link, Stack } from "@chakra-ui/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, NavLink as RemixNavLink, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { ADMIN_CONSOLE_PERMISSIONS } from "~/lib/admin.ts";
import { permissionsOfRole } from "~/services/accounts/index.server.ts";
import { countHeldBulkImports, countPendingVerificationApplications } from "~/services/admin/index.server.ts";
import { requirePermission } from "~/web/auth.server.ts";

export const meta: MetaFunction = () => [{ title: "Admin console — Tradebench" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, ADMIN_CONSOLE_PERMISSIONS);
  const held = await permissionsOfRole(getDb(), user.role);
  const links: Array<{ to: string; label: string }> = [{ to: "/admin", label: "Overview" }];
  if (held.has("can_view_users") || held.has("can_manage_users") || held.has("can_manage_admins")) links.push({ to: "/admin/users", label: "Users" });
  if (held.has("can_manage_users") || held.has("can_manage_admins")) links.push({ to: "/admin/audit-log", label: "Audit log" });
  if (held.has("can_manage_users") || held.has("can_manage_admins")) {
    const waiting = await countPendingVerificationApplications(getDb());
    links.push({ to: "/admin/verifications", label: waiting > 0 ? `Verifications (${waiting})` : "Verifications" });
  }
  if (held.has("can_moderate_content")) links.push({ to: "/admin/flagged-listings", label: "Flagged listings" });
  if (held.has("can_manage_listings")) {
    links.push({ to: "/admin/listings", label: "Listings" });
    const heldImports = await countHeldBulkImports(getDb());
    links.push({ to: "/admin/bulk-imports", label: heldImports > 0 ? `Held imports (${heldImports})` : "Held imports" });
  }
  if (held.has("can_manage_categories")) links.push({ to: "/admin/categories", label: "Categories" });
  if (held.has("can_view_reports") || held.has("can_manage_billing") || held.has("can_confirm_payments")) links.push({ to: "/admin/sales", label: "Sales" });
  if (held.has("can_view_reports")) links.push({ to: "/admin/reports", label: "Reports" });
  if (held.has("can_manage_users") || held.has("can_manage_admins")) links.push({ to: "/admin/system-status", label: "System status" });
  if (held.has("can_manage_promo_codes")) links.push({ to: "/admin/promo-codes", label: "Promo codes" });
  if (held.has("can_manage_billing")) links.push({ to: "/admin/exchange-rates", label: "Exchange rates" });
  if (held.has("can_manage_users") || held.has("can_manage_admins")) links.push({ to: "/admin/roles", label: "Roles" });
  // The escrow desk's two queues: billing confirms payments, referees decide disputes (app/routes/escrow.tsx).
  if (held.has("can_confirm_payments")) links.push({ to: "/escrow#payments", label: "Payments queue" });
  if (held.has("can_resolve_disputes")) links.push({ to: "/escrow#disputes", label: "Disputes queue" });
  // The order desk (issue 33): admins and billing act on any order, referees and support read them.
  if (held.has("can_confirm_payments") || held.has("can_resolve_disputes") || held.has("can_answer_support")) links.push({ to: "/admin/orders", label: "Orders" });
  if (held.has("can_answer_support")) links.push({ to: "/support-inbox", label: "Support inbox" });
  if (held.has("can_moderate_content")) links.push({ to: "/admin/review-reports", label: "Reported reviews" });
  return { links };
}

export default function AdminFrame() {
  const { links } = useLoaderData<typeof loader>();
  return (
    <Container maxW="6xl" py={{ base: "6", md: "8" }}>
      <Stack gap="6">
        <HStack as="nav" aria-label="Admin console" gap="5" wrap="wrap" borderBottomWidth="1px" pb="3">
          {links.map((link) => (
            <Link key={link.to} asChild textDecoration="underline" _currentPage={{ fontWeight: "bold" }}>
              <RemixNavLink to={link.to} end={link.to === "/admin"}>
                {link.label}
              </RemixNavLink>
            </Link>
          ))}
        </HStack>
        <Box>
          <Outlet />
        </Box>
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
