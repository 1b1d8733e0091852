// /newsletter/confirm?token=…: where the newsletter's confirmation mail points. Opening the link changes
// nothing (mail scanners and prefetchers open links too): the page shows a button, and its POST confirms. A link works
// once and expires; the page says which when it does not work.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { NewsletterLinkPage } from "~/components/NewsletterLinkPage.tsx";
import { getDb } from "~/db.server.ts";
import { NEWSLETTER_CONFIRM_PATH, NEWSLETTER_MESSAGES, NewsletterConfirmSchema } from "~/schemas/newsletter.ts";
import { checkNewsletterConfirmation, confirmNewsletterSubscription, type NewsletterLinkProblem } from "~/services/accounts/index.server.ts";
import { parseForm } from "~/web/form-data.server.ts";

export const meta: MetaFunction = () => [{ title: "Confirm your newsletter subscription — Tradebench" }, { name: "robots", content: "noindex" }];

const PROBLEMS: Record<NewsletterLinkProblem, string> = { expired: NEWSLETTER_MESSAGES.confirmExpired, invalid: NEWSLETTER_MESSAGES.confirmInvalid };

type PageState = { state: "ready"; token: string; email: string } | { state: "confirmed" } | { state: "problem"; message: string };

export async function loader({ request }: LoaderFunctionArgs): Promise<PageState> {
  const params = new URL(request.url).searchParams;
  if (params.get("confirmed") === "1") return { state: "confirmed" };
  const token = params.get("token") ?? "";
  if (token.length === 0 || token.length > 200) return { state: "problem", message: NEWSLETTER_MESSAGES.confirmInvalid };
  const check = await checkNewsletterConfirmation(getDb(), token);
  return check.ok ? { state: "ready", token, email: check.email } : { state: "problem", message: PROBLEMS[check.problem] };
}

export async function action({ request }: ActionFunctionArgs) {
  const { submission } = await parseForm(request, NewsletterConfirmSchema);
  if (submission.status !== "success") return data({ message: NEWSLETTER_MESSAGES.confirmInvalid }, { status: 400 });
  const outcome = await confirmNewsletterSubscription(getDb(), submission.value.token);
  if (!outcome.ok) return data({ message: PROBLEMS[outcome.problem] }, { status: outcome.problem === "expired" ? 410 : 400 });
  return redirect(`${NEWSLETTER_CONFIRM_PATH}?confirmed=1`);
}

export default function NewsletterConfirmPage() {
  const page = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <NewsletterLinkPage
      title="Newsletter subscription"
      refusal={refusal?.message}
      done={page.state === "confirmed" ? NEWSLETTER_MESSAGES.confirmed : null}
      notice={page.state === "problem" ? page.message : null}
      ready={
        page.state === "ready"
          ? { text: NEWSLETTER_MESSAGES.confirmReady(page.email), fields: { token: page.token }, submit: "Confirm my subscription", colorPalette: "blue" }
          : null
      }
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
