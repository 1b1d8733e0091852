import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Box, Button, Container, Heading, Link, Stack, Text } from "@chakra-ui/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { parseForm } from "~/web/form-data.server.ts";
import { Form, Link as RemixLink, useActionData, useNavigation } from "@remix-run/react";
import { FormErrors, FormSuccess, TextField } from "~/components/forms/index.ts";
import { Honeypot } from "~/components/Honeypot.tsx";
import { getDb } from "~/db.server.ts";
import { getEnv } from "~/env.server.ts";
import { AUTH_MESSAGES, ForgotPasswordSchema } from "~/schemas/auth.ts";
import { enforceRateLimits, RATE_LIMITS, requireAnonymous } from "~/web/auth.server.ts";
import { isHoneypotFilled } from "~/web/form-guard.server.ts";
import { requestPasswordReset } from "~/services/accounts/index.server.ts";

export const meta: MetaFunction = () => [{ title: "Forgot password — Tradebench" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { submission, fields: formData } = await parseForm(request, ForgotPasswordSchema);
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 400 });
  if (!isHoneypotFilled(formData)) {
    await enforceRateLimits([
      { key: `forgot:ip:${context.clientIp}`, rule: RATE_LIMITS.forgotPerIp },
      { key: `forgot:account:${submission.value.email}`, rule: RATE_LIMITS.forgotPerAccount },
    ]);
    await requestPasswordReset(getDb(), submission.value.email, getEnv().PUBLIC_URL);
  }
  // The same answer whether or not the address has an account.
  return { result: submission.reply({ resetForm: true }), sent: true };
}

export default function ForgotPasswordPage() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ForgotPasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Container maxW="md" py="12">
      <Stack gap="6">
        <Box>
          <Heading as="h1" size="2xl">
            Forgot your password?
          </Heading>
          <Text color="fg.muted">Enter your email and we will send you a link to choose a new one.</Text>
        </Box>
        {actionData?.sent ? <FormSuccess>{AUTH_MESSAGES.resetSent}</FormSuccess> : null}
        <Form method="post" {...getFormProps(form)}>
          <Honeypot />
          <Stack gap="4">
            <FormErrors id={form.errorId} errors={form.errors} />
            <TextField meta={fields.email} label="Email" type="email" autoComplete="email" required />
            <Button type="submit" colorPalette="blue" disabled={submitting} loading={submitting} loadingText="Sending...">
              Send reset link
            </Button>
          </Stack>
        </Form>
        <Text fontSize="sm">
          Remembered it?{" "}
          <Link asChild>
            <RemixLink to="/login">Back to sign in</RemixLink>
          </Link>
        </Text>
      </Stack>
    </Container>
  );
}
