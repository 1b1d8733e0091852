// What the accounts domain offers to routes and the web layer. Members and their sessions: registration, sign-in and its limits, passwords and resets, the second factor and two-step sign-in, e-mail confirmation, profiles, permissions, newsletter, how members are named.
// Every other part of app/ imports the domain through this index, by these names (ESLint's tradebench/domain-face).
export { toCurrentUser, verifyLogin } from "./account.server.ts";
export { becomeSeller, becomeSellerRefusal } from "./become-seller.server.ts";
export { setDisplayCurrency } from "./display-currency.server.ts";
export {
  assertEmailConfirmed,
  CONFIRMATION_TOKEN_TTL_HOURS,
  confirmEmail,
  emailConfirmationRefusal,
  resendConfirmationLink,
} from "./email-confirmation.server.ts";
export { followSeller, listFollowedSellers, unfollowSeller } from "./follows.server.ts";
export {
  checkNewsletterConfirmation,
  claimNewsletterAttempt,
  confirmNewsletterSubscription,
  countNewsletterSubscribers,
  listNewsletterSubscribers,
  NEWSLETTER_CONFIRM_TTL_HOURS,
  NEWSLETTER_MAIL_INTERVAL_MINUTES,
  NEWSLETTER_RATE_LIMIT,
  type NewsletterLinkProblem,
  newsletterRecipients,
  newsletterSubscribersCsv,
  type NewsletterSubscribersPage,
  newsletterUnsubscribeLink,
  subscribeToNewsletter,
  subscriptionOfUnsubscribeLink,
  unsubscribeFromNewsletter,
} from "./newsletter.server.ts";
export { beginPasskeyRegistration, finishPasskeyRegistration, hasPasskey, listPasskeys, removePasskey } from "./passkeys.server.ts";
export { changePassword } from "./password-change.server.ts";
export { isResetTokenUsable, requestPasswordReset, RESET_TOKEN_TTL_HOURS, resetPassword } from "./password-reset.server.ts";
export { hashPassword } from "./password.server.ts";
export { permissionsOfRole, roleHasPermission, rolesHoldingAny } from "./permissions.server.ts";
export { profileLooker, type ProfileViewer, profileVisibility } from "./profile-privacy.server.ts";
export { AVATAR_CACHE_CONTROL, avatarKey, getProfile, parsePreferences, removeAvatar, saveAvatar, updateProfile } from "./profile.server.ts";
export { registerMember } from "./registration.server.ts";
export { reportsHideContent } from "./report-weight.server.ts";
export {
  beginPasskeySignIn,
  CHALLENGE_TTL_MS,
  endSecondFactorChallenge,
  findSecondFactorChallenge,
  passPasskeySignIn,
  passSecondFactorChallenge,
  type PendingSignIn,
  startSecondFactorChallenge,
} from "./second-factor-sign-in.server.ts";
export {
  beginTotpEnrolment,
  confirmTotpEnrolment,
  disableSecondFactor,
  hasSecondFactor,
  regenerateRecoveryCodes,
  roleRequiresSecondFactor,
  secondFactorStatus,
} from "./second-factor.server.ts";
export { setSellerVerification } from "./seller-verification.server.ts";
export { assertNotAParty, partyRefusal } from "./separation-of-duties.server.ts";
export {
  clearSessionCookie,
  commitSessionCookie,
  createSession,
  deleteSession,
  deleteUserSessions,
  findSessionProfile,
  readSessionId,
  readSessionIdFromCookieHeader,
  rememberedSessionMs,
  SHORT_SESSION_MS,
} from "./session.server.ts";
export { claimSignInAttempt, pruneExpiredKnownSignIns, recordSignInSuccess, type SignInClaim } from "./sign-in-limits.server.ts";
export { endOtherSignedInDevices, endSignedInDevice, listSignedInDevices } from "./signed-in-devices.server.ts";
export { SUSPENDED_MESSAGE } from "./suspension.server.ts";
export { randomToken } from "./tokens.server.ts";
