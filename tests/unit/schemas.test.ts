// The form rules users meet on sign-in, registration, password reset, profile and newsletter forms.
import { describe, expect, it } from "vitest";
import type { ZodTypeAny } from "zod";
import { ForgotPasswordSchema, LoginSchema, RegisterSchema, ResetPasswordSchema } from "~/schemas/auth.ts";
import { safeRedirect } from "~/schemas/fields.ts";
import { NewsletterSchema } from "~/schemas/newsletter.ts";
import { ProfileSchema } from "~/schemas/profile.ts";

/** The messages a form would show next to `field` for this input (empty when the input is accepted). */
function errorsFor(schema: ZodTypeAny, input: Record<string, unknown>, field: string): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.filter((i) => i.path.join(".") === field).map((i) => i.message);
}

function firstErrorFor(schema: ZodTypeAny, input: Record<string, unknown>, field: string): string | undefined {
  return errorsFor(schema, input, field)[0];
}

const VALID_EMAIL_MESSAGE = "Please enter a valid email address";
const SHORT_PASSWORD_MESSAGE = "Password must be at least 8 characters long";

const validRegistration = {
  firstName: "Bianca",
  lastName: "Byers",
  email: "bianca@example.com",
  companyName: "Northgate Test Labs",
  password: "correct horse",
  confirmPassword: "correct horse",
  intent: "buy",
};

// The e-mail rules are shared by every form with an e-mail field.
const EMAIL_FORMS = [
  { name: "RegisterSchema", schema: RegisterSchema, valid: validRegistration },
  { name: "LoginSchema", schema: LoginSchema, valid: { email: "bianca@example.com", password: "x" } },
  { name: "ForgotPasswordSchema", schema: ForgotPasswordSchema, valid: { email: "bianca@example.com" } },
  { name: "NewsletterSchema", schema: NewsletterSchema, valid: { email: "bianca@example.com" } },
] as const;

describe.each(EMAIL_FORMS)("$name e-mail field", ({ schema, valid }) => {
  it("accepts the valid form", () => {
    expect(schema.safeParse(valid).success).toBe(true);
  });

  it("requires an e-mail", () => {
    expect(firstErrorFor(schema, { ...valid, email: undefined }, "email")).toBe("Email is required");
    expect(firstErrorFor(schema, { ...valid, email: "" }, "email")).toBe("Email is required");
    expect(firstErrorFor(schema, { ...valid, email: "   " }, "email")).toBe("Email is required");
  });

  it.each(["not-an-email", "bianca@", "@example.com", "bianca@example", "bi anca@example.com"])("refuses %j as an e-mail", (email) => {
    expect(errorsFor(schema, { ...valid, email }, "email")).toEqual([VALID_EMAIL_MESSAGE]);
  });

  it("refuses e-mails longer than 254 characters", () => {
    const email = `${"a".repeat(243)}@example.com`; // 255 characters
    expect(errorsFor(schema, { ...valid, email }, "email")).toContain("Email is too long");
  });

  it("trims and lower-cases the e-mail", () => {
    const parsed = schema.parse({ ...valid, email: "  Bianca.Byers@Example.COM \n" }) as { email: string };
    expect(parsed.email).toBe("bianca.byers@example.com");
  });
});

