// The /sale-events filters in the address: the tab (live, upcoming, closed), category, location, house and page.
// Client-safe: the GET form and the loader read them the same way; defaults are left out of the URL.
import { SALE_EVENT_PHASES, type SaleEventPhase } from "./sale-events.ts";

export interface SaleEventListFilters {
  phase: SaleEventPhase;
  category: string;
  location: string;
  house: string;
  page: number;
}

const MAX_PAGE = 500;
const MAX_TEXT = 100;

function textOf(value: string | null): string {
  return (value ?? "")
    .replace(/\p{Cc}/gu, " ")
    .trim()
    .slice(0, MAX_TEXT);
}

export function parseSaleEventFilters(params: URLSearchParams): SaleEventListFilters {
  const phase = params.get("phase");
  const page = Number(params.get("page") ?? "1");
  return {
    phase: (SALE_EVENT_PHASES as readonly string[]).includes(phase ?? "") ? (phase as SaleEventPhase) : "live",
    category: textOf(params.get("category")),
    location: textOf(params.get("location")),
    house: textOf(params.get("house")),
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

export function saleEventsUrl(filters: Partial<SaleEventListFilters>): string {
  const params = new URLSearchParams();
  if (filters.phase && filters.phase !== "live") params.set("phase", filters.phase);
  if (filters.category) params.set("category", filters.category);
  if (filters.location) params.set("location", filters.location);
  if (filters.house) params.set("house", filters.house);
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  const query = params.toString();
  return query ? `/sale-events?${query}` : "/sale-events";
}
