import { createCookie } from "@remix-run/node";
import { createHash, randomBytes } from "node:crypto";
import { db } from "./db/db.server";
import { env } from "./env.server";
import { clientIp } from "./http.server";
import { nowIso } from "./ids.server";
import { disconnectSessions, disconnectUser } from "./realtime-hub.server";

/**
 * Sessions are rows in `sessions`, keyed by the SHA-256 of a random secret.
 * Browsers carry the secret in an httpOnly cookie; API clients carry the same
 * kind of secret as a bearer token. A row can be revoked at any time; revoking it
 * also closes the realtime sockets opened with it (on every instance).
 */
export const SESSION_COOKIE_NAME = "firm_auth_token";
export const REMEMBER_ME_SECONDS = 60 * 60 * 24 * 30; // 30 days with "remember me"
export const SESSION_SECONDS = 60 * 60 * 24; // 1 day without it
/** "Last seen" is written at most once a minute per session, not on every request. */
const LAST_SEEN_INTERVAL_MS = 60 * 1000;

export const sessionCookie = createCookie(SESSION_COOKIE_NAME, {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: env().appUrl.startsWith("https://"),
  secrets: env().sessionSecrets,
});

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export type SessionKind = "cookie" | "token";

export type CreatedSession = { token: string; expiresAt: string; maxAge: number };

export async function createSession(userId: string, options: { remember: boolean; kind: SessionKind; request?: Request }): Promise<CreatedSession> {
  const token = randomBytes(32).toString("base64url");
  const maxAge = options.remember ? REMEMBER_ME_SECONDS : SESSION_SECONDS;
  // Expired rows are otherwise removed only when presented; sweep this user's at each sign-in.
  await db().deleteFrom("sessions").where("userId", "=", userId).where("expiresAt", "<=", nowIso()).execute();
  const expiresAt = new Date(Date.now() + maxAge * 1000).toISOString();
  await db()
    .insertInto("sessions")
    .values({
      id: hashToken(token),
      userId,
      kind: options.kind,
      remember: options.remember,
      expiresAt,
      userAgent: options.request?.headers.get("user-agent")?.slice(0, 300) ?? null,
      ip: options.request ? clientIp(options.request) : null,
    })
    .execute();
  return { token, expiresAt, maxAge };
}

/** The Set-Cookie value that signs a browser in with a fresh session. */
export function commitSessionCookie(session: CreatedSession): Promise<string> {
  return sessionCookie.serialize(session.token, { maxAge: session.maxAge });
}

export function clearSessionCookie(): Promise<string> {
  return sessionCookie.serialize("", { maxAge: 0 });
}

/** The secret of the request: the bearer token first (API clients), then the cookie. */
export async function readToken(request: Request): Promise<string | null> {
  const authorization = request.headers.get("authorization");
  if (authorization?.toLowerCase().startsWith("bearer ")) {
    const token = authorization.slice(7).trim();
    return token || null;
  }
  const value = await sessionCookie.parse(request.headers.get("cookie"));
  return typeof value === "string" && value ? value : null;
}

export type SessionRecord = { id: string; userId: string; remember: boolean; expiresAt: string; lastSeenAt: string };

/** The live session behind a secret, or null when it is unknown, expired or revoked. */
export async function findSession(token: string): Promise<SessionRecord | null> {
  const session = await db()
    .selectFrom("sessions")
    .select(["id", "userId", "remember", "expiresAt", "lastSeenAt"])
    .where("id", "=", hashToken(token))
    .executeTakeFirst();
  if (!session) return null;
  if (session.expiresAt <= nowIso()) {
    await db().deleteFrom("sessions").where("id", "=", session.id).execute();
    disconnectSessions([session.id]);
    return null;
  }
  if (Date.now() - Date.parse(session.lastSeenAt) > LAST_SEEN_INTERVAL_MS) {
    await db().updateTable("sessions").set({ lastSeenAt: nowIso() }).where("id", "=", session.id).execute();
  }
  return session;
}

/** Whether a session (by its stored id) is still live: a socket checks it once it has joined its rooms. */
export async function isSessionLive(sessionId: string): Promise<boolean> {
  const row = await db().selectFrom("sessions").select("expiresAt").where("id", "=", sessionId).executeTakeFirst();
  return Boolean(row && row.expiresAt > nowIso());
}

/** Ends one session (sign-out): the row goes, and the sockets opened with it close. */
export async function deleteSession(token: string): Promise<void> {
  const id = hashToken(token);
  await db().deleteFrom("sessions").where("id", "=", id).execute();
  disconnectSessions([id]);
}

/**
 * Signs a user out everywhere, optionally keeping the session in use (`except`, its secret):
 * the rows go, and every socket of the user closes except the kept session's.
 */
export async function deleteUserSessions(userId: string, options: { except?: string } = {}): Promise<number> {
  const kept = options.except ? hashToken(options.except) : undefined;
  let query = db().deleteFrom("sessions").where("userId", "=", userId);
  if (kept) query = query.where("id", "!=", kept);
  const result = await query.executeTakeFirst();
  disconnectUser(userId, { exceptSessionId: kept });
  return Number(result.numDeletedRows);
}

/** A live session or API token as the profile lists it. */
export type SessionListItem = {
  id: string;
  kind: SessionKind;
  userAgent: string | null;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
};

/** At most this many are listed (a person with more signs out everywhere else). */
export const SESSION_LIST_LIMIT = 50;

/** The user's live sessions and API tokens, most recently seen first. */
export async function listUserSessions(userId: string): Promise<SessionListItem[]> {
  const rows = await db()
    .selectFrom("sessions")
    .select(["id", "kind", "userAgent", "ip", "createdAt", "lastSeenAt", "expiresAt"])
    .where("userId", "=", userId)
    .where("expiresAt", ">", nowIso())
    .orderBy("lastSeenAt", "desc")
    .orderBy("id")
    .limit(SESSION_LIST_LIMIT)
    .execute();
  return rows.map((row) => ({ ...row, kind: row.kind === "token" ? "token" : "cookie" }));
}

/** Ends one of the user's own sessions by its stored id; false when it is not theirs (or gone). */
export async function deleteUserSession(userId: string, sessionId: string): Promise<boolean> {
  const result = await db().deleteFrom("sessions").where("id", "=", sessionId).where("userId", "=", userId).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) return false;
  disconnectSessions([sessionId]);
  return true;
}
