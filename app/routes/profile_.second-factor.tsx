// /profile/second-factor: two-step sign-in for the signed-in member (docs/decisions/0064). Set up an
// authenticator app (a QR code drawn on the server, so it works without JavaScript, and the secret as text), get ten
// one-time recovery codes, make new ones, or turn it off with the password and a current code. Staff whose role
// needs it are sent here (requireSecondFactorWhereRequired) and go back where they were once it is on.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Badge, Box, Button, Code, Container, Heading, HStack, Link, List, Stack, Text } from "@chakra-ui/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { z } from "zod";
import { AddPasskey } from "~/components/passkeys/PasskeyButtons.tsx";
import { MEMBER_LIMITS } from "~/lib/member-limits.ts";
import { PASSKEY_MESSAGES, RemovePasskeySchema } from "~/schemas/passkeys.ts";
import { FormErrors, FormSuccess, TextField } from "~/components/forms/index.ts";
import { getDb } from "~/db.server.ts";
import { formatShortDate } from "~/lib/dates.ts";
import { safeRedirect } from "~/schemas/fields.ts";
import { SECOND_FACTOR_MESSAGES, SECOND_FACTOR_PATH, SecondFactorActionSchema } from "~/schemas/second-factor.ts";
import {
  beginTotpEnrolment,
  confirmTotpEnrolment,
  disableSecondFactor,
  listPasskeys,
  regenerateRecoveryCodes,
  removePasskey,
  secondFactorStatus,
} from "~/services/accounts/index.server.ts";
import { requireUser } from "~/web/auth.server.ts";
import { formReply, refusalsAnswered } from "~/web/domain-answer.server.ts";
import { parseForm } from "~/web/form-data.server.ts";

/** The page's forms: the authenticator app's, and removing a passkey (docs/decisions/0071). */
const PageActionSchema = z.discriminatedUnion("intent", [...SecondFactorActionSchema.options, RemovePasskeySchema]);
type PageAction = z.infer<typeof PageActionSchema>;

export const meta: MetaFunction = () => [{ title: "Two-step sign-in — Tradebench" }];

/** The address of this page with the same `required` and `redirectTo` as `url`, and `done` when given. */
function pageUrl(url: URL, done?: string): string {
  const query = new URLSearchParams();
  for (const name of ["required", "redirectTo"]) {
    const value = url.searchParams.get(name);
    if (value) query.set(name, value);
  }
  if (done) query.set("done", done);
  const search = query.toString();
  return search ? `${SECOND_FACTOR_PATH}?${search}` : SECOND_FACTOR_PATH;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const status = await secondFactorStatus(getDb(), user);
  const passkeys = await listPasskeys(getDb(), user.id);
  const redirectTo = url.searchParams.get("redirectTo");
  const doneParam = url.searchParams.get("done");
  return {
    status,
    passkeys,
    sentHere: url.searchParams.get("required") === "1",
    redirectTo: redirectTo ? safeRedirect(redirectTo) : null,
    done: doneParam === "disabled" ? SECOND_FACTOR_MESSAGES.disabled : doneParam === "passkey-removed" ? PASSKEY_MESSAGES.removed : null,
  };
}

type ActionAnswer = { intent: PageAction["intent"] | null; result: SubmissionResult<string[]>; recoveryCodes?: string[]; notice?: string };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const { submission } = await parseForm(request, PageActionSchema);
  const hidden = ["code", "password"];
  if (submission.status !== "success") {
    const intent = submission.payload.intent;
    const known = intent === "start" || intent === "confirm" || intent === "regenerate" || intent === "disable" || intent === "remove-passkey" ? intent : null;
    return data<ActionAnswer>({ intent: known, result: submission.reply({ hideFields: hidden }) }, { status: 400 });
  }
  const input = submission.value;
  return refusalsAnswered(
    async () => {
      switch (input.intent) {
        case "start":
          await beginTotpEnrolment(getDb(), user.id);
          throw redirect(pageUrl(url));
        case "confirm": {
          const { recoveryCodes } = await confirmTotpEnrolment(getDb(), user.id, input.code);
          return data<ActionAnswer>({
            intent: input.intent,
            result: submission.reply({ resetForm: true }),
            recoveryCodes,
            notice: SECOND_FACTOR_MESSAGES.enabled,
          });
        }
        case "regenerate": {
          const { recoveryCodes } = await regenerateRecoveryCodes(getDb(), user.id, input.code);
          return data<ActionAnswer>({
            intent: input.intent,
            result: submission.reply({ resetForm: true }),
            recoveryCodes,
            notice: SECOND_FACTOR_MESSAGES.regenerated,
          });
        }
        case "disable":
          await disableSecondFactor(getDb(), user.id, { password: input.password, code: input.code });
          throw redirect(pageUrl(url, "disabled"));
        case "remove-passkey":
          await removePasskey(getDb(), user.id, { credentialId: input.credentialId, password: input.password, code: input.code });
          throw redirect(pageUrl(url, "passkey-removed"));
      }
    },
    { as: (refusal): ActionAnswer => ({ intent: input.intent, result: formReply(submission, refusal, { hideFields: hidden }) }) },
  );
}

