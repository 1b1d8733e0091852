// Prints the current two-step sign-in codes of the demo staff (DEMO ONLY): `npm run demo:codes`.
// Each code works once within its 30 seconds; run it again for the next one.
import * as OTPAuth from "otpauth";
import { DEMO_TOTP_SECRETS } from "../db/seed/demo-accounts.ts";

const remaining = Math.ceil(OTPAuth.TOTP.remaining({ period: 30 }) / 1000);
for (const [email, secret] of Object.entries(DEMO_TOTP_SECRETS)) {
  const code = OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 });
  console.log(`${email.padEnd(30)} ${code}`);
}
console.log(`(the next codes come in ${remaining} seconds)`);
