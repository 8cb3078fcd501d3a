import { randomBytes } from "node:crypto";
import { absoluteUrl, defineEmailTemplate, sendTemplatedEmail, type EmailTemplate } from "~/features/email/index.server";
import {
  changeEmailAddress,
  createManagedUser,
  findAccount,
  findAccountByEmail,
  insertUser,
  isEmailInUse,
  markEmailVerified,
  recordSignIn,
  setPasswordHash,
  type Actor,
  type AssignableRole,
  type ManagedUser,
  type Scope,
} from "~/features/users/index.server";
import { consumeToken, issueToken, tokenRefusal } from "~/core/identity/account-links.server";
import { findPublicUser, type PublicUser } from "~/core/identity/directory.server";
import { dummyPasswordHash, hashPassword, verifyPassword } from "~/core/identity/password.server";
import { AppError, invalid, isAppError, rateLimited } from "~/lib/app-error";
import { audit } from "~/lib/audit.server";
import { isLanguage, fallbackLanguage, type Language } from "~/lib/i18n/config";
import { logger } from "~/lib/logger.server";
import { consume, type LimitName } from "~/lib/rate-limit.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { createSession, deleteSession, deleteUserSessions, type CreatedSession, type SessionKind } from "~/lib/session.server";
import { deviceCookieAfterSignIn, trustedDeviceNonce } from "./device-cookie.server";
import { checkSignInAllowed, clearAccountThrottle, isTrusted, recordSignInFailure, recordSignInSuccess, type SignInAttempt } from "./sign-in-throttle.server";
import { isBrowserTrusted, trustBrowser } from "./two-factor-cookies.server";
import { issueChallenge, readChallenge, twoFactorStamp, verifySecondFactor, type SecondFactor } from "./two-factor.server";

/**
 * Accounts: registration, sign-in, e-mail verification, password reset and change,
 * e-mail change, invitations. The single-use links are core/identity's (account-links.server.ts);
 * the `users` rows are read and written through the users area (users.server.ts). Pages and
 * the JSON API call these same functions; a refusal is an AppError with a key of the
 * `auth` namespace (the doors translate it).
 *
 * No door tells whether an address has an account: registration, the reset request and
 * the verification resend answer the same for every address, after the same work.
 */

// ---------------------------------------------------------------------------
// Refusals

const invalidCredentials = () => new AppError(400, "auth:errors.invalidCredentials");

/** Counts one attempt against each named limit; past any of them, a 429 "Too many attempts". */
async function withinLimits(limits: ReadonlyArray<readonly [LimitName, string]>): Promise<void> {
  for (const [name, key] of limits) {
    const result = await consume(name, key);
    if (!result.ok) throw rateLimited(result.retryAfterSeconds, "auth:errors.rateLimited");
  }
}

// ---------------------------------------------------------------------------
// E-mails, in the recipient's language

type Recipient = { id: string; email: string; fullName: string; locale: string };

/**
 * The account e-mails, templates over the `auth` strings `email.<key>.*` (editable on
 * /dashboard/templates): the person's name, and for a change of address the new one.
 */
const withName = (hasAction: boolean) => ({ variables: ["name"] as const, sample: { name: "Maria Lopez" }, hasAction });
const withNameAndEmail = (hasAction: boolean) => ({
  variables: ["name", "email"] as const,
  sample: { name: "Maria Lopez", email: "maria.lopez@example.com" },
  hasAction,
});
export const ACCOUNT_EMAILS = {
  verify: defineEmailTemplate({ namespace: "auth", name: "verify", ...withName(true) }),
  reset: defineEmailTemplate({ namespace: "auth", name: "reset", ...withName(true) }),
  invite: defineEmailTemplate({ namespace: "auth", name: "invite", ...withName(true) }),
  registerAttempt: defineEmailTemplate({ namespace: "auth", name: "registerAttempt", ...withName(true) }),
  changeConfirm: defineEmailTemplate({ namespace: "auth", name: "changeConfirm", ...withNameAndEmail(true) }),
  changeNotice: defineEmailTemplate({ namespace: "auth", name: "changeNotice", ...withNameAndEmail(false) }),
};

