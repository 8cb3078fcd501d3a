import { createHash, randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { z } from "zod";
import { hasTwoFactor, twoFactorRequired } from "~/core/identity/two-factor-state.server";
import { findAccount, type Actor } from "~/features/users/index.server";
import { AppError, invalid } from "~/lib/app-error";
import { audit } from "~/lib/audit.server";
import type { DB } from "~/lib/db/connection.server";
import { db } from "~/lib/db/db.server";
import { env, EnvError } from "~/lib/env.server";
import { newId, nowIso } from "~/lib/ids.server";
import { consume, isLimited, reset } from "~/lib/rate-limit.server";
import { decryptSecret, encryptSecret } from "~/lib/secrets.server";
import { deleteUserSessions, type SessionKind } from "~/lib/session.server";
import { CHALLENGE_SECONDS } from "./two-factor.schema";

/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238: 6 digits, 30 seconds, SHA-1;
 * docs/decisions/010). The only code that touches `two_factor_credentials` and
 * `two_factor_recovery_codes`. Required for owner and admins (the back-office guard sends them
 * to set it up), optional for everyone else.
 *
 * - The secret is encrypted at rest; a code is accepted one step either side of now (±30 s of
 *   clock drift) and only for a later step than the last accepted one, so a code works once.
 * - Ten recovery codes, stored as SHA-256 hashes (they are random, 50 bits each), each used once.
 * - Failed codes count per account (LIMITS "mfa:account-failures"); past the ceiling every code is
 *   refused until the hour has passed, the right one too.
 * - The set-up and the sign-in's pending step carry their state in tokens sealed with
 *   encryptSecret (authenticated encryption): nothing is written before the person proves the code.
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** How long a set-up page's secret stays usable. */
const SETUP_SECONDS = 60 * 60;

const codeRefused = () => invalid("security:errors.codeInvalid", { field: "code" });

function totpFor(secretBase32: string, label = "account"): TOTP {
  return new TOTP({
    issuer: new URL(env().appUrl).host,
    label,
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

const currentStep = (now = Date.now()) => Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);

/** The time step of `code` when it is valid now (within the window), else null. */
export function totpStep(secretBase32: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secretBase32).validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : currentStep(now) + delta;
}

/** Spaces and dashes people type are not part of a code. */
export function normaliseCode(code: string): string {
  return code.replace(/[\s-]/g, "").toLowerCase();
}

// ---------------------------------------------------------------------------
// Sealed tokens (set-up and the sign-in's pending step)

const SealedSchema = z.object({
  p: z.enum(["setup", "mfa"]),
  u: z.string(),
  e: z.number(),
  s: z.string().optional(),
  r: z.boolean().optional(),
  k: z.enum(["cookie", "token"]).optional(),
});
type Sealed = z.infer<typeof SealedSchema>;

function seal(value: Sealed): string {
  return Buffer.from(encryptSecret(JSON.stringify(value))).toString("base64url");
}

function unseal(token: string, purpose: Sealed["p"]): Sealed | null {
  try {
    const parsed = SealedSchema.safeParse(JSON.parse(decryptSecret(Buffer.from(token, "base64url").toString("utf8"))));
    if (!parsed.success || parsed.data.p !== purpose || parsed.data.e < Date.now()) return null;
    return parsed.data;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------
// Set-up

export type TwoFactorSetup = { secret: string; uri: string; qrSvg: string; setupToken: string };

/** A new secret to scan: the QR code (SVG), the otpauth:// address, the base32 text and the sealed token the form sends back. */
export async function startTwoFactorSetup(user: { id: string; email: string }): Promise<TwoFactorSetup> {
  const secret = new Secret({ size: 20 }).base32;
  const uri = totpFor(secret, user.email).toString();
  const qrSvg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
  return { secret, uri, qrSvg, setupToken: seal({ p: "setup", u: user.id, s: secret, e: Date.now() + SETUP_SECONDS * 1000 }) };
}

/** The set-up page's token again, for the form shown after a wrong code (same secret, same QR code). */
export async function resumeTwoFactorSetup(user: { id: string; email: string }, setupToken: string): Promise<TwoFactorSetup | null> {
  const sealed = unseal(setupToken, "setup");
  if (!sealed?.s || sealed.u !== user.id) return null;
  const uri = totpFor(sealed.s, user.email).toString();
  return { secret: sealed.s, uri, qrSvg: await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 1 }), setupToken };
}

/**
 * Turns two-factor on with the secret of `setupToken` once `code` proves the app has it.
 * Replaces an earlier set-up (and its recovery codes). Answers the ten recovery codes, shown once.
 */
export async function confirmTwoFactorSetup(
  userId: string,
  input: { setupToken: string; code: string },
  context: { ip?: string | null } = {},
): Promise<string[]> {
  const sealed = unseal(input.setupToken, "setup");
  if (!sealed?.s || sealed.u !== userId) throw new AppError(400, "security:errors.setupExpired");
  await refuseIfLimited(userId);
  const step = totpStep(sealed.s, normaliseCode(input.code));
  if (step === null) {
    await countFailure(userId, { ip: context.ip, stage: "setup" });
    throw codeRefused();
  }
  const codes = await db()
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom("twoFactorCredentials").where("userId", "=", userId).execute();
      await trx
        .insertInto("twoFactorCredentials")
        .values({ userId, secret: encryptSecret(sealed.s!), lastUsedStep: step, enabledAt: nowIso() })
        .execute();
      return replaceRecoveryCodes(trx, userId);
    });
  await reset("mfa:account-failures", userId);
  await audit({ actorId: userId, action: "auth.two_factor_enabled", targetType: "user", targetId: userId, ip: context.ip ?? null });
  return codes;
}

