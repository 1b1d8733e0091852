// /admin/sales: completed and pending orders with amounts, fees and both parties, newest first, 25 a page,
// filtered by status; totals by month for the last 12 months; CSV export (/admin/sales.csv, bounded). Administrators
// and billing staff read it (SALES_READERS: can_view_reports, can_manage_billing, can_confirm_payments).
import { Badge, Heading, Link, SimpleGrid, Stack, Table, Text } from "@chakra-ui/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { CurrencyTotalsHelp } from "~/components/admin/CurrencyTotals.tsx";
import { ReportTitle, SelectFilterForm } from "~/components/admin/ReportParts.tsx";
import { RegionTable, StatCard } from "~/components/dashboards/DashboardParts.tsx";
import { TrendChart } from "~/components/dashboards/TrendChart.tsx";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { Pagination } from "~/components/listings/Pagination.tsx";
import { getDb } from "~/db.server.ts";
import { DASHBOARD_MESSAGES, SALES_READERS, monthLabel } from "~/lib/admin-dashboard.ts";
import { formatShortDate } from "~/lib/dates.ts";
import { formatCount, formatExactPrice, formatPrice } from "~/lib/money.ts";
import { isOrderStatus, ORDER_STATUS_LABELS, ORDER_STATUS_PALETTES } from "~/lib/orders.ts";
import { queryOf, SALES_FILTERS, SalesQuerySchema } from "~/schemas/admin-reports.ts";
import { listSalesForAdmin } from "~/services/admin/index.server.ts";
import { listPlatformFees, platformFeesOwed } from "~/services/listings/index.server.ts";
import { requirePermission } from "~/web/auth.server.ts";

export const meta: MetaFunction = () => [{ title: "Sales — Admin console — Tradebench" }];

const FILTER_LABELS: Record<(typeof SALES_FILTERS)[number], string> = {
  all: "Sales and orders awaiting payment",
  sold: "Sales only",
  ...ORDER_STATUS_LABELS,
};
const FILTER_OPTIONS = SALES_FILTERS.map((filter) => ({ value: filter, label: FILTER_LABELS[filter] }));

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, SALES_READERS);
  const query = SalesQuerySchema.parse(queryOf(new URL(request.url), ["status", "page"]));
  const db = getDb();
  const [page, fees, feesOwed] = await Promise.all([
    listSalesForAdmin(db, { filter: query.status, page: query.page }),
    listPlatformFees(db, { limit: 20 }),
    platformFeesOwed(db),
  ]);
  return { status: query.status, page, fees, feesOwed };
}

const salesUrl = (status: string, page: number) =>
  `/admin/sales?${new URLSearchParams({ ...(status !== "all" ? { status } : {}), ...(page > 1 ? { page: String(page) } : {}) })}`;

