/**
 * Roles and features (spec §6). Admin and owner have every feature; any other
 * role is a client and has a feature only when it is in `enabledFeatures`.
 */
export const STAFF_ROLES = ["owner", "admin"] as const;
export type Role = "owner" | "admin" | "client" | (string & {});

export const FEATURES = [
  // client area
  "service_orders",
  "appointments",
  "reports",
  // back-office features a non-admin may be granted
  "inbox",
  "translations",
  "tasks",
  "document_extractor",
] as const;
export type Feature = (typeof FEATURES)[number];

/** What a newly registered client may use. */
export const DEFAULT_CLIENT_FEATURES: Feature[] = ["service_orders", "appointments", "reports"];

export function isStaffRole(role: string): boolean {
  return role === "owner" || role === "admin";
}

export function hasFeature(user: { role: string; enabledFeatures: readonly string[] }, feature: Feature): boolean {
  return isStaffRole(user.role) || user.enabledFeatures.includes(feature);
}

/** Where a signed-in user belongs (spec §4 "Session"). */
export function homePathFor(role: string): "/dashboard" | "/client" {
  return isStaffRole(role) ? "/dashboard" : "/client";
}
