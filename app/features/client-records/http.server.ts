import { requireAdmin } from "~/core/identity/guards.server";
import type { Scope } from "~/features/users/index.server";
import { apiMessage, type ApiHandler } from "~/lib/api.server";
import { clientIp } from "~/lib/http.server";
import { deleteAccount } from "./client-records.server";

/**
 * DELETE /api/admin/users/{id} and /api/clients/{id}, for `apiRoute` beside the users area's
 * `itemHandlers`: removes the account (a client: what must be kept stays, anonymised).
 */
export function accountDeletionHandler(scope: Scope): ApiHandler {
  return async ({ request, params }) => {
    const actor = await requireAdmin(request);
    // A client's deletion keeps, anonymised, what the firm must keep (docs/decisions/011) and says what.
    const { anonymised, plan } = await deleteAccount(actor, scope, params.id!, { ip: clientIp(request) });
    return { message: await apiMessage(request, "users:api.deleted"), ...(plan ? { anonymised, kept: plan.kept, deleted: plan.deleted } : {}) };
  };
}
