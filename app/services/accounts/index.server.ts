// What the accounts domain offers to routes and the web layer. Members and their sessions: registration, sign-in and its limits, passwords and resets, the second factor and two-step sign-in, e-mail confirmation, profiles, permissions, newsletter, how members are named.
// Routes import services through this index; services import each other's files directly.
export * from "./account.server.ts";
export * from "./become-seller.server.ts";
export * from "./display-currency.server.ts";
export * from "./email-confirmation.server.ts";
export * from "./follows.server.ts";
export * from "./newsletter.server.ts";
export * from "./password-change.server.ts";
export * from "./password-reset.server.ts";
export * from "./password.server.ts";
export * from "./password-policy.server.ts";
export * from "./permissions.server.ts";
export * from "./profile-privacy.server.ts";
export * from "./profile.server.ts";
export * from "./second-factor.server.ts";
export * from "./second-factor-sign-in.server.ts";
export * from "./passkeys.server.ts";
export * from "./registration.server.ts";
export * from "./seller-verification.server.ts";
export * from "./session.server.ts";
export * from "./sign-in-limits.server.ts";
export * from "./signed-in-devices.server.ts";
export * from "./suspension.server.ts";
export * from "./tokens.server.ts";
