// /admin: the console's overview (issue 19 §2). For now a greeting and where each task is done; the stat cards,
// recent sales, flagged listings, charts and system status of spec 02 §2.4 come with the dashboard work (HANDOFF.md).
import { Heading, Stack, Text } from "@chakra-ui/react";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ADMIN_CONSOLE_PERMISSIONS } from "~/lib/admin.ts";
import { requirePermission } from "~/web/auth.server.ts";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, ADMIN_CONSOLE_PERMISSIONS);
  // Spec 02 §2.4: the greeting uses the first name, else "Admin".
  return { firstName: user.firstName.trim() || "Admin" };
}

export default function AdminOverview() {
  const { firstName } = useLoaderData<typeof loader>();
  return (
    <Stack gap="3">
      <Heading as="h1" size="2xl">
        Welcome back, {firstName}
      </Heading>
      <Text color="fg.muted">
        The console links above lead to the tasks your role covers: members and their roles, the record of what staff changed, the escrow desk and the
        support inbox.
      </Text>
    </Stack>
  );
}
