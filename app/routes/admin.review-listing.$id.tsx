// /admin/review-listing/{id}: one reported listing for a moderator (docs/product/admin.md#dashboard's Review link): the
// listing, its reports (open first), the seller's history (listings by status, earlier decisions, pending member
// reports), and the decision: dismiss, warn the seller, unpublish or remove (its live auction cancelled, bidders told).
// POST fields: decision (dismiss|warn|unpublish|remove), message (to the seller; required to warn), returnTo (optional,
// a path on this site: the /admin dashboard's Remove button posts decision=remove&returnTo=/admin). Success goes to
// returnTo or /admin/flagged-listings?done=<decision>. can_moderate_content, checked by the loader and the action.
import { Badge, Box, Button, DataList, Heading, HStack, Image, Link, NativeSelect, Stack, Table, Text, Textarea } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminTable } from "~/components/admin/AdminTable.tsx";
import { FormErrors } from "~/components/forms/index.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { LISTING_STATUS_LABELS, type ListingStatus } from "~/lib/listing-status.ts";
import { formatPrice } from "~/lib/money.ts";
import {
  LISTING_REPORT_REASON_LABELS,
  LISTING_REVIEW_DECISION_LABELS,
  LISTING_REVIEW_DECISIONS,
  MODERATION_MESSAGES,
  MODERATION_STATUS_LABELS,
  MODERATOR_MESSAGE_MAX,
} from "~/lib/moderation.ts";
import { safeRedirect } from "~/schemas/fields.ts";
import { ListingReviewSchema } from "~/schemas/moderation.ts";
import { getListingReview, reviewReportedListing } from "~/services/admin/index.server.ts";
import { DomainError } from "~/services/domain-error.ts";
import { requirePermission } from "~/web/auth.server.ts";
import { refusalsAnswered, throwRefusal } from "~/web/domain-answer.server.ts";
import { parseForm } from "~/web/form-data.server.ts";
import { parseRouteId } from "~/web/route-params.server.ts";
import { shortDate } from "~/components/admin/admin-dates.ts";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `Review${loaded ? `: ${loaded.listing.title}` : " a listing"} — Admin — Tradebench` },
];

function statusLabel(status: string): string {
  return LISTING_STATUS_LABELS[status as ListingStatus] ?? MODERATION_STATUS_LABELS[status] ?? status;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const listingId = parseRouteId(params.id, MODERATION_MESSAGES.listingNotFound);
  await requirePermission(request, "can_moderate_content");
  const review = await getListingReview(getDb(), listingId);
  if (!review) throwRefusal(new DomainError("not_found", MODERATION_MESSAGES.listingNotFound));
  return review;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const listingId = parseRouteId(params.id, MODERATION_MESSAGES.listingNotFound);
  const user = await requirePermission(request, "can_moderate_content");
  const { submission, fields } = await parseForm(request, ListingReviewSchema);
  if (submission.status !== "success") {
    return data({ errors: [submission.error?.decision?.[0] ?? submission.error?.message?.[0] ?? MODERATION_MESSAGES.decisionRequired] }, { status: 400 });
  }
  return refusalsAnswered(
    async () => {
      await reviewReportedListing(getDb(), user.id, listingId, submission.value);
      const returnTo = fields.get("returnTo");
      throw redirect(returnTo ? safeRedirect(returnTo, "/admin/flagged-listings") : `/admin/flagged-listings?done=${submission.value.decision}`);
    },
    { as: (refusal) => ({ errors: [refusal.message] }) },
  );
}