function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The recovery codes, shown once after they are made. */
function RecoveryCodes({ codes, redirectTo }: { codes: string[]; redirectTo: string | null }) {
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p="4" aria-labelledby="recovery-codes-heading">
      <Heading as="h2" size="md" id="recovery-codes-heading">
        Your recovery codes
      </Heading>
      <Text>Write these down or print them now: they are not shown again. Each one signs you in once when your phone is not at hand.</Text>
      <List.Root as="ol" ps="6" fontFamily="mono" aria-label="Recovery codes">
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List.Root>
      {redirectTo ? (
        <Link asChild>
          <RemixLink to={redirectTo}>Continue to where you were</RemixLink>
        </Link>
      ) : null}
    </Stack>
  );
}

function CodeForm({
  id,
  intent,
  lastResult,
  submitLabel,
  withPassword = false,
  hidden = {},
  busy,
}: {
  id: string;
  intent: "confirm" | "regenerate" | "disable" | "remove-passkey";
  hidden?: Record<string, string>;
  lastResult: SubmissionResult<string[]> | undefined;
  submitLabel: string;
  withPassword?: boolean;
  busy: boolean;
}) {
  const [form, fields] = useForm({
    id,
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PageActionSchema }),
    shouldValidate: "onSubmit",
  });
  const codeField = fields as unknown as Record<"code" | "password", Parameters<typeof TextField>[0]["meta"]>;
  return (
    <Form method="post" {...getFormProps(form)}>
      <Stack gap="3">
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {withPassword ? <TextField meta={codeField.password!} label="Password" type="password" autoComplete="current-password" required /> : null}
        <TextField meta={codeField.code!} label={intent === "confirm" ? "Code from the app" : "Current code"} autoComplete="one-time-code" required />
        <Box>
          <Button type="submit" colorPalette={intent === "disable" || intent === "remove-passkey" ? "red" : "blue"} disabled={busy}>
            {submitLabel}
          </Button>
        </Box>
      </Stack>
    </Form>
  );
}

