// /orders/{id}/review: one side of a completed order reviews the other — the buyer rates the seller overall
// and on item as described, communication and shipping; the seller rates the buyer overall; both may comment. The
// page says why when no review can be left (not complete yet, refunded, already reviewed, the 60 days over).
// Only the order's buyer and seller find it. Works without JavaScript.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Button, Container, Heading, Link, Stack, Text } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormErrors, FormSuccess, SelectField, TextareaField } from "~/components/forms/index.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { getDb } from "~/db.server.ts";
import { formatShortDate } from "~/lib/dates.ts";
import { REVIEW_COMMENT_MAX, REVIEW_MESSAGES, REVIEW_STARS, REVIEW_WINDOW_DAYS, SELLER_RATING_ASPECTS } from "~/lib/reviews.ts";
import { ReviewSchema } from "~/schemas/review.ts";
import { reviewEligibility, submitReview } from "~/services/reviews/index.server.ts";
import { requireConfirmedUser, requireUser } from "~/web/auth.server.ts";
import { formReply, refusalsAnswered, throwRefusal } from "~/web/domain-answer.server.ts";
import { parseForm } from "~/web/form-data.server.ts";
import { parseRouteId } from "~/web/route-params.server.ts";

export const meta: MetaFunction = () => [{ title: "Leave a review — Tradebench" }];

const THANKS = `Thank you. Your review is published when the other side has reviewed too, or when the ${REVIEW_WINDOW_DAYS}-day review window ends.`;
const STAR_OPTIONS = REVIEW_STARS.map((value) => ({ value: String(value), label: `${value} ${value === 1 ? "star" : "stars"}` }));

/** The order's review state for this member; a stranger to the order gets the not-found answer. */
async function reviewState(orderId: number, userId: string) {
  const eligibility = await reviewEligibility(getDb(), orderId, userId);
  if (!eligibility.canReview && eligibility.reason.kind === "not_found") throwRefusal(eligibility.reason);
  return eligibility;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const orderId = parseRouteId(params.id, REVIEW_MESSAGES.orderNotFound);
  const user = await requireUser(request);
  const eligibility = await reviewState(orderId, user.id);
  const done = new URL(request.url).searchParams.get("done") === "1";
  return eligibility.canReview
    ? { orderId, canReview: true as const, role: eligibility.role, windowEndsAt: eligibility.windowEndsAt, reason: null, done }
    : { orderId, canReview: false as const, role: null, windowEndsAt: null, reason: eligibility.reason.message, done };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const orderId = parseRouteId(params.id, REVIEW_MESSAGES.orderNotFound);
  const user = await requireConfirmedUser(request);
  const { submission } = await parseForm(request, ReviewSchema);
  await reviewState(orderId, user.id);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  return refusalsAnswered(
    async () => {
      await submitReview(getDb(), { orderId, reviewerId: user.id, ...submission.value });
      throw redirect(`/orders/${orderId}/review?done=1`);
    },
    { as: (refusal) => ({ result: formReply(submission, refusal) }), page: ["not_found"] },
  );
}

export default function LeaveReviewPage() {
  const state = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "review",
    lastResult: answer?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ReviewSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Container maxW="2xl" py="10">
      <Stack gap="5">
        <Heading as="h1" size="2xl">
          {state.role === "seller" ? "Review the buyer" : state.role === "buyer" ? "Review the seller" : "Leave a review"}
        </Heading>
        {state.done ? <FormSuccess>{THANKS}</FormSuccess> : null}
        {!state.canReview ? (
          state.done ? null : (
            <Text>{state.reason}</Text>
          )
        ) : (
          <Form method="post" {...getFormProps(form)}>
            <Stack gap="4">
              <Text color="fg.muted">
                You can review this order until {formatShortDate(state.windowEndsAt)}. Neither side sees the other&apos;s review until both are in or the window
                ends.
              </Text>
              <FormErrors id={form.errorId} errors={form.errors} />
              <SelectField meta={fields.rating} label="Overall" options={STAR_OPTIONS} placeholder="Choose" required />
              {state.role === "buyer"
                ? SELLER_RATING_ASPECTS.map((aspect) => (
                    <SelectField key={aspect.key} meta={fields[aspect.key]} label={aspect.label} options={STAR_OPTIONS} placeholder="Choose" required />
                  ))
                : null}
              <TextareaField meta={fields.comment} label="Comment (optional)" rows={6} maxLength={REVIEW_COMMENT_MAX} />
              <Button type="submit" colorPalette="blue" alignSelf="start" disabled={sending} loading={sending} loadingText="Sending...">
                Send review
              </Button>
            </Stack>
          </Form>
        )}
        <Link asChild color="blue.fg">
          <RemixLink to={`/orders/${state.orderId}`}>Back to the order</RemixLink>
        </Link>
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
