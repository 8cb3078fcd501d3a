import { rememberCallerLanguage } from "~/lib/api.server";
import { findSession, readToken } from "~/lib/session.server";
import { findActiveUser, type PublicUser } from "./directory.server";

/** The signed-in user of a request: the account behind its session cookie or bearer token. */
export type SessionUser = PublicUser & {
  timeZone: string | null;
  sessionId: string;
};

const resolved = new WeakMap<Request, Promise<SessionUser | null>>();

async function lookUp(request: Request): Promise<SessionUser | null> {
  const token = await readToken(request);
  if (!token) return null;
  const session = await findSession(token);
  if (!session) return null;
  const user = await findActiveUser(session.userId);
  if (!user) return null;
  rememberCallerLanguage(request, user.locale);
  return { ...user, sessionId: session.id };
}

/** The signed-in user, or null (looked up once per request: the root and the page loader share it). */
export function getUser(request: Request): Promise<SessionUser | null> {
  let found = resolved.get(request);
  if (!found) {
    found = lookUp(request);
    resolved.set(request, found);
  }
  return found;
}
