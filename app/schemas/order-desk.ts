// The order desk's address and forms: ?q=…&status=…&page=…&order=<id>, and the acts on one order.
import { z } from "zod";
import { ORDER_STATUSES } from "~/lib/orders.ts";

export const OrderDeskQuerySchema = z.object({
  q: z.string().trim().max(100, "Search for at most 100 characters.").optional().catch(undefined),
  status: z.enum(ORDER_STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(400).optional().catch(undefined),
  order: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
});

const text = (message: string) => z.string({ required_error: message }).trim().min(1, message).max(2000, "Please keep this under 2000 characters");
const orderId = z.coerce
  .number({ invalid_type_error: "Please choose an order." })
  .int("Please choose an order.")
  .min(1, "Please choose an order.")
  .max(Number.MAX_SAFE_INTEGER, "Please choose an order.");

export const OrderDeskActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("hold"), orderId, text: text("Say why the order is put on hold") }),
  z.object({ intent: z.literal("lift_hold"), orderId, text: z.string().trim().max(2000, "Please keep this under 2000 characters").optional().default("") }),
  z.object({ intent: z.literal("note"), orderId, text: text("Write the note") }),
  z.object({ intent: z.literal("cancel"), orderId, text: text("Say why the order is cancelled") }),
]);
