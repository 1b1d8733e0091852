// /admin/flagged-listings: the moderators' queues (docs/product/admin.md#dashboard Flagged Listings, docs/product/admin.md#moderation Flagged listing).
// Listings: every listing with open reports, oldest report first, one row per listing with its report count, Review
// links to /admin/review-listing/{id}. Members (?tab=members): pending fraud reports (docs/product/admin.md#moderation), oldest first, each
// dismissed or confirmed here. Both need can_moderate_content, checked by the loader and the action.
import { Badge, Button, Heading, HStack, Link, Stack, Table, Text } from "@chakra-ui/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminListingCell } from "~/components/admin/AdminListingCell.tsx";
import { AdminTable } from "~/components/admin/AdminTable.tsx";
import { PageLinks } from "~/components/admin/PageLinks.tsx";
import { FormErrors, FormSuccess } from "~/components/forms/index.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { formatPrice } from "~/lib/money.ts";
import {
  FLAGGED_LISTINGS_PAGE,
  FRAUD_REPORT_REASON_LABELS,
  FRAUD_REPORTS_PAGE,
  LISTING_REPORT_REASON_LABELS,
  LISTING_REVIEW_DECISIONS,
  MODERATION_MESSAGES,
  MODERATION_STATUS_LABELS,
  type ListingReviewDecision,
} from "~/lib/moderation.ts";
import { FraudReportDecisionSchema } from "~/schemas/moderation.ts";
import {
  countFlaggedListings,
  countPendingFraudReports,
  listFlaggedListings,
  listPendingFraudReports,
  resolveFraudReport,
} from "~/services/admin/index.server.ts";
import { requirePermission } from "~/web/auth.server.ts";
import { refusalsAnswered } from "~/web/domain-answer.server.ts";
import { parseForm } from "~/web/form-data.server.ts";
import { shortDate } from "~/components/admin/admin-dates.ts";

export const meta: MetaFunction = () => [{ title: "Flagged listings — Admin — Tradebench" }];

const MAX_PAGE = 400;

const DONE_MESSAGES: Record<ListingReviewDecision, string> = {
  dismiss: MODERATION_MESSAGES.dismissed,
  warn: MODERATION_MESSAGES.warned,
  unpublish: MODERATION_MESSAGES.unpublished,
  remove: MODERATION_MESSAGES.removed,
};

function pageOf(value: string | null): number {
  const page = Number(value ?? "1");
  return Number.isSafeInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "can_moderate_content");
  const url = new URL(request.url);
  const tab = url.searchParams.get("tab") === "members" ? "members" : "listings";
  const page = pageOf(url.searchParams.get("page"));
  const doneParam = url.searchParams.get("done");
  const done = (LISTING_REVIEW_DECISIONS as readonly string[]).includes(doneParam ?? "") ? DONE_MESSAGES[doneParam as ListingReviewDecision] : null;
  const db = getDb();
  const [flaggedCount, pendingMembers] = await Promise.all([countFlaggedListings(db), countPendingFraudReports(db)]);
  if (tab === "members") {
    const reports = await listPendingFraudReports(db, { limit: FRAUD_REPORTS_PAGE, offset: (page - 1) * FRAUD_REPORTS_PAGE });
    return { tab, page, done, flaggedCount, pendingMembers, listings: [], reports, pageCount: Math.max(1, Math.ceil(pendingMembers / FRAUD_REPORTS_PAGE)) };
  }
  const listings = await listFlaggedListings(db, { limit: FLAGGED_LISTINGS_PAGE, offset: (page - 1) * FLAGGED_LISTINGS_PAGE });
  return { tab, page, done, flaggedCount, pendingMembers, listings, reports: [], pageCount: Math.max(1, Math.ceil(flaggedCount / FLAGGED_LISTINGS_PAGE)) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "can_moderate_content");
  const { submission } = await parseForm(request, FraudReportDecisionSchema);
  if (submission.status !== "success") return data({ ok: false as const, message: MODERATION_MESSAGES.fraudNotFound }, { status: 400 });
  return refusalsAnswered(
    async () => {
      await resolveFraudReport(getDb(), user.id, submission.value.reportId, submission.value.decision);
      return { ok: true as const, message: MODERATION_MESSAGES.fraudResolved };
    },
    { as: (refusal) => ({ ok: false as const, message: refusal.message }) },
  );
}

