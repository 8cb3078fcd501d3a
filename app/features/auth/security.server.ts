import { AppError } from "~/lib/app-error";
import { audit } from "~/lib/audit.server";
import { deleteUserSession, deleteUserSessions, listUserSessions } from "~/lib/session.server";
import { twoFactorStatus, type TwoFactorStatus } from "./two-factor.server";
import { describeUserAgent, type DeviceName } from "./user-agent";

/**
 * The profile's security section: two-factor state and the person's own sessions and API tokens
 * (device, address, last seen), with "sign out" for one and "sign out everywhere else".
 */
export type SessionView = {
  id: string;
  kind: "cookie" | "token";
  device: DeviceName;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
};

export type ProfileSecurity = { twoFactor: TwoFactorStatus; sessions: SessionView[] };

export async function profileSecurity(user: { id: string; role: string; sessionId: string }): Promise<ProfileSecurity> {
  const [twoFactor, sessions] = await Promise.all([twoFactorStatus(user), listUserSessions(user.id)]);
  return {
    twoFactor,
    sessions: sessions.map((session) => ({
      id: session.id,
      kind: session.kind,
      device: describeUserAgent(session.userAgent),
      ip: session.ip,
      createdAt: session.createdAt,
      lastSeenAt: session.lastSeenAt,
      current: session.id === user.sessionId,
    })),
  };
}

/** Signs out one of the person's other sessions (the current one signs out with "Sign out"). */
export async function signOutSession(user: { id: string; sessionId: string }, sessionId: string, context: { ip?: string | null } = {}): Promise<void> {
  if (sessionId === user.sessionId) throw new AppError(400, "security:errors.currentSession");
  if (!(await deleteUserSession(user.id, sessionId))) throw new AppError(400, "security:errors.sessionGone");
  await audit({ actorId: user.id, action: "auth.session_revoked", targetType: "user", targetId: user.id, ip: context.ip ?? null });
}

/** Ends every session and API token of the person except the one in use (`currentToken`). */
export async function signOutOtherSessions(userId: string, currentToken: string, context: { ip?: string | null } = {}): Promise<number> {
  const ended = await deleteUserSessions(userId, { except: currentToken });
  await audit({ actorId: userId, action: "auth.sessions_revoked_others", targetType: "user", targetId: userId, ip: context.ip ?? null, meta: { ended } });
  return ended;
}
