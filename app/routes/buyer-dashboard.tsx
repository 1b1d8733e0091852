// /buyer-dashboard: the buyer dashboard (docs/product/dashboards.md#buyer) for the buyer role only (docs/product/accounts.md#roles: the role must match
// exactly, so a seller or an administrator is sent to /; visitors sign in first).
import { Container } from "@chakra-ui/react";
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BuyerDashboard } from "~/components/dashboards/BuyerDashboard.tsx";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { requireUser } from "~/web/auth.server.ts";
import { loadBuyerDashboard } from "~/web/dashboard-sections.server.ts";

export const meta: MetaFunction = () => [{ title: "Buyer dashboard — Tradebench" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (user.role !== "buyer") throw redirect("/");
  return loadBuyerDashboard(user);
}

export default function BuyerDashboardPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <Container maxW="7xl" py="8">
      <BuyerDashboard data={data} />
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
