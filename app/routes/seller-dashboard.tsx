// /seller-dashboard: the seller dashboard (docs/product/dashboards.md#seller) for the seller role only (docs/product/accounts.md#roles: the role must match
// exactly, so an administrator is sent to / like a buyer; visitors sign in first).
import { Container } from "@chakra-ui/react";
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SellerDashboard } from "~/components/dashboards/SellerDashboard.tsx";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { requireUser } from "~/web/auth.server.ts";
import { loadSellerDashboard } from "~/web/dashboard-sections.server.ts";

export const meta: MetaFunction = () => [{ title: "Seller dashboard — Tradebench" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (user.role !== "seller") throw redirect("/");
  return loadSellerDashboard(user);
}

export default function SellerDashboardPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <Container maxW="7xl" py="8">
      <SellerDashboard data={data} />
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
