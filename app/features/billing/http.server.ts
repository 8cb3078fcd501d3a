import { requireUser, type SessionUser } from "~/features/auth/guards.server";
import { forbidden } from "~/lib/app-error";
import { clientIp } from "~/lib/http.server";
import { isAdminRole, isBackOfficeRole } from "~/lib/features";

/**
 * Who may call the billing API: a client (its own invoices and quotes) or the owner and admins
 * (all of them). A staff member without the admin role is refused (403): billing is not a
 * grantable feature. The caller's IP goes to the audit log with staff actions.
 */
export async function requireBillingCaller(request: Request): Promise<SessionUser & { ip: string }> {
  const user = await requireUser(request);
  if (isBackOfficeRole(user.role) && !isAdminRole(user.role)) throw forbidden();
  return { ...user, ip: clientIp(request) };
}

/** Owner and admins only (create, issue, void, record payments, the payments list). */
export async function requireBillingStaff(request: Request): Promise<SessionUser & { ip: string }> {
  const user = await requireBillingCaller(request);
  if (!isAdminRole(user.role)) throw forbidden();
  return user;
}
