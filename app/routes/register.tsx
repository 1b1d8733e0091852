import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Box, Button, Container, Field, Heading, Link, NativeSelect, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { parseForm } from "~/web/form-data.server.ts";
import { Form, Link as RemixLink, useActionData, useNavigation } from "@remix-run/react";
import { FormErrors, TextField } from "~/components/forms/index.ts";
import { Honeypot } from "~/components/Honeypot.tsx";
import { getDb } from "~/db.server.ts";
import { REGISTRATION_INTENTS, roleForIntent, type RegistrationIntent } from "~/lib/roles.ts";
import { RegisterSchema } from "~/schemas/auth.ts";
import { MIN_PASSWORD_LENGTH } from "~/schemas/fields.ts";
import { registerMember } from "~/services/accounts/index.server.ts";
import { getEnv } from "~/env.server.ts";
import { enforceRateLimits, RATE_LIMITS, requireAnonymous } from "~/web/auth.server.ts";
import { isHoneypotFilled } from "~/web/form-guard.server.ts";
import { formReply, refusalsAnswered } from "~/web/domain-answer.server.ts";

export const meta: MetaFunction = () => [{ title: "Create an account — Tradebench" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request);
  const { submission, fields } = await parseForm(request, RegisterSchema);
  if (isHoneypotFilled(fields)) return redirect("/login?registered=1");
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password", "confirmPassword"] }), { status: 400 });
  }
  const { email, password, firstName, lastName, companyName, intent } = submission.value;
  await enforceRateLimits([
    { key: `register:ip:${context.clientIp}`, rule: RATE_LIMITS.registerPerIp },
    { key: `register:account:${email}`, rule: RATE_LIMITS.registerPerAccount },
  ]);
  // A password the policy refuses: the message beside the password field (400).
  return refusalsAnswered(
    async () => {
      // The same answer whether the address is new or already has an account (whose owner is mailed instead).
      await registerMember(
        getDb(),
        { email, password, firstName, lastName, companyName, role: roleForIntent(intent as RegistrationIntent) },
        getEnv().PUBLIC_URL,
      );
      return redirect("/login?registered=1");
    },
    { as: (refusal) => formReply(submission, refusal, { hideFields: ["password", "confirmPassword"] }) },
  );
}

export default function RegisterPage() {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "register",
    lastResult,
    defaultValue: { intent: "buy" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RegisterSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const intentErrors = fields.intent.errors ?? [];
  const { key: intentKey, ...intentProps } = getSelectProps(fields.intent, { ariaAttributes: true });

  return (
    <Container maxW="lg" py="12">
      <Stack gap="6">
        <Box>
          <Heading as="h1" size="2xl">
            Create your account
          </Heading>
          <Text color="fg.muted">Buy, sell and bid on industrial electronics and test equipment.</Text>
        </Box>
        <Form method="post" {...getFormProps(form)}>
          <Honeypot />
          <Stack gap="4">
            <FormErrors id={form.errorId} errors={form.errors} />
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <TextField meta={fields.firstName} label="First name" autoComplete="given-name" required />
              <TextField meta={fields.lastName} label="Last name" autoComplete="family-name" required />
            </SimpleGrid>
            <TextField meta={fields.email} label="Email" type="email" autoComplete="email" required />
            <TextField meta={fields.companyName} label="Company name (optional)" autoComplete="organization" />
            <TextField
              meta={fields.password}
              label="Password"
              type="password"
              autoComplete="new-password"
              required
              helper={`At least ${MIN_PASSWORD_LENGTH} characters.`}
            />
            <TextField meta={fields.confirmPassword} label="Confirm password" type="password" autoComplete="new-password" required />
            <Field.Root invalid={intentErrors.length > 0} required id={fields.intent.id} ids={{ errorText: fields.intent.errorId }}>
              <Field.Label>
                I want to
                <Field.RequiredIndicator />
              </Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field key={intentKey} {...intentProps}>
                  {REGISTRATION_INTENTS.map((i) => (
                    <option key={i.value} value={i.value}>
                      {i.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              {intentErrors.length > 0 ? <Field.ErrorText id={fields.intent.errorId}>{intentErrors.join(" ")}</Field.ErrorText> : null}
            </Field.Root>
            <Text fontSize="sm" color="fg.muted">
              By creating an account you agree to our{" "}
              <Link asChild>
                <RemixLink to="/terms">Terms of Service</RemixLink>
              </Link>{" "}
              and{" "}
              <Link asChild>
                <RemixLink to="/privacy">Privacy Policy</RemixLink>
              </Link>
              .
            </Text>
            <Button type="submit" colorPalette="blue" disabled={submitting} loading={submitting} loadingText="Creating account...">
              Create account
            </Button>
          </Stack>
        </Form>
        <Text fontSize="sm">
          Already have an account?{" "}
          <Link asChild>
            <RemixLink to="/login">Sign in</RemixLink>
          </Link>
        </Text>
      </Stack>
    </Container>
  );
}
