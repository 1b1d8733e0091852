// The loader side of /profile's "Password and signed-in devices" section (app/components/profile/
// SignedInDevicesSection.tsx): the member's devices, this one marked, and what the last sign-out did (`?devices=`).
import { getDb } from "~/db.server.ts";
import { SIGNED_OUT_NOTICES, type SignedOutNotice } from "~/schemas/account-security.ts";
import { listSignedInDevices, readSessionId } from "~/services/accounts/index.server.ts";

export async function signedInDevicesSection(request: Request, userId: string) {
  const devices = await listSignedInDevices(getDb(), userId, await readSessionId(request));
  const asked = new URL(request.url).searchParams.get("devices");
  const notice = asked && asked in SIGNED_OUT_NOTICES ? { message: SIGNED_OUT_NOTICES[asked as SignedOutNotice], ok: asked !== "gone" } : null;
  return {
    devices: devices.map(({ handle, label, ip, signedInAt, current }) => ({ handle, label, ip, signedInAt, current })),
    notice,
  };
}
