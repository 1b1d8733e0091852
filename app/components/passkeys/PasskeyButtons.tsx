// The passkey buttons (docs/decisions/0071): shown only once the browser is known to support WebAuthn
// (feature-detected after hydration), so without JavaScript or support the code forms are all a visitor sees.
import { Box, Button, Input, Stack, Text } from "@chakra-ui/react";
import { browserSupportsWebAuthn, startAuthentication, startRegistration } from "@simplewebauthn/browser";
import { useEffect, useState } from "react";

function useWebAuthnSupport(): boolean {
  const [supported, setSupported] = useState(false);
  useEffect(() => setSupported(browserSupportsWebAuthn()), []);
  return supported;
}

async function postForm(action: string, fields: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(action, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Accept: "application/json" },
    credentials: "same-origin",
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: response.status, body };
}

const messageOf = (body: Record<string, unknown>, fallback: string) => (typeof body.message === "string" ? body.message : fallback);

/** "Use a passkey" on the second step of signing in. */
export function PasskeySignInButton({ action, onDone }: { action: string; onDone: (location: string) => void }) {
  const supported = useWebAuthnSupport();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!supported) return null;
  async function signIn() {
    setBusy(true);
    setError(null);
    try {
      const asked = await postForm(action, { intent: "options" });
      if (asked.status !== 200) throw new Error(messageOf(asked.body, "Passkeys are not available now."));
      const answer = await startAuthentication({ optionsJSON: asked.body.options as Parameters<typeof startAuthentication>[0]["optionsJSON"] });
      const checked = await postForm(action, { intent: "verify", response: JSON.stringify(answer) });
      if (checked.status !== 200 || typeof checked.body.location !== "string") {
        if (checked.body.void === true) window.location.assign("/login");
        throw new Error(messageOf(checked.body, "The passkey could not be verified."));
      }
      onDone(checked.body.location);
    } catch (thrown) {
      setError(thrown instanceof Error && thrown.name !== "NotAllowedError" ? thrown.message : "The passkey was not used. Try again, or use your code.");
    } finally {
      setBusy(false);
    }
  }
  return (
    <Stack gap="2">
      <Button type="button" variant="outline" onClick={() => void signIn()} loading={busy} loadingText="Waiting for your passkey...">
        Use a passkey
      </Button>
      {error ? (
        <Text role="alert" color="fg.error" fontSize="sm">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Adding a passkey on /profile/second-factor: a name, then the browser's prompt. */
export function AddPasskey({ action, onAdded }: { action: string; onAdded: (recoveryCodes: string[] | null) => void }) {
  const supported = useWebAuthnSupport();
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!supported) return <Text color="fg.muted">This browser cannot make passkeys here. Use an authenticator app instead.</Text>;
  async function add() {
    setBusy(true);
    setError(null);
    try {
      const asked = await postForm(action, { intent: "options" });
      if (asked.status !== 200) throw new Error(messageOf(asked.body, "Passkeys are not available now."));
      const answer = await startRegistration({ optionsJSON: asked.body.options as Parameters<typeof startRegistration>[0]["optionsJSON"] });
      const saved = await postForm(action, { intent: "register", name, response: JSON.stringify(answer) });
      if (saved.status !== 200) throw new Error(messageOf(saved.body, "The passkey could not be added."));
      setName("");
      onAdded(Array.isArray(saved.body.recoveryCodes) ? saved.body.recoveryCodes.filter((c): c is string => typeof c === "string") : null);
    } catch (thrown) {
      setError(thrown instanceof Error && thrown.name !== "NotAllowedError" ? thrown.message : "No passkey was made. Try again.");
    } finally {
      setBusy(false);
    }
  }
  return (
    <Stack
      gap="2"
      as="form"
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
    >
      <Box>
        <label htmlFor="passkey-name">Name for the new passkey</label>
        <Input id="passkey-name" name="name" value={name} maxLength={60} placeholder="Work laptop" onChange={(event) => setName(event.target.value)} required />
      </Box>
      <Box>
        <Button type="submit" colorPalette="blue" loading={busy} loadingText="Waiting for your browser...">
          Add a passkey
        </Button>
      </Box>
      {error ? (
        <Text role="alert" color="fg.error" fontSize="sm">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
