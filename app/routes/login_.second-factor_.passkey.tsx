// /login/second-factor/passkey: the passkey way through the second step of signing in (
// docs/decisions/0071). A resource route the second-step page calls with JavaScript: `options` gives the WebAuthn
// request options bound to this browser's waiting sign-in (a fresh single-use challenge), `verify` checks the
// passkey's answer under the second step's limits and makes the session. Without JavaScript or passkey support the
// code form of /login/second-factor remains.
import { data, type ActionFunctionArgs } from "@remix-run/node";
import { PasskeySignInSchema } from "~/schemas/passkeys.ts";
import { isDomainError } from "~/services/domain-error.ts";
import { refusalBody, refusalInit } from "~/web/domain-answer.server.ts";
import { parseForm } from "~/web/form-data.server.ts";
import { resourceHandler } from "~/web/resource-route.server.ts";
import { abandonSecondStep, finishPasskeySecondStep, passkeySecondStepOptions } from "~/web/second-factor.server.ts";

export const action = resourceHandler(async ({ request, context }: ActionFunctionArgs) => {
  // A resource route: a body parseForm refuses (too large, not a form) is answered by resourceHandler as JSON with its status and message.
  const { submission } = await parseForm(request, PasskeySignInSchema, { maxBytes: 32_768 });
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "Choose options or verify.";
    return data({ message }, { status: 400 });
  }
  // Stays: a void sign-in also drops its cookie, a header the shared answer does not add.
  try {
    if (submission.value.intent === "options") return data({ options: await passkeySecondStepOptions(request) });
    const next = await finishPasskeySecondStep(request, context, submission.value.response);
    const headers = new Headers();
    for (const cookie of next.cookies) headers.append("Set-Cookie", cookie);
    return data({ location: next.location }, { headers });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    // A void sign-in (expired, too many refusals) also drops its cookie: the page then offers the password step.
    if (error.code === "challenge_void") {
      const init = refusalInit(error);
      return data({ ...refusalBody(error), void: true }, { ...init, headers: { ...init.headers, "Set-Cookie": await abandonSecondStep(request) } });
    }
    return data(refusalBody(error), refusalInit(error));
  }
});
