import { createHash, randomBytes } from "node:crypto";
import { AppError } from "~/lib/app-error";
import { db } from "~/lib/db/db.server";
import { newId, nowIso } from "~/lib/ids.server";

/**
 * An account's single-use links (e-mail verification, password reset and invitation,
 * e-mail change), stored hashed: the only code that touches `verification_tokens`. The
 * auth area issues and uses them; the users area ends them when an account is
 * deactivated or deleted.
 */

export type TokenPurpose = "verify_email" | "reset_password" | "change_email";

export const TOKEN_LIFETIME_SECONDS: Record<TokenPurpose, number> = {
  verify_email: 24 * 60 * 60,
  reset_password: 60 * 60,
  change_email: 24 * 60 * 60,
};

export type TokenFailure = "invalid" | "expired";
type ConsumedToken = { userId: string; newEmail: string | null };

/** The 400 a link that cannot be used answers. */
export const tokenRefusal = (reason: TokenFailure) => new AppError(400, reason === "expired" ? "auth:errors.tokenExpired" : "auth:errors.tokenInvalid");

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

/** Uses a token once: unknown, already used or of another purpose → invalid; past its expiry → expired (400 AppErrors). */
export async function consumeToken(token: string, purpose: TokenPurpose): Promise<ConsumedToken> {
  const row = await db()
    .selectFrom("verificationTokens")
    .select(["id", "userId", "newEmail", "expiresAt", "usedAt"])
    .where("tokenHash", "=", tokenHash(token))
    .where("purpose", "=", purpose)
    .executeTakeFirst();
  if (!row || row.usedAt) throw tokenRefusal("invalid");
  if (row.expiresAt <= nowIso()) throw tokenRefusal("expired");
  // The `used_at is null` condition makes two simultaneous uses count once.
  const result = await db().updateTable("verificationTokens").set({ usedAt: nowIso() }).where("id", "=", row.id).where("usedAt", "is", null).executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw tokenRefusal("invalid");
  return { userId: row.userId, newEmail: row.newEmail };
}

/**
 * Why a link cannot be used now, as the i18n key a page shows, or null when it can
 * (the pages check before showing a form).
 */
export async function linkProblem(token: string, purpose: TokenPurpose): Promise<string | null> {
  if (!token) return "auth:errors.tokenInvalid";
  const row = await db()
    .selectFrom("verificationTokens")
    .select(["expiresAt", "usedAt"])
    .where("tokenHash", "=", tokenHash(token))
    .where("purpose", "=", purpose)
    .executeTakeFirst();
  if (!row || row.usedAt) return "auth:errors.tokenInvalid";
  if (row.expiresAt <= nowIso()) return "auth:errors.tokenExpired";
  return null;
}

/** Ends every unused link of an account (verification, reset, invitation, e-mail change): a deactivated or deleted account keeps none. */
export async function revokeAccountLinks(userId: string): Promise<number> {
  const result = await db().deleteFrom("verificationTokens").where("userId", "=", userId).where("usedAt", "is", null).executeTakeFirst();
  return Number(result.numDeletedRows);
}
