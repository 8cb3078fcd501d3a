/**
 * Roles and features (docs/decisions/007: one way to gate).
 *
 * - owner and admin: the whole back-office; every feature.
 * - staff: an employee who is neither admin nor owner. Reaches /dashboard, but only
 *   the screens of the back-office features in their `enabledFeatures` (and their own
 *   overview, profile and notifications).
 * - any other role is a client: /client, with the client features in `enabledFeatures`.
 */
export const ADMIN_ROLES = ["owner", "admin"] as const;
export const BACK_OFFICE_ROLES = ["owner", "admin", "staff"] as const;
export type Role = "owner" | "admin" | "staff" | "client" | (string & {});

/** What the client area offers; a client has those in their `enabledFeatures`. */
export const CLIENT_FEATURES = ["service_orders", "appointments", "reports"] as const;
export type ClientFeature = (typeof CLIENT_FEATURES)[number];

/** Back-office screens a staff member may be granted; admins and the owner have them all. */
export const BACK_OFFICE_FEATURES = ["inbox", "translations", "tasks", "document_extractor", "requests", "messages"] as const;
export type BackOfficeFeature = (typeof BACK_OFFICE_FEATURES)[number];

export const FEATURES = [...CLIENT_FEATURES, ...BACK_OFFICE_FEATURES] as const;
export type Feature = (typeof FEATURES)[number];

/** What a newly registered client may use. */
export const DEFAULT_CLIENT_FEATURES: Feature[] = [...CLIENT_FEATURES];

type WithRole = { role: string };
type WithFeatures = { role: string; enabledFeatures: readonly string[] };

/** Owner or admin: every back-office screen and every feature. */
export function isAdminRole(role: string): boolean {
  return role === "owner" || role === "admin";
}

/** Anyone who works in /dashboard: owner, admin or staff. */
export function isBackOfficeRole(role: string): boolean {
  return isAdminRole(role) || role === "staff";
}

export function isAdmin(user: WithRole): boolean {
  return isAdminRole(user.role);
}

/** Admin and owner have every feature; others only what is in their enabledFeatures. */
export function hasFeature(user: WithFeatures, feature: Feature): boolean {
  return isAdminRole(user.role) || user.enabledFeatures.includes(feature);
}

/**
 * Whether a user reaches a back-office screen: `feature` names a grantable screen
 * (staff need it granted), "admin" a screen for admins and the owner only, and
 * undefined a screen every back-office user has (overview, profile, notifications).
 */
export type BackOfficeAccess = BackOfficeFeature | "admin" | "owner" | undefined;

export function canUseBackOffice(user: WithFeatures, access: BackOfficeAccess): boolean {
  if (!isBackOfficeRole(user.role)) return false;
  if (access === undefined) return true;
  if (access === "owner") return user.role === "owner";
  if (access === "admin") return isAdminRole(user.role);
  return hasFeature(user, access);
}

/** Where a signed-in user belongs: the back-office for staff, the client area for everyone else. */
export function homePathFor(role: string): "/dashboard" | "/client" {
  return isBackOfficeRole(role) ? "/dashboard" : "/client";
}
