// The auth area's client-safe API (schemas, constants, components): what other areas, the shell and routes may use.
export { AuthCard, AuthNotice } from "./auth-card";
export {
  EmailSchema,
  ForgotPasswordSchema,
  LoginApiSchema,
  LoginSchema,
  RegisterApiSchema,
  RegisterSchema,
  ResendVerificationSchema,
  ResetPasswordApiSchema,
  ResetPasswordSchema,
  TokenSchema,
  UpdateMeApiSchema,
  VerifyTokenSchema,
} from "./auth.schema";
export { NewPasswordFields } from "./password-fields";
export { ProfilePage } from "./profile-page";
export { useRedirectTo } from "./redirect-to";
export { TwoFactorResetCard } from "./two-factor-reset";
export { ResetTwoFactorSchema, TwoFactorApiSchema, TwoFactorSetupSchema, TwoFactorSignInSchema } from "./two-factor.schema";
export { VerifyEmailBanner } from "./verify-email-banner";
