// POST /profile/devices: signs one of the member's devices out, or every one but this (the Signed-in devices section
// of /profile posts here). Answers with a redirect back to the section, which says what happened, with or without
// JavaScript.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db.server.ts";
import { SignOutDeviceSchema, type SignedOutNotice } from "~/schemas/account-security.ts";
import { endOtherSignedInDevices, endSignedInDevice, readSessionId } from "~/services/accounts/index.server.ts";
import { isDomainError } from "~/services/domain-error.ts";
import { requireUser } from "~/web/auth.server.ts";
import { parseForm } from "~/web/form-data.server.ts";

const back = (notice: SignedOutNotice) => redirect(`/profile?devices=${notice}#signed-in-devices`);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return redirect("/profile#signed-in-devices");
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const { submission } = await parseForm(request, SignOutDeviceSchema);
  if (submission.status !== "success") return back("gone");
  if (submission.value.intent === "end-others") {
    await endOtherSignedInDevices(getDb(), user.id, await readSessionId(request));
    return back("others");
  }
  // Stays: a device already signed out is no refusal here; the page comes back saying it is gone.
  try {
    await endSignedInDevice(getDb(), user.id, submission.value.device);
  } catch (error) {
    if (isDomainError(error) && error.kind === "not_found") return back("gone");
    throw error;
  }
  return back("one");
}

/**
 * Never shown for itself (the loader sends every visit to /profile); being a page route lets a refused body (too
 * large, not a form) answer with the site's error page and its message, as every other form does.
 */
export default function SignedInDevicesRefusal() {
  return null;
}