/**
 * Sends an account e-mail in the person's language. A mail server that is down must not undo the
 * account change (the person can ask again): a failure is logged.
 */
async function sendAccountEmail(
  to: string,
  user: { fullName: string; locale: string },
  key: keyof typeof ACCOUNT_EMAILS,
  options: { url?: string; email?: string } = {},
): Promise<void> {
  try {
    // Every account template takes the name; the e-mail address is a value only the change templates use.
    const template: EmailTemplate<"name" | "email"> = ACCOUNT_EMAILS[key] as EmailTemplate<"name" | "email">;
    await sendTemplatedEmail(template, {
      to,
      language: user.locale,
      values: { name: user.fullName, email: options.email ?? "" },
      actionUrl: options.url,
    });
  } catch (error) {
    logger.error({ err: error, what: key }, "sending an account e-mail failed");
  }
}

/**
 * Work done after the answer has gone (issuing a link and sending it): the answer then takes the
 * same time whether or not the address has an account, whatever the mail server's speed.
 */
const afterAnswerWork = new Set<Promise<void>>();

function afterAnswer(work: () => Promise<void>): void {
  const running: Promise<void> = Promise.resolve()
    .then(work)
    .catch((error: unknown) => logger.error({ err: error }, "account work after the answer failed"))
    .finally(() => afterAnswerWork.delete(running));
  afterAnswerWork.add(running);
}

/** Resolves when the work started after earlier answers is done (tests read the e-mails it sends). */
export async function settleAccountWork(): Promise<void> {
  while (afterAnswerWork.size > 0) await Promise.all([...afterAnswerWork]);
}

/** The link brings the person back to `returnTo` once verified (a path on this site, e.g. the booking page they came for). */
export async function sendVerificationEmail(user: Recipient, returnTo?: string): Promise<void> {
  const token = await issueToken(user.id, "verify_email");
  const params = new URLSearchParams({ token });
  const back = safeRedirect(returnTo, "");
  if (back) params.set("redirectTo", back);
  await sendAccountEmail(user.email, user, "verify", { url: absoluteUrl(`/verify-email?${params}`) });
}

async function sendResetEmail(user: Recipient, kind: "reset" | "invite"): Promise<void> {
  const token = await issueToken(user.id, "reset_password", kind === "invite" ? { lifetimeSeconds: 24 * 60 * 60 } : {});
  await sendAccountEmail(user.email, user, kind, { url: absoluteUrl(`/reset-password?token=${encodeURIComponent(token)}`) });
}

// ---------------------------------------------------------------------------
// Registration

export type RequestContext = { ip: string; userAgent?: string | null; request?: Request };

/**
 * Registers a client account, or, when the address already has one, tells its owner
 * (in their language) that someone tried to register with it. The caller cannot tell
 * which: both answer the same (the doors say "check your inbox"), and both hash the
 * password and send one e-mail. The new account is not signed in: signing in is what
 * would tell the two apart.
 */
export async function registerUser(
  input: { fullName: string; email: string; password: string; locale?: string | null; redirectTo?: string },
  context: RequestContext,
): Promise<void> {
  const email = input.email.toLowerCase();
  await withinLimits([
    ["register:ip", context.ip],
    ["register:account", email],
  ]);
  const locale: Language = isLanguage(input.locale) ? input.locale : fallbackLanguage;
  const passwordHash = await hashPassword(input.password);
  const existing = await findAccountByEmail(email);
  if (existing) return tellOwnerOfAttempt(existing, context);
  let id: string;
  try {
    id = await insertUser({ email, passwordHash, role: "client", fullName: input.fullName, locale });
  } catch (error) {
    // Two registrations of one address at once: the unique index decided for the other one.
    if (isAppError(error) && error.status === 409) {
      const winner = await findAccountByEmail(email);
      if (winner) return tellOwnerOfAttempt(winner, context);
    }
    throw error;
  }
  await audit({ actorId: id, action: "auth.registered", targetType: "user", targetId: id, ip: context.ip });
  await sendVerificationEmail({ id, email, fullName: input.fullName, locale }, input.redirectTo);
}

