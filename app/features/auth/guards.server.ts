import { redirect } from "@remix-run/node";
import { findActiveUser, type PublicUser } from "~/features/users/users.server";
import { AppError } from "~/lib/app-error";
import { refusalJson, rememberCallerLanguage } from "~/lib/api.server";
import { canUseBackOffice, hasFeature, homePathFor, type BackOfficeAccess, type Feature } from "~/lib/features";
import { isApiRequest } from "~/lib/http.server";
import { findSession, readToken } from "~/lib/session.server";
import { hasTwoFactor, twoFactorRequired } from "./two-factor.server";

/**
 * The one set of guards every loader, action and API route starts with (one way to
 * check rights). Pages get redirects (to /login when signed out, to the user's own home when refused); /api/* gets refusals that
 * the API door answers as `{ message }` 401/403 in the caller's language.
 */
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

function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  const params = new URLSearchParams(back && back !== "/" ? { redirectTo: back } : {});
  return redirect(`/login${params.size ? `?${params}` : ""}`);
}

/** The API's refusal as a thrown Response, so that every API route answers it the same way. */
async function apiRefusal(request: Request, status: 401 | 403): Promise<Response> {
  return refusalJson(request, new AppError(status, status === 401 ? "common:api.authRequired" : "common:api.forbidden"));
}

async function refuse(request: Request, user: SessionUser): Promise<never> {
  throw isApiRequest(request) ? await apiRefusal(request, 403) : redirect(homePathFor(user.role));
}

/** Signed-in users only: pages go to /login (and come back after), the API answers 401. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (user) return user;
  throw isApiRequest(request) ? await apiRefusal(request, 401) : loginRedirect(request);
}

/**
 * The back-office (docs/decisions/007): `access` is the screen's feature (staff need it
 * granted), "admin" (owner and admins only), "owner", or nothing (every back-office user).
 * Others go to their own home; the API answers 403.
 */
export async function requireBackOffice(request: Request, access?: BackOfficeAccess): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!canUseBackOffice(user, access)) return refuse(request, user);
  await requireTwoFactorSetUp(request, user);
  return user;
}

/**
 * Owner and admins must have two-factor sign-in (docs/decisions/010): without it, no dashboard
 * page answers; they go to set it up and come back. (The JSON API is not held back: its
 * tokens come from POST /api/auth/login, which asks for the code once two-factor is on.)
 */
async function requireTwoFactorSetUp(request: Request, user: SessionUser): Promise<void> {
  if (isApiRequest(request) || !twoFactorRequired(user.role) || (await hasTwoFactor(user.id))) return;
  const url = new URL(request.url);
  url.searchParams.delete("_data");
  throw redirect(`/two-factor/setup?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`);
}

/** Owner and admins only (the screens no staff member is granted). */
export function requireAdmin(request: Request): Promise<SessionUser> {
  return requireBackOffice(request, "admin");
}

/** The owner only (making or removing admins). */
export function requireOwner(request: Request): Promise<SessionUser> {
  return requireBackOffice(request, "owner");
}

/** A client-area feature: admins always, others when it is in their enabledFeatures. */
export async function requireFeature(request: Request, feature: Feature): Promise<SessionUser> {
  const user = await requireUser(request);
  if (hasFeature(user, feature)) return user;
  return refuse(request, user);
}

/** Signed-out users only (/login, /register): a signed-in user goes to their area. */
export async function requireGuest(request: Request): Promise<void> {
  const user = await getUser(request);
  if (user) throw redirect(homePathFor(user.role));
}
