// The shapes the house's pages receive from their loaders (plain data, no server imports).
import type { SaleEventStatus, DepositKind } from "~/lib/sale-events.ts";

export interface SaleEventViewData {
  id: number;
  title: string;
  description: string;
  location: string;
  inspection: string;
  pickup: string;
  terms: string;
  status: SaleEventStatus;
  currency: string;
  startsAt: string;
  firstCloseAt: string;
  lastCloseAt: string | null;
  closeIntervalSeconds: number;
  softCloseSeconds: number;
  extensionCapMinutes: number;
  approvalRequired: boolean;
  deposit: { kind: DepositKind; fixedCents: number | null; percentBps: number | null; refundDays: number | null };
  premium: { percentBps: number; minCents: number | null; maxCents: number | null } | null;
  lotCount: number;
}

export const STATUS_LABELS: Record<SaleEventStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  live: "Live",
  closing: "Closing",
  closed: "Closed",
  cancelled: "Cancelled",
};
