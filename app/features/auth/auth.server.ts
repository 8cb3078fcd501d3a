import { createHash, randomBytes } from "node:crypto";
import { audit } from "~/lib/audit.server";
import { toJson } from "~/lib/db/connection.server";
import { db } from "~/lib/db/db.server";
import { absoluteUrl, sendLocalizedEmail } from "~/features/email/email.server";
import { DEFAULT_CLIENT_FEATURES } from "~/lib/features";
import { isLanguage, fallbackLanguage, type Language } from "~/lib/i18n/config";
import { newId, nowIso } from "~/lib/ids.server";
import { logger } from "~/lib/logger.server";
import { consume, isLimited, reset as resetLimit } from "~/lib/rate-limit.server";
import { createSession, deleteUserSessions, hashToken, type CreatedSession, type SessionKind } from "~/lib/session.server";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./password.server";

/**
 * Accounts: registration, sign-in, e-mail verification, password reset and
 * change, e-mail change. The only code that touches `users` credentials and
 * `verification_tokens`. Pages and the JSON API call these same functions.
 */

/** The user as the API shows it (spec §3, CONTRACT.md). */
export type PublicUser = {
  id: string;
  email: string;
  role: string;
  fullName: string;
  avatarUrl: string | null;
  enabledFeatures: string[];
  emailVerified: boolean;
  locale: string;
};

/** The columns of `users` that make a PublicUser. */
export type UserRow = {
  id: string;
  email: string;
  role: string;
  fullName: string;
  avatarUrl: string | null;
  enabledFeatures: string[];
  emailVerifiedAt: string | null;
  locale: string;
};

export function publicUser(user: UserRow | (Omit<UserRow, "emailVerifiedAt"> & { emailVerified: boolean })): PublicUser {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    fullName: user.fullName,
    avatarUrl: user.avatarUrl,
    enabledFeatures: user.enabledFeatures,
    emailVerified: "emailVerified" in user ? user.emailVerified : Boolean(user.emailVerifiedAt),
    locale: user.locale,
  };
}

const USER_COLUMNS = ["id", "email", "role", "fullName", "avatarUrl", "enabledFeatures", "emailVerifiedAt", "locale"] as const;

export async function findPublicUser(userId: string): Promise<PublicUser | null> {
  const row = await db().selectFrom("users").select(USER_COLUMNS).where("id", "=", userId).executeTakeFirst();
  return row ? publicUser(row) : null;
}

/** API messages (English, as the spec's error table words them); pages show the matching i18n keys. */
export const AUTH_MESSAGES = {
  invalidCredentials: "Invalid credentials",
  accountDisabled: "This account has been disabled",
  rateLimited: "Too many attempts. Please try again later.",
  emailTaken: "An account with this e-mail address already exists",
  loginSuccess: "Login successful",
  logoutSuccess: "Logged out successfully",
  resetSent: "If an account exists for this address, we have sent a link to reset its password.",
  verificationSent: "If this address belongs to an account that still needs verifying, we have sent a new link.",
  alreadyVerified: "Your e-mail address is already verified",
  tokenInvalid: "This link is invalid or has already been used",
  tokenExpired: "This link has expired",
  emailVerified: "Your e-mail address is verified",
  passwordReset: "Your password has been reset",
} as const;

// ---------------------------------------------------------------------------
// Single-use tokens (stored hashed)

export type TokenPurpose = "verify_email" | "reset_password" | "change_email";

export const TOKEN_LIFETIME_SECONDS: Record<TokenPurpose, number> = {
  verify_email: 24 * 60 * 60,
  reset_password: 60 * 60,
  change_email: 24 * 60 * 60,
};

const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new link token; earlier unused ones of the same purpose stop working, so only the newest link counts. */
export async function issueToken(userId: string, purpose: TokenPurpose, options: { newEmail?: string; lifetimeSeconds?: number } = {}): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const lifetime = options.lifetimeSeconds ?? TOKEN_LIFETIME_SECONDS[purpose];
  await db().deleteFrom("verificationTokens").where("userId", "=", userId).where("purpose", "=", purpose).where("usedAt", "is", null).execute();
  await db()
    .insertInto("verificationTokens")
    .values({
      id: newId(),
      userId,
      purpose,
      tokenHash: tokenHash(token),
      newEmail: options.newEmail ?? null,
      expiresAt: new Date(Date.now() + lifetime * 1000).toISOString(),
    })
    .execute();
  return token;
}

