// The demo staff's two-step sign-in secrets: the README prints exactly the ones the seed gives, each a
// valid 20-byte base32 secret, and every demo account whose role needs two-step sign-in in the roles' first matrix has one.
import fs from "node:fs";
import * as OTPAuth from "otpauth";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, DEMO_TOTP_SECRETS } from "#db/seed/demo-accounts.ts";

describe("the demo's second factors", () => {
  it("are the ones the README prints", () => {
    const readme = fs.readFileSync("README.md", "utf8");
    const printed = Object.fromEntries([...readme.matchAll(/^\| `([^`]+@tradebench\.test)` \| `([A-Z2-7]{32})` \|$/gm)].map((match) => [match[1], match[2]]));
    expect(printed).toEqual(DEMO_TOTP_SECRETS);
    for (const secret of Object.values(DEMO_TOTP_SECRETS)) expect(OTPAuth.Secret.fromBase32(secret).bytes.length).toBe(20);
  });

  it("cover the demo staff whose roles move money or change people", () => {
    const needing = DEMO_ACCOUNTS.filter((account) => ["admin", "super_admin", "dispute_resolution_referee", "billing"].includes(account.role)).map(
      (account) => account.email,
    );
    expect(Object.keys(DEMO_TOTP_SECRETS).sort()).toEqual(needing.sort());
  });
});
