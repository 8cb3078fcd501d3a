// The auth area's server API: what other areas, the shell and routes may call. Nothing else of the area is imported from outside it.
export {
  completeTwoFactorSignIn,
  confirmEmailChange,
  inviteUser,
  registerUser,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  sendInvitationAgain,
  signIn,
  signOut,
  verifyEmail,
} from "./auth.server";
export { hidingFields, requestContext } from "./http.server";
export { profileAction } from "./profile.http.server";
export { profileSecurity } from "./security.server";
export { clearPendingChallenge, readPendingChallenge, setPendingChallenge } from "./two-factor-cookies.server";
export {
  assertTwoFactorSecretsReadable,
  confirmTwoFactorSetup,
  ensureTwoFactorWithSecret,
  resetTwoFactor,
  resumeTwoFactorSetup,
  startTwoFactorSetup,
  twoFactorStatus,
} from "./two-factor.server";