export type TokenFailure = "invalid" | "expired";
type ConsumedToken = { userId: string; newEmail: string | null };

/** Uses a token once: unknown, already used or of another purpose → invalid; past its expiry → expired. */
export async function consumeToken(token: string, purpose: TokenPurpose): Promise<{ ok: true; token: ConsumedToken } | { ok: false; reason: TokenFailure }> {
  const row = await db()
    .selectFrom("verificationTokens")
    .select(["id", "userId", "newEmail", "expiresAt", "usedAt"])
    .where("tokenHash", "=", tokenHash(token))
    .where("purpose", "=", purpose)
    .executeTakeFirst();
  if (!row || row.usedAt) return { ok: false, reason: "invalid" };
  if (row.expiresAt <= nowIso()) return { ok: false, reason: "expired" };
  // The `used_at is null` condition makes two simultaneous uses count once.
  const result = await db().updateTable("verificationTokens").set({ usedAt: nowIso() }).where("id", "=", row.id).where("usedAt", "is", null).executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return { ok: false, reason: "invalid" };
  return { ok: true, token: { userId: row.userId, newEmail: row.newEmail } };
}

/** Whether a token would be accepted now (the pages check before showing a form). */
export async function peekToken(token: string, purpose: TokenPurpose): Promise<{ ok: true } | { ok: false; reason: TokenFailure }> {
  const row = await db()
    .selectFrom("verificationTokens")
    .select(["expiresAt", "usedAt"])
    .where("tokenHash", "=", tokenHash(token))
    .where("purpose", "=", purpose)
    .executeTakeFirst();
  if (!row || row.usedAt) return { ok: false, reason: "invalid" };
  if (row.expiresAt <= nowIso()) return { ok: false, reason: "expired" };
  return { ok: true };
}

// ---------------------------------------------------------------------------
// E-mails, in the recipient's language

/**
 * An account e-mail from the `auth` strings `email.<key>.*`: subject, heading with the person's name,
 * body (and `extra` paragraphs), and with a link its action and note. A mail server that is down must
 * not undo the account change (the person can ask again): a failure is logged.
 */
async function sendAccountEmail(
  to: string,
  user: { fullName: string; locale: string },
  key: string,
  options: { url?: string; values?: Record<string, string>; extra?: string[] } = {},
): Promise<void> {
  try {
    await sendLocalizedEmail({
      to,
      language: user.locale,
      namespaces: "auth",
      build: (t) => ({
        subject: t(`email.${key}.subject`),
        heading: t(`email.${key}.heading`, { name: user.fullName }),
        paragraphs: [t(`email.${key}.body`, options.values), ...(options.extra ?? []).map((extra) => t(`email.${key}.${extra}`))],
        ...(options.url ? { action: { label: t(`email.${key}.action`), url: options.url }, note: t(`email.${key}.note`) } : {}),
      }),
    });
  } catch (error) {
    logger.error({ err: error, what: key }, "sending an account e-mail failed");
  }
}

export async function sendVerificationEmail(user: { id: string; email: string; fullName: string; locale: string }): Promise<void> {
  const token = await issueToken(user.id, "verify_email");
  const url = absoluteUrl(`/verify-email?token=${encodeURIComponent(token)}`);
  await sendAccountEmail(user.email, user, "verify", { url });
}

async function sendResetEmail(user: { id: string; email: string; fullName: string; locale: string }, kind: "reset" | "invite"): Promise<void> {
  const token = await issueToken(user.id, "reset_password", kind === "invite" ? { lifetimeSeconds: 24 * 60 * 60 } : {});
  const url = absoluteUrl(`/reset-password?token=${encodeURIComponent(token)}`);
  await sendAccountEmail(user.email, user, kind, { url });
}

/** A staff-made account: the person chooses a password through a link valid 24 hours. */
export function sendInvitationEmail(user: { id: string; email: string; fullName: string; locale: string }): Promise<void> {
  return sendResetEmail(user, "invite");
}

// ---------------------------------------------------------------------------
// Registration and sign-in

export type RequestContext = { ip: string; userAgent?: string | null; request?: Request };