/**
 * The demo owner and admin (SEED_DEMO only): two-factor on with a known secret, so that outside
 * test suites can compute their codes. An account that already has two-factor keeps it.
 */
export async function ensureTwoFactorWithSecret(database: DB, userId: string, secretBase32: string): Promise<boolean> {
  const existing = await database.selectFrom("twoFactorCredentials").select("userId").where("userId", "=", userId).executeTakeFirst();
  if (existing) return false;
  Secret.fromBase32(secretBase32); // throws on a value that is not base32
  await database
    .insertInto("twoFactorCredentials")
    .values({ userId, secret: encryptSecret(secretBase32.toUpperCase()), lastUsedStep: null, enabledAt: nowIso() })
    .execute();
  return true;
}

function newRecoveryCode(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const part = () => Array.from({ length: 5 }, () => alphabet[randomInt(alphabet.length)]).join("");
  return `${part()}-${part()}`;
}

const recoveryHash = (code: string) => createHash("sha256").update(normaliseCode(code)).digest("hex");

async function replaceRecoveryCodes(database: DB, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await database.deleteFrom("twoFactorRecoveryCodes").where("userId", "=", userId).execute();
  await database
    .insertInto("twoFactorRecoveryCodes")
    .values(codes.map((code) => ({ id: newId(), userId, codeHash: recoveryHash(code), usedAt: null })))
    .execute();
  return codes;
}

// ---------------------------------------------------------------------------
// State

export type TwoFactorStatus = { enabled: boolean; enabledAt: string | null; recoveryCodesLeft: number; required: boolean };

/** When the user's two-factor was set up (the trusted-browser cookie names it), or null when it is off. */
export async function twoFactorStamp(userId: string): Promise<string | null> {
  const row = await db().selectFrom("twoFactorCredentials").select("enabledAt").where("userId", "=", userId).executeTakeFirst();
  return row?.enabledAt ?? null;
}

export async function twoFactorStatus(user: { id: string; role: string }): Promise<TwoFactorStatus> {
  const enabledAt = await twoFactorStamp(user.id);
  const left = enabledAt
    ? await db()
        .selectFrom("twoFactorRecoveryCodes")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("userId", "=", user.id)
        .where("usedAt", "is", null)
        .executeTakeFirstOrThrow()
    : { count: 0 };
  return { enabled: Boolean(enabledAt), enabledAt, recoveryCodesLeft: Number(left.count), required: twoFactorRequired(user.role) };
}

// ---------------------------------------------------------------------------
// Checking a code

async function refuseIfLimited(userId: string): Promise<void> {
  const limit = await isLimited("mfa:account-failures", userId);
  if (!limit.ok) {
    throw new AppError(429, "security:errors.tooManyCodes", {
      params: { count: Math.ceil(limit.retryAfterSeconds / 60) },
      headers: { "Retry-After": String(limit.retryAfterSeconds) },
    });
  }
}

async function countFailure(userId: string, context: { ip?: string | null; stage: string }): Promise<void> {
  await consume("mfa:account-failures", userId);
  await audit({
    actorId: userId,
    action: "auth.two_factor_failed",
    targetType: "user",
    targetId: userId,
    ip: context.ip ?? null,
    meta: { stage: context.stage },
  });
}

export type SecondFactor = "totp" | "recovery";

/**
 * At start-up: the encryption key (FILE_ENCRYPTION_KEY, or DATA_DIR's `.file-key`) must open the
 * two-factor secrets already in the database. A database started with another copy's data
 * directory would otherwise refuse every sign-in of an owner or admin with an error at the code
 * step; it is a configuration mistake, so the server refuses to start and says which.
 */
export async function assertTwoFactorSecretsReadable(database = db()): Promise<void> {
  const row = await database.selectFrom("twoFactorCredentials").select("secret").limit(1).executeTakeFirst();
  if (!row) return;
  try {
    decryptSecret(row.secret);
  } catch {
    throw new EnvError(
      "The encryption key does not open this database's two-factor secrets: start the server with the DATA_DIR (its .file-key) or the FILE_ENCRYPTION_KEY this database was used with.",
    );
  }
}

