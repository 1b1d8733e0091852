// /admin/reports (docs/product/admin.md#reports Analytics: Admin): the marketplace by month — GMV (sales), fees (success fees
// and invoiced bulk-import fees), orders, new members, new listings, listing views and the view-to-sale conversion —
// as charts and a table, for the last 3 to 36 months, with a CSV export (/admin/reports.csv). Readers: can_view_reports.
import { Heading, SimpleGrid, Stack, Table } from "@chakra-ui/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ReportTitle, SelectFilterForm } from "~/components/admin/ReportParts.tsx";
import { RegionTable } from "~/components/dashboards/DashboardParts.tsx";
import { TrendChart } from "~/components/dashboards/TrendChart.tsx";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { REPORTS_READERS, monthLabel } from "~/lib/admin-dashboard.ts";
import { formatCount, formatPrice } from "~/lib/money.ts";
import { queryOf, ReportQuerySchema } from "~/schemas/admin-reports.ts";
import { marketplaceReport } from "~/services/admin/index.server.ts";
import { requirePermission } from "~/web/auth.server.ts";

export const meta: MetaFunction = () => [{ title: "Reports — Admin console — Tradebench" }];

const PERIODS = [3, 6, 12, 24, 36] as const;
const PERIOD_OPTIONS = PERIODS.map((period) => ({ value: String(period), label: `Last ${period} months` }));

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, REPORTS_READERS);
  const { months } = ReportQuerySchema.parse(queryOf(new URL(request.url), ["months"]));
  return { months, report: await marketplaceReport(getDb(), { months }) };
}

export default function AdminReports() {
  const { months, report } = useLoaderData<typeof loader>();
  const series = (pick: (row: (typeof report)[number]) => number) => report.map((row) => ({ label: monthLabel(row.month), value: pick(row) }));
  const dollars = (value: number) => formatPrice(Math.round(value * 100));
  return (
    <Stack gap="6">
      <ReportTitle title="Marketplace reports" csvHref={`/admin/reports.csv?months=${months}`} />
      <SelectFilterForm id="report-months" name="months" label="Period" width="48" value={String(months)} options={PERIOD_OPTIONS} submit="Show" />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <ReportChart
          title="Gross merchandise value"
          caption="Gross merchandise value by month, in US dollars"
          label="GMV (USD)"
          points={series((row) => row.gmvCents / 100)}
          format={dollars}
          color="purple.solid"
        />
        <ReportChart
          title="Fees"
          caption="Fees earned by month, in US dollars"
          label="Fees (USD)"
          points={series((row) => row.feeCents / 100)}
          format={dollars}
          color="teal.solid"
        />
        <ReportChart title="Orders" caption="Orders sold by month" label="Orders" points={series((row) => row.orders)} color="blue.solid" />
        <ReportChart title="New users" caption="New members by month" label="New users" points={series((row) => row.newUsers)} color="green.solid" />
        <ReportChart title="New listings" caption="Listings created by month" label="Listings" points={series((row) => row.listings)} color="orange.solid" />
        <ReportChart
          title="View-to-sale conversion"
          caption="Sales per 100 listing views by month, in percent"
          label="Conversion (%)"
          points={series((row) => row.conversionPercent ?? 0)}
          format={(value) => `${value.toFixed(2)} %`}
          color="pink.solid"
        />
      </SimpleGrid>
      <RegionTable label="Marketplace figures by month" columns={["Month", "GMV", "Fees", "Orders", "New users", "Listings", "Views", "Conversion"]}>
        {report.map((row) => (
          <Table.Row key={row.month}>
            <Table.Cell>{monthLabel(row.month)}</Table.Cell>
            <Table.Cell>{formatPrice(row.gmvCents)}</Table.Cell>
            <Table.Cell>{formatPrice(row.feeCents)}</Table.Cell>
            <Table.Cell>{formatCount(row.orders)}</Table.Cell>
            <Table.Cell>{formatCount(row.newUsers)}</Table.Cell>
            <Table.Cell>{formatCount(row.listings)}</Table.Cell>
            <Table.Cell>{formatCount(row.views)}</Table.Cell>
            <Table.Cell>{row.conversionPercent === null ? "—" : `${row.conversionPercent.toFixed(2)} %`}</Table.Cell>
          </Table.Row>
        ))}
      </RegionTable>
    </Stack>
  );
}

function ReportChart({
  title,
  caption,
  label,
  points,
  format,
  color,
}: {
  title: string;
  caption: string;
  label: string;
  points: Array<{ label: string; value: number }>;
  format?: (value: number) => string;
  color: string;
}) {
  return (
    <Stack gap="2" as="section" aria-label={title}>
      <Heading as="h2" size="md">
        {title}
      </Heading>
      <TrendChart points={points} caption={caption} valueLabel={label} formatValue={format} color={color} />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
