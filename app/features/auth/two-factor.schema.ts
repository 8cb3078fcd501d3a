import { z } from "zod";

/**
 * The schemas of two-factor sign-in and the sessions list (forms, actions and the JSON API).
 * Messages are keys of the `security` namespace.
 */
/**
 * How long the step between the password and the code may take. Kept here, in a module that
 * imports nothing of the app, because the pending sign-in's cookie and its sealed token both use it.
 */
export const CHALLENGE_SECONDS = 10 * 60;

const checkbox = z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean());

/** A 6-digit authenticator code or a recovery code ("abcde-fghjk"); spaces and dashes allowed. */
export const AuthenticationCodeSchema = z
  .string({ required_error: "security:errors.codeRequired" })
  .trim()
  .min(1, "security:errors.codeRequired")
  .max(24, "security:errors.codeInvalid");

/** The sign-in's second step (/login/two-factor); the pending sign-in is in a cookie. */
export const TwoFactorSignInSchema = z.object({
  code: AuthenticationCodeSchema,
  trustBrowser: checkbox.optional().default(false),
  redirectTo: z.string().optional(),
});

/** POST /api/auth/mfa */
export const TwoFactorApiSchema = z.object({
  mfaToken: z.string({ required_error: "security:errors.challengeExpired" }).min(1, "security:errors.challengeExpired").max(2000),
  code: AuthenticationCodeSchema,
});

/** The set-up page: the sealed secret it showed, and the code the app gives for it. */
export const TwoFactorSetupSchema = z.object({
  setupToken: z.string().min(1, "security:errors.setupExpired").max(2000),
  code: AuthenticationCodeSchema,
});

/** The profile's security forms, told apart by `intent`. */
export const DisableTwoFactorSchema = z.object({ intent: z.literal("disableTwoFactor"), code: AuthenticationCodeSchema });
export const SignOutSessionSchema = z.object({ intent: z.literal("signOutSession"), sessionId: z.string().min(1).max(100) });
export const SignOutOthersSchema = z.object({ intent: z.literal("signOutOthers") });

/** The owner's reset of another person's two-factor. */
export const ResetTwoFactorSchema = z.object({ userId: z.string().min(1).max(100), redirectTo: z.string().optional() });
