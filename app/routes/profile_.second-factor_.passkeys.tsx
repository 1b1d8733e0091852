// /profile/second-factor/passkeys: registering a passkey (docs/decisions/0071). A resource route that
// /profile/second-factor calls with JavaScript: `options` gives WebAuthn creation options with a fresh single-use
// challenge (refused at the member's cap), `register` checks the browser's answer and stores the passkey under its
// name; the first second factor of an account answers with its recovery codes (shown once). Removal is a plain form
// on /profile/second-factor.
import { data, type ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db.server.ts";
import { PasskeyRegistrationSchema } from "~/schemas/passkeys.ts";
import { beginPasskeyRegistration, finishPasskeyRegistration } from "~/services/accounts/index.server.ts";
import { requireUser } from "~/web/auth.server.ts";
import { refusalsAnswered } from "~/web/domain-answer.server.ts";
import { parseForm } from "~/web/form-data.server.ts";
import { resourceHandler } from "~/web/resource-route.server.ts";

export const action = resourceHandler(async ({ request }: ActionFunctionArgs) => {
  const user = await requireUser(request);
  // A resource route: a body parseForm refuses (too large, not a form) is answered by resourceHandler as JSON with its status and message.
  const { submission } = await parseForm(request, PasskeyRegistrationSchema, { maxBytes: 32_768 });
  if (submission.status !== "success") {
    const fieldErrors = submission.error ?? {};
    const [field, messages] = Object.entries(fieldErrors).find(([, m]) => (m?.length ?? 0) > 0) ?? ["", ["Choose options or register."]];
    return data({ message: messages?.[0] ?? "Choose options or register.", field: field || undefined }, { status: 400 });
  }
  const { value } = submission;
  return refusalsAnswered(
    async () => {
      if (value.intent === "options") return data({ options: await beginPasskeyRegistration(getDb(), user.id) });
      const registered = await finishPasskeyRegistration(getDb(), user.id, { name: value.name, response: value.response });
      return data({ registered: registered.credentialId, recoveryCodes: registered.recoveryCodes });
    },
    { as: "json" },
  );
});