export type RegisterResult =
  | { ok: true; user: PublicUser }
  | { ok: false; reason: "email_taken" }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

export async function registerUser(
  input: { fullName: string; email: string; password: string; locale?: string | null },
  context: RequestContext,
): Promise<RegisterResult> {
  const email = input.email.toLowerCase();
  for (const [name, key] of [["register:ip", context.ip], ["register:account", email]] as const) {
    const limit = await consume(name, key);
    if (!limit.ok) return { ok: false, reason: "rate_limited", retryAfterSeconds: limit.retryAfterSeconds };
  }
  const existing = await db().selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
  if (existing) return { ok: false, reason: "email_taken" };
  const locale: Language = isLanguage(input.locale) ? input.locale : fallbackLanguage;
  const id = newId();
  try {
    await db()
      .insertInto("users")
      .values({
        id,
        email,
        passwordHash: await hashPassword(input.password),
        role: "client",
        fullName: input.fullName,
        locale,
        enabledFeatures: toJson(DEFAULT_CLIENT_FEATURES),
      })
      .execute();
  } catch {
    // Two registrations of one address at once: the unique index decides.
    return { ok: false, reason: "email_taken" };
  }
  await audit({ actorId: id, action: "auth.registered", targetType: "user", targetId: id, ip: context.ip });
  const user = (await findPublicUser(id))!;
  await sendVerificationEmail({ id, email, fullName: input.fullName, locale });
  return { ok: true, user };
}

// Compute the stand-in hash now, so that the first unknown address is not slower than the rest.
void dummyPasswordHash();

export type SignInResult =
  | { ok: true; user: PublicUser; session: CreatedSession }
  | { ok: false; reason: "invalid" | "disabled" }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

/**
 * Checks the credentials and opens a fresh session. Unknown address and wrong
 * password take the same path (a hash is verified either way) and the same answer.
 * Limits: every attempt counts per IP; failures count per account and a success clears them.
 */
export async function signIn(
  input: { email: string; password: string; rememberMe: boolean },
  context: RequestContext & { kind: SessionKind },
): Promise<SignInResult> {
  const email = input.email.toLowerCase();
  const perIp = await consume("login:ip", context.ip);
  if (!perIp.ok) return { ok: false, reason: "rate_limited", retryAfterSeconds: perIp.retryAfterSeconds };
  const perAccount = await isLimited("login:account", email);
  if (!perAccount.ok) {
    await audit({ actorId: null, action: "auth.login_blocked", ip: context.ip, meta: { email } });
    return { ok: false, reason: "rate_limited", retryAfterSeconds: perAccount.retryAfterSeconds };
  }

  const user = await db()
    .selectFrom("users")
    .select([...USER_COLUMNS, "passwordHash", "disabledAt"])
    .where("email", "=", email)
    .executeTakeFirst();
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !valid) {
    await consume("login:account", email);
    await audit({ actorId: user?.id ?? null, action: "auth.login_failed", targetType: "user", targetId: user?.id ?? null, ip: context.ip, meta: { email } });
    return { ok: false, reason: "invalid" };
  }
  if (user.disabledAt) {
    await audit({ actorId: user.id, action: "auth.login_refused_disabled", targetType: "user", targetId: user.id, ip: context.ip });
    return { ok: false, reason: "disabled" };
  }

  await resetLimit("login:account", email);
  const session = await createSession(user.id, { remember: input.rememberMe, kind: context.kind, request: context.request });
  await db().updateTable("users").set({ lastLoginAt: nowIso() }).where("id", "=", user.id).execute();
  await audit({ actorId: user.id, action: "auth.login", targetType: "user", targetId: user.id, ip: context.ip, meta: { kind: context.kind, remember: input.rememberMe } });
  return { ok: true, user: publicUser(user), session };
}

/** A session for a user who has just proved who they are (after registering). */
export function startSession(userId: string, context: RequestContext & { kind: SessionKind; remember?: boolean }): Promise<CreatedSession> {
  return createSession(userId, { remember: context.remember ?? false, kind: context.kind, request: context.request });
}

export async function signOut(token: string, context: { userId?: string | null; ip?: string }): Promise<void> {
  await db().deleteFrom("sessions").where("id", "=", hashToken(token)).execute();
  if (context.userId) await audit({ actorId: context.userId, action: "auth.logout", targetType: "user", targetId: context.userId, ip: context.ip ?? null });
}

