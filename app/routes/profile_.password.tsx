// /profile/password: a signed-in member changes their password with the current one. Every other
// device is signed out; this one stays signed in. Rate-limited per account, as the current password is checked.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Button, Container, Heading, Link, Stack, Text } from "@chakra-ui/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useNavigation } from "@remix-run/react";
import { FormErrors, FormSuccess, TextField } from "~/components/forms/index.ts";
import { getDb } from "~/db.server.ts";
import { getEnv } from "~/env.server.ts";
import { ChangePasswordSchema, PASSWORD_CHANGE_MESSAGES } from "~/schemas/account-security.ts";
import { MIN_PASSWORD_LENGTH } from "~/schemas/fields.ts";
import { changePassword, readSessionId } from "~/services/accounts/index.server.ts";
import { enforceRateLimits, RATE_LIMITS, requireUser } from "~/web/auth.server.ts";
import { formReply, refusalsAnswered } from "~/web/domain-answer.server.ts";
import { parseForm } from "~/web/form-data.server.ts";

export const meta: MetaFunction = () => [{ title: "Change your password — Tradebench" }];

const HIDDEN = ["currentPassword", "newPassword", "confirmPassword"];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const { submission } = await parseForm(request, ChangePasswordSchema);
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: HIDDEN }), done: false }, { status: 400 });
  await enforceRateLimits([{ key: `password-change:account:${user.id}`, rule: RATE_LIMITS.passwordChangePerAccount }]);
  return refusalsAnswered(
    async () => {
      await changePassword(
        getDb(),
        {
          userId: user.id,
          currentPassword: submission.value.currentPassword,
          newPassword: submission.value.newPassword,
          keepSessionId: await readSessionId(request),
        },
        getEnv().PUBLIC_URL,
      );
      return data({ result: submission.reply({ resetForm: true }), done: true });
    },
    { as: (refusal) => ({ result: formReply(submission, refusal, { hideFields: HIDDEN }), done: false }) },
  );
}

export default function ChangePasswordPage() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "change-password",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ChangePasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Container maxW="md" py="12">
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          Change your password
        </Heading>
        {actionData?.done ? <FormSuccess>{PASSWORD_CHANGE_MESSAGES.changed}</FormSuccess> : null}
        <Form method="post" {...getFormProps(form)}>
          <Stack gap="4">
            <FormErrors id={form.errorId} errors={form.errors} />
            <TextField meta={fields.currentPassword} label="Current password" type="password" autoComplete="current-password" required />
            <TextField
              meta={fields.newPassword}
              label="New password"
              type="password"
              autoComplete="new-password"
              required
              helper={`At least ${MIN_PASSWORD_LENGTH} characters, and not one of the most common passwords.`}
            />
            <TextField meta={fields.confirmPassword} label="Confirm new password" type="password" autoComplete="new-password" required />
            <Text fontSize="sm" color="fg.muted">
              Every other device signed in to your account will be signed out.
            </Text>
            <Button type="submit" colorPalette="blue" alignSelf="start" disabled={submitting} loading={submitting} loadingText="Changing...">
              Change password
            </Button>
          </Stack>
        </Form>
        <Link asChild color="blue.fg" width="fit-content">
          <RemixLink to="/profile">Back to your profile</RemixLink>
        </Link>
      </Stack>
    </Container>
  );
}