function pageLink(tab: string, page: number): string {
  const params = new URLSearchParams();
  if (tab === "members") params.set("tab", "members");
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/admin/flagged-listings?${search}` : "/admin/flagged-listings";
}

export default function FlaggedListingsPage() {
  const { tab, page, done, flaggedCount, pendingMembers, listings, reports, pageCount } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        Flagged listings
      </Heading>
      <HStack as="nav" aria-label="Report queues" gap="5" wrap="wrap">
        <Link asChild textDecoration="underline" fontWeight={tab === "listings" ? "bold" : undefined}>
          <RemixLink to="/admin/flagged-listings" aria-current={tab === "listings" ? "page" : undefined}>
            Listings ({flaggedCount})
          </RemixLink>
        </Link>
        <Link asChild textDecoration="underline" fontWeight={tab === "members" ? "bold" : undefined}>
          <RemixLink to="/admin/flagged-listings?tab=members" aria-current={tab === "members" ? "page" : undefined}>
            Member reports ({pendingMembers} pending)
          </RemixLink>
        </Link>
      </HStack>
      {done ? <FormSuccess>{done}</FormSuccess> : null}
      {answer?.ok ? <FormSuccess>{answer.message}</FormSuccess> : null}
      <FormErrors errors={answer && !answer.ok ? [answer.message] : undefined} />
      {tab === "listings" ? (
        listings.length === 0 ? (
          <Text>{MODERATION_MESSAGES.noFlagged}</Text>
        ) : (
          <AdminTable
            label="Flagged listings"
            caption="Listings with open reports, oldest report first"
            columns={["Listing", "Price", "Reason", "Reports", "Seller", "Flagged", "Review"]}
          >
            {listings.map((row) => (
              <Table.Row key={row.listingId}>
                <Table.Cell>
                  <AdminListingCell listingId={row.listingId} title={row.title} imageUrl={row.imageUrl}>
                    {MODERATION_STATUS_LABELS[row.status] ? (
                      <Text fontSize="xs" color="fg.muted">
                        {MODERATION_STATUS_LABELS[row.status]}: hidden from search
                      </Text>
                    ) : null}
                  </AdminListingCell>
                </Table.Cell>
                <Table.Cell>{formatPrice(row.priceCents, row.currency)}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette="red">{LISTING_REPORT_REASON_LABELS[row.reason]}</Badge>
                </Table.Cell>
                <Table.Cell>{row.reportCount}</Table.Cell>
                <Table.Cell>{row.sellerName}</Table.Cell>
                <Table.Cell>{shortDate.format(new Date(row.flaggedAt))}</Table.Cell>
                <Table.Cell>
                  <Link asChild textDecoration="underline">
                    <RemixLink to={`/admin/review-listing/${row.listingId}`} aria-label={`Review ${row.title}`}>
                      Review
                    </RemixLink>
                  </Link>
                </Table.Cell>
              </Table.Row>
            ))}
          </AdminTable>
        )
      ) : reports.length === 0 ? (
        <Text>{MODERATION_MESSAGES.noFraudReports}</Text>
      ) : (
        <AdminTable
          label="Member reports"
          caption="Pending reports about members, oldest first"
          columns={["Member", "Reason", "Note", "Reported by", "Date", "Decision"]}
        >
          {reports.map((report) => (
            <Table.Row key={report.id}>
              <Table.Cell>
                <Link asChild textDecoration="underline">
                  <RemixLink to={`/user/${report.member.id}`}>{report.member.name || report.member.email}</RemixLink>
                </Link>
                <Text fontSize="xs" color="fg.muted">
                  {report.member.email} · {report.pendingAboutMember} pending
                </Text>
              </Table.Cell>
              <Table.Cell>{FRAUD_REPORT_REASON_LABELS[report.reason]}</Table.Cell>
              <Table.Cell maxW="xs" whiteSpace="pre-wrap" overflowWrap="anywhere">
                {report.note || "—"}
              </Table.Cell>
              <Table.Cell>{report.reporter.name}</Table.Cell>
              <Table.Cell>{shortDate.format(new Date(report.createdAt))}</Table.Cell>
              <Table.Cell>
                <HStack gap="2">
                  <Form method="post">
                    <input type="hidden" name="reportId" value={report.id} />
                    <Button type="submit" name="decision" value="dismiss" size="xs" variant="outline" disabled={busy}>
                      Dismiss
                    </Button>
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="reportId" value={report.id} />
                    <Button type="submit" name="decision" value="confirm" size="xs" colorPalette="red" disabled={busy}>
                      Confirm
                    </Button>
                  </Form>
                </HStack>
              </Table.Cell>
            </Table.Row>
          ))}
        </AdminTable>
      )}
      <PageLinks page={page} pageCount={pageCount} hrefFor={(target) => pageLink(tab, target)} />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
