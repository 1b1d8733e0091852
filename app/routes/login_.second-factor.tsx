// /login/second-factor: the second step of signing in for a member whose account has a second factor (
// docs/decisions/0064). The password step sent them here with a short-lived challenge cookie; a code from the
// authenticator app (or a recovery code) makes the session. Works as a plain form post.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Box, Button, Container, Heading, Link, Stack, Text } from "@chakra-ui/react";
import { data, redirect, replace, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { PasskeySignInButton } from "~/components/passkeys/PasskeyButtons.tsx";
import { getDb } from "~/db.server.ts";
import { FormErrors, TextField } from "~/components/forms/index.ts";
import { SecondStepSchema } from "~/schemas/second-factor.ts";
import { hasPasskey } from "~/services/accounts/index.server.ts";
import { isDomainError } from "~/services/domain-error.ts";
import { requireAnonymous } from "~/web/auth.server.ts";
import { formReply, refusalInit } from "~/web/domain-answer.server.ts";
import { parseForm } from "~/web/form-data.server.ts";
import { abandonSecondStep, finishSecondStep, pendingSignIn } from "~/web/second-factor.server.ts";

export const meta: MetaFunction = () => [{ title: "Two-step sign-in — Tradebench" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  // Nothing waits for a code in this browser (never signed in, expired, or voided by wrong codes): the password first.
  const pending = await pendingSignIn(request);
  if (!pending) throw redirect("/login", { headers: { "Set-Cookie": await abandonSecondStep(request) } });
  // Offered beside the code form when the account has a passkey and the browser supports them (docs/decisions/0071).
  return { passkey: await hasPasskey(getDb(), pending.userId) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { submission } = await parseForm(request, SecondStepSchema);
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["code"] }), { status: 400 });
  // Stays: a void sign-in also drops its cookie, a header the shared answer does not add.
  try {
    const next = await finishSecondStep(request, context, submission.value.code);
    const headers = new Headers();
    for (const cookie of next.cookies) headers.append("Set-Cookie", cookie);
    return replace(next.location, { headers });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const refusal = { result: formReply(submission, error, { hideFields: ["code"] }), init: refusalInit(error) };
    // A void sign-in (expired, too many wrong codes) also drops its cookie: the page then offers the password step.
    if (error.code === "challenge_void") {
      return data(refusal.result, { ...refusal.init, headers: { ...refusal.init.headers, "Set-Cookie": await abandonSecondStep(request) } });
    }
    return data(refusal.result, refusal.init);
  }
}

export default function SecondStepPage() {
  const lastResult = useActionData<typeof action>();
  const { passkey } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "second-step",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SecondStepSchema }),
    shouldValidate: "onSubmit",
  });

  return (
    <Container maxW="md" py="12">
      <Stack gap="6">
        <Box>
          <Heading as="h1" size="2xl">
            Two-step sign-in
          </Heading>
          <Text color="fg.muted">Enter the 6-digit code your authenticator app shows for Tradebench.</Text>
        </Box>
        <Form method="post" {...getFormProps(form)}>
          <Stack gap="4">
            <FormErrors id={form.errorId} errors={form.errors} />
            <TextField
              meta={fields.code}
              label="Code"
              autoComplete="one-time-code"
              inputMode="text"
              required
              helper="Lost your phone? Type one of your recovery codes instead; each works once."
            />
            <Button type="submit" colorPalette="blue" disabled={submitting} loading={submitting} loadingText="Checking...">
              Verify
            </Button>
          </Stack>
        </Form>
        {passkey ? <PasskeySignInButton action="/login/second-factor/passkey" onDone={(location) => window.location.assign(location)} /> : null}
        <Text fontSize="sm">
          <Link asChild>
            <RemixLink to="/login">Start again with your password</RemixLink>
          </Link>
        </Text>
      </Stack>
    </Container>
  );
}
