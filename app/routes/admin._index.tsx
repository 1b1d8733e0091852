// /admin: the admin dashboard (docs/product/admin.md#dashboard). Any staff role opens it (the console's frame); each section
// is read only for the permissions that open it (sales and figures: SALES_READERS; recent users; flagged listings;
// system status), and each loads and fails on its own. The same component renders on /dashboard for administrators.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminDashboard } from "~/components/admin/AdminDashboard.tsx";
import { getDb } from "~/db.server.ts";
import { ADMIN_CONSOLE_PERMISSIONS } from "~/lib/admin.ts";
import { permissionsOfRole } from "~/services/accounts/index.server.ts";
import { loadAdminDashboard } from "~/services/admin/index.server.ts";
import { requirePermission } from "~/web/auth.server.ts";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, ADMIN_CONSOLE_PERMISSIONS);
  const db = getDb();
  const dashboard = await loadAdminDashboard(db, await permissionsOfRole(db, user.role));
  // docs/product/admin.md#dashboard: the greeting uses the first name, else "Admin".
  return { firstName: user.firstName.trim() || "Admin", dashboard };
}

export default function AdminOverview() {
  const { firstName, dashboard } = useLoaderData<typeof loader>();
  return <AdminDashboard firstName={firstName} dashboard={dashboard} />;
}
