// The terms form's values from an event as the pages show it (times in UTC, amounts in the currency's units).
import type { SaleEventViewData } from "./house-types.ts";

const utc = (iso: string) => iso.slice(0, 16);
const units = (cents: number | null) => (cents === null ? undefined : (cents / 100).toFixed(2));
const percent = (bps: number | null) => (bps === null ? undefined : String(bps / 100));

export function termsDefaultsOf(event: SaleEventViewData): Record<string, string | undefined> {
  return {
    title: event.title,
    description: event.description,
    location: event.location,
    inspection: event.inspection,
    pickup: event.pickup,
    terms: event.terms,
    startsAt: utc(event.startsAt),
    firstCloseAt: utc(event.firstCloseAt),
    closeIntervalSeconds: String(event.closeIntervalSeconds),
    softCloseSeconds: String(event.softCloseSeconds),
    extensionCapMinutes: String(event.extensionCapMinutes),
    approvalRequired: event.approvalRequired ? "on" : undefined,
    depositKind: event.deposit.kind,
    depositFixed: units(event.deposit.fixedCents),
    depositPercent: percent(event.deposit.percentBps),
    depositRefundDays: event.deposit.refundDays === null ? undefined : String(event.deposit.refundDays),
    premiumPercent: percent(event.premium?.percentBps ?? null),
    premiumMin: units(event.premium?.minCents ?? null),
    premiumMax: units(event.premium?.maxCents ?? null),
  };
}
