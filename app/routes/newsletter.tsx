// POST /newsletter: the footer's sign-up. With JavaScript the footer shows the answer in place;
// without it, this page shows it. A sign-up mails a confirmation link (nothing counts until it is followed), and the
// answer is the same whatever the address's state (app/services/accounts/newsletter.server.ts). Limited per client address.
import { Button, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { parseForm } from "~/web/form-data.server.ts";
import { Link as RemixLink, useActionData } from "@remix-run/react";
import { getDb } from "~/db.server.ts";
import { NEWSLETTER_MESSAGES, NewsletterSchema } from "~/schemas/newsletter.ts";
import { isHoneypotFilled } from "~/web/form-guard.server.ts";
import { claimNewsletterAttempt, subscribeToNewsletter } from "~/services/accounts/index.server.ts";
import { refusalsAnswered } from "~/web/domain-answer.server.ts";

export const meta: MetaFunction = () => [{ title: "Newsletter — Tradebench" }];

// No redirect here: after a form post without JavaScript, Remix runs this loader to render the answer,
// and a redirect would throw that answer away.
export async function loader() {
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { submission, fields } = await parseForm(request, NewsletterSchema);
  if (isHoneypotFilled(fields)) return { ok: true as const, message: NEWSLETTER_MESSAGES.subscribed };
  if (submission.status !== "success") {
    return data({ ok: false as const, message: submission.error?.email?.[0] ?? "Please enter a valid email address" }, { status: 400 });
  }
  const db = getDb();
  // Only the claim's refusal (too many sign-ups from this address) is answered here; anything subscribing throws goes on.
  const refused = await refusalsAnswered(
    async () => {
      await claimNewsletterAttempt(db, context.clientIp);
      return null;
    },
    { as: (refusal) => ({ ok: false as const, message: refusal.message }) },
  );
  if (refused) return refused;
  await subscribeToNewsletter(db, submission.value.email);
  return { ok: true as const, message: NEWSLETTER_MESSAGES.subscribed };
}

export default function NewsletterPage() {
  const result = useActionData<typeof action>();
  return (
    <Container maxW="xl" py="16">
      <Stack gap="4">
        <Heading as="h1" size="2xl">
          Newsletter
        </Heading>
        {result ? (
          <Text role={result.ok ? "status" : "alert"} color={result.ok ? "green.fg" : "red.fg"}>
            {result.message}
          </Text>
        ) : (
          <Text color="fg.muted">Sign up with the form at the bottom of any page.</Text>
        )}
        <Button asChild alignSelf="start" variant="outline">
          <RemixLink to="/">Back to the home page</RemixLink>
        </Button>
      </Stack>
    </Container>
  );
}
