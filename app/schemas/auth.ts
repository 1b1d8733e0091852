// Sign-in, registration and password forms (docs/product/accounts.md#password-rule, docs/product/accounts.md#messages).
import { z } from "zod";
import { REGISTRATION_INTENTS } from "~/lib/roles.ts";
import { emailField, newPasswordField } from "./fields.ts";

export const LoginSchema = z.object({
  email: emailField,
  password: z.string({ required_error: "Password is required" }).min(1, "Password is required"),
  redirectTo: z.string().optional(),
  remember: z.string().optional(),
});

const intentValues = REGISTRATION_INTENTS.map((i) => i.value) as [string, ...string[]];

export const RegisterSchema = z
  .object({
    firstName: z
      .string({ required_error: "First name is required" })
      .trim()
      .min(1, "First name is required")
      .max(80, "First name must be at most 80 characters"),
    lastName: z.string({ required_error: "Last name is required" }).trim().min(1, "Last name is required").max(80, "Last name must be at most 80 characters"),
    email: emailField,
    companyName: z.string().trim().max(120, "Company name is too long").optional().default(""),
    password: newPasswordField,
    confirmPassword: z.string({ required_error: "Please confirm your password" }),
    intent: z.enum(intentValues, { message: "Please choose what you want to do" }),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords do not match", path: ["confirmPassword"] });

export const ForgotPasswordSchema = z.object({ email: emailField });

export const ResetPasswordSchema = z
  .object({
    token: z.string({ required_error: "This reset link is invalid or has expired." }).min(10, "This reset link is invalid or has expired."),
    password: newPasswordField,
    confirmPassword: z.string({ required_error: "Please confirm your password" }),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords do not match", path: ["confirmPassword"] });

export const AUTH_MESSAGES = {
  signInFailed: "Failed to sign in. Please check your credentials.",
  registerFailed: "Failed to register. Please try again.",
  emailTaken: "An account with this email already exists.",
  registered: "Registration successful! Please check your email to confirm your account.",
  resetSent: "Check your email for the password reset link!",
  resetDone: "Password updated successfully! Redirecting...",
  resetInvalid: "This reset link is invalid or has expired.",
} as const;
