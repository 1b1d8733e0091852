// The roles of Tradebench and what each may reach: the single source for guards and the header.

export const ROLES = ["buyer", "seller", "admin", "super_admin", "moderator", "dispute_resolution_referee", "billing", "support"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  buyer: "Buyer",
  seller: "Seller",
  admin: "Administrator",
  super_admin: "Super administrator",
  moderator: "Moderator",
  dispute_resolution_referee: "Dispute resolution referee",
  billing: "Billing",
  support: "Support",
};

/**
 * The roles that see the admin dashboard at /dashboard (docs/product/dashboards.md#entry: a role-scoped page). Not a
 * capability: what a role may do, including whether it is an administrator role, is its permissions
 * (docs/decisions/0080-capabilities-are-permissions.md).
 */
const ADMIN_ROLES: readonly Role[] = ["admin", "super_admin"];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** Unknown or missing roles are treated as buyer (docs/product/dashboards.md#entry, docs/product/accounts.md#roles). */
export function normalizeRole(value: unknown): Role {
  return isRole(value) ? value : "buyer";
}

/** Whether `role` sees the admin dashboard (dashboardKind); never a capability check. */
export function isAdminRole(role: Role): boolean {
  return ADMIN_ROLES.includes(role);
}

/** Which dashboard a role sees (docs/product/dashboards.md#entry: admin, seller, else buyer). */
export function dashboardKind(role: Role): "admin" | "seller" | "buyer" {
  if (isAdminRole(role)) return "admin";
  if (role === "seller") return "seller";
  return "buyer";
}

/** Registration choices (docs/product/accounts.md#sign-up): "Both" maps to buyer. */
export const REGISTRATION_INTENTS = [
  { value: "buy", label: "Buy equipment", role: "buyer" },
  { value: "sell", label: "Sell equipment", role: "seller" },
  { value: "both", label: "Both buy and sell", role: "buyer" },
] as const satisfies readonly { value: string; label: string; role: Role }[];
export type RegistrationIntent = (typeof REGISTRATION_INTENTS)[number]["value"];

export function roleForIntent(intent: RegistrationIntent): Role {
  return REGISTRATION_INTENTS.find((i) => i.value === intent)?.role ?? "buyer";
}

// What each role may do is data (the role_permissions table); the names are in ./permissions.ts.
