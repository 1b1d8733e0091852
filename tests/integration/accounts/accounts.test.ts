// Registration and sign-in checks against a real (copied) database.
// Each password hash costs real scrypt work, so this file keeps their number small.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { getCurrentUser, registerUser, verifyLogin } from "~/services/accounts/account.server.ts";
import { parsePreferences } from "~/services/accounts/profile.server.ts";
import { DomainError } from "~/services/domain-error.ts";
import { AUTH_MESSAGES } from "~/schemas/auth.ts";
import { refuseWrites } from "../../support/refuse-writes.ts";
import { createTestDatabase } from "../../support/test-database.ts";

const PASSWORD = "correct horse battery";

let database: OpenedDatabase;
let userId: string;

beforeAll(async () => {
  database = createTestDatabase();
  const result = await registerUser(database.db, {
    email: "  Bianca.Byers@Example.COM ",
    password: PASSWORD,
    firstName: " Bianca ",
    lastName: "Byers ",
    companyName: " Northgate Test Labs ",
    role: "seller",
  });
  userId = result.userId;
});

afterAll(async () => {
  await database?.close();
});

describe("registerUser", () => {
  it("creates the user with a lower-cased, trimmed e-mail", async () => {
    const users = await database.db.selectFrom("users").selectAll().execute();
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ id: userId, email: "bianca.byers@example.com" });
  });

  it("creates the profile with role, names, company and default privacy", async () => {
    const profile = await database.db.selectFrom("profiles").selectAll().where("id", "=", userId).executeTakeFirstOrThrow();
    expect(profile).toMatchObject({
      email: "bianca.byers@example.com",
      first_name: "Bianca",
      last_name: "Byers",
      company_name: "Northgate Test Labs",
      role: "seller",
      is_verified: 0,
      avatar_url: null,
    });
    expect(JSON.parse(profile.preferences)).toEqual({ privacy: { show_email: false, show_phone: false } });
    expect(parsePreferences(profile.preferences).privacy).toEqual({ show_email: false, show_phone: false });
  });

  it("is what the header shows for the signed-in user", async () => {
    expect(await getCurrentUser(database.db, userId)).toEqual({
      id: userId,
      email: "bianca.byers@example.com",
      firstName: "Bianca",
      lastName: "Byers",
      companyName: "Northgate Test Labs",
      avatarUrl: null,
      role: "seller",
      // A new account has not followed its confirmation link yet (docs/decisions/0028).
      emailConfirmed: false,
      // No display currency chosen: prices in other currencies follow the browser's language (docs/decisions/0069).
      displayCurrency: null,
    });
    expect(await getCurrentUser(database.db, "no-such-user")).toBeNull();
  });

  it("stores a salted scrypt hash that never contains the password", async () => {
    const { password_hash: hash } = await database.db.selectFrom("users").select("password_hash").where("id", "=", userId).executeTakeFirstOrThrow();
    expect(hash.startsWith("scrypt$17$8$1$")).toBe(true);
    const [, , , , salt, key] = hash.split("$");
    expect(Buffer.from(salt ?? "", "base64")).toHaveLength(16);
    expect(Buffer.from(key ?? "", "base64")).toHaveLength(64);
    expect(hash).not.toContain(PASSWORD);
    expect(hash).not.toContain(Buffer.from(PASSWORD).toString("base64"));
    expect(hash).not.toContain(Buffer.from(PASSWORD).toString("hex"));
  });

  it("refuses a second account for the same e-mail, whatever its case", async () => {
    const refusal = await registerUser(database.db, {
      email: "BIANCA.BYERS@example.com",
      password: "another password",
      firstName: "Imposter",
      lastName: "Byers",
      role: "buyer",
    }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ kind: "conflict", field: "email", message: AUTH_MESSAGES.emailTaken });
    const users = await database.db.selectFrom("users").select("id").execute();
    const profiles = await database.db.selectFrom("profiles").select(["id", "first_name", "role"]).execute();
    expect(users).toEqual([{ id: userId }]);
    expect(profiles).toEqual([{ id: userId, first_name: "Bianca", role: "seller" }]);
  });

  it("rolls the user back when the profile cannot be created", async () => {
    // Make the profile insert (and only it) fail for one address.
    const allowProfiles = await refuseWrites(database.db, {
      name: "refuse_profile",
      table: "profiles",
      event: "insert",
      when: { column: "email", equals: "rollback@example.com" },
      message: "profile insert refused",
    });
    try {
      await expect(
        registerUser(database.db, {
          email: "rollback@example.com",
          password: PASSWORD,
          firstName: "Rolf",
          lastName: "Back",
          role: "buyer",
        }),
      ).rejects.toThrow("profile insert refused");
    } finally {
      await allowProfiles();
    }
    const orphan = await database.db.selectFrom("users").select("id").where("email", "=", "rollback@example.com").executeTakeFirst();
    expect(orphan).toBeUndefined();
    expect(await database.db.selectFrom("users").select("id").execute()).toHaveLength(1);
  });
});

describe("verifyLogin", () => {
  it("returns the user id for the right password, with the e-mail in any case", async () => {
    expect(await verifyLogin(database.db, " BIANCA.byers@example.com", PASSWORD)).toBe(userId);
  });

  it("refuses a wrong password", async () => {
    expect(await verifyLogin(database.db, "bianca.byers@example.com", `${PASSWORD} `)).toBeNull();
  });

  it("refuses an unknown e-mail", async () => {
    expect(await verifyLogin(database.db, "nobody@example.com", PASSWORD)).toBeNull();
  });
});
