import { redirect } from "@remix-run/node";
import { AppError } from "~/lib/app-error";
import { refusalJson } from "~/lib/api.server";
import { canUseBackOffice, hasFeature, homePathFor, type BackOfficeAccess, type Feature } from "~/lib/features";
import { isApiRequest } from "~/lib/http.server";
import { getUser, type SessionUser } from "./session-user.server";
import { hasTwoFactor, twoFactorRequired } from "./two-factor-state.server";

/**
 * The one set of guards every loader, action and API route starts with (one way to
 * check rights). Pages get redirects (to /login when signed out, to the user's own home when
 * refused); /api/* gets refusals that the API door answers as `{ message }` 401/403 in the
 * caller's language.
 */

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
