import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Box, Button, Checkbox, Container, Heading, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { data, replace, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { parseForm } from "~/web/form-data.server.ts";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormErrors, FormSuccess, TextField } from "~/components/forms/index.ts";
import { AUTH_MESSAGES, LoginSchema } from "~/schemas/auth.ts";
import { safeRedirect } from "~/schemas/fields.ts";
import { refusalsAnswered } from "~/web/domain-answer.server.ts";
import { authenticator, claimSignIn, requireAnonymous, signInSucceeded } from "~/web/auth.server.ts";
import { continueSignIn } from "~/web/second-factor.server.ts";

export const meta: MetaFunction = () => [{ title: "Sign in — Tradebench" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const url = new URL(request.url);
  return {
    redirectTo: safeRedirect(url.searchParams.get("redirectTo") ?? url.searchParams.get("from")),
    notice: url.searchParams.get("registered") === "1" ? AUTH_MESSAGES.registered : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { submission, fields } = await parseForm(request, LoginSchema);
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  // Counted before the password check, never against the owner's known address or browser (docs/decisions/0029).
  const claim = await claimSignIn(request, context, submission.value.email);
  const signedIn = await refusalsAnswered(async () => ({ userId: await authenticator.authenticate("form", formRequest(request, fields)) }), {
    as: (refusal) => submission.reply({ formErrors: [refusal.message], hideFields: ["password"] }),
  });
  if (!("userId" in signedIn)) return signedIn;
  const { userId } = signedIn;
  const deviceCookie = await signInSucceeded(claim);
  // With a second factor the session waits for the code (/login/second-factor); without one it starts now.
  const next = await continueSignIn(userId, request, context, {
    remember: submission.value.remember === "on",
    redirectTo: safeRedirect(submission.value.redirectTo),
  });
  const headers = new Headers();
  for (const cookie of next.cookies) headers.append("Set-Cookie", cookie);
  if (deviceCookie) headers.append("Set-Cookie", deviceCookie);
  return replace(next.location, { headers });
}

/**
 * The sign-in strategy reads a form from a request: it is given the fields parseForm has bounded and checked, never
 * the body again (undici's stricter parser failed, with a 500, on a multipart form that parseForm accepts).
 */
function formRequest(request: Request, fields: FormData): Request {
  const body = new URLSearchParams();
  for (const [name, value] of fields) if (typeof value === "string") body.append(name, value);
  return new Request(request.url, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body });
}

export default function LoginPage() {
  const { redirectTo, notice } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "login",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  return (
    <Container maxW="md" py="12">
      <Stack gap="6">
        <Box>
          <Heading as="h1" size="2xl">
            Sign in
          </Heading>
          <Text color="fg.muted">Welcome back to Tradebench.</Text>
        </Box>
        {notice ? <FormSuccess>{notice}</FormSuccess> : null}
        <Form method="post" {...getFormProps(form)}>
          <Stack gap="4">
            <FormErrors id={form.errorId} errors={form.errors} />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <TextField meta={fields.email} label="Email" type="email" autoComplete="email" required />
            <TextField meta={fields.password} label="Password" type="password" autoComplete="current-password" required />
            <HStack justify="space-between">
              <Checkbox.Root name="remember" value="on">
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>Remember me</Checkbox.Label>
              </Checkbox.Root>
              <Link asChild fontSize="sm">
                <RemixLink to="/forgot-password">Forgot password?</RemixLink>
              </Link>
            </HStack>
            <Button type="submit" colorPalette="blue" disabled={submitting} loading={submitting} loadingText="Signing in...">
              Sign in
            </Button>
          </Stack>
        </Form>
        <Text fontSize="sm">
          New to Tradebench?{" "}
          <Link asChild>
            <RemixLink to="/register">Create an account</RemixLink>
          </Link>
        </Text>
      </Stack>
    </Container>
  );
}