export default function ReviewListingPage() {
  const { listing, reports, openReports, liveAuction, seller } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Stack gap="8">
      <Stack gap="2">
        <Link asChild textDecoration="underline" fontSize="sm">
          <RemixLink to="/admin/flagged-listings">Back to flagged listings</RemixLink>
        </Link>
        <Heading as="h1" size="2xl">
          Review: {listing.title}
        </Heading>
      </Stack>

      <HStack as="section" aria-label="The listing" gap="5" align="start" wrap="wrap">
        {listing.imageUrl ? <Image src={listing.imageUrl} alt="" boxSize="32" objectFit="cover" rounded="md" /> : null}
        <Stack gap="2" flex="1" minW="16rem">
          <DataList.Root orientation="horizontal" size="sm">
            <DataList.Item>
              <DataList.ItemLabel>Price</DataList.ItemLabel>
              <DataList.ItemValue>{formatPrice(listing.priceCents, listing.currency)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Status</DataList.ItemLabel>
              <DataList.ItemValue>
                <Badge>{statusLabel(listing.status)}</Badge>
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Listed</DataList.ItemLabel>
              <DataList.ItemValue>{shortDate.format(new Date(listing.createdAt))}</DataList.ItemValue>
            </DataList.Item>
            {liveAuction ? (
              <DataList.Item>
                <DataList.ItemLabel>Auction</DataList.ItemLabel>
                <DataList.ItemValue>
                  <Link asChild textDecoration="underline">
                    <RemixLink to={`/auctions/${liveAuction.id}`}>Live, {liveAuction.bidCount === 1 ? "1 bid" : `${liveAuction.bidCount} bids`}</RemixLink>
                  </Link>
                </DataList.ItemValue>
              </DataList.Item>
            ) : null}
          </DataList.Root>
          <Link asChild textDecoration="underline">
            <RemixLink to={`/listings/${listing.id}`}>Open the listing page</RemixLink>
          </Link>
          <Text whiteSpace="pre-wrap" overflowWrap="anywhere" lineClamp={6} color="fg.muted">
            {listing.description || "No description."}
          </Text>
        </Stack>
      </HStack>

      <Stack as="section" aria-labelledby="reports-heading" gap="3">
        <Heading as="h2" size="lg" id="reports-heading">
          Reports ({openReports} open)
        </Heading>
        {reports.length === 0 ? (
          <Text>{MODERATION_MESSAGES.noOpenReports}</Text>
        ) : (
          <AdminTable label="Reports" columns={["Reason", "Note", "Reported by", "Date", "State"]}>
            {reports.map((report) => (
              <Table.Row key={report.id}>
                <Table.Cell>
                  <Badge colorPalette="red">{LISTING_REPORT_REASON_LABELS[report.reason]}</Badge>
                </Table.Cell>
                <Table.Cell maxW="sm" whiteSpace="pre-wrap" overflowWrap="anywhere">
                  {report.note || "—"}
                </Table.Cell>
                <Table.Cell>{report.reporterName}</Table.Cell>
                <Table.Cell>{shortDate.format(new Date(report.createdAt))}</Table.Cell>
                <Table.Cell>{report.status === "open" ? "Open" : `Closed (${report.resolution ?? "—"})`}</Table.Cell>
              </Table.Row>
            ))}
          </AdminTable>
        )}
      </Stack>

      <Stack as="section" aria-labelledby="seller-heading" gap="3">
        <Heading as="h2" size="lg" id="seller-heading">
          The seller
        </Heading>
        <DataList.Root orientation="horizontal" size="sm">
          <DataList.Item>
            <DataList.ItemLabel>Name</DataList.ItemLabel>
            <DataList.ItemValue>
              <Link asChild textDecoration="underline">
                <RemixLink to={`/user/${seller.id}`}>{seller.name || seller.email}</RemixLink>
              </Link>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>E-mail</DataList.ItemLabel>
            <DataList.ItemValue>{seller.email}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Member since</DataList.ItemLabel>
            <DataList.ItemValue>{shortDate.format(new Date(seller.joinedAt))}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Listings</DataList.ItemLabel>
            <DataList.ItemValue>
              {Object.entries(seller.listingsByStatus)
                .map(([status, count]) => `${count} ${statusLabel(status).toLowerCase()}`)
                .join(", ") || "none"}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Earlier decisions</DataList.ItemLabel>
            <DataList.ItemValue>
              {seller.pastDecisions.warned} warned, {seller.pastDecisions.unpublished} unpublished, {seller.pastDecisions.removed} removed,{" "}
              {seller.pastDecisions.dismissed} dismissed
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Pending member reports</DataList.ItemLabel>
            <DataList.ItemValue>{seller.pendingFraudReports}</DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      </Stack>

      <Stack as="section" aria-labelledby="decision-heading" gap="3">
        <Heading as="h2" size="lg" id="decision-heading">
          Decision
        </Heading>
        <FormErrors errors={answer?.errors} />
        {openReports === 0 ? (
          <Text>{MODERATION_MESSAGES.noOpenReports}</Text>
        ) : (
          <Form method="post">
            <Stack gap="3" maxW="xl">
              <label htmlFor="review-decision">What to do</label>
              <NativeSelect.Root>
                <NativeSelect.Field id="review-decision" name="decision" defaultValue="dismiss">
                  {LISTING_REVIEW_DECISIONS.map((decision) => (
                    <option key={decision} value={decision}>
                      {LISTING_REVIEW_DECISION_LABELS[decision]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <label htmlFor="review-message">
                Message to the seller (needed for a warning; for unpublish and remove the reports' reasons are sent when left empty)
              </label>
              <Textarea id="review-message" name="message" maxLength={MODERATOR_MESSAGE_MAX} rows={4} />
              {liveAuction ? (
                <Text fontSize="sm" color="fg.muted">
                  Unpublishing or removing the listing cancels its live auction; its bidders are told.
                </Text>
              ) : null}
              <Box>
                <Button type="submit" colorPalette="red" disabled={busy}>
                  {busy ? "Saving…" : "Save decision"}
                </Button>
              </Box>
            </Stack>
          </Form>
        )}
      </Stack>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
