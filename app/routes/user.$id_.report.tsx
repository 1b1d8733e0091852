// /user/{id}/report: "Report this member" (docs/product/admin.md#moderation Fraud report). POST files a signed-in, confirmed
// member's report (what happened and a note) for the moderators' queue (/admin/flagged-listings?tab=members) and
// answers on this page: thanks, or the refusal (self, already reported, too many reports). GET shows the form on its
// own page (the public profile's disclosure posts here). Works without JavaScript.
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { ReportPage } from "~/components/moderation/ReportListingForm.tsx";
import { ReportMemberForm } from "~/components/moderation/ReportMemberForm.tsx";
import { getDb } from "~/db.server.ts";
import { MODERATION_MESSAGES } from "~/lib/moderation.ts";
import { FraudReportSchema } from "~/schemas/moderation.ts";
import { reportableMember, reportMember } from "~/services/admin/index.server.ts";
import { DomainError } from "~/services/domain-error.ts";
import { requireConfirmedUser } from "~/web/auth.server.ts";
import { throwRefusal } from "~/web/domain-answer.server.ts";
import { reportAction } from "~/web/report-action.server.ts";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: `Report a member${loaded ? `: ${loaded.name}` : ""} — Tradebench` }];

const MEMBER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function memberIdOf(value: string | undefined): string {
  if (!value || !MEMBER_ID.test(value)) throwRefusal(new DomainError("not_found", MODERATION_MESSAGES.memberNotFound));
  return value.toLowerCase();
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const memberId = memberIdOf(params.id);
  const user = await requireConfirmedUser(request);
  const member = await reportableMember(getDb(), memberId, user.id);
  if (!member) throwRefusal(new DomainError("not_found", MODERATION_MESSAGES.memberNotFound));
  return member;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const memberId = memberIdOf(params.id);
  const user = await requireConfirmedUser(request);
  return reportAction(
    request,
    FraudReportSchema,
    (report) => reportMember(getDb(), { memberId, reporterId: user.id, ...report }),
    MODERATION_MESSAGES.memberReported,
  );
}

export default function ReportMemberPage() {
  const member = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <ReportPage
      title="Report a member"
      href={`/user/${member.id}`}
      name={member.name}
      sent={answer?.sent}
      problem={answer ? null : member.problem}
      form={<ReportMemberForm userId={member.id} answer={answer} />}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
