// /confirm-email: where the link in the welcome mail leads (docs/decisions/0028).
// GET ?token=…  confirms the account's address (once; the link expires after 24 hours) and redirects to this page
//               without the token (?confirmed=1 or ?problem=used|replaced|expired|invalid), so the secret leaves the
//               address bar and the app shell, read afresh, no longer shows the banner.
// POST          "Resend the link" (the banner's form, and this page's): a new link by mail, the old ones void;
//               at most one a minute and five an hour. Works without JavaScript.
// Following the link does not sign anyone in: a signed-in owner goes on where they were, anyone else signs in as usual.
import { Box, Button, Container, Heading, Link, Stack, Text } from "@chakra-ui/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormErrors, FormSuccess } from "~/components/forms/index.ts";
import { getDb } from "~/db.server.ts";
import { getEnv } from "~/env.server.ts";
import { CONFIRM_EMAIL_PATH, EMAIL_CONFIRMATION_MESSAGES, isConfirmationProblem } from "~/lib/email-confirmation-messages.ts";
import { loginUrl } from "~/lib/http.ts";
import { confirmEmail, resendConfirmationLink } from "~/services/accounts/index.server.ts";
import { getOptionalUser, requireUser } from "~/web/auth.server.ts";
import { refusalsAnswered } from "~/web/domain-answer.server.ts";

export const meta: MetaFunction = () => [{ title: "Confirm your email address — Tradebench" }];

/** Tokens are 43 URL-safe characters; anything much longer is not one of ours. */
const MAX_TOKEN_LENGTH = 200;

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  if (token !== null) {
    const outcome = token.length > 0 && token.length <= MAX_TOKEN_LENGTH ? await confirmEmail(getDb(), token) : null;
    const next = outcome?.ok ? "confirmed=1" : `problem=${outcome?.problem ?? "invalid"}`;
    throw redirect(`${CONFIRM_EMAIL_PATH}?${next}`, { headers: { "Referrer-Policy": "no-referrer" } });
  }
  const user = await getOptionalUser(request);
  const problem = url.searchParams.get("problem");
  return {
    confirmed: url.searchParams.get("confirmed") === "1",
    sent: url.searchParams.get("sent") === "1",
    problem: isConfirmationProblem(problem) ? problem : null,
    user: user ? { email: user.email, emailConfirmed: user.emailConfirmed } : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return refusalsAnswered(
    async () => {
      await resendConfirmationLink(getDb(), user.id, getEnv().PUBLIC_URL);
      throw redirect(`${CONFIRM_EMAIL_PATH}?sent=1`, { status: 303 });
    },
    { as: "json" },
  );
}

function ResendLinkForm() {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formAction === CONFIRM_EMAIL_PATH;
  return (
    <Form method="post" action={CONFIRM_EMAIL_PATH}>
      <Button type="submit" colorPalette="blue" disabled={sending} loading={sending} loadingText="Sending...">
        {EMAIL_CONFIRMATION_MESSAGES.resend}
      </Button>
    </Form>
  );
}

export default function ConfirmEmailPage() {
  const { confirmed, sent, problem, user } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const unconfirmed = user !== null && !user.emailConfirmed;

  return (
    <Container maxW="lg" py="12">
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          {confirmed || user?.emailConfirmed ? "Email address confirmed" : "Confirm your email address"}
        </Heading>
        {refused ? <FormErrors errors={[refused.message]} /> : null}
        {confirmed ? (
          <FormSuccess>{EMAIL_CONFIRMATION_MESSAGES.confirmed}</FormSuccess>
        ) : problem ? (
          <FormErrors errors={[EMAIL_CONFIRMATION_MESSAGES[problem]]} />
        ) : null}
        {sent && unconfirmed ? <FormSuccess>{EMAIL_CONFIRMATION_MESSAGES.sent(user.email)}</FormSuccess> : null}

        {user === null ? (
          <Box>
            {confirmed ? <Text>Sign in to start bidding, buying and selling.</Text> : <Text>{EMAIL_CONFIRMATION_MESSAGES.signInForNewLink}</Text>}
            <Button asChild colorPalette="blue" mt="4">
              <RemixLink to={loginUrl(confirmed ? "/dashboard" : CONFIRM_EMAIL_PATH)}>Sign in</RemixLink>
            </Button>
          </Box>
        ) : user.emailConfirmed ? (
          <Box>
            {!confirmed ? <Text>{EMAIL_CONFIRMATION_MESSAGES.alreadyConfirmed}</Text> : null}
            <Stack direction="row" gap="4" mt="2">
              <Link asChild>
                <RemixLink to="/dashboard">Go to your dashboard</RemixLink>
              </Link>
              <Link asChild>
                <RemixLink to="/listings">Browse equipment</RemixLink>
              </Link>
            </Stack>
          </Box>
        ) : (
          <Box>
            <Text mb="4">
              We send the link to <strong>{user.email}</strong>. It works once and expires after 24 hours; asking for a new one makes the earlier links stop
              working.
            </Text>
            <ResendLinkForm />
          </Box>
        )}
      </Stack>
    </Container>
  );
}
