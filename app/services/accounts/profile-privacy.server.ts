// What a viewer sees of someone's public profile (docs/product/accounts.md#public-profile): the one policy every profile read goes
// through. A visitor and a member see the public card; the e-mail address and the phone number only when the owner
// chose to show them (/profile, preferences.privacy, hidden by default); buyer figures (purchases, money spent, the
// watchlist) only the owner and staff whose role holds can_view_private_profiles. Message and Follow are for signed-in
// members on someone else's profile.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { Role } from "~/lib/roles.ts";
import { roleHasPermission } from "./permissions.server.ts";
import type { PrivacyPreferences } from "./profile.server.ts";

/** Who is looking: nobody signed in, or a signed-in member with their role. */
export type ProfileViewer = { id: string; role: Role } | null;

/** Who is looking, with whether their role sees what the owner hid (can_view_private_profiles). */
export type ProfileLooker = { id: string; seesPrivate: boolean } | null;

/** The viewer as the policy needs them: their role's can_view_private_profiles, read now. */
export async function profileLooker(db: Kysely<Database>, viewer: ProfileViewer): Promise<ProfileLooker> {
  if (viewer === null) return null;
  return { id: viewer.id, seesPrivate: await roleHasPermission(db, viewer.role, "can_view_private_profiles") };
}

export interface ProfileVisibility {
  email: boolean;
  phone: boolean;
  buyerStats: boolean;
  /** The Message and Follow buttons. */
  contactButtons: boolean;
}

export function profileVisibility(viewer: ProfileLooker, ownerId: string, privacy: PrivacyPreferences): ProfileVisibility {
  const isOwner = viewer !== null && viewer.id === ownerId;
  const privileged = isOwner || (viewer !== null && viewer.seesPrivate);
  return {
    email: privileged || privacy.show_email,
    phone: privileged || privacy.show_phone,
    buyerStats: privileged,
    contactButtons: viewer !== null && !isOwner,
  };
}
