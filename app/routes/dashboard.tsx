import { Box, Button, Card, Container, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link as RemixLink, useLoaderData, useSearchParams } from "@remix-run/react";
import { AiStatsPanel } from "~/components/ai-wizard/AiStatsPanel.tsx";
import { FormSuccess } from "~/components/forms/index.ts";
import { getDb } from "~/db.server.ts";
import { memberLinks } from "~/lib/navigation.ts";
import { dashboardKind, ROLE_LABELS } from "~/lib/roles.ts";
import { LISTING_MESSAGES } from "~/schemas/listing.ts";
import { requireUser } from "~/web/auth.server.ts";
import { computeAiStats, getMarketplaceStats } from "~/services/listings/index.server.ts";
import { permissionsOfRole } from "~/services/accounts/index.server.ts";
import { SellerDashboard } from "~/components/dashboards/SellerDashboard.tsx";
import { BuyerDashboard } from "~/components/dashboards/BuyerDashboard.tsx";
import { loadBuyerDashboard, loadSellerDashboard } from "~/web/dashboard-sections.server.ts";

export const meta: MetaFunction = () => [{ title: "Dashboard — Tradebench" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const kind = dashboardKind(user.role);
  // Spec 02 §2.3: the dashboard of the profile's role (any other role: the buyer's).
  if (kind === "seller") return { kind, seller: await loadSellerDashboard(user), buyer: null } as const;
  if (kind === "buyer") return { kind, seller: null, buyer: await loadBuyerDashboard(user) } as const;
  // Administrators see ai_stats (spec 02 §2.4: AI Listings Processed).
  const aiStats =
    kind === "admin"
      ? await Promise.all([computeAiStats(getDb()), getMarketplaceStats(getDb())]).then(([ai, marketplace]) => ({ ...ai, aiListings: marketplace.aiListings }))
      : null;
  return {
    seller: null,
    buyer: null,
    aiStats,
    firstName: user.firstName,
    roleLabel: ROLE_LABELS[user.role],
    kind,
    links: [...memberLinks([...(await permissionsOfRole(getDb(), user.role))]).filter((l) => l.to !== "/dashboard"), { to: "/profile", label: "Profile" }],
  };
}

const INTRO: Record<ReturnType<typeof dashboardKind>, string> = {
  buyer: "Find equipment, watch listings, save searches and follow your bids.",
  seller: "List equipment, run auctions and follow your sales.",
  admin: "Oversee users, listings and sales across the marketplace.",
};

export default function DashboardPage() {
  const data = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  // After /listings/{id}/delete (no flash session: the confirmation rides on the URL).
  const deleted = searchParams.get("deleted") === "1" ? <FormSuccess>{LISTING_MESSAGES.deleted}</FormSuccess> : null;
  if (data.seller) {
    return (
      <Container maxW="7xl" py="8">
        {deleted}
        <SellerDashboard data={data.seller} />
      </Container>
    );
  }
  if (data.buyer) {
    return (
      <Container maxW="7xl" py="8">
        {deleted}
        <BuyerDashboard data={data.buyer} />
      </Container>
    );
  }
  const { aiStats, firstName, roleLabel, kind, links } = data;
  return (
    <Container maxW="5xl" py="10">
      <Stack gap="8">
        {deleted}
        <Box>
          <Heading as="h1" size="2xl">
            Welcome{firstName ? `, ${firstName}` : ""}
          </Heading>
          <Text color="fg.muted" mt="1">
            Signed in as <strong>{roleLabel}</strong>. {INTRO[kind]}
          </Text>
        </Box>
        {aiStats ? <AiStatsPanel stats={aiStats} /> : null}
        <Box>
          <Heading as="h2" size="lg" mb="4">
            What you can do
          </Heading>
          <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="4">
            {links.map((link) => (
              <Card.Root key={link.to} size="sm">
                <Card.Body>
                  <Button asChild variant="ghost" justifyContent="flex-start">
                    <RemixLink to={link.to}>{link.label}</RemixLink>
                  </Button>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
        </Box>
      </Stack>
    </Container>
  );
}