describe("RegisterSchema", () => {
  it("returns the cleaned values", () => {
    expect(RegisterSchema.parse({ ...validRegistration, firstName: "  Bianca ", lastName: " Byers  " })).toEqual({
      ...validRegistration,
      firstName: "Bianca",
      lastName: "Byers",
    });
  });

  it("requires first and last name, also when only spaces are given", () => {
    for (const value of [undefined, "", "   "]) {
      expect(firstErrorFor(RegisterSchema, { ...validRegistration, firstName: value }, "firstName")).toBe("First name is required");
      expect(firstErrorFor(RegisterSchema, { ...validRegistration, lastName: value }, "lastName")).toBe("Last name is required");
    }
  });

  it("limits names to 80 characters", () => {
    expect(RegisterSchema.safeParse({ ...validRegistration, firstName: "a".repeat(80), lastName: "b".repeat(80) }).success).toBe(true);
    expect(errorsFor(RegisterSchema, { ...validRegistration, firstName: "a".repeat(81) }, "firstName")).toHaveLength(1);
    expect(errorsFor(RegisterSchema, { ...validRegistration, lastName: "b".repeat(81) }, "lastName")).toHaveLength(1);
  });

  it("makes the company optional but at most 120 characters", () => {
    const { companyName: _omitted, ...withoutCompany } = validRegistration;
    expect(RegisterSchema.parse(withoutCompany).companyName).toBe("");
    expect(RegisterSchema.safeParse({ ...validRegistration, companyName: "c".repeat(120) }).success).toBe(true);
    expect(errorsFor(RegisterSchema, { ...validRegistration, companyName: "c".repeat(121) }, "companyName")).toEqual(["Company name is too long"]);
  });

  it("requires a password of at least 8 characters: 7 fail, 8 pass", () => {
    expect(firstErrorFor(RegisterSchema, { ...validRegistration, password: undefined }, "password")).toBe("Password is required");
    const seven = "1234567";
    const eight = "12345678";
    expect(errorsFor(RegisterSchema, { ...validRegistration, password: seven, confirmPassword: seven }, "password")).toEqual([SHORT_PASSWORD_MESSAGE]);
    expect(RegisterSchema.safeParse({ ...validRegistration, password: eight, confirmPassword: eight }).success).toBe(true);
  });

  it("refuses passwords longer than 200 characters", () => {
    const long = "p".repeat(201);
    expect(errorsFor(RegisterSchema, { ...validRegistration, password: long, confirmPassword: long }, "password")).toEqual([
      "Password must be at most 200 characters long",
    ]);
    const max = "p".repeat(200);
    expect(RegisterSchema.safeParse({ ...validRegistration, password: max, confirmPassword: max }).success).toBe(true);
  });

  it("asks for the confirmation and reports a mismatch on that field", () => {
    expect(firstErrorFor(RegisterSchema, { ...validRegistration, confirmPassword: undefined }, "confirmPassword")).toBe("Please confirm your password");
    expect(errorsFor(RegisterSchema, { ...validRegistration, confirmPassword: "correct horsE" }, "confirmPassword")).toEqual(["Passwords do not match"]);
  });

  it("requires one of the registration intents", () => {
    for (const intent of ["buy", "sell", "both"]) {
      expect(RegisterSchema.parse({ ...validRegistration, intent }).intent).toBe(intent);
    }
    expect(firstErrorFor(RegisterSchema, { ...validRegistration, intent: undefined }, "intent")).toBe("Please choose what you want to do");
    expect(firstErrorFor(RegisterSchema, { ...validRegistration, intent: 3 }, "intent")).toBe("Please choose what you want to do");
    expect(errorsFor(RegisterSchema, { ...validRegistration, intent: "rent" }, "intent")).toHaveLength(1);
  });
});

describe("LoginSchema", () => {
  it("requires a password but does not apply the new-password length rule", () => {
    expect(firstErrorFor(LoginSchema, { email: "a@example.com" }, "password")).toBe("Password is required");
    expect(firstErrorFor(LoginSchema, { email: "a@example.com", password: "" }, "password")).toBe("Password is required");
    expect(LoginSchema.safeParse({ email: "a@example.com", password: "short" }).success).toBe(true);
  });

  it("keeps the optional redirect and remember fields", () => {
    expect(LoginSchema.parse({ email: "a@example.com", password: "x", redirectTo: "/profile", remember: "on" })).toEqual({
      email: "a@example.com",
      password: "x",
      redirectTo: "/profile",
      remember: "on",
    });
  });
});

describe("ResetPasswordSchema", () => {
  const valid = { token: "a".repeat(43), password: "new password", confirmPassword: "new password" };

  it("accepts a valid reset", () => {
    expect(ResetPasswordSchema.parse(valid)).toEqual(valid);
  });

  it("calls a missing token an invalid link, and refuses a too-short one", () => {
    expect(firstErrorFor(ResetPasswordSchema, { ...valid, token: undefined }, "token")).toBe("This reset link is invalid or has expired.");
    expect(errorsFor(ResetPasswordSchema, { ...valid, token: "123456789" }, "token")).toHaveLength(1);
  });

  it("requires a password of at least 8 characters: 7 fail, 8 pass", () => {
    expect(firstErrorFor(ResetPasswordSchema, { ...valid, password: undefined }, "password")).toBe("Password is required");
    expect(errorsFor(ResetPasswordSchema, { ...valid, password: "1234567", confirmPassword: "1234567" }, "password")).toEqual([SHORT_PASSWORD_MESSAGE]);
    expect(ResetPasswordSchema.safeParse({ ...valid, password: "12345678", confirmPassword: "12345678" }).success).toBe(true);
  });

  it("asks for the confirmation and reports a mismatch on that field", () => {
    expect(firstErrorFor(ResetPasswordSchema, { ...valid, confirmPassword: undefined }, "confirmPassword")).toBe("Please confirm your password");
    expect(errorsFor(ResetPasswordSchema, { ...valid, confirmPassword: "new passwore" }, "confirmPassword")).toEqual(["Passwords do not match"]);
  });
});

