import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Box, Button, Container, Heading, Link, Stack, Text } from "@chakra-ui/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { parseForm } from "~/web/form-data.server.ts";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigate, useNavigation, type ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect } from "react";
import { FormErrors, FormSuccess, TextField } from "~/components/forms/index.ts";
import { getDb } from "~/db.server.ts";
import { AUTH_MESSAGES, ResetPasswordSchema } from "~/schemas/auth.ts";
import { MIN_PASSWORD_LENGTH } from "~/schemas/fields.ts";
import { requireAnonymous } from "~/web/auth.server.ts";
import { continueSignIn } from "~/web/second-factor.server.ts";
import { isResetTokenUsable, resetPassword } from "~/services/accounts/index.server.ts";
import { formReply, refusalsAnswered } from "~/web/domain-answer.server.ts";

/** docs/product/accounts.md#password-reset: after a successful reset the page moves on to /dashboard after 2 seconds. */
const REDIRECT_DELAY_SECONDS = 2;

export const meta: MetaFunction = () => [{ title: "Choose a new password — Tradebench" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, usable: token !== "" && (await isResetTokenUsable(getDb(), token)) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request);
  const { submission } = await parseForm(request, ResetPasswordSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password", "confirmPassword"] }), done: false, next: null }, { status: 400 });
  }
  // An unknown, used or expired link: the message above the form, with the refusal's status (400).
  const reset = await refusalsAnswered(() => resetPassword(getDb(), submission.value.token, submission.value.password), {
    as: (refusal) => ({ result: formReply(submission, refusal, { hideFields: ["password", "confirmPassword"] }), done: false, next: null }),
  });
  if (!("userId" in reset)) return reset;
  const { userId } = reset;
  // A member with a second factor still passes it: a reset link proves the mailbox, not the phone.
  const next = await continueSignIn(userId, request, context, { remember: false, redirectTo: "/dashboard" });
  const headers = new Headers();
  for (const cookie of next.cookies) headers.append("Set-Cookie", cookie);
  return data({ result: submission.reply({ resetForm: true }), done: true, next: next.location }, { headers });
}

/**
 * After a successful reset the visitor is signed in, so re-running this loader (requireAnonymous) would
 * jump to /dashboard at once and hide the success message; the timer below moves on instead.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as { done?: boolean } | undefined)?.done === true ? false : defaultShouldRevalidate;

export default function ResetPasswordPage() {
  const { token, usable } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const done = actionData?.done === true;
  const next = actionData?.next ?? "/dashboard";
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetPasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate(next, { replace: true }), REDIRECT_DELAY_SECONDS * 1000);
    return () => window.clearTimeout(timer);
  }, [done, next, navigate]);

  return (
    <Container maxW="md" py="12">
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          Choose a new password
        </Heading>
        {done ? (
          <>
            {/* Without JavaScript the browser follows this refresh instead of the timer above. */}
            <noscript>
              <meta httpEquiv="refresh" content={`${REDIRECT_DELAY_SECONDS};url=${next}`} />
            </noscript>
            <FormSuccess>{AUTH_MESSAGES.resetDone}</FormSuccess>
          </>
        ) : !usable && !actionData ? (
          <Box>
            <FormErrors errors={[AUTH_MESSAGES.resetInvalid]} />
            <Text mt="4">
              <Link asChild>
                <RemixLink to="/forgot-password">Ask for a new reset link</RemixLink>
              </Link>
            </Text>
          </Box>
        ) : (
          <Form method="post" {...getFormProps(form)}>
            <Stack gap="4">
              <FormErrors id={form.errorId} errors={form.errors} />
              <input type="hidden" name="token" value={token} />
              <TextField
                meta={fields.password}
                label="New password"
                type="password"
                autoComplete="new-password"
                required
                helper={`At least ${MIN_PASSWORD_LENGTH} characters.`}
              />
              <TextField meta={fields.confirmPassword} label="Confirm new password" type="password" autoComplete="new-password" required />
              <Button type="submit" colorPalette="blue" disabled={submitting} loading={submitting} loadingText="Updating...">
                Update password
              </Button>
            </Stack>
          </Form>
        )}
      </Stack>
    </Container>
  );
}