async function tellOwnerOfAttempt(owner: Recipient, context: RequestContext): Promise<void> {
  await audit({ actorId: null, action: "auth.register_existing", targetType: "user", targetId: owner.id, ip: context.ip });
  await sendAccountEmail(owner.email, owner, "registerAttempt", { url: absoluteUrl("/forgot-password") });
}

// ---------------------------------------------------------------------------
// Sign-in

// Compute the stand-in hash now, so that the first unknown address is not slower than the rest.
void dummyPasswordHash();

export type SignedIn = { mfaRequired?: false; user: PublicUser; session: CreatedSession; deviceCookie: string; trustCookie?: string };
/** The password was right and the account has two-factor: the code comes next, with this token (docs/decisions/010). */
export type TwoFactorNeeded = { mfaRequired: true; mfaToken: string };

/**
 * Checks the credentials and opens a fresh session. Unknown address and wrong password take
 * the same path (a hash is verified either way) and get the same 400 "Invalid credentials".
 * Throttling (sign-in-throttle.server.ts, docs/decisions/008) counts failures only; a browser
 * with the account's device cookie is not held back by anyone else's failures. A success sets
 * the device cookie (`deviceCookie`, a Set-Cookie value for the door to send).
 *
 * An account with two-factor on gets no session yet, unless this browser is trusted for it:
 * the answer is `{ mfaRequired: true, mfaToken }` and `completeTwoFactorSignIn` finishes.
 */
export async function signIn(
  input: { email: string; password: string; rememberMe: boolean },
  context: RequestContext & { kind: SessionKind },
): Promise<SignedIn | TwoFactorNeeded> {
  const email = input.email.toLowerCase();
  const account = await findAccountByEmail(email);
  const attempt: SignInAttempt = { email, ip: context.ip, deviceNonce: account ? await trustedDeviceNonce(context.request, account.id) : null };
  const trusted = await isTrusted(attempt);
  try {
    await checkSignInAllowed(attempt, trusted);
  } catch (error) {
    await audit({ actorId: null, action: "auth.login_blocked", targetType: "user", targetId: account?.id ?? null, ip: context.ip, meta: { email } });
    throw error;
  }

  const valid = await verifyPassword(account?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!account || !valid) {
    await recordSignInFailure(attempt, trusted);
    await audit({
      actorId: account?.id ?? null,
      action: "auth.login_failed",
      targetType: "user",
      targetId: account?.id ?? null,
      ip: context.ip,
      meta: { email, trusted },
    });
    throw invalidCredentials();
  }
  if (account.disabledAt) {
    await audit({ actorId: account.id, action: "auth.login_refused_disabled", targetType: "user", targetId: account.id, ip: context.ip });
    throw new AppError(403, "auth:errors.accountDisabled");
  }

  await recordSignInSuccess(attempt, trusted);
  const stamp = await twoFactorStamp(account.id);
  if (stamp && !(await isBrowserTrusted(context.request, account.id, stamp))) {
    await audit({
      actorId: account.id,
      action: "auth.two_factor_challenged",
      targetType: "user",
      targetId: account.id,
      ip: context.ip,
      meta: { kind: context.kind },
    });
    return { mfaRequired: true, mfaToken: issueChallenge({ userId: account.id, remember: input.rememberMe, kind: context.kind }) };
  }
  return openSession(account.id, {
    remember: input.rememberMe,
    kind: context.kind,
    request: context.request,
    ip: context.ip,
    meta: { trusted, secondFactor: stamp ? "trusted_browser" : null },
  });
}

async function openSession(
  userId: string,
  options: { remember: boolean; kind: SessionKind; request?: Request; ip: string; meta: Record<string, unknown> },
): Promise<SignedIn> {
  const session = await createSession(userId, { remember: options.remember, kind: options.kind, request: options.request });
  await recordSignIn(userId);
  await audit({
    actorId: userId,
    action: "auth.login",
    targetType: "user",
    targetId: userId,
    ip: options.ip,
    meta: { kind: options.kind, remember: options.remember, ...options.meta },
  });
  const user = (await findPublicUser(userId))!;
  return { user, session, deviceCookie: await deviceCookieAfterSignIn(options.request, userId) };
}