describe("ProfileSchema", () => {
  const valid = { firstName: "Bianca", lastName: "Byers" };

  it("fills every optional field with an empty string", () => {
    expect(ProfileSchema.parse(valid)).toEqual({
      firstName: "Bianca",
      lastName: "Byers",
      companyName: "",
      phone: "",
      address: "",
      city: "",
      state: "",
      zip: "",
      country: "",
      location: "",
      website: "",
      bio: "",
    });
  });

  it("trims every text field", () => {
    const parsed = ProfileSchema.parse({ ...valid, firstName: " Bianca ", city: "  Austin ", bio: "\nHello\n" });
    expect(parsed.firstName).toBe("Bianca");
    expect(parsed.city).toBe("Austin");
    expect(parsed.bio).toBe("Hello");
  });

  it("requires first and last name", () => {
    for (const value of [undefined, "", "  "]) {
      expect(firstErrorFor(ProfileSchema, { ...valid, firstName: value }, "firstName")).toBe("First name is required");
      expect(firstErrorFor(ProfileSchema, { ...valid, lastName: value }, "lastName")).toBe("Last name is required");
    }
  });

  it.each([
    ["firstName", 80, "First name must be at most 80 characters"],
    ["lastName", 80, "Last name must be at most 80 characters"],
    ["companyName", 120, "Company name must be at most 120 characters"],
    ["address", 200, "Address must be at most 200 characters"],
    ["city", 100, "City must be at most 100 characters"],
    ["state", 100, "State must be at most 100 characters"],
    ["zip", 20, "ZIP code must be at most 20 characters"],
    ["country", 100, "Country must be at most 100 characters"],
    ["location", 120, "Location must be at most 120 characters"],
    ["bio", 2000, "Bio must be at most 2000 characters"],
  ])("limits %s to %i characters", (field, max, message) => {
    expect(ProfileSchema.safeParse({ ...valid, [field]: "x".repeat(max) }).success).toBe(true);
    expect(errorsFor(ProfileSchema, { ...valid, [field]: "x".repeat(max + 1) }, field)).toEqual([message]);
  });

  it.each(["+1 (555) 123-4567", "555.123.4567", "0049 30 1234567", ""])("accepts the phone number %j", (phone) => {
    expect(ProfileSchema.parse({ ...valid, phone }).phone).toBe(phone);
  });

  it.each(["call me", "555-CALL-NOW", "+1 555 123 4567 ext. 9", "<script>"])("refuses the phone number %j", (phone) => {
    expect(errorsFor(ProfileSchema, { ...valid, phone }, "phone")).toEqual(["Please enter a valid phone number"]);
  });

  it("limits the phone to 40 characters", () => {
    expect(ProfileSchema.safeParse({ ...valid, phone: "1".repeat(40) }).success).toBe(true);
    expect(errorsFor(ProfileSchema, { ...valid, phone: "1".repeat(41) }, "phone")).toEqual(["Phone must be at most 40 characters"]);
  });

  it.each(["https://example.com", "http://northgate-labs.example/about?x=1", "HTTPS://EXAMPLE.COM", ""])("accepts the website %j", (website) => {
    expect(ProfileSchema.parse({ ...valid, website }).website).toBe(website);
  });

  it.each(["example.com", "www.example.com", "ftp://example.com", "http://localhost", "https://exa mple.com", "javascript:alert(1)"])(
    "refuses the website %j",
    (website) => {
      expect(errorsFor(ProfileSchema, { ...valid, website }, "website")).toEqual(["Please enter a website address starting with http:// or https://"]);
    },
  );

  it("limits the website to 200 characters", () => {
    const website = `https://example.com/${"p".repeat(181)}`; // 201 characters
    expect(errorsFor(ProfileSchema, { ...valid, website }, "website")).toContain("Website must be at most 200 characters");
  });

  it('takes the privacy checkboxes only as "on"', () => {
    expect(ProfileSchema.parse({ ...valid, showEmail: "on", showPhone: "on" })).toMatchObject({ showEmail: "on", showPhone: "on" });
    const unchecked = ProfileSchema.parse(valid);
    expect(unchecked.showEmail).toBeUndefined();
    expect(unchecked.showPhone).toBeUndefined();
    expect(ProfileSchema.safeParse({ ...valid, showEmail: "yes" }).success).toBe(false);
  });
});

describe("safeRedirect", () => {
  it.each(["/x?y", "/dashboard", "/listings/42#photos", "/"])("keeps the same-site path %j", (to) => {
    expect(safeRedirect(to)).toBe(to);
  });

  it.each(["//evil", "//evil.example/path", "https://evil", "http://evil.example", "/\\evil", "", "dashboard", "javascript:alert(1)"])(
    "falls back to /dashboard for %j",
    (to) => {
      expect(safeRedirect(to)).toBe("/dashboard");
    },
  );

  it.each([undefined, null, 42, ["/x"], { to: "/x" }])("falls back to /dashboard for the non-string %j", (to) => {
    expect(safeRedirect(to)).toBe("/dashboard");
  });

  it("uses the given fallback", () => {
    expect(safeRedirect("//evil", "/")).toBe("/");
  });
});