export default function SecondFactorPage() {
  const { status, passkeys, sentHere, redirectTo, done } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [passkeyCodes, setPasskeyCodes] = useState<string[] | null>(null);
  const [passkeyAdded, setPasskeyAdded] = useState(false);
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const resultOf = (intent: string) => (answer?.intent === intent ? answer.result : undefined);

  return (
    <Container maxW="2xl" py={{ base: "6", md: "10" }}>
      <Stack gap="6">
        <Stack gap="1">
          <Link asChild fontSize="sm">
            <RemixLink to="/profile">Back to your profile</RemixLink>
          </Link>
          <HStack gap="3">
            <Heading as="h1" size="2xl">
              Two-step sign-in
            </Heading>
            <Badge colorPalette={status.anyFactor ? "green" : "gray"}>{status.anyFactor ? "On" : "Off"}</Badge>
          </HStack>
          <Text color="fg.muted">Signing in asks for a code from an authenticator app on your phone, or one of your passkeys, as well as your password.</Text>
        </Stack>
        {done ? <FormSuccess>{done}</FormSuccess> : null}
        {answer?.notice ? <FormSuccess>{answer.notice}</FormSuccess> : null}
        {passkeyAdded ? <FormSuccess>{PASSKEY_MESSAGES.added}</FormSuccess> : null}
        {status.required && !status.anyFactor ? (
          <Box role={sentHere ? "alert" : undefined} borderWidth="1px" borderColor="orange.muted" bg="orange.subtle" borderRadius="md" p="4">
            <Text>{SECOND_FACTOR_MESSAGES.required}</Text>
          </Box>
        ) : null}
        {answer?.recoveryCodes ? <RecoveryCodes codes={answer.recoveryCodes} redirectTo={redirectTo} /> : null}
        {passkeyCodes ? <RecoveryCodes codes={passkeyCodes} redirectTo={redirectTo} /> : null}

        {status.enrolled ? (
          <>
            <Text>
              On since {status.enrolledAt ? formatShortDate(status.enrolledAt) : "—"}. Recovery codes left: <strong>{status.recoveryCodesLeft}</strong>.
            </Text>
            <Stack gap="3" as="section" aria-labelledby="regenerate-heading">
              <Heading as="h2" size="md" id="regenerate-heading">
                New recovery codes
              </Heading>
              <Text>Makes ten new codes; the old ones stop working.</Text>
              <CodeForm id="regenerate-codes" intent="regenerate" lastResult={resultOf("regenerate")} submitLabel="Make new recovery codes" busy={busy} />
            </Stack>
            <Stack gap="3" as="section" aria-labelledby="disable-heading">
              <Heading as="h2" size="md" id="disable-heading">
                Turn off two-step sign-in
              </Heading>
              <Text>Needs your password and a current code (or a recovery code). We e-mail you when it is turned off.</Text>
              {status.required ? <Text color="fg.muted">Your role needs it: staff pages ask you to set it up again before they open.</Text> : null}
              <CodeForm id="disable-second-factor" intent="disable" lastResult={resultOf("disable")} submitLabel="Turn off" withPassword busy={busy} />
            </Stack>
          </>
        ) : status.pending ? (
          <Stack gap="4" as="section" aria-labelledby="setup-heading">
            <Heading as="h2" size="md" id="setup-heading">
              Set up your authenticator app
            </Heading>
            <Text>
              Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Aegis…), then type the 6-digit code it shows.
            </Text>
            <img src={svgDataUrl(status.pending.qrSvg)} alt="QR code to add Tradebench to your authenticator app" width={200} height={200} />
            <Text fontSize="sm">
              Cannot scan? Enter this key in the app: <Code data-testid="totp-secret">{status.pending.secret}</Code>
            </Text>
            <CodeForm id="confirm-second-factor" intent="confirm" lastResult={resultOf("confirm")} submitLabel="Turn on" busy={busy} />
          </Stack>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="start" />
            {answer?.intent === "start" && answer.result.error?.[""] ? <FormErrors errors={answer.result.error[""]} /> : null}
            <Button type="submit" colorPalette="blue" disabled={busy}>
              Set up an authenticator app
            </Button>
          </Form>
        )}

        <Stack gap="4" as="section" aria-labelledby="passkeys-heading">
          <Heading as="h2" size="md" id="passkeys-heading">
            Passkeys
          </Heading>
          <Text>
            A passkey (your device's fingerprint or face unlock, or a security key) can answer the second step instead of a code. Up to{" "}
            {MEMBER_LIMITS.passkeys.max} per account.
          </Text>
          {passkeys.length > 0 ? (
            <List.Root gap="4" variant="plain" aria-label="Your passkeys">
              {passkeys.map((passkey, index) => (
                <List.Item key={passkey.credentialId} display="block" borderWidth="1px" borderRadius="md" p="3">
                  <Text fontWeight="semibold">{passkey.name}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    Added {formatShortDate(passkey.createdAt)} · {passkey.lastUsedAt ? `last used ${formatShortDate(passkey.lastUsedAt)}` : "not used yet"}
                  </Text>
                  <details>
                    <summary>Remove “{passkey.name}”</summary>
                    <Text fontSize="sm" my="2">
                      Needs your password and a current code (from your authenticator app, or a recovery code). We e-mail you when it is removed.
                    </Text>
                    <CodeForm
                      id={`remove-passkey-${index}`}
                      intent="remove-passkey"
                      hidden={{ credentialId: passkey.credentialId }}
                      lastResult={answer?.intent === "remove-passkey" ? answer.result : undefined}
                      submitLabel="Remove passkey"
                      withPassword
                      busy={busy}
                    />
                  </details>
                </List.Item>
              ))}
            </List.Root>
          ) : (
            <Text color="fg.muted">No passkeys yet.</Text>
          )}
          {passkeys.length < MEMBER_LIMITS.passkeys.max ? (
            <AddPasskey
              action={`${SECOND_FACTOR_PATH}/passkeys`}
              onAdded={(codes) => {
                setPasskeyCodes(codes);
                setPasskeyAdded(true);
                revalidator.revalidate();
              }}
            />
          ) : (
            <Text>{MEMBER_LIMITS.passkeys.message}</Text>
          )}
        </Stack>
      </Stack>
    </Container>
  );
}
