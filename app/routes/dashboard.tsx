import { Box, Button, Card, Container, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link as RemixLink, useLoaderData, useSearchParams } from "@remix-run/react";
import { FormSuccess } from "~/components/forms.tsx";
import { memberLinks } from "~/lib/navigation.ts";
import { dashboardKind, ROLE_LABELS } from "~/lib/roles.ts";
import { LISTING_MESSAGES } from "~/schemas/listing.ts";
import { requireUser } from "~/services/auth.server.ts";

export const meta: MetaFunction = () => [{ title: "Dashboard — Tradebench" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return {
    firstName: user.firstName,
    roleLabel: ROLE_LABELS[user.role],
    kind: dashboardKind(user.role),
    links: [...memberLinks(user).filter((l) => l.to !== "/dashboard"), { to: "/profile", label: "Profile" }],
  };
}

const INTRO: Record<ReturnType<typeof dashboardKind>, string> = {
  buyer: "Find equipment, watch listings, save searches and follow your bids.",
  seller: "List equipment, run auctions and follow your sales.",
  admin: "Oversee users, listings and sales across the marketplace.",
};

export default function DashboardPage() {
  const { firstName, roleLabel, kind, links } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  return (
    <Container maxW="5xl" py="10">
      <Stack gap="8">
        {/* After /listings/{id}/delete (no flash session: the confirmation rides on the URL). */}
        {searchParams.get("deleted") === "1" ? <FormSuccess>{LISTING_MESSAGES.deleted}</FormSuccess> : null}
        <Box>
          <Heading as="h1" size="2xl">
            Welcome{firstName ? `, ${firstName}` : ""}
          </Heading>
          <Text color="fg.muted" mt="1">
            Signed in as <strong>{roleLabel}</strong>. {INTRO[kind]}
          </Text>
        </Box>
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