// ---------------------------------------------------------------------------
// E-mail verification

export type LimitedAnswer = { ok: true } | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

/** Sends a new link to an unverified account of this address; answers the same whatever the address. */
export async function resendVerification(emailInput: string, context: RequestContext): Promise<LimitedAnswer> {
  const email = emailInput.toLowerCase();
  const perIp = await consume("resend:ip", context.ip);
  if (!perIp.ok) return { ok: false, reason: "rate_limited", retryAfterSeconds: perIp.retryAfterSeconds };
  const perAccount = await consume("resend:account", email);
  if (!perAccount.ok) return { ok: false, reason: "rate_limited", retryAfterSeconds: perAccount.retryAfterSeconds };
  const user = await db()
    .selectFrom("users")
    .select(["id", "email", "fullName", "locale", "emailVerifiedAt", "disabledAt"])
    .where("email", "=", email)
    .executeTakeFirst();
  if (user && !user.emailVerifiedAt && !user.disabledAt) await sendVerificationEmail(user);
  return { ok: true };
}

export async function verifyEmail(token: string, context: { ip?: string } = {}): Promise<{ ok: true; userId: string } | { ok: false; reason: TokenFailure }> {
  const used = await consumeToken(token, "verify_email");
  if (!used.ok) return used;
  const { userId } = used.token;
  await db().updateTable("users").set({ emailVerifiedAt: nowIso(), updatedAt: nowIso() }).where("id", "=", userId).where("emailVerifiedAt", "is", null).execute();
  await audit({ actorId: userId, action: "auth.email_verified", targetType: "user", targetId: userId, ip: context.ip ?? null });
  return { ok: true, userId };
}

// ---------------------------------------------------------------------------
// Passwords

/** Sends a reset link when the address has an account; the answer never says which. */
export async function requestPasswordReset(emailInput: string, context: RequestContext): Promise<LimitedAnswer> {
  const email = emailInput.toLowerCase();
  const perIp = await consume("reset:ip", context.ip);
  if (!perIp.ok) return { ok: false, reason: "rate_limited", retryAfterSeconds: perIp.retryAfterSeconds };
  const perAccount = await consume("reset:account", email);
  if (!perAccount.ok) return { ok: false, reason: "rate_limited", retryAfterSeconds: perAccount.retryAfterSeconds };
  const user = await db().selectFrom("users").select(["id", "email", "fullName", "locale", "disabledAt"]).where("email", "=", email).executeTakeFirst();
  if (user && !user.disabledAt) {
    await sendResetEmail(user, "reset");
    await audit({ actorId: null, action: "auth.password_reset_requested", targetType: "user", targetId: user.id, ip: context.ip });
  }
  return { ok: true };
}

/**
 * Sets a new password from a reset link. Every session of the account ends,
 * except `keepSessionToken` (the browser that did the reset, when it was signed in as that user).
 * Following the link proves the address, so it counts as verified.
 */
export async function resetPassword(
  token: string,
  password: string,
  context: { ip?: string; keepSessionToken?: string | null } = {},
): Promise<{ ok: true; userId: string; endedSessions: number } | { ok: false; reason: TokenFailure }> {
  const used = await consumeToken(token, "reset_password");
  if (!used.ok) return used;
  const { userId } = used.token;
  const now = nowIso();
  const user = await db().selectFrom("users").select("emailVerifiedAt").where("id", "=", userId).executeTakeFirstOrThrow();
  await db()
    .updateTable("users")
    .set({ passwordHash: await hashPassword(password), emailVerifiedAt: user.emailVerifiedAt ?? now, updatedAt: now })
    .where("id", "=", userId)
    .execute();
  const endedSessions = await deleteUserSessions(userId, { except: context.keepSessionToken ?? undefined });
  await resetLimit("login:account", (await db().selectFrom("users").select("email").where("id", "=", userId).executeTakeFirstOrThrow()).email);
  await audit({ actorId: userId, action: "auth.password_reset", targetType: "user", targetId: userId, ip: context.ip ?? null, meta: { endedSessions } });
  return { ok: true, userId, endedSessions };
}