export default function AdminSales() {
  const { status, page, fees, feesOwed } = useLoaderData<typeof loader>();
  return (
    <Stack gap="6">
      <ReportTitle title="Sales" csvHref={`/admin/sales.csv${status !== "all" ? `?status=${status}` : ""}`} />
      <SelectFilterForm id="sales-status" name="status" label="Show" width="64" value={status} options={FILTER_OPTIONS} submit="Filter" />
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        <StatCard label="Orders" value={formatCount(page.totals.orders)} />
        <StatCard
          label={`Amount (${page.totals.money.converted.currency})`}
          value={formatPrice(page.totals.amountCents, page.totals.money.converted.currency)}
          help={<CurrencyTotalsHelp totals={page.totals.money} which="amountCents" />}
        />
        <StatCard
          label={`Fees (${page.totals.money.converted.currency})`}
          value={formatPrice(page.totals.feeCents, page.totals.money.converted.currency)}
          help={<CurrencyTotalsHelp totals={page.totals.money} which="feeCents" />}
        />
      </SimpleGrid>
      <Stack gap="2" as="section" aria-labelledby="sales-by-month">
        <Heading as="h2" size="md" id="sales-by-month">
          By month
        </Heading>
        <TrendChart
          points={page.months.map((month) => ({ label: monthLabel(month.month), value: month.amountCents / 100 }))}
          caption={`Order amounts by month, every currency converted to ${page.totals.money.converted.currency}`}
          valueLabel={`Amount (${page.totals.money.converted.currency}, converted)`}
          formatValue={(value) => formatPrice(Math.round(value * 100), page.totals.money.converted.currency)}
        />
        <RegionTable
          label="Totals by month"
          columns={[
            "Month",
            "Orders",
            `Amount (${page.totals.money.converted.currency}, converted)`,
            "Amount by currency",
            `Fees (${page.totals.money.converted.currency}, converted)`,
          ]}
        >
          {page.months.map((month) => (
            <Table.Row key={month.month}>
              <Table.Cell>{monthLabel(month.month)}</Table.Cell>
              <Table.Cell>{formatCount(month.orders)}</Table.Cell>
              <Table.Cell>{formatPrice(month.amountCents, month.currency)}</Table.Cell>
              <Table.Cell>{month.byCurrency.map((row) => formatPrice(row.amountCents, row.currency)).join(" · ")}</Table.Cell>
              <Table.Cell>{formatExactPrice(month.feeCents, month.currency)}</Table.Cell>
            </Table.Row>
          ))}
        </RegionTable>
      </Stack>
      <Stack gap="2" as="section" aria-labelledby="sales-orders">
        <Heading as="h2" size="md" id="sales-orders">
          Orders
        </Heading>
        {page.sales.length === 0 ? (
          <Text color="fg.muted">{status === "all" || status === "sold" ? DASHBOARD_MESSAGES.noSales : DASHBOARD_MESSAGES.noOrders}</Text>
        ) : (
          <RegionTable label="Orders table" columns={["Order", "Item", "Amount", "Fee", "Buyer", "Seller", "Status", "Date"]}>
            {page.sales.map((sale) => (
              <Table.Row key={sale.id}>
                <Table.Cell>
                  <Link asChild textDecoration="underline">
                    <RemixLink to={`/orders/${sale.id}`}>#{sale.id}</RemixLink>
                  </Link>
                </Table.Cell>
                <Table.Cell>
                  <Link asChild textDecoration="underline">
                    <RemixLink to={`/listings/${sale.listingId}`}>{sale.title}</RemixLink>
                  </Link>
                </Table.Cell>
                <Table.Cell>{formatPrice(sale.amountCents, sale.currency)}</Table.Cell>
                <Table.Cell>{formatExactPrice(sale.feeCents, sale.currency)}</Table.Cell>
                <Table.Cell>{sale.buyer.name}</Table.Cell>
                <Table.Cell>{sale.seller.name}</Table.Cell>
                <Table.Cell>
                  {isOrderStatus(sale.status) ? (
                    <Badge colorPalette={ORDER_STATUS_PALETTES[sale.status]} variant="subtle">
                      {ORDER_STATUS_LABELS[sale.status]}
                    </Badge>
                  ) : (
                    sale.status
                  )}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatShortDate(sale.createdAt)}</Table.Cell>
              </Table.Row>
            ))}
          </RegionTable>
        )}
        <Pagination page={page.page} totalPages={page.pageCount} hrefFor={(target) => salesUrl(status, target)} />
      </Stack>
      <Stack gap="2" as="section" aria-labelledby="platform-fees">
        <Heading as="h2" size="md" id="platform-fees">
          Platform fees
        </Heading>
        <Text>
          Owed by sellers for featured listings:{" "}
          {feesOwed.length === 0 ? formatExactPrice(0) : feesOwed.map((total) => formatExactPrice(total.cents, total.currency)).join(" · ")}
        </Text>
        {fees.length === 0 ? (
          <Text color="fg.muted">No platform fees yet.</Text>
        ) : (
          <RegionTable label="Latest platform fees" columns={["What", "Seller", "Amount", "Featured until", "Status", "Date"]}>
            {fees.map((fee) => (
              <Table.Row key={fee.id}>
                <Table.Cell>
                  {fee.listingId !== null ? (
                    <Link asChild textDecoration="underline">
                      <RemixLink to={`/listings/${fee.listingId}`}>{fee.description}</RemixLink>
                    </Link>
                  ) : (
                    fee.description
                  )}
                </Table.Cell>
                <Table.Cell>{fee.sellerName}</Table.Cell>
                <Table.Cell>{formatExactPrice(fee.amountCents, fee.currency)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatShortDate(fee.endsAt)}</Table.Cell>
                <Table.Cell>{fee.status === "owed" ? "Owed" : fee.status === "paid" ? "Paid" : "Waived"}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatShortDate(fee.createdAt)}</Table.Cell>
              </Table.Row>
            ))}
          </RegionTable>
        )}
      </Stack>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
