// Who may see an order and make which transition now: its buyer and seller as the table allows, escrow staff by their
// role's permissions (never on an order they are a party to), support read-only; and the refusal a form shows.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { isOrderStatus, ORDER_MESSAGES, type OrderAction } from "~/lib/orders.ts";
import type { Permission } from "~/lib/permissions.ts";
import type { Role } from "~/lib/roles.ts";
import { DomainError } from "../domain-error.ts";
import { permissionsOfRole, partyRefusal } from "../accounts/index.server.ts";
import { inspectionOpen } from "./order-inspection.server.ts";
import { ORDER_TRANSITIONS, type OrderForRules, type Party, type Transition } from "./order-transitions.server.ts";

export interface OrderActor {
  id: string;
  role: Role;
}

/** Which of the order's parties this user is, if any. */
export function partyOf(order: Pick<OrderForRules, "buyer_id" | "seller_id">, userId: string): Party | null {
  if (order.buyer_id === userId) return "buyer";
  if (order.seller_id === userId) return "seller";
  return null;
}

/** The permissions that make someone escrow staff: they may open any order. */
const ESCROW_DESK_PERMISSIONS: readonly Permission[] = ["can_confirm_payments", "can_resolve_disputes"];

/** What the rules know of the person acting: who they are and what their role may do now. */
export interface OrderAuthority extends OrderActor {
  permissions: ReadonlySet<Permission>;
}

/** The actor with their role's permissions, read from role_permissions. */
export async function orderAuthority(db: Kysely<Database>, actor: OrderActor): Promise<OrderAuthority> {
  return { ...actor, permissions: await permissionsOfRole(db, actor.role) };
}

/** Support reads any order (parties, status, timeline, payment state) to answer questions, and acts on none. */
const ORDER_READER_PERMISSIONS: readonly Permission[] = [...ESCROW_DESK_PERMISSIONS, "can_answer_support"];

/** Whether this person may see the order at all: its buyer, its seller, escrow staff or support (read-only). */
export function canViewOrder(order: Pick<OrderForRules, "buyer_id" | "seller_id">, viewer: OrderAuthority): boolean {
  return partyOf(order, viewer.id) !== null || ORDER_READER_PERMISSIONS.some((permission) => viewer.permissions.has(permission));
}

function mayAct(transition: Transition, order: OrderForRules, actor: OrderAuthority): boolean {
  const party = partyOf(order, actor.id);
  return (party !== null && transition.parties.includes(party)) || (transition.permission !== null && actor.permissions.has(transition.permission));
}

/** Why `actor` may not make this transition now, or null when they may. */
export function refusal(action: OrderAction, order: OrderForRules, actor: OrderAuthority, now: Date): DomainError | null {
  const transition = ORDER_TRANSITIONS[action];
  if (!canViewOrder(order, actor)) return new DomainError("not_found", ORDER_MESSAGES.orderNotFound);
  if (!mayAct(transition, order, actor)) return new DomainError("forbidden", transition.notAllowed);
  // Staff may not take the staff path on an order they bought or sold (separation of duties).
  const party = partyOf(order, actor.id);
  if (party !== null && !transition.parties.includes(party)) {
    const refused = partyRefusal(action === "refund" || action === "release" ? "dispute" : "order", actor.id, [order.buyer_id, order.seller_id]);
    if (refused) return refused;
  }
  if (!isOrderStatus(order.status) || !transition.from.includes(order.status)) return new DomainError("conflict", transition.wrongState);
  // A staff hold (the order desk) stops the flow until staff lift it.
  if (order.held_at !== null) return new DomainError("conflict", ORDER_MESSAGES.onHold);
  if (action === "open_dispute" && !inspectionOpen(order, now)) return new DomainError("conflict", ORDER_MESSAGES.inspectionOver);
  return null;
}

/** The transitions this person may make on the order now: the forms the order page shows. */
export function availableOrderActions(order: OrderForRules, actor: OrderAuthority, now: Date = new Date()): OrderAction[] {
  return (Object.keys(ORDER_TRANSITIONS) as OrderAction[]).filter((action) => refusal(action, order, actor, now) === null);
}