/** A signed-in user changes their password: the current one is required; other sessions end. */
export async function changePassword(
  userId: string,
  input: { currentPassword: string; password: string },
  context: { ip?: string; keepSessionToken?: string | null },
): Promise<{ ok: true } | { ok: false; reason: "wrong_password" }> {
  const user = await db().selectFrom("users").select("passwordHash").where("id", "=", userId).executeTakeFirstOrThrow();
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) return { ok: false, reason: "wrong_password" };
  await db().updateTable("users").set({ passwordHash: await hashPassword(input.password), updatedAt: nowIso() }).where("id", "=", userId).execute();
  const endedSessions = await deleteUserSessions(userId, { except: context.keepSessionToken ?? undefined });
  await audit({ actorId: userId, action: "auth.password_changed", targetType: "user", targetId: userId, ip: context.ip ?? null, meta: { endedSessions } });
  return { ok: true };
}

// ---------------------------------------------------------------------------
// E-mail change: a link to the new address confirms it; the old address is told.

export async function requestEmailChange(
  userId: string,
  input: { newEmail: string; currentPassword: string },
  context: { ip: string },
): Promise<{ ok: true } | { ok: false; reason: "wrong_password" | "same_email" | "email_taken" } | { ok: false; reason: "rate_limited"; retryAfterSeconds: number }> {
  const newEmail = input.newEmail.toLowerCase();
  const user = await db().selectFrom("users").select(["id", "email", "fullName", "locale", "passwordHash"]).where("id", "=", userId).executeTakeFirstOrThrow();
  const limit = await consume("email-change:account", userId);
  if (!limit.ok) return { ok: false, reason: "rate_limited", retryAfterSeconds: limit.retryAfterSeconds };
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) return { ok: false, reason: "wrong_password" };
  if (newEmail === user.email) return { ok: false, reason: "same_email" };
  const taken = await db().selectFrom("users").select("id").where("email", "=", newEmail).executeTakeFirst();
  if (taken) return { ok: false, reason: "email_taken" };

  const token = await issueToken(userId, "change_email", { newEmail });
  const url = absoluteUrl(`/verify-email-change?token=${encodeURIComponent(token)}`);
  await sendAccountEmail(newEmail, user, "changeConfirm", { url, values: { email: newEmail } });
  await sendAccountEmail(user.email, user, "changeNotice", { values: { email: newEmail }, extra: ["warning"] });
  await audit({ actorId: userId, action: "auth.email_change_requested", targetType: "user", targetId: userId, ip: context.ip, meta: { newEmail } });
  return { ok: true };
}

export async function confirmEmailChange(
  token: string,
  context: { ip?: string } = {},
): Promise<{ ok: true; userId: string; email: string } | { ok: false; reason: TokenFailure | "email_taken" }> {
  const used = await consumeToken(token, "change_email");
  if (!used.ok) return used;
  const { userId, newEmail } = used.token;
  if (!newEmail) return { ok: false, reason: "invalid" };
  const before = await db().selectFrom("users").select("email").where("id", "=", userId).executeTakeFirstOrThrow();
  try {
    await db().updateTable("users").set({ email: newEmail, emailVerifiedAt: nowIso(), updatedAt: nowIso() }).where("id", "=", userId).execute();
  } catch {
    return { ok: false, reason: "email_taken" };
  }
  await audit({ actorId: userId, action: "auth.email_changed", targetType: "user", targetId: userId, ip: context.ip ?? null, meta: { from: before.email, to: newEmail } });
  return { ok: true, userId, email: newEmail };
}

// ---------------------------------------------------------------------------
// Own profile

export async function updateOwnProfile(userId: string, input: { fullName?: string; avatarUrl?: string | null; locale?: string }): Promise<PublicUser> {
  const changes: { fullName?: string; avatarUrl?: string | null; locale?: string; updatedAt: string } = { updatedAt: nowIso() };
  if (input.fullName !== undefined) changes.fullName = input.fullName;
  if (input.avatarUrl !== undefined) changes.avatarUrl = input.avatarUrl || null;
  if (input.locale !== undefined && isLanguage(input.locale)) changes.locale = input.locale;
  await db().updateTable("users").set(changes).where("id", "=", userId).execute();
  return (await findPublicUser(userId))!;
}
