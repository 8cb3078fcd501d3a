import { redirect } from "@remix-run/node";
import { publicUser, type PublicUser } from "~/features/auth/auth.server";
import { db } from "./db/db.server";
import { hasFeature, homePathFor, isStaffRole, type Feature } from "./features";
import { apiError, isApiRequest } from "./http.server";
import { findSession, readToken } from "./session.server";

/**
 * The one set of guards every loader, action and API route starts with.
 * Pages get redirects (spec §4 "Session"); /api/* gets JSON 401/403 answers.
 */
export type SessionUser = PublicUser & {
  timeZone: string | null;
  sessionId: string;
};

/** The signed-in user, or null. */
export async function getUser(request: Request): Promise<SessionUser | null> {
  const token = await readToken(request);
  if (!token) return null;
  const session = await findSession(token);
  if (!session) return null;
  const user = await db()
    .selectFrom("users")
    .select(["id", "email", "role", "fullName", "avatarUrl", "enabledFeatures", "emailVerifiedAt", "locale", "timeZone", "disabledAt"])
    .where("id", "=", session.userId)
    .executeTakeFirst();
  if (!user || user.disabledAt) return null;
  return { ...publicUser(user), timeZone: user.timeZone, sessionId: session.id };
}

function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  const params = new URLSearchParams(back && back !== "/" ? { redirectTo: back } : {});
  return redirect(`/login${params.size ? `?${params}` : ""}`);
}

/** Signed-in users only: pages go to /login (and come back after), the API answers 401. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (user) return user;
  throw isApiRequest(request) ? apiError(401, "Authentication required") : loginRedirect(request);
}

/** Admin or owner only: other users go to /client, the API answers 403. */
export async function requireStaff(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (isStaffRole(user.role)) return user;
  throw isApiRequest(request) ? apiError(403, "Forbidden") : redirect("/client");
}

/** The owner only (making or removing admins). */
export async function requireOwner(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.role === "owner") return user;
  throw isApiRequest(request) ? apiError(403, "Forbidden") : redirect(homePathFor(user.role));
}

/** A feature: staff always, others when it is in their enabledFeatures. */
export async function requireFeature(request: Request, feature: Feature): Promise<SessionUser> {
  const user = await requireUser(request);
  if (hasFeature(user, feature)) return user;
  throw isApiRequest(request) ? apiError(403, "Forbidden") : redirect(homePathFor(user.role));
}

/** Signed-out users only (/login, /register): a signed-in user goes to their area. */
export async function requireGuest(request: Request): Promise<void> {
  const user = await getUser(request);
  if (user) throw redirect(homePathFor(user.role));
}
