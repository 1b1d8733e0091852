// /listings/{id}/offer: Make Offer. POST makes the signed-in, confirmed buyer's offer and goes to /offers
// (Sent), where its answer will appear; a refused offer (above the price, the cap, one already open…) comes back on
// this page with the message beside its field. GET shows the form on a page of its own (where a refused offer lands,
// and where a visitor comes back after signing in). Works without JavaScript.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { MakeOfferForm, offerUi, type OfferFormErrors } from "~/components/offers/MakeOfferPanel.tsx";
import { getDb } from "~/db.server.ts";
import { formatExactPrice } from "~/lib/money.ts";
import { OFFER_MESSAGES, offersRemainingText } from "~/lib/offers.ts";
import { MakeOfferSchema, offerAmountInCurrency } from "~/schemas/offers.ts";
import { getOfferPanel, makeOffer, offerAmountCurrency } from "~/services/orders/index.server.ts";
import { requireConfirmedUser } from "~/web/auth.server.ts";
import { refusalsAnswered, throwRefusal } from "~/web/domain-answer.server.ts";
import { parseForm } from "~/web/form-data.server.ts";
import { parseRouteId } from "~/web/route-params.server.ts";
import { DomainError } from "~/services/domain-error.ts";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: `Make an offer${loaded ? `: ${loaded.title}` : ""} — Tradebench` }];

async function offerPage(listingId: number, userId: string) {
  const panel = await getOfferPanel(getDb(), listingId, userId);
  if (!panel) throwRefusal(new DomainError("not_found", OFFER_MESSAGES.notTakingOffers));
  return { listingId, title: panel.listingTitle, panel };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const listingId = parseRouteId(params.id, OFFER_MESSAGES.listingNotFound);
  const user = await requireConfirmedUser(request);
  return offerPage(listingId, user.id);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const listingId = parseRouteId(params.id, OFFER_MESSAGES.listingNotFound);
  const user = await requireConfirmedUser(request);
  const { submission, fields } = await parseForm(request, MakeOfferSchema);
  const values = { amount: String(fields.get("amount") ?? ""), message: String(fields.get("message") ?? "") };
  if (submission.status !== "success") {
    const errors: OfferFormErrors = { amount: submission.error?.amount?.[0], message: submission.error?.message?.[0] };
    return data({ errors, values }, { status: 400 });
  }
  const currency = (await offerAmountCurrency(getDb(), { listingId })) ?? "USD";
  const amount = offerAmountInCurrency(submission.value.amount, currency);
  if (!amount.ok) return data({ errors: { amount: amount.message } satisfies OfferFormErrors, values }, { status: 400 });
  return refusalsAnswered(
    async () => {
      await makeOffer(getDb(), { listingId, buyerId: user.id, amountCents: amount.cents, message: submission.value.message });
      throw redirect("/offers?tab=sent");
    },
    {
      as: (refusal) => {
        const errors: OfferFormErrors =
          refusal.field === "amount" || refusal.field === "message" ? { [refusal.field]: refusal.message } : { form: refusal.message };
        return { errors, values };
      },
      page: ["not_found"],
    },
  );
}

export default function MakeOfferPage() {
  const { listingId, title, panel } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className={offerUi.page}>
      <div className={offerUi.panel}>
        <h1 className={offerUi.pageTitle}>Make an offer</h1>
        <p>
          <Link to={`/listings/${listingId}`} className={offerUi.link}>
            {title}
          </Link>{" "}
          — price {formatExactPrice(panel.priceCents, panel.currency)}
        </p>
        <p className={offerUi.muted}>{offersRemainingText(panel.offersRemaining)}</p>
        {panel.canOffer || answer ? (
          <MakeOfferForm listingId={listingId} panel={panel} errors={answer?.errors} values={answer?.values} />
        ) : (
          <p>
            {panel.problem}{" "}
            <Link to="/offers?tab=sent" className={offerUi.link}>
              See your offers
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
