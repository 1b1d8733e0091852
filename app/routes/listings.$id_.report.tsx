// /listings/{id}/report: "Report this listing". POST files a signed-in, confirmed member's report (one
// of the reasons in docs/product/admin.md#moderation and a note) and answers on this page: thanks, or the refusal (own listing, already reported,
// too many reports) with the field's message. GET shows the form on its own page (where a visitor lands after signing
// in, and where the listing and lot pages' disclosure posts). Works without JavaScript.
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { ReportListingForm, ReportPage } from "~/components/moderation/ReportListingForm.tsx";
import { getDb } from "~/db.server.ts";
import { MODERATION_MESSAGES } from "~/lib/moderation.ts";
import { ListingReportSchema } from "~/schemas/moderation.ts";
import { reportableListing, reportListing } from "~/services/admin/index.server.ts";
import { DomainError } from "~/services/domain-error.ts";
import { requireConfirmedUser } from "~/web/auth.server.ts";
import { throwRefusal } from "~/web/domain-answer.server.ts";
import { reportAction } from "~/web/report-action.server.ts";
import { parseRouteId } from "~/web/route-params.server.ts";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: `Report a listing${loaded ? `: ${loaded.title}` : ""} — Tradebench` }];

async function reportPage(listingId: number, userId: string) {
  const listing = await reportableListing(getDb(), listingId, userId);
  if (!listing) throwRefusal(new DomainError("not_found", MODERATION_MESSAGES.listingNotFound));
  return listing;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const listingId = parseRouteId(params.id, MODERATION_MESSAGES.listingNotFound);
  const user = await requireConfirmedUser(request);
  return reportPage(listingId, user.id);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const listingId = parseRouteId(params.id, MODERATION_MESSAGES.listingNotFound);
  const user = await requireConfirmedUser(request);
  return reportAction(
    request,
    ListingReportSchema,
    (report) => reportListing(getDb(), { listingId, reporterId: user.id, ...report }),
    MODERATION_MESSAGES.reported,
  );
}

export default function ReportListingPage() {
  const listing = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <ReportPage
      title="Report a listing"
      href={`/listings/${listing.id}`}
      name={listing.title}
      sent={answer?.sent}
      problem={answer ? null : listing.problem}
      form={<ReportListingForm listingId={listing.id} answer={answer} />}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