/**
 * The second step of a sign-in with two-factor: the pending token and an authenticator code or a
 * recovery code. A wrong code is a 400 on `code` (429 past the account's ceiling); an expired or
 * unknown token is a 400 "start again". `trustBrowser` (browsers only) adds the 30-day cookie.
 */
export async function completeTwoFactorSignIn(
  input: { mfaToken: string; code: string; trustBrowser?: boolean },
  context: RequestContext,
): Promise<SignedIn & { secondFactor: SecondFactor }> {
  const challenge = readChallenge(input.mfaToken);
  const account = await findAccount(challenge.userId);
  if (!account || account.disabledAt) throw new AppError(400, "security:errors.challengeExpired");
  const secondFactor = await verifySecondFactor(account.id, input.code, { ip: context.ip, stage: "sign_in" });
  const signedIn = await openSession(account.id, {
    remember: challenge.remember,
    kind: challenge.kind,
    request: context.request,
    ip: context.ip,
    meta: { secondFactor },
  });
  const stamp = input.trustBrowser && context.request ? await twoFactorStamp(account.id) : null;
  return { ...signedIn, secondFactor, ...(stamp && context.request ? { trustCookie: await trustBrowser(context.request, account.id, stamp) } : {}) };
}

/** Ends the session behind `token` (its row, and the realtime sockets opened with it). */
export async function signOut(token: string, context: { userId?: string | null; ip?: string }): Promise<void> {
  await deleteSession(token);
  if (context.userId) await audit({ actorId: context.userId, action: "auth.logout", targetType: "user", targetId: context.userId, ip: context.ip ?? null });
}

// ---------------------------------------------------------------------------
// E-mail verification

/**
 * Sends a new link to an unverified account of this address. The answer is the same
 * whatever the address, and so is the work before it: the link is issued and sent after.
 */
export async function resendVerification(emailInput: string, context: RequestContext): Promise<void> {
  const email = emailInput.toLowerCase();
  await withinLimits([
    ["resend:ip", context.ip],
    ["resend:account", email],
  ]);
  const user = await findAccountByEmail(email);
  await audit({ actorId: null, action: "auth.verification_requested", targetType: "user", targetId: user?.id ?? null, ip: context.ip, meta: { email } });
  if (user && !user.emailVerifiedAt && !user.disabledAt) afterAnswer(() => sendVerificationEmail(user));
}

export async function verifyEmail(token: string, context: { ip?: string } = {}): Promise<{ userId: string }> {
  const { userId } = await consumeToken(token, "verify_email");
  await markEmailVerified(userId);
  await audit({ actorId: userId, action: "auth.email_verified", targetType: "user", targetId: userId, ip: context.ip ?? null });
  return { userId };
}

// ---------------------------------------------------------------------------
// Passwords

/**
 * Sends a reset link when the address has an (enabled) account. The answer never says
 * which, and the work before it is the same for every address (a look-up and an audit
 * entry); the link is issued and sent after the answer.
 */
export async function requestPasswordReset(emailInput: string, context: RequestContext): Promise<void> {
  const email = emailInput.toLowerCase();
  await withinLimits([
    ["reset:ip", context.ip],
    ["reset:account", email],
  ]);
  const user = await findAccountByEmail(email);
  const eligible = user && !user.disabledAt ? user : null;
  await audit({ actorId: null, action: "auth.password_reset_requested", targetType: "user", targetId: eligible?.id ?? null, ip: context.ip, meta: { email } });
  if (eligible) afterAnswer(() => sendResetEmail(eligible, "reset"));
}

/**
 * Sets a new password from a reset link. Every session of the account ends (its sockets close),
 * except `keepSessionToken` (the browser that did the reset, when it was signed in as that user).
 * Following the link proves the address, so it counts as verified, and the account's sign-in
 * ceiling starts afresh.
 */
