// What a viewer sees of someone's public profile (docs/product/accounts.md#public-profile): the one policy every profile read goes
// through. A visitor and a member see the public card; the e-mail address and the phone number only when the owner
// chose to show them (/profile, preferences.privacy, hidden by default); buyer figures (purchases, money spent, the
// watchlist) only the owner and administrators. Message and Follow are for signed-in members on someone else's profile.
import { isAdminRole, type Role } from "~/lib/roles.ts";
import type { PrivacyPreferences } from "./profile.server.ts";

/** Who is looking: nobody signed in, or a signed-in member with their role. */
export type ProfileViewer = { id: string; role: Role } | null;

export interface ProfileVisibility {
  email: boolean;
  phone: boolean;
  buyerStats: boolean;
  /** The Message and Follow buttons. */
  contactButtons: boolean;
}

export function profileVisibility(viewer: ProfileViewer, ownerId: string, privacy: PrivacyPreferences): ProfileVisibility {
  const isOwner = viewer !== null && viewer.id === ownerId;
  const isAdmin = viewer !== null && isAdminRole(viewer.role);
  const privileged = isOwner || isAdmin;
  return {
    email: privileged || privacy.show_email,
    phone: privileged || privacy.show_phone,
    buyerStats: privileged,
    contactButtons: viewer !== null && !isOwner,
  };
}
