// /newsletter/unsubscribe?s=<subscription>&t=<token>: the link every newsletter e-mail carries. No sign-in:
// the token proves the link came in a mail to that address. Opening it changes nothing (mail scanners and prefetchers
// open links); the page's button posts, and that unsubscribes. The address may subscribe again later.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { NewsletterLinkPage } from "~/components/NewsletterLinkPage.tsx";
import { getDb } from "~/db.server.ts";
import { NEWSLETTER_MESSAGES, NEWSLETTER_UNSUBSCRIBE_PATH, NewsletterUnsubscribeSchema } from "~/schemas/newsletter.ts";
import { subscriptionOfUnsubscribeLink, unsubscribeFromNewsletter } from "~/services/accounts/index.server.ts";
import { parseForm } from "~/web/form-data.server.ts";

export const meta: MetaFunction = () => [{ title: "Unsubscribe from the newsletter — Tradebench" }, { name: "robots", content: "noindex" }];

type PageState = { state: "ready"; id: number; token: string; email: string } | { state: "already"; email: string } | { state: "done" } | { state: "invalid" };

export async function loader({ request }: LoaderFunctionArgs): Promise<PageState> {
  const params = new URL(request.url).searchParams;
  if (params.get("done") === "1") return { state: "done" };
  const parsed = NewsletterUnsubscribeSchema.safeParse({ s: params.get("s") ?? undefined, t: params.get("t") ?? undefined });
  if (!parsed.success) return { state: "invalid" };
  const subscription = await subscriptionOfUnsubscribeLink(getDb(), parsed.data.s, parsed.data.t);
  if (!subscription) return { state: "invalid" };
  if (subscription.status === "unsubscribed") return { state: "already", email: subscription.email };
  return { state: "ready", id: subscription.id, token: parsed.data.t, email: subscription.email };
}

export async function action({ request }: ActionFunctionArgs) {
  const { submission } = await parseForm(request, NewsletterUnsubscribeSchema);
  if (submission.status !== "success") return data({ message: NEWSLETTER_MESSAGES.unsubscribeInvalid }, { status: 400 });
  const done = await unsubscribeFromNewsletter(getDb(), submission.value.s, submission.value.t);
  if (!done) return data({ message: NEWSLETTER_MESSAGES.unsubscribeInvalid }, { status: 400 });
  return redirect(`${NEWSLETTER_UNSUBSCRIBE_PATH}?done=1`);
}

export default function NewsletterUnsubscribePage() {
  const page = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const notice =
    page.state === "invalid" ? NEWSLETTER_MESSAGES.unsubscribeInvalid : page.state === "already" ? NEWSLETTER_MESSAGES.alreadyUnsubscribed(page.email) : null;
  return (
    <NewsletterLinkPage
      title="Unsubscribe from the newsletter"
      refusal={refusal?.message}
      done={page.state === "done" ? NEWSLETTER_MESSAGES.unsubscribed : null}
      notice={notice}
      ready={
        page.state === "ready"
          ? { text: NEWSLETTER_MESSAGES.unsubscribeReady(page.email), fields: { s: page.id, t: page.token }, submit: "Unsubscribe", colorPalette: "red" }
          : null
      }
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