export async function resetPassword(
  token: string,
  password: string,
  context: { ip?: string; keepSessionToken?: string | null } = {},
): Promise<{ userId: string; endedSessions: number }> {
  const { userId } = await consumeToken(token, "reset_password");
  await setPasswordHash(userId, await hashPassword(password), { verifyEmail: true });
  const endedSessions = await deleteUserSessions(userId, { except: context.keepSessionToken ?? undefined });
  const account = await findAccount(userId);
  if (account) await clearAccountThrottle(account.email);
  await audit({ actorId: userId, action: "auth.password_reset", targetType: "user", targetId: userId, ip: context.ip ?? null, meta: { endedSessions } });
  return { userId, endedSessions };
}

/** A signed-in user changes their password: the current one is required; other sessions end (their sockets close). */
export async function changePassword(
  userId: string,
  input: { currentPassword: string; password: string },
  context: { ip?: string; keepSessionToken?: string | null },
): Promise<void> {
  const account = await findAccount(userId);
  if (!account || !(await verifyPassword(account.passwordHash, input.currentPassword)))
    throw invalid("auth:errors.wrongPassword", { field: "currentPassword" });
  await setPasswordHash(userId, await hashPassword(input.password));
  const endedSessions = await deleteUserSessions(userId, { except: context.keepSessionToken ?? undefined });
  await audit({ actorId: userId, action: "auth.password_changed", targetType: "user", targetId: userId, ip: context.ip ?? null, meta: { endedSessions } });
}

// ---------------------------------------------------------------------------
// E-mail change: a link to the new address confirms it; the old address is told.

export async function requestEmailChange(userId: string, input: { newEmail: string; currentPassword: string }, context: { ip: string }): Promise<void> {
  const newEmail = input.newEmail.toLowerCase();
  const user = await findAccount(userId);
  if (!user) throw new AppError(404, "users:errors.notFound");
  await withinLimits([["email-change:account", userId]]);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) throw invalid("auth:errors.wrongPassword", { field: "currentPassword" });
  if (newEmail === user.email) throw invalid("auth:errors.emailSame", { field: "newEmail" });
  if (await isEmailInUse(newEmail)) throw invalid("auth:errors.emailTaken", { field: "newEmail" });

  const token = await issueToken(userId, "change_email", { newEmail });
  const url = absoluteUrl(`/verify-email-change?token=${encodeURIComponent(token)}`);
  await sendAccountEmail(newEmail, user, "changeConfirm", { url, email: newEmail });
  await sendAccountEmail(user.email, user, "changeNotice", { email: newEmail });
  await audit({ actorId: userId, action: "auth.email_change_requested", targetType: "user", targetId: userId, ip: context.ip, meta: { newEmail } });
}

export async function confirmEmailChange(token: string, context: { ip?: string } = {}): Promise<{ userId: string; email: string }> {
  const { userId, newEmail } = await consumeToken(token, "change_email");
  if (!newEmail) throw tokenRefusal("invalid");
  const before = await findAccount(userId);
  if (!before) throw tokenRefusal("invalid");
  try {
    await changeEmailAddress(userId, newEmail);
  } catch (error) {
    if (isAppError(error) && error.status === 409) throw invalid("auth:errors.emailTaken");
    throw error;
  }
  await audit({
    actorId: userId,
    action: "auth.email_changed",
    targetType: "user",
    targetId: userId,
    ip: context.ip ?? null,
    meta: { from: before.email, to: newEmail },
  });
  return { userId, email: newEmail };
}

// ---------------------------------------------------------------------------
// Invitations: a staff-made account chooses its password through a link valid 24 hours.

export async function inviteUser(
  actor: Actor,
  scope: Scope,
  input: { fullName: string; email: string; role: AssignableRole; locale: string; enabledFeatures?: string[] },
  context: { ip?: string } = {},
): Promise<ManagedUser> {
  // Nobody knows this password: the invitation link sets the real one.
  const passwordHash = await hashPassword(randomBytes(32).toString("base64url"));
  const user = await createManagedUser(actor, scope, { ...input, passwordHash }, context);
  await sendResetEmail(user, "invite");
  return user;
}

/** A new invitation link for a staff-made account that has not signed in yet (the earlier link stops working). */
export async function sendInvitationAgain(user: Recipient): Promise<void> {
  await sendResetEmail(user, "invite");
}
