// /admin/system-status: every check run now, each within its timeout, with what it found and its latency,
// and the overall state (operational, degraded, outage). Readers: the administrators (SYSTEM_STATUS_READERS).
import { Card, Flex, Heading, Stack, Text } from "@chakra-ui/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CheckStateBadge, SystemStatusList } from "~/components/admin/SystemStatusList.tsx";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { SYSTEM_STATUS_READERS } from "~/lib/admin-dashboard.ts";
import { formatDateTime } from "~/lib/dates.ts";
import { freshSystemStatus } from "~/services/admin/index.server.ts";
import { requirePermission } from "~/web/auth.server.ts";

export const meta: MetaFunction = () => [{ title: "System status — Admin console — Tradebench" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, SYSTEM_STATUS_READERS);
  return { status: await freshSystemStatus(getDb()) };
}

export default function AdminSystemStatus() {
  const { status } = useLoaderData<typeof loader>();
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        System status
      </Heading>
      <Flex gap="3" align="center" wrap="wrap">
        <Text fontSize="lg">Overall:</Text>
        <CheckStateBadge state={status.overall} />
        <Text color="fg.muted" fontSize="sm">
          Checked {formatDateTime(status.checkedAt)} UTC; reload the page to check again.
        </Text>
      </Flex>
      <Card.Root>
        <Card.Body>
          <SystemStatusList checks={status.checks} />
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
