import { db } from "~/lib/db/db.server";
import { isAdminRole } from "~/lib/features";

/**
 * Whether an account has two-factor sign-in, as the back-office guard asks it on every page.
 * Setting it up, checking codes and turning it off are the auth area's (two-factor.server.ts).
 */

/** Owner and admins must have two-factor (docs/decisions/010). */
export const twoFactorRequired = (role: string) => isAdminRole(role);

export async function hasTwoFactor(userId: string): Promise<boolean> {
  return Boolean(await db().selectFrom("twoFactorCredentials").select("userId").where("userId", "=", userId).executeTakeFirst());
}
