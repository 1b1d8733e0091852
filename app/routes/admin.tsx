// /admin/*: the admin console's frame: staff whose role holds any of ADMIN_CONSOLE_PERMISSIONS see the
// console's links that their permissions open; everyone else is refused (403), visitors sign in first. This loader
// guards the frame only: each page below checks its own permission in its own loader and action, because Remix runs
// a page's loader beside this one, not after it.
import { Box, Container, Flex, Heading, Link, Stack } from "@chakra-ui/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, NavLink as RemixNavLink, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { ADMIN_CONSOLE_PERMISSIONS, AUDIT_LOG_OWN_DECISION_READERS, AUDIT_LOG_READERS } from "~/lib/admin.ts";
import { permissionsOfRole } from "~/services/accounts/index.server.ts";
import { countAwaitingModeration, countHeldBulkImports, countPendingVerificationApplications } from "~/services/admin/index.server.ts";
import { requirePermission } from "~/web/auth.server.ts";

export const meta: MetaFunction = () => [{ title: "Admin console — Tradebench" }];

type ConsoleLink = { to: string; label: string };
type ConsoleGroup = { label: string; links: ConsoleLink[] };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, ADMIN_CONSOLE_PERMISSIONS);
  const held = await permissionsOfRole(getDb(), user.role);
  // Each link's rule is its page's permission; the groups only arrange them. Empty groups are left out.
  const people: ConsoleLink[] = [];
  const moderation: ConsoleLink[] = [];
  const marketplace: ConsoleLink[] = [];
  const money: ConsoleLink[] = [];
  const operations: ConsoleLink[] = [];
  if (held.has("can_view_users") || held.has("can_manage_users") || held.has("can_manage_admins")) people.push({ to: "/admin/users", label: "Users" });
  if (held.has("can_manage_users") || held.has("can_manage_admins")) {
    const waiting = await countPendingVerificationApplications(getDb());
    people.push({ to: "/admin/verifications", label: waiting > 0 ? `Verifications (${waiting})` : "Verifications" });
  }
  if (held.has("can_manage_users") || held.has("can_manage_admins")) people.push({ to: "/admin/roles", label: "Roles" });
  if (held.has("can_manage_users") || held.has("can_manage_admins")) people.push({ to: "/admin/newsletter", label: "Newsletter subscribers" });
  if (AUDIT_LOG_READERS.some((permission) => held.has(permission))) people.push({ to: "/admin/audit-log", label: "Audit log" });
  if (held.has("can_moderate_content")) {
    // What awaits a moderator: flagged listings, reported reviews and members, flagged forum posts (the inbox's sections).
    const awaiting = (await countAwaitingModeration(getDb())).total;
    moderation.push({ to: "/admin/moderation", label: awaiting > 0 ? `Moderation (${awaiting})` : "Moderation" });
    moderation.push({ to: "/admin/flagged-listings", label: "Flagged listings" });
    moderation.push({ to: "/admin/review-reports", label: "Reported reviews" });
  }
  // Moderators without the full log read their own decisions there (the page forces the actor filter to them).
  if (!AUDIT_LOG_READERS.some((permission) => held.has(permission)) && AUDIT_LOG_OWN_DECISION_READERS.some((permission) => held.has(permission))) {
    moderation.push({ to: "/admin/audit-log", label: "My decisions" });
  }
  if (held.has("can_manage_listings")) {
    marketplace.push({ to: "/admin/listings", label: "Listings" });
    const heldImports = await countHeldBulkImports(getDb());
    marketplace.push({ to: "/admin/bulk-imports", label: heldImports > 0 ? `Held imports (${heldImports})` : "Held imports" });
  }
  if (held.has("can_manage_categories")) marketplace.push({ to: "/admin/categories", label: "Categories" });
  if (held.has("can_manage_promo_codes")) marketplace.push({ to: "/admin/promo-codes", label: "Promo codes" });
  if (held.has("can_view_reports") || held.has("can_manage_billing") || held.has("can_confirm_payments")) money.push({ to: "/admin/sales", label: "Sales" });
  // The order desk: admins and billing act on any order, referees and support read them.
  if (held.has("can_confirm_payments") || held.has("can_resolve_disputes") || held.has("can_answer_support"))
    money.push({ to: "/admin/orders", label: "Orders" });
  // The escrow desk's two queues: billing confirms payments, referees decide disputes (app/routes/escrow.tsx).
  if (held.has("can_confirm_payments")) money.push({ to: "/escrow#payments", label: "Payments queue" });
  if (held.has("can_confirm_payments")) money.push({ to: "/admin/sale-event-deposits", label: "Sale deposits" });
  if (held.has("can_resolve_disputes")) money.push({ to: "/escrow#disputes", label: "Disputes queue" });
  if (held.has("can_manage_billing")) money.push({ to: "/admin/exchange-rates", label: "Exchange rates" });
  if (held.has("can_view_reports")) operations.push({ to: "/admin/reports", label: "Reports" });
  if (held.has("can_manage_users") || held.has("can_manage_admins")) operations.push({ to: "/admin/system-status", label: "System status" });
  if (held.has("can_answer_support")) operations.push({ to: "/support-inbox", label: "Support inbox" });
  const groups: ConsoleGroup[] = [
    { label: "People", links: people },
    { label: "Moderation", links: moderation },
    { label: "Marketplace", links: marketplace },
    { label: "Money", links: money },
    { label: "Operations", links: operations },
  ].filter((group) => group.links.length > 0);
  const overview: ConsoleLink = { to: "/admin", label: "Overview" };
  // `links`: every link the viewer gets, Overview first, in the groups' order.
  return { overview, groups, links: [overview, ...groups.flatMap((group) => group.links)] };
}

function ConsoleNavLink({ link }: { link: ConsoleLink }) {
  return (
    <Link asChild textDecoration="underline" _currentPage={{ fontWeight: "bold" }}>
      <RemixNavLink to={link.to} end={link.to === "/admin"}>
        {link.label}
      </RemixNavLink>
    </Link>
  );
}

export default function AdminFrame() {
  const { overview, groups } = useLoaderData<typeof loader>();
  return (
    <Container maxW="6xl" py={{ base: "6", md: "8" }}>
      <Stack gap="6">
        {/* Each group a heading and its list; the groups and their links wrap, so 375 px never scrolls sideways. */}
        <Box as="nav" aria-label="Admin console" borderBottomWidth="1px" pb="3">
          <Flex wrap="wrap" columnGap="8" rowGap="4" align="flex-start">
            <Box minW="0">
              <ConsoleNavLink link={overview} />
            </Box>
            {groups.map((group) => {
              const id = `console-group-${group.label.toLowerCase()}`;
              return (
                <Box key={group.label} minW="0" maxW="100%">
                  <Heading as="h2" id={id} fontSize="xs" textTransform="uppercase" letterSpacing="wide" color="fg.muted" mb="1">
                    {group.label}
                  </Heading>
                  <Flex as="ul" aria-labelledby={id} listStyleType="none" ps="0" m="0" wrap="wrap" columnGap="4" rowGap="1">
                    {group.links.map((link) => (
                      <Box as="li" key={link.to}>
                        <ConsoleNavLink link={link} />
                      </Box>
                    ))}
                  </Flex>
                </Box>
              );
            })}
          </Flex>
        </Box>
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
