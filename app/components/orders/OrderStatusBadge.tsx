// An order's state as a coloured badge with its plain label ("Awaiting payment", "Paid, held in escrow"…).
import { Badge } from "@chakra-ui/react";
import { ORDER_STATUS_LABELS, ORDER_STATUS_PALETTES, type OrderStatus } from "~/lib/orders.ts";

export function OrderStatusBadge({ status, size = "md" }: { status: OrderStatus; size?: "sm" | "md" | "lg" }) {
  return (
    <Badge colorPalette={ORDER_STATUS_PALETTES[status]} variant="outline" size={size} w="fit-content">
      {ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}
