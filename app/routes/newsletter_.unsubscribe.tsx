// /newsletter/unsubscribe?s=<subscription>&t=<token>: the link every newsletter e-mail carries. No sign-in:
// the token proves the link came in a mail to that address. Opening it changes nothing (mail scanners and prefetchers
// open links); the page's button posts, and that unsubscribes. The address may subscribe again later.
import { Button, Container, Heading, Link, Stack, Text } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormErrors, FormSuccess } from "~/components/forms/index.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
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
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Container maxW="xl" py="16">
      <Stack gap="5">
        <Heading as="h1" size="2xl">
          Unsubscribe from the newsletter
        </Heading>
        <FormErrors errors={refusal ? [refusal.message] : undefined} />
        {page.state === "done" ? <FormSuccess>{NEWSLETTER_MESSAGES.unsubscribed}</FormSuccess> : null}
        {page.state === "invalid" ? <Text>{NEWSLETTER_MESSAGES.unsubscribeInvalid}</Text> : null}
        {page.state === "already" ? <Text>{NEWSLETTER_MESSAGES.alreadyUnsubscribed(page.email)}</Text> : null}
        {page.state === "ready" && !refusal ? (
          <Form method="post">
            <Stack gap="4">
              <Text>{NEWSLETTER_MESSAGES.unsubscribeReady(page.email)}</Text>
              <input type="hidden" name="s" value={page.id} />
              <input type="hidden" name="t" value={page.token} />
              <Button type="submit" colorPalette="red" alignSelf="start" disabled={busy}>
                Unsubscribe
              </Button>
            </Stack>
          </Form>
        ) : null}
        <Link asChild alignSelf="start" textDecoration="underline">
          <RemixLink to="/">Back to the home page</RemixLink>
        </Link>
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
