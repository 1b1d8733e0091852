// /seller/sale-events: the house's timed sale events in every state (draft to closed), with status, lot count and
// first close, and the way to a new one. Roles that create listings run sales.
import { Button, Container, Flex, Heading, Stack } from "@chakra-ui/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { HouseEventTable } from "~/components/sale-events/house/HouseEventTable.tsx";
import { getDb } from "~/db.server.ts";
import { houseSaleEvents } from "~/services/sale-events/index.server.ts";
import { requirePermission } from "~/web/auth.server.ts";

export const meta: MetaFunction = () => [{ title: "Your sale events — Tradebench" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "can_create_listings");
  return { events: await houseSaleEvents(getDb(), user.id) };
}

export default function HouseSaleEventsPage() {
  const { events } = useLoaderData<typeof loader>();
  return (
    <Container maxW="7xl" py="8">
      <Stack gap="6">
        <Flex justify="space-between" align="center" wrap="wrap" gap="3">
          <Heading as="h1" size="2xl">
            Your sale events
          </Heading>
          <Button asChild colorPalette="blue">
            <RemixLink to="/seller/sale-events/new">New event</RemixLink>
          </Button>
        </Flex>
        <HouseEventTable events={events} />
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
