// /newsletter/confirm?token=…: where the newsletter's confirmation mail points. Opening the link changes
// nothing (mail scanners and prefetchers open links too): the page shows a button, and its POST confirms. A link works
// once and expires; the page says which when it does not work.
import { Button, Container, Heading, Link, Stack, Text } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormErrors, FormSuccess } from "~/components/forms/index.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
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
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Container maxW="xl" py="16">
      <Stack gap="5">
        <Heading as="h1" size="2xl">
          Newsletter subscription
        </Heading>
        <FormErrors errors={refusal ? [refusal.message] : undefined} />
        {page.state === "confirmed" ? <FormSuccess>{NEWSLETTER_MESSAGES.confirmed}</FormSuccess> : null}
        {page.state === "problem" ? <Text>{page.message}</Text> : null}
        {page.state === "ready" && !refusal ? (
          <Form method="post">
            <Stack gap="4">
              <Text>{NEWSLETTER_MESSAGES.confirmReady(page.email)}</Text>
              <input type="hidden" name="token" value={page.token} />
              <Button type="submit" colorPalette="blue" alignSelf="start" disabled={busy}>
                Confirm my subscription
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