/**
 * Checks an authenticator code (6 digits) or a recovery code and uses it up: the TOTP step is
 * stored (`last_used_step` only grows, in one conditional update, so two requests with one code
 * count once), a recovery code is marked used. A wrong or reused code is a 400 on the `code`
 * field and counts against the account's ceiling (429 past it).
 */
export async function verifySecondFactor(userId: string, rawCode: string, context: { ip?: string | null; stage: string }): Promise<SecondFactor> {
  await refuseIfLimited(userId);
  const code = normaliseCode(rawCode);
  const row = await db().selectFrom("twoFactorCredentials").select(["secret", "lastUsedStep"]).where("userId", "=", userId).executeTakeFirst();
  if (!row) throw codeRefused();

  if (/^\d+$/.test(code)) {
    const step = totpStep(decryptSecret(row.secret), code);
    if (step !== null) {
      const result = await db()
        .updateTable("twoFactorCredentials")
        .set({ lastUsedStep: step })
        .where("userId", "=", userId)
        .where((eb) => eb.or([eb("lastUsedStep", "is", null), eb("lastUsedStep", "<", step)]))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) {
        await reset("mfa:account-failures", userId);
        return "totp";
      }
    }
  } else if (code.length === 10) {
    const hash = recoveryHash(code);
    const result = await db()
      .updateTable("twoFactorRecoveryCodes")
      .set({ usedAt: nowIso() })
      .where("userId", "=", userId)
      .where("codeHash", "=", hash)
      .where("usedAt", "is", null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) {
      await reset("mfa:account-failures", userId);
      const left = await db()
        .selectFrom("twoFactorRecoveryCodes")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("userId", "=", userId)
        .where("usedAt", "is", null)
        .executeTakeFirstOrThrow();
      await audit({
        actorId: userId,
        action: "auth.recovery_code_used",
        targetType: "user",
        targetId: userId,
        ip: context.ip ?? null,
        meta: { stage: context.stage, left: Number(left.count) },
      });
      return "recovery";
    }
  }
  await countFailure(userId, context);
  throw codeRefused();
}

// ---------------------------------------------------------------------------
// The sign-in's pending step: the password was right, the code is still to come.

export type TwoFactorChallenge = { userId: string; remember: boolean; kind: SessionKind };

export function issueChallenge(challenge: TwoFactorChallenge): string {
  return seal({ p: "mfa", u: challenge.userId, r: challenge.remember, k: challenge.kind, e: Date.now() + CHALLENGE_SECONDS * 1000 });
}

/** The pending sign-in of a token, or a 400 "start again" when it is unknown or past its ten minutes. */
export function readChallenge(token: string): TwoFactorChallenge {
  const sealed = unseal(token, "mfa");
  if (!sealed) throw new AppError(400, "security:errors.challengeExpired");
  return { userId: sealed.u, remember: sealed.r ?? false, kind: sealed.k ?? "token" };
}

// ---------------------------------------------------------------------------
// Turning off and resetting

/** Someone for whom two-factor is optional turns it off, with a current code (or a recovery code). */
export async function disableTwoFactor(user: { id: string; role: string }, code: string, context: { ip?: string | null } = {}): Promise<void> {
  if (twoFactorRequired(user.role)) throw new AppError(403, "security:errors.requiredForRole");
  await verifySecondFactor(user.id, code, { ip: context.ip, stage: "disable" });
  await removeTwoFactor(user.id);
  await audit({ actorId: user.id, action: "auth.two_factor_disabled", targetType: "user", targetId: user.id, ip: context.ip ?? null });
}

async function removeTwoFactor(userId: string): Promise<void> {
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom("twoFactorRecoveryCodes").where("userId", "=", userId).execute();
      await trx.deleteFrom("twoFactorCredentials").where("userId", "=", userId).execute();
    });
}

/**
 * The owner resets another person's two-factor (a lost phone): the secret and recovery codes go,
 * every session of that person ends, and their trusted browsers stop being trusted (the cookie
 * names the set-up time). An owner or admin then sets it up again at their next sign-in.
 */
export async function resetTwoFactor(actor: Actor, targetId: string, context: { ip?: string | null } = {}): Promise<{ endedSessions: number }> {
  if (actor.role !== "owner") throw new AppError(403, "common:api.forbidden");
  if (actor.id === targetId) throw new AppError(400, "security:errors.resetSelf");
  const target = await findAccount(targetId);
  if (!target) throw new AppError(404, "users:errors.notFound");
  if (!(await hasTwoFactor(targetId))) throw new AppError(400, "security:errors.notEnabled");
  await removeTwoFactor(targetId);
  const endedSessions = await deleteUserSessions(targetId);
  await reset("mfa:account-failures", targetId);
  await audit({ actorId: actor.id, action: "auth.two_factor_reset", targetType: "user", targetId, ip: context.ip ?? null, meta: { endedSessions } });
  return { endedSessions };
}
