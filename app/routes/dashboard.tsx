// /dashboard (docs/product/dashboards.md#entry): the dashboard of the signed-in member's role — the admin dashboard for
// administrators, the seller's for sellers, the buyer's for everyone else. Each section loads and fails on its own.
import { Box, Container } from "@chakra-ui/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { AdminDashboard } from "~/components/admin/AdminDashboard.tsx";
import { AiStatsPanel } from "~/components/ai-wizard/AiStatsPanel.tsx";
import { FormSuccess } from "~/components/forms/index.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { dashboardKind } from "~/lib/roles.ts";
import { LISTING_MESSAGES } from "~/schemas/listing.ts";
import { requireUser } from "~/web/auth.server.ts";
import { permissionsOfRole } from "~/services/accounts/index.server.ts";
import { loadAdminDashboard } from "~/services/admin/index.server.ts";
import { computeAiStats, getMarketplaceStats } from "~/services/listings/index.server.ts";
import { SellerDashboard } from "~/components/dashboards/SellerDashboard.tsx";
import { BuyerDashboard } from "~/components/dashboards/BuyerDashboard.tsx";
import { loadBuyerDashboard, loadSellerDashboard } from "~/web/dashboard-sections.server.ts";

export const meta: MetaFunction = () => [{ title: "Dashboard — Tradebench" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const kind = dashboardKind(user.role);
  // docs/product/dashboards.md#entry: the dashboard of the profile's role (any other role: the buyer's).
  if (kind === "seller") return { kind, seller: await loadSellerDashboard(user), buyer: null, admin: null, aiStats: null } as const;
  if (kind === "buyer") return { kind, seller: null, buyer: await loadBuyerDashboard(user), admin: null, aiStats: null } as const;
  // Administrators: the admin dashboard of /admin, each section for the permissions that open it.
  const db = getDb();
  const [dashboard, aiStats] = await Promise.all([
    permissionsOfRole(db, user.role).then((held) => loadAdminDashboard(db, held)),
    // The AI assistant's own figures (docs/product/admin.md#dashboard AI Listings Processed, with its successes and fallbacks).
    Promise.all([computeAiStats(db), getMarketplaceStats(db)]).then(([ai, marketplace]) => ({ ...ai, aiListings: marketplace.aiListings })),
  ]);
  // docs/product/admin.md#dashboard: the greeting uses the first name, else "Admin".
  return { kind, seller: null, buyer: null, admin: { firstName: user.firstName.trim() || "Admin", dashboard }, aiStats } as const;
}

export default function DashboardPage() {
  const data = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  return (
    <Container maxW="7xl" py="8">
      {/* After /listings/{id}/delete (no flash session: the confirmation rides on the URL). */}
      {searchParams.get("deleted") === "1" ? <FormSuccess>{LISTING_MESSAGES.deleted}</FormSuccess> : null}
      {data.seller ? <SellerDashboard data={data.seller} /> : null}
      {data.buyer ? <BuyerDashboard data={data.buyer} /> : null}
      {data.admin ? <AdminDashboard firstName={data.admin.firstName} dashboard={data.admin.dashboard} /> : null}
      {data.aiStats ? (
        <Box mt="6">
          <AiStatsPanel stats={data.aiStats} />
        </Box>
      ) : null}
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
